import type { AppContext } from '../../context.js';
import type { User } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { enqueue } from '../../jobs/queue.js';
import type { AuthUser } from '../../http/auth.js';
import { queueEmail } from '../../mail/outbox.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import type { ChangePasswordInput, ResetPasswordInput } from './schemas.js';
import { lockRows } from '../../db/locks.js';
import { endWebSessionsOf } from './web-sessions.js';
import { normalizeEmail } from './users.js';

/*
 * A forgotten password's reset link, and changing one's own password; either signs the user out
 * everywhere else.
 */

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_THROTTLE_MS = 60 * 1000;

/** Sets a new password and signs the user out everywhere else (refresh tokens and web sessions revoked). */
async function replacePassword(executor: Executor, user: User, password: string): Promise<void> {
  await executor
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), require_password_change: 0, updated_at: nowIso() })
    .where('id', '=', user.id)
    .execute();
  await executor.deleteFrom('refresh_tokens').where('user_id', '=', user.id).execute();
  await endWebSessionsOf(executor, 'staff', user.id);
  await executor.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).execute();
  await queueEmail(executor, { to: user.email, template: 'auth.password_changed', data: { name: user.name } });
}

/**
 * Always the same work whatever the email: one job is enqueued, and the job (off the
 * request) finds out whether there is an account to email. Status, body and timing of
 * the answer are therefore the same for every address.
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  await enqueue(ctx.db, 'auth.forgot_password', { email: normalizeEmail(email) });
}

/** The job behind forgot-password: throttled to one email per 60 s per account. */
export async function sendResetLink(ctx: AppContext, email: string): Promise<'sent' | 'no_account' | 'throttled'> {
  return ctx.db.transaction().execute(async (trx) => {
    let userQuery = trx.selectFrom('users').selectAll().where('email', '=', email);
    userQuery = lockRows(userQuery, ctx.dialect);
    const user = await userQuery.executeTakeFirst();
    if (!user) return 'no_account';
    const recent = await trx
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('created_at', '>', new Date(Date.now() - RESET_THROTTLE_MS).toISOString())
      .executeTakeFirst();
    if (recent) return 'throttled';
    const token = randomToken();
    // One instant for both, so the link lives exactly the hour (two clock reads can differ by a tick).
    const issuedAt = new Date();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        expires_at: isoAfter(RESET_TOKEN_TTL_MS, issuedAt),
        created_at: issuedAt.toISOString(),
      })
      .execute();
    const query = new URLSearchParams({ token, email: user.email });
    await queueEmail(trx, {
      to: user.email,
      template: 'auth.password_reset',
      data: { name: user.name, resetUrl: `${ctx.config.publicBaseUrl}/reset-password?${query.toString()}` },
      sensitive: true,
    });
    return 'sent';
  });
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  const invalid = () => badRequest('invalid_token', 'Reset link is invalid or has expired');
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(input.email))
      .executeTakeFirst();
    if (!user) throw invalid();
    const token = await trx
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('token_hash', '=', hashToken(input.token))
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!token) throw invalid();
    // Deletes every pending reset token of this account, this one included: a reset link works once.
    await replacePassword(trx, user, input.password);
  });
}

export async function changePassword(ctx: AppContext, current: AuthUser, input: ChangePasswordInput): Promise<void> {
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest('password_mismatch', 'New password and confirmation differ', [
      { field: 'confirmPassword', message: 'must equal newPassword' },
    ]);
  }
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  const sameAccount = normalizeEmail(input.email) === user.email;
  const valid = sameAccount
    ? await verifyPassword(user.password_hash, input.currentPassword)
    : await verifyAgainstNothing(input.currentPassword);
  if (!valid) throw new AppError(401, 'invalid_credentials', 'Current password is incorrect');
  await ctx.db.transaction().execute((trx) => replacePassword(trx, user, input.newPassword));
}
