import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * Outbound webhooks (modules/webhooks). An admin registers endpoints; a domain change records
 * one event (its signed body is fixed once, so every retry sends the same bytes) and, in the
 * same transaction, one delivery per endpoint subscribed to its type. Each delivery keeps its
 * attempts. `resource_key` ("booking:7") is copied onto the delivery: a delivery waits for the
 * earlier ones of its endpoint and resource, one index range (webhook_deliveries_order).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of event types, e.g. ["booking.created","client.erased"].
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`enabled in (0, 1)`),
    )
    // The signing secret (whsec_…) through the SecretBox: encrypted when SECRETS_KEY is set.
    .addColumn('secret', 'text', (c) => c.notNull())
    // Why it is off: disabled by an admin, or by the service after a failure streak.
    .addColumn('disabled_reason', 'text', (c) => c.check(sql`disabled_reason in ('manual', 'failing')`))
    .addColumn('disabled_at', 'text')
    // The failed attempts since its last success, and when the first of them was.
    .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resource_key', 'text', (c) => c.notNull())
    // The webhook-id header: the same on every attempt and every endpoint, for deduplication.
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    // The JSON body sent: { type, timestamp, data }.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('resource_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    // Attempts made in the current round (a redelivery starts a new round).
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    // Set while a worker is sending it, so a second job for it waits instead of sending twice.
    .addColumn('locked_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'resource_key', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull().check(sql`succeeded in (0, 1)`))
    // null when no answer came (refused address, connection error, timeout).
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // The start of the answer's body, for the admin reading the log.
    .addColumn('response_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}
