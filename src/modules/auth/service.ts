import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, Role, User } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { enqueue } from '../../jobs/queue.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import type { AuthUser } from '../../http/auth.js';
import { toFlag } from '../../http/schemas.js';
import { queueEmail } from '../../mail/outbox.js';
import { ensureStandardVatRate, lockSettingsRow, updateSettingsRow } from '../settings/service.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { isoAfter, isValidTimezone, nowIso } from '../../lib/time.js';
import type { Kysely } from 'kysely';
import { hashPassword, temporaryPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import type {
  ChangePasswordInput,
  DeviceInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SessionUserOut,
  SetupInput,
} from './schemas.js';
import { lockRows } from '../../db/locks.js';
import { asSignInAttempt } from './sign-in-attempts.js';
import { closeWebSessionById, endWebSessionsOf } from './web-sessions.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_THROTTLE_MS = 60 * 1000;

/** Emails are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function sessionUser(
  user: Pick<User, 'id' | 'name' | 'email' | 'role' | 'require_password_change'>,
): SessionUserOut {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    require_password_change: user.require_password_change === 1,
  };
}

const invalidCredentials = () => unauthorized('invalid_credentials', 'Email or password is incorrect');

// ---------------------------------------------------------------- users

export interface NewUserInput {
  name: string;
  email: string;
  password: string;
  role: Role;
  requirePasswordChange: boolean;
  /** Takes appointments (default 1). */
  bookable?: 0 | 1;
  /** Performs every service (default 1); 0: only those listed in staff_services. */
  allServices?: 0 | 1;
}

/** Creates a user; 409 when the email is taken (also when two requests race for it). */
export async function createUser(executor: Executor, input: NewUserInput): Promise<User> {
  const email = normalizeEmail(input.email);
  const taken = await executor.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw conflict('email_taken', 'This email is already registered');
  const now = nowIso();
  try {
    return await executor
      .insertInto('users')
      .values({
        name: input.name.trim(),
        email,
        password_hash: await hashPassword(input.password),
        role: input.role,
        require_password_change: input.requirePasswordChange ? 1 : 0,
        bookable: input.bookable ?? 1,
        all_services: input.allServices ?? 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('email_taken', 'This email is already registered');
    throw error;
  }
}

export async function listUsers(db: Kysely<DB>, page: PageRequest) {
  const query = db.selectFrom('users').select(['id', 'name', 'email', 'role']).orderBy('id', 'desc');
  const count = async () =>
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return paginate(query, count, page, (row) => row);
}

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

/** The signed-in user as the front end needs it on start: who, which role, whether bookable. */
export async function me(db: Kysely<DB>, caller: AuthUser) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'require_password_change', 'bookable'])
    .where('id', '=', caller.id)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  return {
    ...user,
    require_password_change: user.require_password_change === 1,
    bookable: user.bookable === 1 ? (1 as const) : (0 as const),
  };
}

// ---------------------------------------------------------------- setup

