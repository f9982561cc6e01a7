import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  // A job may carry a key: while a job with that key is still queued, enqueuing the key
  // again reschedules that job instead of adding a second (e.g. one booking.updated email
  // per booking within its 30-minute delay).
  await db.schema.alterTable('jobs').addColumn('key', 'text').execute();
  await db.schema.createIndex('jobs_key').on('jobs').columns(['key', 'status']).execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('restrict'))
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('date', 'text', (c) => c.notNull()) // YYYY-MM-DD wanted
    .addColumn('time_from', 'text') // HH:MM, optional window
    .addColumn('time_to', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'offered', 'booked', 'cancelled')`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('offered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waitlist_match')
    .on('waitlist_entries')
    .columns(['service_id', 'date', 'status', 'id'])
    .execute();
  await db.schema.createIndex('waitlist_client').on('waitlist_entries').column('client_id').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('restrict'))
    // Wall-clock time in the salon's zone, `YYYY-MM-DD HH:MM:SS`: fixed width, so text order
    // is time order and overlap tests are plain comparisons.
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('scheduled', 'provisional', 'completed', 'cancelled', 'no-show')`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('internal_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('provisional_token', 'text', (c) => c.unique())
    .addColumn('feedback_token', 'text', (c) => c.unique())
    .addColumn('waitlist_id', 'integer', (c) => c.references('waitlist_entries.id').onDelete('set null'))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0)) // cents, the service price when booked
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('bookings_end_after_start', sql`end_at > start_at`)
    .execute();
  await db.schema.createIndex('bookings_staff_start').on('bookings').columns(['staff_id', 'start_at']).execute();
  await db.schema.createIndex('bookings_start').on('bookings').columns(['start_at', 'id']).execute();
  await db.schema.createIndex('bookings_client').on('bookings').columns(['client_id', 'start_at']).execute();
  await db.schema.createIndex('bookings_service').on('bookings').column('service_id').execute();
}
