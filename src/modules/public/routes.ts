import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { publicAccountRoutes } from './account-routes.js';
import { publicActionRoutes } from './action-routes.js';
import { publicAvailabilityRoutes } from './availability-routes.js';
import { publicBookingRoutes } from './booking-routes.js';
import { publicInfoRoutes } from './info-routes.js';
import { publicPaymentRoutes } from './payment-routes.js';
import { moveLinkAvailabilityRoutes } from './move-link-availability.js';
import { publicReviewRoutes } from './review-routes.js';
import { servicePhotoRoutes } from './service-photo-routes.js';
import { publicVisitRoutes } from './visit-routes.js';
import { clientWebSessionRoutes } from './web-session-routes.js';

/** The online booking page, under /api/public: every route by subject. */
export async function publicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await publicInfoRoutes(app, ctx);
  await publicAvailabilityRoutes(app, ctx);
  await publicBookingRoutes(app, ctx);
  await publicVisitRoutes(app, ctx);
  await publicAccountRoutes(app, ctx);
  await publicActionRoutes(app, ctx);
  await moveLinkAvailabilityRoutes(app, ctx);
  await clientWebSessionRoutes(app, ctx);
  await publicReviewRoutes(app, ctx);
  await publicPaymentRoutes(app, ctx);
  await servicePhotoRoutes(app, ctx);
}
