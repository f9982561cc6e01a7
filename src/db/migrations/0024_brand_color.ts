import type { Kysely } from 'kysely';

/*
 * The salon's brand colour (`#rrggbb`), which the web pages use as their accent. The default is
 * the accent the pages had before the setting existed, so nothing changes until a salon picks one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('brand_color', 'text', (c) => c.notNull().defaultTo('#7a2e54'))
    .execute();
}
