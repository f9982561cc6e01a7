import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The appointment book of a salon:
 *
 *  - who does what: `users.bookable` (an owner or a receptionist takes no appointments),
 *    `users.all_services` (1: performs every service, the default, so existing salons keep
 *    booking as before; 0: only the services listed in `staff_services`), and per staff member
 *    and service an optional own duration and price in `staff_services`;
 *  - processing time: a service's work is interrupted once by `processing_min` minutes that
 *    start `processing_after_min` into it (a colour developing). A booking stores its
 *    processing window as wall-clock times, so the overlap rule reads it without the service;
 *  - visits: several bookings of one client in order (`visit_id`, `visit_position`);
 *  - rooms and equipment: `resources` with a capacity, required by services
 *    (`service_resources`), held by bookings (`booking_resources`, a copy of the booking's
 *    times kept by triggers so a resource's use in a time range is one index range);
 *  - repeats: `booking_series`, whose occurrences carry `series_id`;
 *  - a booking's location, and the desk's overridden rules;
 *  - reviews a salon can unpublish.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  await db.schema
    .alterTable('users')
    .addColumn('bookable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('all_services', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('staff_services')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    // null: the service's own duration and price
    .addColumn('duration_min', 'integer')
    .addColumn('price', 'integer') // cents, VAT included
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_services_pk', ['staff_id', 'service_id'])
    .addCheckConstraint('staff_services_duration_positive', sql`duration_min is null or duration_min > 0`)
    .addCheckConstraint('staff_services_price_not_negative', sql`price is null or price >= 0`)
    .execute();
  await db.schema
    .createIndex('staff_services_service')
    .on('staff_services')
    .columns(['service_id', 'staff_id'])
    .execute();

  await db.schema
    .alterTable('services')
    .addColumn('processing_after_min', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('services')
    .addColumn('processing_min', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 1`))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_resources')
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('service_resources_pk', ['service_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('service_resources_resource').on('service_resources').column('resource_id').execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visits_client').on('visits').column('client_id').execute();

  await db.schema
    .createTable('booking_series')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('every_weeks', 'integer', (c) => c.notNull().check(sql`every_weeks >= 1`))
    .addColumn('until_date', 'text') // YYYY-MM-DD, when the series was given an end date
    .addColumn('occurrence_count', 'integer') // when it was given a count
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_series_client').on('booking_series').column('client_id').execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('visit_id', 'integer', (c) => c.references('visits.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('bookings').addColumn('visit_position', 'integer').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('series_id', 'integer', (c) => c.references('booking_series.id').onDelete('set null'))
    .execute();
  // Wall clock, like start_at/end_at; both null when the service has no processing time. The
  // staff member is free in [processing_start_at, processing_end_at); the client is not.
  await db.schema.alterTable('bookings').addColumn('processing_start_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('processing_end_at', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .execute();
  // The desk's rules this booking was allowed to break (`override: true`), comma-separated.
  await db.schema
    .alterTable('bookings')
    .addColumn('overridden_rules', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('bookings_visit').on('bookings').columns(['visit_id', 'visit_position']).execute();
  await db.schema.createIndex('bookings_series').on('bookings').columns(['series_id', 'start_at']).execute();
  await db.schema.createIndex('bookings_location_start').on('bookings').columns(['location_id', 'start_at']).execute();

  // Existing bookings: the location of the staff member's shift that day, else the salon's
  // default location (none when the salon has no locations).
  await sql`
    update bookings set location_id = coalesce(
      (select s.location_id from shifts s
        where s.staff_id = bookings.staff_id and s.date = substr(bookings.start_at, 1, 10)
          and s.location_id is not null
        order by s.start_time limit 1),
      (select l.id from locations l where l.is_default = 1 and l.active = 1 order by l.id limit 1))`.execute(db);

  await db.schema
    .createTable('booking_resources')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('restrict'))
    // Copies of the booking's start_at and end_at, kept by the triggers below.
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_resources_pk', ['booking_id', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('booking_resources_use')
    .on('booking_resources')
    .columns(['resource_id', 'start_at', 'end_at'])
    .execute();

  // A cancelled booking holds no resource; a moved one holds it at its new times. Triggers, so
  // that no write path (the desk, the booking page, a client's cancellation, an erasure) can
  // forget it.
  const release = sql.raw(`delete from booking_resources where booking_id = new.id;`);
  const follow = sql.raw(
    `update booking_resources set start_at = new.start_at, end_at = new.end_at where booking_id = new.id;`,
  );
  if (dialect === 'postgres') {
    await sql`
      create function booking_resources_track() returns trigger language plpgsql as $$
      begin
        if new.status = 'cancelled' then ${release}
        else ${follow}
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger bookings_resources_update after update of status, start_at, end_at on bookings
      for each row when (new.status = 'cancelled' or old.start_at <> new.start_at or old.end_at <> new.end_at)
      execute function booking_resources_track()`.execute(db);
  } else {
    await sql`create trigger bookings_resources_release after update of status on bookings
      when new.status = 'cancelled' begin ${release} end`.execute(db);
    await sql`create trigger bookings_resources_follow after update of start_at, end_at on bookings
      when new.status <> 'cancelled' and (old.start_at <> new.start_at or old.end_at <> new.end_at)
      begin ${follow} end`.execute(db);
  }

  await db.schema
    .alterTable('reviews')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('reviews_published_created').on('reviews').columns(['published', 'created_at']).execute();
}
