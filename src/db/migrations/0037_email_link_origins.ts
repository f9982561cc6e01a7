import type { Kysely } from 'kysely';

/*
 * The origins, besides PUBLIC_BASE_URL's, that the links of a provisional booking's email may
 * point at (`base_url` on POST /bookings): an admin's list, a JSON array, empty by default so
 * that the salon's own address is the only one until an admin adds another.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('email_link_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
