import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * What the booking page may tell about a service beyond its name, price and duration:
 *
 *  - `services.description`: a few sentences, null when the salon wrote none.
 *  - `services.photo_key`: where its photo is kept in the file storage (a key the service
 *    made, never a name from the upload), and `photo_content_type` the type its bytes were
 *    found to be; both null without a photo.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('services').addColumn('description', 'text').execute();
  await db.schema.alterTable('services').addColumn('photo_key', 'text').execute();
  await db.schema.alterTable('services').addColumn('photo_content_type', 'text').execute();
}
