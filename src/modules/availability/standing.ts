import type { Executor } from '../../db/executor.js';
import { addDays, weekdayOfDate } from '../../lib/time.js';
import { minutesFrom } from './engine.js';

/*
 * What the anyone rule weighs of each candidate beyond their day (anyone-rule.ts): their booked
 * minutes in the Monday-to-Sunday week of the date and their most recently made booking. Two
 * indexed queries for all candidates at once; cancelled bookings and the bookings being moved
 * do not count.
 */

export interface StandingOf {
  weekMinutes: number;
  latestBookingId: number;
}

/** The Monday of `date`'s week and the Monday after it. */
export function weekOf(date: string): { from: string; to: string } {
  const monday = addDays(date, -((weekdayOfDate(date) + 6) % 7));
  return { from: monday, to: addDays(monday, 7) };
}

export async function loadStanding(
  executor: Executor,
  staffIds: readonly number[],
  date: string,
  exclude: readonly number[],
): Promise<Map<number, StandingOf>> {
  const standing = new Map<number, StandingOf>(staffIds.map((id) => [id, { weekMinutes: 0, latestBookingId: 0 }]));
  if (staffIds.length < 2) return standing;
  const week = weekOf(date);
  let booked = executor
    .selectFrom('bookings')
    .select(['staff_id', 'start_at', 'end_at'])
    .where('staff_id', 'in', [...staffIds])
    .where('start_at', '>=', `${week.from} 00:00:00`)
    .where('start_at', '<', `${week.to} 00:00:00`)
    .where('status', '<>', 'cancelled');
  let latest = executor
    .selectFrom('bookings')
    .select((eb) => ['staff_id', eb.fn.max('id').as('latest')])
    .where('staff_id', 'in', [...staffIds])
    .where('status', '<>', 'cancelled')
    .groupBy('staff_id');
  if (exclude.length > 0) {
    booked = booked.where('id', 'not in', [...exclude]);
    latest = latest.where('id', 'not in', [...exclude]);
  }
  for (const row of await booked.execute()) {
    const entry = standing.get(row.staff_id);
    if (entry) entry.weekMinutes += minutesFrom(week.from, row.end_at) - minutesFrom(week.from, row.start_at);
  }
  for (const row of await latest.execute()) {
    const entry = standing.get(row.staff_id);
    if (entry) entry.latestBookingId = Number(row.latest ?? 0);
  }
  return standing;
}
