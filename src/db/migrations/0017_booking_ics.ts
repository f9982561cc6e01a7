import type { Kysely } from 'kysely';

/*
 * The calendar event a booking's emails carry (an .ics part): `ics_sequence` is its SEQUENCE,
 * raised with every change of time, staff member or service and with the cancellation, so a
 * calendar app replaces the event it holds under the same UID instead of adding a second one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
