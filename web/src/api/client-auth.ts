import { api, unwrap } from './client';
import { endClientSession, startClientSession, type SignedInClient } from './client-session';

/*
 * The client signs in and out in the browser: the service keeps the session in an httpOnly,
 * SameSite=Strict cookie no script can read, and answers a short-lived client token that the
 * page keeps in memory only (client-session.ts).
 */

/** Signs in by email and password, or by the token of a magic-link email (used up); a refusal is thrown. */
export async function signInClient(
  credentials: { email: string; password: string } | { magic_token: string },
): Promise<SignedInClient> {
  return startClientSession(await unwrap(api.POST('/api/public/web-session', { body: credentials })));
}

/** Signs out of this browser: the session ends and its cookie is cleared (signed out here even offline). */
export async function signOutClient(): Promise<void> {
  try {
    await unwrap(api.DELETE('/api/public/web-session'));
  } finally {
    endClientSession();
  }
}

/**
 * Emails a one-time sign-in link when the address is a client's (the answer never says
 * whether it is); the link comes back to `returnTo`, a page of the booking site.
 */
export function requestMagicLink(email: string, returnTo: string) {
  return unwrap(api.POST('/api/public/client-magic-link', { body: { email, return_to: returnTo } }));
}
