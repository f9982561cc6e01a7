import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The uploaded logo's size in pixels (`logo_width`, `logo_height`), read from its bytes at
 * upload, so an email can give the logo a box that fits a phone's screen without stretching
 * it: mail clients ignore CSS limits on images, only the width and height written on the tag
 * hold. 0 for a logo uploaded before, or one whose size could not be read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('logo_width', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('settings')
    .addColumn('logo_height', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
