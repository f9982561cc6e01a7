import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB, User, UserUpdate } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isValidDate, nowIso } from '../../lib/time.js';
import { hashPassword } from '../auth/service.js';
import { createUser, endWebSessionsOf, normalizeEmail } from '../auth/service.js';
import type { StaffCreateInput, StaffUpdateInput } from './schemas.js';
import { lockRows } from '../../db/locks.js';
import { photoPath } from './photo.js';

/*
 * Staff members are users (table `users`): this module administers them; auth signs them in.
 */

// ---------------------------------------------------------------- helpers shared by the module

export const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

export function requireDate(value: string, field: string): void {
  if (!isValidDate(value)) throw invalidField(field, 'must be a real date (YYYY-MM-DD)');
}

/** `from`/`to` of a list: real dates, `to` not before `from`. */
export function requireDateRange(filter: { from?: string | undefined; to?: string | undefined }): void {
  if (filter.from !== undefined) requireDate(filter.from, 'from');
  if (filter.to !== undefined) requireDate(filter.to, 'to');
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
    throw invalidField('to', 'must not be before from');
  }
}

/**
 * The staff member a shift, default shift or time-off entry is for: it must exist and be
 * active, else 400 `unknown_staff` (the id comes from the body, not the path, so 404 would
 * suggest a wrong URL). On PostgreSQL the user row is locked until the transaction ends
 * (`FOR NO KEY UPDATE`: it serialises the roster writes of one member, yet does not block
 * inserts elsewhere that merely reference the row). SQLite's BEGIN IMMEDIATE already
 * serialises every write transaction.
 */
export async function lockActiveStaff(
  trx: Transaction<DB>,
  dialect: Dialect,
  staffId: number,
  field = 'staff_id',
): Promise<{ id: number; name: string }> {
  let query = trx.selectFrom('users').select(['id', 'name']).where('id', '=', staffId).where('active', '=', 1);
  query = lockRows(query, dialect, 'no key update');
  const staff = await query.executeTakeFirst();
  if (!staff) {
    throw badRequest('unknown_staff', 'No active staff member has this id', [
      { field, message: 'is not an active staff member' },
    ]);
  }
  return staff;
}

// Names sort the way people read them (case- and accent-insensitive) and identically on both
// engines: SQLite compares bytes, PostgreSQL follows the server's locale.
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function byNameThenId(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return nameCollator.compare(a.name, b.name) || a.id - b.id;
}

type MemberFields = Pick<User, 'id' | 'name' | 'email' | 'role' | 'bookable' | 'all_services' | 'bio' | 'photo_key'>;

/** The columns every answer about a member is made from. */
const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'bookable',
  'all_services',
  'bio',
  'photo_key',
  'active',
] as const;

/** A member as the API answers: the bio and photo only where set, so an answer without them reads as the interface's. */
function summary(user: MemberFields) {
  const photo = photoPath(user);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    bookable: user.bookable === 1 ? 1 : 0,
    all_services: user.all_services === 1 ? 1 : 0,
    ...(user.bio === '' ? {} : { bio: user.bio }),
    ...(photo === null ? {} : { photo_url: photo }),
  };
}

function withStatus(user: MemberFields & Pick<User, 'active'>) {
  return { ...summary(user), active: user.active === 1 ? 1 : 0 };
}

// ---------------------------------------------------------------- staff members

/** Active members by name; with `include_inactive` (admins only) the deactivated ones too. */
export async function listStaff(db: Kysely<DB>, caller: AuthUser, query: { include_inactive?: boolean | undefined }) {
  const withInactive = query.include_inactive === true;
  if (withInactive && caller.role !== 'admin') throw forbidden('Only admins can list deactivated staff members');
  let select = db.selectFrom('users').select(MEMBER_COLUMNS);
  if (!withInactive) select = select.where('active', '=', 1);
  const rows = (await select.execute()).sort(byNameThenId);
  return withInactive ? rows.map(withStatus) : rows.map(summary);
}

