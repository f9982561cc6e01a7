import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Holding a stranger's booking until the link in its email is clicked (a script filling the
 * booking page with fresh addresses never clicks):
 *
 * - `booking_hold_new_clients` (0/1, off by default so direct booking stays as it was): a
 *   booking-page booking by a client the salon has never seen is made `provisional`, with the
 *   confirm/decline email of booking_mode `request`;
 * - `booking_hold_minutes`: how long such a booking waits for its confirm link before it is
 *   released.
 *
 * `bookings.hold_expires_at` (UTC ISO) marks a booking held this way, so that the release only
 * ever touches such bookings, never the provisional bookings of booking_mode `request`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('booking_hold_new_clients', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('settings')
    .addColumn('booking_hold_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  await db.schema.alterTable('bookings').addColumn('hold_expires_at', 'text').execute();
}
