import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, HolidaysTable } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { formatInstant, isValidDate, nowIso } from '../../lib/time.js';
import type { HolidayCreateInput, HolidayOutput } from './config-schemas.js';
import { readTimezone } from '../../db/settings.js';

function toHoliday(row: Selectable<HolidaysTable>, timezone: string): HolidayOutput {
  return { id: row.id, name: row.name, date: row.date, created_at: formatInstant(row.created_at, timezone) };
}

const holidayExists = (date: string) => conflict('holiday_exists', `There is already a holiday on ${date}`);

/** Every holiday, by date ascending (dates are unique). */
export async function listHolidays(db: Kysely<DB>): Promise<HolidayOutput[]> {
  const timezone = await readTimezone(db);
  const rows = await db.selectFrom('holidays').selectAll().orderBy('date').orderBy('id').execute();
  return rows.map((row) => toHoliday(row, timezone));
}

/** One holiday per date: 409 when the date is taken, also when two requests race for it. */
export async function createHoliday(db: Kysely<DB>, input: HolidayCreateInput): Promise<HolidayOutput> {
  if (!isValidDate(input.date)) {
    throw badRequest('validation_failed', `${input.date} is not a real date`, [
      { field: 'date', message: 'must be a real calendar date (YYYY-MM-DD)' },
    ]);
  }
  const taken = await db.selectFrom('holidays').select('id').where('date', '=', input.date).executeTakeFirst();
  if (taken) throw holidayExists(input.date);
  let row: Selectable<HolidaysTable>;
  try {
    row = await db
      .insertInto('holidays')
      .values({ name: input.name.trim(), date: input.date, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw holidayExists(input.date);
    throw error;
  }
  return toHoliday(row, await readTimezone(db));
}

export async function deleteHoliday(db: Kysely<DB>, id: number): Promise<void> {
  const result = await db.deleteFrom('holidays').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Holiday');
}

/** Whether `date` (YYYY-MM-DD) is a holiday: for bookings and availability. */
export async function isHoliday(db: Executor, date: string): Promise<boolean> {
  const row = await db.selectFrom('holidays').select('id').where('date', '=', date).executeTakeFirst();
  return row !== undefined;
}
