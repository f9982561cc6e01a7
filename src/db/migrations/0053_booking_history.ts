import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * `booking_history`: what happened to a booking, kept for as long as the booking (the change
 * log of 0041 is pruned after a day and says only which views went stale). One row when the
 * booking is created and one per change of its times, status, staff member, service, notes or
 * internal notes, written by triggers on `bookings` in the transaction of the change, so no
 * path that writes a booking can forget it and a change that rolls back leaves nothing.
 *
 * A row holds the tracked fields before (`old_*`, null for `created`) and after (`new_*`), and
 * whether each kind of notes changed (their text is not copied: notes may be erased).
 *
 * Who made the change: a trigger cannot know the signed-in user, so a write that knows it puts
 * one row in `booking_history_actor` at the start of its transaction and deletes it before the
 * commit: `user:<id>` for a desk, `client` for the client's own links. Such a row is never
 * committed, so no other transaction sees it (PostgreSQL shows a transaction its own rows
 * only; SQLite has one writer at a time). A change made with no row is the system's (jobs,
 * expiring holds and deposits); a creation falls back on the booking's `created_by` (null: the
 * booking page, the client).
 */

const TRACKED = ['start_at', 'end_at', 'status', 'staff_id', 'service_id', 'notes', 'internal_notes'];

const HISTORY_COLUMNS = `booking_id, kind, actor,
  old_start_at, old_end_at, old_status, old_staff_id, old_service_id,
  new_start_at, new_end_at, new_status, new_staff_id, new_service_id,
  notes_changed, internal_notes_changed, created_at`;

const ACTOR = '(select actor from booking_history_actor limit 1)';
const CREATOR = `case when new.created_by is null then 'client' else 'user:' || new.created_by end`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('booking_history')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('booking_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('old_start_at', 'text')
    .addColumn('old_end_at', 'text')
    .addColumn('old_status', 'text')
    .addColumn('old_staff_id', 'integer')
    .addColumn('old_service_id', 'integer')
    .addColumn('new_start_at', 'text', (c) => c.notNull())
    .addColumn('new_end_at', 'text', (c) => c.notNull())
    .addColumn('new_status', 'text', (c) => c.notNull())
    .addColumn('new_staff_id', 'integer', (c) => c.notNull())
    .addColumn('new_service_id', 'integer', (c) => c.notNull())
    .addColumn('notes_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('internal_notes_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_history_booking').on('booking_history').columns(['booking_id', 'id']).execute();
  // A key of its own (never a unique actor: two transactions of one user must not wait on each other).
  await db.schema
    .createTable('booking_history_actor')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('actor', 'text', (c) => c.notNull())
    .execute();

  if (dialect === 'postgres') {
    const now = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const changed = `(${TRACKED.map((c) => `old.${c}`).join(', ')}) is distinct from (${TRACKED.map((c) => `new.${c}`).join(', ')})`;
    await sql
      .raw(
        `create function booking_history_log() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into booking_history (${HISTORY_COLUMNS})
          values (new.id, 'created', coalesce(${ACTOR}, ${CREATOR}),
            null, null, null, null, null,
            new.start_at, new.end_at, new.status, new.staff_id, new.service_id, 0, 0, ${now});
        elsif ${changed} then
          insert into booking_history (${HISTORY_COLUMNS})
          values (new.id, 'changed', ${ACTOR},
            old.start_at, old.end_at, old.status, old.staff_id, old.service_id,
            new.start_at, new.end_at, new.status, new.staff_id, new.service_id,
            case when old.notes is distinct from new.notes then 1 else 0 end,
            case when old.internal_notes is distinct from new.internal_notes then 1 else 0 end, ${now});
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`
      create trigger booking_history_log after insert or update on bookings
      for each row execute function booking_history_log()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  // The version's own UPDATE (0041's trigger) changes none of the tracked fields, so it is not logged.
  const changed = TRACKED.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql
    .raw(
      `create trigger booking_history_created after insert on bookings
      for each row
      begin
        insert into booking_history (${HISTORY_COLUMNS})
        values (new.id, 'created', coalesce(${ACTOR}, ${CREATOR}),
          null, null, null, null, null,
          new.start_at, new.end_at, new.status, new.staff_id, new.service_id, 0, 0, ${now});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger booking_history_changed after update on bookings
      for each row when ${changed}
      begin
        insert into booking_history (${HISTORY_COLUMNS})
        values (new.id, 'changed', ${ACTOR},
          old.start_at, old.end_at, old.status, old.staff_id, old.service_id,
          new.start_at, new.end_at, new.status, new.staff_id, new.service_id,
          old.notes is not new.notes, old.internal_notes is not new.internal_notes, ${now});
      end`,
    )
    .execute(db);
}
