import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { TimeOffFilter, TimeOffInput } from './schemas.js';
import { invalidField, requireDate, requireDateRange } from './members.js';

/*
 * Time off is self-service: a staff member sees, records and removes only their own
 * entries (the reason may be private); an admin manages everyone's.
 */

const unknownStaff = () =>
  badRequest('unknown_staff', 'No active staff member has this id', [
    { field: 'staff_id', message: 'is not an active staff member' },
  ]);

function timeOffQuery(db: Executor) {
  return db
    .selectFrom('time_off')
    .innerJoin('users', 'users.id', 'time_off.staff_id')
    .select([
      'time_off.id',
      'time_off.staff_id',
      'users.name as staff_name',
      'time_off.start_date',
      'time_off.end_date',
      'time_off.reason',
      'time_off.created_at',
    ]);
}

/** Entries overlapping `from`–`to` (inclusive), by start date. Staff see only their own. */
export async function listTimeOff(db: Kysely<DB>, caller: AuthUser, filter: TimeOffFilter) {
  requireDateRange(filter);
  let query = timeOffQuery(db);
  if (caller.role !== 'admin') query = query.where('time_off.staff_id', '=', caller.id);
  if (filter.staff_id !== undefined) query = query.where('time_off.staff_id', '=', filter.staff_id);
  if (filter.from !== undefined) query = query.where('time_off.end_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('time_off.start_date', '<=', filter.to);
  const [rows, timezone] = await Promise.all([
    query.orderBy('time_off.start_date').orderBy('time_off.id').execute(),
    readTimezone(db),
  ]);
  return rows.map((row) => ({ ...row, created_at: formatInstant(row.created_at, timezone) }));
}

export async function createTimeOff(ctx: AppContext, caller: AuthUser, input: TimeOffInput) {
  if (caller.role !== 'admin' && input.staff_id !== caller.id) {
    throw forbidden('Staff members can record time off only for themselves');
  }
  requireDate(input.start_date, 'start_date');
  requireDate(input.end_date, 'end_date');
  if (input.end_date < input.start_date) throw invalidField('end_date', 'must not be before start_date');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const staff = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.staff_id)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!staff) throw unknownStaff();
    try {
      const { id } = await trx
        .insertInto('time_off')
        .values({
          staff_id: input.staff_id,
          start_date: input.start_date,
          end_date: input.end_date,
          reason: input.reason?.trim() ?? '',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await timeOffQuery(trx).where('time_off.id', '=', id).executeTakeFirstOrThrow();
    } catch (error) {
      // The member was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw unknownStaff();
      throw error;
    }
  });
  return { ...row, created_at: formatInstant(row.created_at, await readTimezone(ctx.db)) };
}

/** Another member's entry answers 404 to a staff caller, exactly as an absent one. */
export async function deleteTimeOff(db: Kysely<DB>, caller: AuthUser, id: number): Promise<void> {
  let query = db.deleteFrom('time_off').where('id', '=', id);
  if (caller.role !== 'admin') query = query.where('staff_id', '=', caller.id);
  const result = await query.executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Time-off entry');
}
