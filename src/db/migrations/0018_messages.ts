import { sql, type Kysely } from 'kysely';

/*
 * Messages in the client's language: the language a client reads (null: not known, the
 * salon's is used), the language each outbox email was written in (its subject is rendered
 * when queued; the body must follow it), and the salon's own versions of the catalogue's
 * client messages, one row per message key and language.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('language', 'text', (c) => c.check(sql`language in ('en', 'nl')`))
    .execute();
  await db.schema.alterTable('emails').addColumn('language', 'text').execute();

  await db.schema
    .createTable('message_texts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'nl')`))
    // The subject of an email message; null for a text message (SMS), which has none.
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_texts_pkey', ['key', 'language'])
    .execute();
}
