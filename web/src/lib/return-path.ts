/*
 * Where a client goes back to after signing in: a page of the booking site, named in the
 * sign-in page's `?return=` (and carried by a magic link). Only the booking page and the
 * client's own pages qualify, so the parameter can never send anyone to another site.
 */

const RETURN_PATH = /^\/(book|client\/)[A-Za-z0-9/_.,:=&?%+-]*$/;

/** `value` when it is a page of the booking site to return to, else `fallback`. */
export function safeReturn(value: string | null | undefined, fallback = '/client/bookings'): string {
  return value && RETURN_PATH.test(value) ? value : fallback;
}

/** The sign-in page, coming back to `returnTo` once signed in. */
export function signInHref(returnTo: string): string {
  return `/client/sign-in?return=${encodeURIComponent(returnTo)}`;
}
