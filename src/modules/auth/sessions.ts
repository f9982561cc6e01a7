import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { User } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import type { AuthUser } from '../../http/auth.js';
import { unauthorized } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { verifyAgainstNothing, verifyPassword } from './passwords.js';
import type { LoginInput } from './schemas.js';
import { asSignInAttempt } from './sign-in-attempts.js';
import { closeWebSessionById } from './web-sessions.js';
import { normalizeEmail, sessionUser } from './users.js';

/*
 * Signing in and out through the API: the access token, and for mobile clients a refresh token
 * that works once (rotation with reuse detection).
 */

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const invalidCredentials = () => unauthorized('invalid_credentials', 'Email or password is incorrect');

async function issueRefreshToken(executor: Executor, userId: number, familyId: string): Promise<string> {
  const token = randomToken();
  // One instant for both: the lifetime is exactly the TTL, whichever millisecond it is issued in.
  const now = new Date();
  await executor
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: isoAfter(REFRESH_TOKEN_TTL_MS, now),
      rotated_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * The active user with these credentials, or 401 `invalid_credentials` in about the same time;
 * an attempt from `ip` on that email, limited per pair (sign-in-attempts.ts; 429 while held back).
 */
export async function authenticate(
  ctx: AppContext,
  input: { email: string; password: string },
  ip: string,
): Promise<User> {
  const email = normalizeEmail(input.email);
  return asSignInAttempt(ctx, { kind: 'staff', email, ip }, async () => {
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const valid = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstNothing(input.password);
    // A deactivated account answers exactly like a wrong password.
    if (!user || !valid || user.active !== 1) throw invalidCredentials();
    return user;
  });
}

export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const user = await authenticate(ctx, input, ip);
  const token = await ctx.signer.signAccess(user.id, user.role);
  const mobile = input.mobile === true || input.mobile === 1;
  const refreshToken = mobile ? await issueRefreshToken(ctx.db, user.id, randomUUID()) : undefined;
  return { token, ...(refreshToken ? { refresh_token: refreshToken } : {}), user: sessionUser(user) };
}

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was
 * already exchanged means it was copied; the whole family (every token descended from
 * that sign-in) is revoked, so the thief's copy dies along with the victim's.
 */
export async function refresh(ctx: AppContext, presented: string) {
  const invalid = () => unauthorized('invalid_refresh_token', 'Refresh token is invalid or expired');
  const now = nowIso();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(presented))
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at <= now) {
      await trx.deleteFrom('refresh_tokens').where('id', '=', row.id).execute();
      return null;
    }
    // The conditional update is the claim: of two requests racing with one token, one wins.
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('id', '=', row.id)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      await trx.deleteFrom('refresh_tokens').where('family_id', '=', row.family_id).execute();
      return 'reused' as const;
    }
    const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
    if (user.active !== 1) return null;
    return { user, refreshToken: await issueRefreshToken(trx, user.id, row.family_id) };
  });
  if (result === 'reused') ctx.log.warn('refresh token reused; token family revoked');
  if (result === null || result === 'reused') throw invalid();
  return {
    token: await ctx.signer.signAccess(result.user.id, result.user.role),
    refresh_token: result.refreshToken,
    user: sessionUser(result.user),
  };
}

/**
 * Revokes the given refresh token (its whole family) and removes the given push device token.
 * Called with a web session's access token (`webSessionId`), it ends that session too, and with
 * it the token itself; the API's own 8-hour access tokens belong to no session and live on
 * until they expire, as the interface has them.
 */
export async function logout(
  ctx: AppContext,
  user: AuthUser,
  input: { refresh_token?: string | undefined; device_token?: string | undefined },
  webSessionId: number | null = null,
) {
  await ctx.db.transaction().execute(async (trx) => {
    if (webSessionId !== null) await closeWebSessionById(trx, 'staff', user.id, webSessionId);
    if (input.refresh_token) {
      const row = await trx
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', hashToken(input.refresh_token))
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (row) await trx.deleteFrom('refresh_tokens').where('family_id', '=', row.family_id).execute();
    }
    if (input.device_token) {
      await trx
        .deleteFrom('device_tokens')
        .where('token', '=', input.device_token)
        .where('user_id', '=', user.id)
        .execute();
    }
  });
}
