import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * `bookings.version`: a number that every change of a booking row raises by one, so that a
 * desk that moves or edits a booking can say which version it saw, and the service can refuse
 * the write when the booking changed meanwhile (409 `booking_changed`) instead of silently
 * overwriting the newer change.
 *
 * A trigger raises it, not the code that writes: a booking is written from many places (the
 * desk, the booking page, the client's email links, deposits, holds, erasure), and a path that
 * forgot to raise it would let a stale view overwrite that path's change unnoticed.
 *
 * - PostgreSQL: BEFORE UPDATE, the new row gets the old version plus one, whatever it set.
 * - SQLite: AFTER UPDATE when the statement left the version as it was, one more UPDATE of
 *   that row raises it (that UPDATE changes the version, so the WHEN stops it from firing
 *   again even with recursive triggers on).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  if (dialect === 'postgres') {
    await sql`
      create function booking_version_bump() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger booking_version_bump before update on bookings
      for each row execute function booking_version_bump()`.execute(db);
  } else {
    await sql`
      create trigger booking_version_bump after update on bookings
      for each row when new.version = old.version
      begin
        update bookings set version = old.version + 1 where id = old.id;
      end`.execute(db);
  }
}
