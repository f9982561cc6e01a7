import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * `booking_changes`: the log of what changed in the calendar, one row per booking created or
 * changed, written by triggers on `bookings` in the transaction of the change (so every path
 * that writes a booking is in it, and a change that rolls back leaves nothing). The desks'
 * live event stream reads it: `seq` is the event id a reconnecting desk resumes from. A row
 * carries what a desk needs to know which of its views are stale, never the client's data:
 *
 * - `kind`: created, moved (times or staff member), status, or updated (anything else);
 * - `days`: the dates the booking touched before and after (start and end, comma-separated);
 * - `staff_ids`, `location_ids`: before and after, comma-separated (a location may be empty).
 *
 * On PostgreSQL the trigger also sends the row as a NOTIFY on channel `booking_changes`:
 * delivered at commit, in commit order, to every API process listening, so a change made
 * through one process reaches the desks connected to another. SQLite is one process, which
 * reads the log.
 *
 * On SQLite the version's trigger (0040) is replaced by one that raises the version and logs
 * the change together: a second AFTER UPDATE trigger would see the version's own UPDATE as
 * another change.
 */

const TEXT_DATES = (row: string) => `substr(${row}.start_at, 1, 10) || ',' || substr(${row}.end_at, 1, 10)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('booking_changes')
    .addColumn('seq', 'integer', primaryId(dialect))
    .addColumn('booking_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('staff_ids', 'text', (c) => c.notNull())
    .addColumn('location_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_changes_created').on('booking_changes').column('created_at').execute();

  const kind = `case
      when old.status <> new.status then 'status'
      when old.start_at <> new.start_at or old.end_at <> new.end_at or old.staff_id <> new.staff_id then 'moved'
      else 'updated' end`;
  if (dialect === 'postgres') {
    const location = (row: string) => `coalesce(${row}.location_id::text, '')`;
    await sql
      .raw(
        `create function booking_changes_log() returns trigger language plpgsql as $$
      declare
        change booking_changes%rowtype;
      begin
        insert into booking_changes (booking_id, version, kind, days, staff_ids, location_ids, created_at)
        values (
          new.id,
          new.version,
          case when tg_op = 'INSERT' then 'created' else ${kind} end,
          case when tg_op = 'INSERT' then ${TEXT_DATES('new')} else ${TEXT_DATES('old')} || ',' || ${TEXT_DATES('new')} end,
          case when tg_op = 'INSERT' then new.staff_id::text else old.staff_id::text || ',' || new.staff_id::text end,
          case when tg_op = 'INSERT' then ${location('new')} else ${location('old')} || ',' || ${location('new')} end,
          to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        )
        returning * into change;
        perform pg_notify('booking_changes', row_to_json(change)::text);
        return null;
      end $$`,
      )
      .execute(db);
    // AFTER: the version is already raised by the BEFORE trigger of 0040.
    await sql`
      create trigger z_booking_changes_log after insert or update on bookings
      for each row execute function booking_changes_log()`.execute(db);
    return;
  }
  const location = (row: string) => `coalesce(${row}.location_id, '')`;
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  await sql`drop trigger booking_version_bump`.execute(db);
  await sql
    .raw(
      `create trigger booking_version_bump after update on bookings
      for each row when new.version = old.version
      begin
        update bookings set version = old.version + 1 where id = old.id;
        insert into booking_changes (booking_id, version, kind, days, staff_ids, location_ids, created_at)
        values (new.id, old.version + 1, ${kind}, ${TEXT_DATES('old')} || ',' || ${TEXT_DATES('new')},
          old.staff_id || ',' || new.staff_id, ${location('old')} || ',' || ${location('new')}, ${now});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger booking_changes_created after insert on bookings
      for each row
      begin
        insert into booking_changes (booking_id, version, kind, days, staff_ids, location_ids, created_at)
        values (new.id, new.version, 'created', ${TEXT_DATES('new')}, new.staff_id, ${location('new')}, ${now});
      end`,
    )
    .execute(db);
}
