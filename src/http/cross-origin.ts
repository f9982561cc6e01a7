import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * CORS: what a script on another origin needs to call the API and read its answers. The one
 * such caller is a booking page on the salon's own website that calls the booking page's API
 * (/api/public) itself; the service's own pages (the booking page it serves, framed or not,
 * and the back office) call the API of their own origin, and the staff API's other callers
 * (the mobile app, integrations) call it from outside a browser, where CORS does not apply. So
 * only paths under /api/public carry CORS,
 * errors there included (a page must read a 401 or 404 too); `CORS_ORIGIN` names the origins
 * allowed. Everywhere else, a browser keeps the same-origin policy: no other site's script
 * reads an answer, and a preflight finds no route (404).
 */

/** The paths a page on another origin calls: the booking page's API. */
export const CROSS_ORIGIN_PREFIX = '/api/public';

/** Every request header the booking page's API reads, so that a preflight for any of them is allowed. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'];

/** The response headers a script on another origin needs to read. */
export const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed', 'Content-Disposition'];

const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** The preflight's own headers: the same for every origin. */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-methods': CORS_METHODS.join(', '),
  'access-control-allow-headers': CORS_REQUEST_HEADERS.join(', '),
  'access-control-max-age': String(PREFLIGHT_MAX_AGE),
});

const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');

/** Whether `url` (a path, with or without a query) is under CROSS_ORIGIN_PREFIX. */
export function isCrossOriginPath(url: string): boolean {
  if (!url.startsWith(CROSS_ORIGIN_PREFIX)) return false;
  const next = url.charCodeAt(CROSS_ORIGIN_PREFIX.length);
  // The prefix itself, or followed by `/` or `?` (not /api/publicity).
  return Number.isNaN(next) || next === 0x2f || next === 0x3f;
}

/** `*`, or the comma-separated list of `CORS_ORIGIN`. */
export function corsOrigins(setting: string): '*' | string[] {
  const origins = setting
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return origins.includes('*') ? '*' : origins;
}

/** The CORS headers of CORS_ORIGIN's setting, worked out once. */
export class CrossOrigin {
  private readonly anyOrigin: boolean;
  private readonly allowed: ReadonlySet<string>;

  constructor(setting: string) {
    const origins = corsOrigins(setting);
    this.anyOrigin = origins === '*';
    this.allowed = new Set(origins === '*' ? [] : origins);
  }

  /**
   * Adds the CORS headers to the answer to a request on a CORS path. A preflight (OPTIONS with
   * `Origin` and `Access-Control-Request-Method`) is answered here, 204, before authentication
   * (a browser sends it without the Authorization header): true then. An origin not allowed
   * gets no `Access-Control-Allow-Origin`, which is what makes the browser refuse.
   */
  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    const origin = request.headers.origin;
    if (this.anyOrigin) {
      reply.header('access-control-allow-origin', '*');
    } else {
      // The answer names the caller's origin, so a cache must keep one copy per origin.
      reply.header('vary', 'Origin');
      if (origin !== undefined && this.allowed.has(origin)) reply.header('access-control-allow-origin', origin);
    }
    reply.header('access-control-expose-headers', EXPOSED);
    if (request.method === 'OPTIONS' && origin && request.headers['access-control-request-method']) {
      // Content-Length 0: some browsers wait for a body on a 204 without it.
      reply.headers(PREFLIGHT_HEADERS).code(204).header('content-length', '0').send();
      return true;
    }
    return false;
  }
}
