import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * Private calendar feeds (iCal): a staff member's own appointments, or the whole salon's for
 * an admin, at an unguessable address that a phone or desktop calendar subscribes to. The
 * address's token is stored only as its hash. `user_id` is the feed's owner: the staff member
 * whose agenda it is (`staff`), or the admin who made it (`salon`); the feed stops answering
 * when its owner is deactivated (or, for the salon's, no longer an admin) and is deleted with
 * the user.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('staff', 'salon')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('calendar_feeds_user').on('calendar_feeds').column('user_id').execute();
}
