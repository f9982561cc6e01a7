import { api, unwrap } from './client';

/*
 * The back office's browser session: the service keeps it in an httpOnly, SameSite=Strict
 * cookie no script can read, and answers each call with a short-lived access token that the
 * page keeps in memory only (session.ts).
 */

/** Sign in: the session cookie is set, the access token and the user answered. */
export function openWebSession(email: string, password: string) {
  return unwrap(api.POST('/api/auth/web-session', { body: { email, password } }));
}

/** A fresh access token for the cookie's session (on every page load, and before the last one expires). */
export function refreshWebSession() {
  return unwrap(api.POST('/api/auth/web-session/refresh'));
}

/** Sign out of this browser: the session ends and its cookie is cleared. */
export function closeWebSession() {
  return unwrap(api.DELETE('/api/auth/web-session'));
}