/** The admin chose the password, so the member is not asked to change it. */
export async function createStaffMember(ctx: AppContext, input: StaffCreateInput) {
  const user = await createUser(ctx.db, {
    name: input.name,
    email: input.email,
    password: input.password,
    role: input.role ?? 'staff',
    requirePasswordChange: false,
    ...(input.bookable === undefined ? {} : { bookable: toFlag(input.bookable) }),
    ...(input.all_services === undefined ? {} : { allServices: toFlag(input.all_services) }),
  });
  if (input.bio === undefined || input.bio.trim() === '') return summary(user);
  const bio = input.bio.trim();
  await ctx.db.updateTable('users').set({ bio }).where('id', '=', user.id).execute();
  return summary({ ...user, bio });
}

/**
 * Reads a user in a transaction that may take away the salon's last active admin. On
 * PostgreSQL the rows of every active admin and of the target are locked first, in id order
 * (the order every multi-row lock of this module takes, so they cannot deadlock): two admins
 * demoting each other at once then run one after the other, and the second sees that it
 * would remove the last admin.
 */
async function lockForAdminCheck(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<User | undefined> {
  // A read that only takes locks, so it runs only where there are row locks (not lockRows(),
  // which would still run it on SQLite, whose write transactions are exclusive anyway).
  if (dialect === 'postgres') {
    await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('role', '=', 'admin'), eb('active', '=', 1)])]))
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

async function requireAnotherActiveAdmin(trx: Transaction<DB>, userId: number, action: string): Promise<void> {
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('id', '<>', userId)
    .limit(1)
    .executeTakeFirst();
  if (!other) {
    throw conflict('last_admin', `The last active admin cannot be ${action}; make another member admin first`);
  }
}

const isActiveAdmin = (user: Pick<User, 'role' | 'active'>) => user.role === 'admin' && user.active === 1;

export async function updateStaffMember(ctx: AppContext, id: number, input: StaffUpdateInput) {
  // Hashing takes tens of milliseconds: done before the transaction, not while holding locks.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const target = await lockForAdminCheck(trx, ctx.dialect, id);
    if (!target) throw notFound('Staff member');
    const role = input.role ?? target.role;
    const active = input.active === undefined ? target.active : toFlag(input.active);
    if (isActiveAdmin(target) && !isActiveAdmin({ role, active })) {
      await requireAnotherActiveAdmin(trx, target.id, active === 1 ? 'demoted' : 'deactivated');
    }

    const changes: UserUpdate = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.bio !== undefined && input.bio.trim() !== target.bio) changes.bio = input.bio.trim();
    if (input.email !== undefined) {
      const email = normalizeEmail(input.email);
      if (email !== target.email) {
        const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        if (taken) throw conflict('email_taken', 'This email is already registered');
        changes.email = email;
      }
    }
    if (role !== target.role) changes.role = role;
    if (active !== target.active) changes.active = active;
    for (const flag of ['bookable', 'all_services'] as const) {
      const value = input[flag];
      if (value !== undefined && toFlag(value) !== target[flag]) changes[flag] = toFlag(value);
    }
    if (passwordHash !== undefined) {
      changes.password_hash = passwordHash;
      changes.require_password_change = 0;
    }
    if (Object.keys(changes).length > 0) {
      try {
        await trx
          .updateTable('users')
          .set({ ...changes, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('email_taken', 'This email is already registered');
        throw error;
      }
    }
    // A new password signs the member out of every device: their refresh tokens and web sessions are revoked.
    if (passwordHash !== undefined) {
      await trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
      await endWebSessionsOf(trx, 'staff', id);
    }
    return withStatus({ ...target, ...changes, role, active });
  });
}

/**
 * Deletes the member with their shifts, default shifts, time off and tokens (ON DELETE
 * CASCADE). A member still referenced by records that must survive (bookings, POS orders …:
 * foreign keys without cascade) is not orphaned: 409 `staff_in_use`, deactivate instead.
 */
export async function deleteStaffMember(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockForAdminCheck(trx, ctx.dialect, id);
    if (!target) throw notFound('Staff member');
    if (isActiveAdmin(target)) await requireAnotherActiveAdmin(trx, target.id, 'deleted');
    try {
      await trx.deleteFrom('users').where('id', '=', id).execute();
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(
          'staff_in_use',
          'This staff member is still referenced by other records (such as bookings or orders); deactivate them instead (PUT with active: false)',
        );
      }
      throw error;
    }
  });
}
