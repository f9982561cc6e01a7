import { isUniqueViolation } from '../../db/errors.js';
import type { DB, Role, User } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Kysely } from 'kysely';
import { hashPassword } from './passwords.js';
import type { SessionUserOut } from './schemas.js';

/*
 * Staff accounts: emails compared case-insensitively, a new account (email unique), the list, and
 * the signed-in user as the front end needs it.
 */

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

/** The signed-in user as the front end needs it on start: who, which role, whether bookable. */
export async function me(db: Kysely<DB>, caller: AuthUser) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'require_password_change', 'bookable'])
    .where('id', '=', caller.id)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  // Staff cannot read the settings; the till needs to know whether it may offer a price change.
  const settings = await db.selectFrom('settings').select('staff_price_changes_enabled').executeTakeFirst();
  return {
    ...user,
    require_password_change: user.require_password_change === 1,
    bookable: user.bookable === 1 ? (1 as const) : (0 as const),
    can_change_prices: user.role === 'admin' || settings?.staff_price_changes_enabled === 1,
  };
}
