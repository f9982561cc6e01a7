import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import { addDays } from './range.js';

/*
 * Reports over the booking calendar. `start_at` is salon wall-clock text
 * (`YYYY-MM-DD HH:MM:SS`), so day and hour come straight from it, no zone maths.
 */

/**
 * `heatmap`: bookings per weekday and hour of their start, cancelled ones excluded (every
 * other status counts). `day` 1 = Sunday … 7 = Saturday; only cells with bookings appear,
 * ordered by day then hour. Read from the rollup the bookings triggers keep (migration 0012):
 * 168 rows, however many bookings.
 */
export async function heatmap(db: Executor) {
  const rows = await db
    .selectFrom('report_booking_hours')
    .select(['dow', 'hour', 'bookings'])
    .where('bookings', '>', 0)
    .orderBy('dow')
    .orderBy('hour')
    .execute();
  return rows.map((row) => ({ day: Number(row.dow) + 1, hour: Number(row.hour), count: Number(row.bookings) }));
}

/**
 * `forecast`: scheduled bookings (status `scheduled`: confirmed, not yet completed; provisional
 * ones are unconfirmed and left out) starting today … today + days − 1 in the salon's zone,
 * grouped by day; expected_revenue = SUM(price booked). Days without bookings are omitted.
 */
export async function forecast(db: Executor, today: string, days: number) {
  const rows = await db
    .selectFrom('bookings')
    .select((eb) => [
      sql<string>`substr(start_at, 1, 10)`.as('day'),
      eb.fn.sum<number>('price').as('cents'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('status', '=', 'scheduled')
    .where('start_at', '>=', `${today} 00:00:00`)
    .where('start_at', '<', `${addDays(today, days)} 00:00:00`)
    .groupBy(sql`substr(start_at, 1, 10)`)
    .orderBy(sql`substr(start_at, 1, 10)`)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    expected_revenue: fromCents(Number(row.cents)),
    booking_count: Number(row.n),
  }));
}
