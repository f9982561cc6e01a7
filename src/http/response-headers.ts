import type { FastifyInstance } from 'fastify';
import { CrossOrigin, isCrossOriginPath } from './cross-origin.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * The security headers of every answer and the CORS headers of the booking page's API, in one
 * `onRequest` hook: values worked out at start, copied onto the reply. It runs before every
 * other hook that can answer (refused URLs, rate limits, authentication) and before the route,
 * so that every answer carries them, errors and 404s included, and a route can still set its
 * own value or remove one. A preflight on a CORS path is answered here.
 */
export function registerResponseHeaders(app: FastifyInstance, corsOrigin: string): void {
  const crossOrigin = new CrossOrigin(corsOrigin);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // originalUrl: a URL the router refused was routed again under another path (url-errors.ts).
    if (isCrossOriginPath(request.originalUrl) && crossOrigin.handle(request, reply)) return;
    done();
  });
}
