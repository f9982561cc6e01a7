import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { wireModules } from './composition.js';
import type { AppContext } from './context.js';
import { registerAuthGuard } from './http/auth.js';
import { registerErrorHandling } from './http/errors.js';
import { registerFixedSegments } from './http/fixed-segments.js';
import { registerJsonBody } from './http/json-body.js';
import { buildLazySerializer } from './http/lazy-schemas.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimiting } from './http/rate-limit.js';
import { registerResponseHeaders } from './http/response-headers.js';
import { registerTextGuard } from './http/text-guard.js';
import { RefusedUrls } from './http/url-errors.js';
import { DEFAULT_WEB_DIST, registerWebApp } from './http/web-app.js';
import { registerOfficeInstall } from './http/office-install.js';
import { ErrorBody } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';
import { authRoutes } from './modules/auth/routes.js';
import { giftcardsRoutes } from './modules/giftcards/routes.js';
import { packagesRoutes } from './modules/packages/routes.js';
import { posRoutes } from './modules/pos/routes.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { bookingsRoutes } from './modules/bookings/routes.js';
import { calendarFeedsRoutes } from './modules/calendar-feeds/routes.js';
import { campaignsRoutes } from './modules/campaigns/routes.js';
import { clientsRoutes } from './modules/clients/routes.js';
import { importsRoutes } from './modules/imports/routes.js';
import { inventoryRoutes } from './modules/inventory/routes.js';
import { locationsRoutes } from './modules/locations/routes.js';
import { loyaltyRoutes } from './modules/loyalty/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { servicesRoutes } from './modules/services/routes.js';
import { settingsConfigRoutes, settingsMessagesRoutes, settingsRoutes } from './modules/settings/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { suppliersRoutes } from './modules/suppliers/routes.js';
import { publicRoutes } from './modules/public/routes.js';
import { resourcesRoutes } from './modules/resources/routes.js';
import { metricsFor, registerRequestMetrics } from './modules/system/service.js';
import { webhooksRoutes } from './modules/webhooks/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { smsRoutes } from './modules/sms/routes.js';
import { reportingRoutes } from './modules/reporting/routes.js';
import { reviewsRoutes } from './modules/reviews/routes.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { waitlistRoutes } from './modules/waitlist/routes.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The HTTP application, shared by the server (main.ts) and the tests. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  wireModules();
  const refusedUrls = new RefusedUrls();
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    requestIdHeader: false,
    // A caller's own request id is kept (for tracing through a proxy) when it is sane.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ...refusedUrls.routerOptions },
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // A JSON API: plain text bodies are refused with 415 rather than parsed into strings.
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app);
  app.addSchema(ErrorBody);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First of the hooks that see every request: the latency histogram times them all.
  const metrics = metricsFor(ctx);
  if (metrics) registerRequestMetrics(app, metrics);
  registerErrorHandling(app);
  registerTextGuard(app);
  // Security headers on every answer, CORS on the booking page's API (http/response-headers.ts).
  registerResponseHeaders(app, ctx.config.corsOrigin);
  // Parses the Cookie header for the web sessions' cookies (http/session-cookie.ts); nothing else reads cookies.
  await app.register(cookie);
  await registerOpenApi(app);
  // Upload limits are set per route (logo 5 MB, packing slip 10 MB); these are the ceilings.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, parts: 11 } });
  await registerRateLimiting(app, ctx.db);
  // After the response headers (they are on these answers too), before authentication.
  refusedUrls.register(app);
  registerFixedSegments(app);
  registerAuthGuard(app, ctx.db, ctx.signer);

  await authRoutes(app, ctx);
  await systemRoutes(app, ctx);
  await smsRoutes(app, ctx);
  await reportingRoutes(app, ctx);
  await reviewsRoutes(app, ctx);
  await campaignsRoutes(app, ctx);
  await posRoutes(app, ctx);
  await giftcardsRoutes(app, ctx);
  await promotionsRoutes(app, ctx);
  await packagesRoutes(app, ctx);
  await publicRoutes(app, ctx);
  await paymentsRoutes(app, ctx);
  await waitlistRoutes(app, ctx);
  await bookingsRoutes(app, ctx);
  await calendarFeedsRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await suppliersRoutes(app, ctx);
  await clientsRoutes(app, ctx);
  await servicesRoutes(app, ctx);
  await inventoryRoutes(app, ctx);
  await importsRoutes(app, ctx);
  await staffRoutes(app, ctx);
  await locationsRoutes(app, ctx);
  await resourcesRoutes(app, ctx);
  await webhooksRoutes(app, ctx);
  await settingsConfigRoutes(app, ctx);
  await settingsMessagesRoutes(app, ctx);
  await loyaltyRoutes(app, ctx);
  await settingsRoutes(app, ctx);
  // The web front end's pages and assets, beside the API (never under /api).
  await registerWebApp(app, ctx.config.webDistDir ?? DEFAULT_WEB_DIST, {
    ...(ctx.config.bookingEmbedOrigins ? { bookingEmbedOrigins: ctx.config.bookingEmbedOrigins } : {}),
  });
  // The office as an installable app: its manifest, icons and service worker.
  registerOfficeInstall(app, ctx, ctx.config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}
