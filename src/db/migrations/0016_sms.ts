import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const settingsColumns: Array<[string, 'text' | 'integer', string | number]> = [
    ['sms_enabled', 'integer', 0],
    ['sms_provider', 'text', 'twilio'],
    ['sms_account_sid', 'text', ''],
    ['sms_auth_token', 'text', ''], // possibly encrypted, see lib/secrets.ts
    ['sms_from', 'text', ''],
  ];
  for (const [name, type, fallback] of settingsColumns) {
    await db.schema
      .alterTable('settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  // Consent to receive text messages; cleared by an inbound STOP from the client's number.
  await db.schema
    .alterTable('clients')
    .addColumn('sms_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The SMS outbox, written in the caller's transaction and sent by the `sms.send` job.
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('recipient', 'text', (c) => c.notNull()) // E.164
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    // 1: the text carries a secret (a sign-in or cancel link): redacted in the outbox view where
    // MAIL_PREVIEW is off, and erased at rest once sent or given up on.
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'delivered', 'failed', 'unsent')`),
    )
    .addColumn('provider_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('sms_messages_recipient').on('sms_messages').columns(['recipient', 'id']).execute();
  await db.schema.createIndex('sms_messages_provider_id').on('sms_messages').column('provider_id').execute();
}
