import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  // The suppression list: a client who followed an unsubscribe link. Kept apart from
  // marketing_consent, so staff ticking consent again later does not undo the client's own
  // "stop sending me this"; kept through a GDPR erase, as the record of the withdrawal.
  await db.schema
    .createTable('client_unsubscribes')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull()) // JSON array of email-builder blocks
    .addColumn('segment_filters', 'text') // JSON object; null = every consenting client
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'sending', 'sent')`),
    )
    // Counters kept by the send jobs, so progress is one primary-key read.
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Set on the campaign that announced a seasonal promotion: unique, so it is announced once.
    .addColumn('promotion_id', 'integer', (c) => c.unique().references('promotions.id').onDelete('set null'))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One row per client a send reaches. The unique pair is what makes a send exactly-once per
  // client; `status` is where a send resumes after a crash.
  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', 'integer', id)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull()) // the address when the list was built
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('email_id', 'integer', (c) => c.references('emails.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('campaign_recipients_unique', ['campaign_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_status')
    .on('campaign_recipients')
    .columns(['campaign_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('campaign_recipients_client').on('campaign_recipients').column('client_id').execute();

  await db.schema
    .createTable('campaign_segments')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('campaign_templates')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Follow-up sequence: ordered steps, each an email some days after a completed visit.
  await db.schema
    .createTable('followup_steps')
    .addColumn('id', 'integer', id)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('delay_days', 'integer', (c) => c.notNull().check(sql`delay_days >= 0`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('followup_steps_position').on('followup_steps').columns(['position', 'id']).execute();

  // Segment filters at send time: completed visits per client and their dates.
  await db.schema
    .createIndex('bookings_client_status')
    .on('bookings')
    .columns(['client_id', 'status', 'start_at'])
    .execute();
}
