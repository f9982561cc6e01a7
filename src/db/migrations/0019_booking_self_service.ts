import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The client's self-service on a booking: links in the booking emails to confirm attendance,
 * cancel or move it, each carrying a single-use token that is stored only as its hash; the
 * moment the client confirmed attendance; and the salon's cancellation window (how many hours
 * before the start a client may still cancel or move online).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('booking_action_tokens')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('attend', 'cancel', 'move')`))
    // The lookup by a presented token reads this unique index.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_action_tokens_booking')
    .on('booking_action_tokens')
    .column('booking_id')
    .execute();
  // The hourly clean-up deletes expired tokens by this index.
  await db.schema
    .createIndex('booking_action_tokens_expires')
    .on('booking_action_tokens')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('bookings').addColumn('client_confirmed_at', 'text').execute();

  await db.schema
    .alterTable('settings')
    .addColumn('cancellation_window_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
}
