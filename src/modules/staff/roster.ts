import type { Insertable, Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import type { DB, ShiftsTable } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { ApplyInput, SaveWeekInput, ShiftInput, ShiftsFilter, ShiftUpdateInput } from './schemas.js';
import { invalidField, lockActiveStaff, requireDate, requireDateRange } from './members.js';
import { lockRows } from '../../db/locks.js';

/*
 * The roster: dated shifts, and default (template) shifts per weekday that can be applied
 * to a date range. Times are local wall-clock `HH:MM`, so plain text comparison orders them.
 */

/** The longest range `apply` accepts, in days (a leap year). */
export const APPLY_MAX_DAYS = 366;
/** Rows per INSERT: well below SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_CHUNK = 500;

function requireTimeOrder(start: string, end: string, field = 'end_time'): void {
  if (start >= end) throw invalidField(field, 'must be after start_time');
}

// ---------------------------------------------------------------- shifts

function shiftQuery(db: Executor) {
  return db
    .selectFrom('shifts')
    .innerJoin('users', 'users.id', 'shifts.staff_id')
    .leftJoin('locations', 'locations.id', 'shifts.location_id')
    .select([
      'shifts.id',
      'shifts.staff_id',
      'users.name as staff_name',
      'shifts.date',
      'shifts.start_time',
      'shifts.end_time',
      'shifts.location_id',
      'locations.name as location_name',
    ]);
}

/** Shifts by date, start time, staff member; `from`/`to` bound the date (inclusive). */
export async function listShifts(db: Kysely<DB>, filter: ShiftsFilter) {
  requireDateRange(filter);
  let query = shiftQuery(db);
  if (filter.staff_id !== undefined) query = query.where('shifts.staff_id', '=', filter.staff_id);
  if (filter.from !== undefined) query = query.where('shifts.date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('shifts.date', '<=', filter.to);
  return query
    .orderBy('shifts.date')
    .orderBy('shifts.start_time')
    .orderBy('shifts.staff_id')
    .orderBy('shifts.id')
    .execute();
}

async function requireLocation(trx: Transaction<DB>, locationId: number): Promise<void> {
  const location = await trx.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst();
  if (!location) {
    throw badRequest('unknown_location', 'No location has this id', [
      { field: 'location_id', message: 'is not a known location' },
    ]);
  }
}

/** One member's shifts on one date may touch (09:00–12:00 and 12:00–17:00) but not overlap. */
async function requireNoOverlap(
  trx: Transaction<DB>,
  shift: { staff_id: number; date: string; start_time: string; end_time: string },
  exceptId?: number,
): Promise<void> {
  let query = trx
    .selectFrom('shifts')
    .select(['start_time', 'end_time'])
    .where('staff_id', '=', shift.staff_id)
    .where('date', '=', shift.date)
    .where('start_time', '<', shift.end_time)
    .where('end_time', '>', shift.start_time);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const clash = await query.executeTakeFirst();
  if (clash) {
    throw conflict(
      'shift_overlap',
      `This staff member already has a shift from ${clash.start_time} to ${clash.end_time} on ${shift.date}`,
    );
  }
}

/**
 * The overlap check and the insert run in one transaction that holds the member's lock
 * (see lockActiveStaff), so concurrent requests cannot both pass the check.
 */
export async function createShift(ctx: AppContext, input: ShiftInput) {
  requireDate(input.date, 'date');
  requireTimeOrder(input.start_time, input.end_time);
  return ctx.db.transaction().execute(async (trx) => {
    await lockActiveStaff(trx, ctx.dialect, input.staff_id);
    const locationId = input.location_id ?? null;
    if (locationId !== null) await requireLocation(trx, locationId);
    await requireNoOverlap(trx, input);
    const now = nowIso();
    const { id } = await trx
      .insertInto('shifts')
      .values({
        staff_id: input.staff_id,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
        location_id: locationId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return shiftQuery(trx).where('shifts.id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Changes the fields given; the result is validated as a whole (times, overlap without itself). */
export async function updateShift(ctx: AppContext, id: number, input: ShiftUpdateInput) {
  if (input.date !== undefined) requireDate(input.date, 'date');
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('shifts').select('staff_id').where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Shift');
    const staffId = input.staff_id ?? before.staff_id;
    if (staffId !== before.staff_id) {
      await lockActiveStaff(trx, ctx.dialect, staffId);
    } else if (ctx.dialect === 'postgres') {
      // The member keeps the shift: lock without requiring them to be active, so the
      // shifts of a deactivated member can still be corrected.
      await trx.selectFrom('users').select('id').where('id', '=', staffId).forNoKeyUpdate().execute();
    }
    // Read again under the lock: a concurrent change committed meanwhile is seen.
    const current = await trx.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('Shift');
    const next = {
      staff_id: staffId,
      date: input.date ?? current.date,
      start_time: input.start_time ?? current.start_time,
      end_time: input.end_time ?? current.end_time,
      location_id: input.location_id === undefined ? current.location_id : input.location_id,
    };
    requireTimeOrder(next.start_time, next.end_time, input.end_time === undefined ? 'start_time' : 'end_time');
    if (input.location_id !== undefined && input.location_id !== null) await requireLocation(trx, input.location_id);
    await requireNoOverlap(trx, next, id);
    await trx
      .updateTable('shifts')
      .set({ ...next, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return shiftQuery(trx).where('shifts.id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function deleteShift(db: Kysely<DB>, id: number): Promise<void> {
  const result = await db.deleteFrom('shifts').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Shift');
}

// ---------------------------------------------------------------- default shifts

function defaultShiftQuery(db: Executor) {
  return db
    .selectFrom('default_shifts')
    .innerJoin('users', 'users.id', 'default_shifts.staff_id')
    .select([
      'default_shifts.id',
      'default_shifts.staff_id',
      'users.name as staff_name',
      'default_shifts.day_of_week',
      'default_shifts.start_time',
      'default_shifts.end_time',
    ])
    .orderBy('default_shifts.staff_id')
    .orderBy('default_shifts.day_of_week')
    .orderBy('default_shifts.start_time')
    .orderBy('default_shifts.id');
}

export async function listDefaultShifts(db: Kysely<DB>, filter: { staff_id?: number | undefined }) {
  let query = defaultShiftQuery(db);
  if (filter.staff_id !== undefined) query = query.where('default_shifts.staff_id', '=', filter.staff_id);
  return query.execute();
}

function validateWeek(shifts: SaveWeekInput['shifts']): void {
  shifts.forEach((shift, index) => requireTimeOrder(shift.start_time, shift.end_time, `shifts.${index}.end_time`));
  const ordered = shifts
    .map((shift, index) => ({ ...shift, index }))
    .sort((a, b) => a.day_of_week - b.day_of_week || a.start_time.localeCompare(b.start_time));
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const shift = ordered[i]!;
    if (shift.day_of_week === previous.day_of_week && shift.start_time < previous.end_time) {
      throw invalidField(`shifts.${shift.index}.start_time`, `overlaps shifts.${previous.index} on the same day`);
    }
  }
}

/** Replaces every default shift of one member, atomically; answers their saved week. */
export async function saveWeek(ctx: AppContext, input: SaveWeekInput) {
  validateWeek(input.shifts);
  return ctx.db.transaction().execute(async (trx) => {
    await lockActiveStaff(trx, ctx.dialect, input.staff_id);
    await trx.deleteFrom('default_shifts').where('staff_id', '=', input.staff_id).execute();
    if (input.shifts.length > 0) {
      const now = nowIso();
      await trx
        .insertInto('default_shifts')
        .values(
          input.shifts.map((shift) => ({
            staff_id: input.staff_id,
            day_of_week: shift.day_of_week,
            start_time: shift.start_time,
            end_time: shift.end_time,
            created_at: now,
          })),
        )
        .execute();
    }
    return defaultShiftQuery(trx).where('default_shifts.staff_id', '=', input.staff_id).execute();
  });
}

/** Every date from start to end inclusive with its weekday (0 = Sunday). */
function datesBetween(start: string, end: string): Array<{ date: string; dayOfWeek: number }> {
  const out: Array<{ date: string; dayOfWeek: number }> = [];
  const last = DateTime.fromISO(end, { zone: 'utc' });
  for (let day = DateTime.fromISO(start, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) {
    out.push({ date: day.toFormat('yyyy-MM-dd'), dayOfWeek: day.weekday % 7 });
  }
  return out;
}

/**
 * Creates the default shifts of every active member (or the one given) on each date of the
 * range, except on dates where that member already has any shift: applying twice, or over a
 * hand-made roster, never duplicates. One transaction, a fixed number of queries (plus one
 * INSERT per 500 shifts). Shifts created this way have no location.
 */
export async function applyDefaults(ctx: AppContext, input: ApplyInput) {
  requireDate(input.start_date, 'start_date');
  requireDate(input.end_date, 'end_date');
  if (input.end_date < input.start_date) throw invalidField('end_date', 'must not be before start_date');
  const dates = datesBetween(input.start_date, input.end_date);
  if (dates.length > APPLY_MAX_DAYS) {
    throw invalidField('end_date', `must be at most ${APPLY_MAX_DAYS} days from start_date (inclusive)`);
  }

  return ctx.db.transaction().execute(async (trx) => {
    if (input.staff_id !== undefined) await lockActiveStaff(trx, ctx.dialect, input.staff_id);
    const members = trx
      .selectFrom('users')
      .select('users.id')
      .where('users.active', '=', 1)
      .where('users.id', 'in', trx.selectFrom('default_shifts').select('default_shifts.staff_id'));
    const scoped = input.staff_id === undefined ? members : members.where('users.id', '=', input.staff_id);
    // Serialises with shift writes and other applies for these members; in id order, as
    // every multi-row lock of this module.
    if (ctx.dialect === 'postgres') await scoped.orderBy('users.id').forNoKeyUpdate().execute();

    const defaults = await trx
      .selectFrom('default_shifts')
      .select(['staff_id', 'day_of_week', 'start_time', 'end_time'])
      .where('staff_id', 'in', scoped)
      .orderBy('staff_id')
      .orderBy('day_of_week')
      .orderBy('start_time')
      .execute();
    if (defaults.length === 0) return { created: 0, skipped: 0 };

    const busy = await trx
      .selectFrom('shifts')
      .select(['staff_id', 'date'])
      .distinct()
      .where('date', '>=', input.start_date)
      .where('date', '<=', input.end_date)
      .where('staff_id', 'in', scoped)
      .execute();
    const busyDays = new Set(busy.map((row) => `${row.staff_id}|${row.date}`));

    const byWeekday = new Map<number, typeof defaults>();
    for (const shift of defaults) {
      const sameDay = byWeekday.get(shift.day_of_week);
      if (sameDay) sameDay.push(shift);
      else byWeekday.set(shift.day_of_week, [shift]);
    }

    const now = nowIso();
    const rows: Array<Insertable<ShiftsTable>> = [];
    let skipped = 0;
    for (const { date, dayOfWeek } of dates) {
      for (const shift of byWeekday.get(dayOfWeek) ?? []) {
        if (busyDays.has(`${shift.staff_id}|${date}`)) {
          skipped += 1;
          continue;
        }
        rows.push({
          staff_id: shift.staff_id,
          date,
          start_time: shift.start_time,
          end_time: shift.end_time,
          location_id: null,
          created_at: now,
          updated_at: now,
        });
      }
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('shifts')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    return { created: rows.length, skipped };
  });
}

/** Removes a member's whole default week (deactivated members included). */
export async function deleteDefaultShifts(ctx: AppContext, staffId: number): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('users').select('id').where('id', '=', staffId);
    query = lockRows(query, ctx.dialect, 'no key update');
    if (!(await query.executeTakeFirst())) throw notFound('Staff member');
    const result = await trx.deleteFrom('default_shifts').where('staff_id', '=', staffId).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
