import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { WEB_CLIENT_TOKEN_TTL_SECONDS } from '../../lib/jwt.js';
import { openWebSession, resumeWebSession } from '../auth/service.js';
import { authenticateClient, consumeMagicLink } from './accounts.js';

/*
 * The booking page's sign-in in a browser: like the back office's (auth/web-sign-in.ts), the
 * session's token lives in an httpOnly cookie and the page holds a short client token in memory,
 * which names the session and stops working when it ends.
 */

export const noClientWebSession = () =>
  unauthorized('no_session', 'Not signed in in this browser, or the sign-in has expired: sign in again');

export type ClientWebSignIn = { email: string; password: string } | { magic_token: string };

async function clientSession(
  ctx: AppContext,
  client: { id: number; name: string; email: string | null },
  sessionId: number,
) {
  return {
    clientToken: await ctx.signer.signClient(client.id, { sessionId, ttlSeconds: WEB_CLIENT_TOKEN_TTL_SECONDS }),
    expires_in: WEB_CLIENT_TOKEN_TTL_SECONDS,
    client,
  };
}

/** By password, or by the token of a magic-link email (used up here). */
/** `ip`: where the attempt comes from, for the password sign-in's limits. */
export async function clientWebSignIn(ctx: AppContext, input: ClientWebSignIn, ip: string) {
  const client =
    'magic_token' in input ? await consumeMagicLink(ctx, input.magic_token) : await authenticateClient(ctx, input, ip);
  const session = await openWebSession(ctx.db, 'client', client.id);
  return { sessionToken: session.token, body: await clientSession(ctx, client, session.id) };
}

/** A fresh client token; null when the session ended or the client was erased or merged away. */
export async function clientWebRefresh(ctx: AppContext, sessionToken: string) {
  const session = await resumeWebSession(ctx.db, 'client', sessionToken);
  if (session === null) return null;
  const client = await ctx.db
    .selectFrom('clients')
    .select(['id', 'name', 'email'])
    .where('id', '=', session.subjectId)
    .where('erased_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .executeTakeFirst();
  return client ? clientSession(ctx, client, session.id) : null;
}
