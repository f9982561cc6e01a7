/*
 * Where a member goes once signed in: the office page they opened signed out (a booking an
 * email links to, the calendar), named in the sign-in page's `?return=`. Only a path of this
 * site qualifies (one leading slash, no scheme, no backslash), so the parameter can never send
 * anyone to another site; the sign-in page itself is no place to return to.
 */

const OFFICE_RETURN = /^\/(?![/\\])[A-Za-z0-9/_.,:=&?%+-]*$/;

/** `value` when it is an office page to return to, else the start page. */
export function officeReturn(value: string | null | undefined): string {
  return value && OFFICE_RETURN.test(value) && !/^\/login(?:[/?]|$)/.test(value) ? value : '/';
}

/** The sign-in page, coming back to `returnTo` (the page opened) once signed in. */
export function officeSignInHref(returnTo: string): string {
  return returnTo === '/' ? '/login' : `/login?return=${encodeURIComponent(returnTo)}`;
}