export async function needsSetup(db: Kysely<DB>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return anyUser === undefined;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The salon's zone and currency as `PUT /settings` checks them: a name that is not one is 400 on its field. */
function validateSalonChoices(input: SetupInput): void {
  if (input.timezone !== undefined && !isValidTimezone(input.timezone)) {
    throw badRequest('validation_failed', `Unknown time zone "${input.timezone}"`, [
      { field: 'timezone', message: 'must be an IANA time zone such as Europe/Amsterdam' },
    ]);
  }
  if (input.currency !== undefined && !CURRENCIES.has(input.currency)) {
    throw badRequest('validation_failed', `Unknown currency "${input.currency}"`, [
      { field: 'currency', message: 'must be an ISO 4217 code such as EUR' },
    ]);
  }
}

export async function setup(ctx: AppContext, input: SetupInput) {
  const hours = validateOpeningHours(input.opening_hours ?? []);
  validateSalonChoices(input);
  const user = await ctx.db.transaction().execute(async (trx) => {
    // Serialise concurrent set-ups on the settings row, then look for users with a fresh
    // snapshot: only the first set-up wins.
    await lockSettingsRow(trx, ctx.dialect);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) throw badRequest('setup_done', 'Setup has already been completed');
    const admin = await createUser(trx, {
      name: input.admin_name,
      email: input.admin_email,
      password: input.admin_password,
      role: 'admin',
      requirePasswordChange: false,
    });
    const now = nowIso();
    await updateSettingsRow(trx, {
      salon_name: input.salon_name.trim(),
      salon_email: input.salon_email ? normalizeEmail(input.salon_email) : '',
      salon_phone: input.salon_phone?.trim() ?? '',
      salon_address: input.salon_address?.trim() ?? '',
      ...(input.timezone !== undefined && { timezone: input.timezone }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.currency !== undefined && { currency: input.currency }),
      setup_completed_at: now,
      updated_at: now,
    });
    await ensureStandardVatRate(trx);
    if (hours.length > 0) {
      await trx.deleteFrom('opening_hours').execute();
      await trx.insertInto('opening_hours').values(hours).execute();
    }
    return admin;
  });
  return {
    token: await ctx.signer.signAccess(user.id, user.role),
    user: { id: user.id, name: user.name, role: user.role },
  };
}

function validateOpeningHours(entries: NonNullable<SetupInput['opening_hours']>) {
  const seen = new Set<number>();
  return entries.map((entry, index) => {
    const field = `opening_hours.${index}`;
    if (seen.has(entry.day_of_week)) {
      throw badRequest('validation_failed', 'Each day may appear once in opening_hours', [
        { field: `${field}.day_of_week`, message: 'appears more than once' },
      ]);
    }
    seen.add(entry.day_of_week);
    const isClosed = entry.is_closed === undefined ? 0 : toFlag(entry.is_closed);
    const open = entry.open_time ?? null;
    const close = entry.close_time ?? null;
    if (!isClosed && (!open || !close || open >= close)) {
      throw badRequest('validation_failed', 'An open day needs open_time before close_time', [
        { field: `${field}.close_time`, message: 'must be after open_time' },
      ]);
    }
    return {
      day_of_week: entry.day_of_week,
      open_time: isClosed ? null : open,
      close_time: isClosed ? null : close,
      is_closed: isClosed,
    };
  });
}

// ---------------------------------------------------------------- sessions

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

// ---------------------------------------------------------------- registration

export async function register(ctx: AppContext, input: RegisterInput) {
  const password = temporaryPassword();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await createUser(trx, {
      name: input.name,
      email: input.email,
      password,
      role: input.role ?? 'staff',
      requirePasswordChange: true,
    });
    await queueEmail(trx, {
      to: created.email,
      template: 'auth.welcome',
      data: {
        name: created.name,
        email: created.email,
        temporaryPassword: password,
        loginUrl: `${ctx.config.publicBaseUrl}/login`,
      },
      sensitive: true,
    });
    return created;
  });
  return { id: user.id, email: user.email, role: user.role, name: user.name };
}

// ---------------------------------------------------------------- passwords

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

// ---------------------------------------------------------------- push devices

/** Registers a push token for the caller; a token held by another user moves to the caller. */
export async function registerDevice(db: Kysely<DB>, user: AuthUser, input: DeviceInput) {
  const now = nowIso();
  await db
    .insertInto('device_tokens')
    .values({ user_id: user.id, token: input.token, platform: input.platform, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('token').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        platform: eb.ref('excluded.platform'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return { token: input.token, platform: input.platform };
}

/** Removes one of the caller's push tokens; another user's token is left alone. */
export async function removeDevice(db: Kysely<DB>, user: AuthUser, token: string): Promise<void> {
  await db.deleteFrom('device_tokens').where('token', '=', token).where('user_id', '=', user.id).execute();
}

export {
  closeWebSession,
  endWebSessionsOf,
  openWebSession,
  resumeWebSession,
  WEB_SESSION_IDLE_MS,
} from './web-sessions.js';
export { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
export { asSignInAttempt } from './sign-in-attempts.js';
