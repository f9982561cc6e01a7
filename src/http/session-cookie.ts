import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

/*
 * The cookie that carries a web session's token (modules/auth/web-sessions.ts), and the check
 * that keeps other sites from using it.
 *
 * The cookie is httpOnly (no page script reads it), `SameSite=Strict` (a browser sends it
 * only on requests a page of this site makes) and scoped to the one path that reads it, so it
 * travels with no other request. `Secure` when the service is reached over https.
 *
 * Cross-site request forgery: only the session endpoints read the cookie, they only sign in,
 * refresh or sign out, and besides SameSite every one of them refuses a request that a browser
 * marks as coming from another site (`Sec-Fetch-Site: cross-site`) or whose `Origin` is not
 * this service's: defence in depth for browsers that relax SameSite.
 */

export interface SessionCookie {
  name: string;
  /** The endpoint path under which the cookie is sent (and nowhere else). */
  path: string;
}

export const STAFF_SESSION_COOKIE: SessionCookie = { name: 'salon_session', path: '/api/auth/web-session' };
export const CLIENT_SESSION_COOKIE: SessionCookie = { name: 'salon_client_session', path: '/api/public/web-session' };

export function readSessionCookie(request: FastifyRequest, cookie: SessionCookie): string | null {
  const value = request.cookies[cookie.name];
  return value && value.length <= 200 ? value : null;
}

export function setSessionCookie(
  reply: FastifyReply,
  cookie: SessionCookie,
  token: string,
  maxAgeMs: number,
  secure: boolean,
): void {
  reply.setCookie(cookie.name, token, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie, secure: boolean): void {
  reply.clearCookie(cookie.name, { path: cookie.path, httpOnly: true, sameSite: 'strict', secure });
}

/**
 * 403 `cross_origin_request` for a request another site's page made: by the browser's own
 * `Sec-Fetch-Site`, or an `Origin` that is neither the public address nor the one the request
 * was sent to. Requests without those headers (curl, older browsers on same-origin GETs) pass;
 * SameSite keeps the cookie off the cross-site ones anyway.
 */
export function requireSameOrigin(request: FastifyRequest, publicBaseUrl: string): void {
  const refuse = () => new AppError(403, 'cross_origin_request', 'This request must come from a page of this site');
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw refuse();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([new URL(publicBaseUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw refuse();
}

/**
 * A flag a page can read, next to the client's session cookie: it holds nothing secret (`1`)
 * and only tells the public pages that this browser has a client session worth refreshing, so
 * a visitor who never signed in costs no refresh request (and no 401) on every page load.
 * Set and cleared with the session cookie; a stale one costs one refresh, whose 401 clears it.
 */
export const CLIENT_SIGNED_IN_HINT = 'salon_client_signed_in';

export function setSignedInHint(reply: FastifyReply, maxAgeMs: number, secure: boolean): void {
  reply.setCookie(CLIENT_SIGNED_IN_HINT, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSignedInHint(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(CLIENT_SIGNED_IN_HINT, { path: '/', sameSite: 'strict', secure });
}
