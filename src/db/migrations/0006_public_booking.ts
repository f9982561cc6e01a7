import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  // Magic-link sign-in of online-booking clients: single use, 15 minutes, hashed at rest.
  await db.schema
    .createTable('client_magic_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_magic_tokens_client')
    .on('client_magic_tokens')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('client_magic_tokens_expires').on('client_magic_tokens').column('expires_at').execute();

  // One review per booking (the unique booking_id holds under concurrent posts too). The
  // staff member is copied from the booking so staff performance reads one index.
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_staff').on('reviews').columns(['staff_id', 'created_at']).execute();
  await db.schema.createIndex('reviews_client').on('reviews').column('client_id').execute();

  // Idempotency-Key of POST /public/bookings: the first request's booking is answered again.
  // The key row is inserted first in the booking's transaction, so a concurrent retry with
  // the same key waits on the unique key and then finds the first result.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  // Confirm/decline links look bookings up by provisional_token (unique, so indexed already);
  // reviews by feedback_token (unique too).
}
