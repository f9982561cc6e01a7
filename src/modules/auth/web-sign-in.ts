import type { AppContext } from '../../context.js';
import type { User } from '../../db/types.js';
import { unauthorized } from '../../lib/errors.js';
import { WEB_ACCESS_TOKEN_TTL_SECONDS } from '../../lib/jwt.js';
import { authenticate } from './sessions.js';
import { sessionUser } from './users.js';
import { openWebSession, resumeWebSession } from './web-sessions.js';

/*
 * The back office's sign-in in a browser: the session's token goes into an httpOnly cookie
 * (routes set it), the access token into the page's memory. The access token names the
 * session, so it stops working when the session ends.
 */

export const noWebSession = () =>
  unauthorized('no_session', 'Not signed in in this browser, or the sign-in has expired: sign in again');

async function sessionBody(ctx: AppContext, user: User, sessionId: number) {
  return {
    token: await ctx.signer.signAccess(user.id, user.role, { sessionId, ttlSeconds: WEB_ACCESS_TOKEN_TTL_SECONDS }),
    expires_in: WEB_ACCESS_TOKEN_TTL_SECONDS,
    user: sessionUser(user),
  };
}

/** `ip`: where the attempt comes from, for the sign-in limits. */
export async function webSignIn(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const user = await authenticate(ctx, input, ip);
  const session = await openWebSession(ctx.db, 'staff', user.id);
  return { sessionToken: session.token, body: await sessionBody(ctx, user, session.id) };
}

/** A fresh access token for the session's user; null when the session ended or the user was deactivated. */
export async function webRefresh(ctx: AppContext, sessionToken: string) {
  const session = await resumeWebSession(ctx.db, 'staff', sessionToken);
  if (session === null) return null;
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', session.subjectId).executeTakeFirst();
  if (!user || user.active !== 1) return null;
  return sessionBody(ctx, user, session.id);
}
