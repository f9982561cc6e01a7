import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * Sign-ins of the web pages: the browser holds the session's token only in an httpOnly
 * cookie (no page script can read it) and trades it for short access tokens kept in memory.
 * One table for the back office's staff and the booking page's clients; `subject_id` is a
 * user's or a client's id by `kind`, so it carries no foreign key, and every row is deleted
 * with a password reset or the subject's erasure by the code that does those.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('web_sessions')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('staff', 'client')`))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Idle expiry, pushed forward by every use; `created_at` bounds the session's whole life.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_sessions_subject').on('web_sessions').columns(['kind', 'subject_id']).execute();
}
