import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { authenticate, sessionUser } from './service.js';
import { openWebSession, resumeWebSession } from './web-sessions.js';

/*
 * The back office's sign-in in a browser: the session's token goes into an httpOnly cookie
 * (routes set it), the access token into the page's memory.
 */

export const noWebSession = () =>
  unauthorized('no_session', 'Not signed in in this browser, or the sign-in has expired: sign in again');

export async function webSignIn(ctx: AppContext, input: { email: string; password: string }) {
  const user = await authenticate(ctx, input);
  const sessionToken = await openWebSession(ctx.db, 'staff', user.id);
  return { sessionToken, body: { token: await ctx.signer.signAccess(user.id, user.role), user: sessionUser(user) } };
}

/** A fresh access token for the session's user; null when the session ended or the user was deactivated. */
export async function webRefresh(ctx: AppContext, sessionToken: string) {
  const userId = await resumeWebSession(ctx.db, 'staff', sessionToken);
  if (userId === null) return null;
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.active !== 1) return null;
  return { token: await ctx.signer.signAccess(user.id, user.role), user: sessionUser(user) };
}
