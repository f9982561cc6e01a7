import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * `services.online_bookable`: 1 (every existing service, and the default) the booking page
 * offers it; 0 only the office books it (a consultation first, a treatment that needs a
 * patch test). Archiving (`active`) is another matter: an office-only service stays on the
 * desk's and the till's lists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('services')
    .addColumn('online_bookable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
