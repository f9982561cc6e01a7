import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The metrics count the emails and text messages not sent, by status, at every scrape: an
 * index on status lets that read only those rows, never the years of sent ones.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('emails_status').on('emails').column('status').execute();
  await db.schema.createIndex('sms_messages_status').on('sms_messages').column('status').execute();
}
