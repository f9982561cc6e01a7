import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * `booking_anyone_rule`: which free member takes a booking made for "anyone" (no staff member
 * named). `fewest_minutes_week` (the default) shares the work: the fewest booked minutes in the
 * week of that day, then the member whose latest booking is oldest, so quiet days no longer
 * send every first booking to the same member; `smallest_gap` keeps the agendas tight;
 * `salon_order` follows the salon's own order of its staff.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('booking_anyone_rule', 'text', (c) => c.notNull().defaultTo('fewest_minutes_week'))
    .execute();
}
