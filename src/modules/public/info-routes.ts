import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { publicServices, publicStaff, salonInfo, salonPage } from './info.js';
import { errorRef } from '../../http/schemas.js';
import { PublicService, PublicStaff, PublicStaffQuery, SalonInfo, SalonPage } from './schemas.js';

const tags = ['public'];

/** What the booking page shows before anyone books. */
export async function publicInfoRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/salon-info', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getPublicSalonInfo',
      tags,
      summary: 'The public salon info object',
      response: { 200: SalonInfo },
    },
    handler: () => salonInfo(ctx.db),
  });

  app.get('/api/public/salon-page', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getPublicSalonPage',
      tags,
      summary: 'The salon as the booking page shows it',
      description:
        'Name, address, phone, email and logo (a path on this service), the time zone every date and time of the page is in, ' +
        'the language, formats and look (`first_day_of_week`, `time_format`, `dark_mode`, `brand_color`), today in that zone, the opening hours by weekday, ' +
        'and the holidays from today to the last bookable day. The booking settings are `salon-info`; the reviews, `reviews/summary`.',
      response: { 200: SalonPage },
    },
    handler: () => salonPage(ctx),
  });

  app.get('/api/public/services', {
    config: { auth: 'none' },
    schema: {
      operationId: 'listPublicServices',
      tags,
      summary: 'Bookable services, in the salon’s order',
      description:
        'Archived services never appear, nor services no active, bookable staff member performs, nor services the salon books only in the office (`online_bookable` 0). `price` is absent when `booking_show_prices` is 0, `duration_min` when `booking_show_duration` is 0.',
      response: { 200: Type.Array(PublicService) },
    },
    handler: () => publicServices(ctx.db),
  });

  app.get('/api/public/staff', {
    config: { auth: 'none' },
    schema: {
      operationId: 'listPublicStaff',
      tags,
      summary: 'Staff a client may choose (id and name), by name',
      description:
        'Active, bookable members only (not an owner or receptionist marked not bookable). With `service_id`, only the ' +
        'members who perform that service (400 `unknown_service` when it is not an active service; 409 `not_bookable_online` ' +
        'when the salon books it only in the office). An empty list when ' +
        '`booking_allow_staff_choice` is 0: there is no choice to make.',
      querystring: PublicStaffQuery,
      response: { 200: Type.Array(PublicStaff), 400: errorRef, 409: errorRef },
    },
    handler: (request) => publicStaff(ctx.db, request.query),
  });
}
