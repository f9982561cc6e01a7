import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Hot paths measured by the benchmark (bench/README.md), on 2,000,000 bookings:
 *
 * 1. GET /bookings?page=… answered its `total` with count(*) over every non-cancelled booking:
 *    ~170 ms a request on SQLite, whatever the page. `booking_counts` keeps that number per
 *    staff member and status, maintained by triggers on every insert, delete and change of
 *    staff or status, so no code path can forget it; the total is a sum over a few hundred
 *    rows. Per staff member, so the staff-only agenda count reads its own rows too, and so
 *    concurrent bookings touch the counter row of their own staff member only, whose row they
 *    lock anyway (no double booking).
 * 2. Availability and the double-booking check read a staff member's bookings of a day by
 *    (staff_id, start_at) and then need end_at and status: with those in the index the range
 *    is read from the index alone instead of one table lookup per booking. It replaces
 *    bookings_staff_start, of which it is an extension.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('booking_counts')
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_counts_pk', ['staff_id', 'status'])
    .execute();

  const increment = (row: 'new') =>
    sql.raw(
      `insert into booking_counts (staff_id, status, n) values (${row}.staff_id, ${row}.status, 1)
     on conflict (staff_id, status) do update set n = booking_counts.n + 1;`,
    );
  const decrement = (row: 'old') =>
    sql.raw(`update booking_counts set n = n - 1 where staff_id = ${row}.staff_id and status = ${row}.status;`);
  const changed = sql.raw('old.staff_id <> new.staff_id or old.status <> new.status');

  if (dialect === 'postgres') {
    await sql`
      create function booking_counts_track() returns trigger language plpgsql as $$
      begin
        -- The two counter rows of a change in (staff_id, status) order: two bookings of one
        -- member flipped in opposite directions at once (scheduled ↔ no-show) would otherwise
        -- lock them in opposite orders and deadlock.
        if tg_op = 'UPDATE' and (new.staff_id, new.status) < (old.staff_id, old.status) then
          ${increment('new')}
          ${decrement('old')}
          return null;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then ${decrement('old')} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${increment('new')} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger bookings_count_insert after insert on bookings
      for each row execute function booking_counts_track()`.execute(db);
    await sql`create trigger bookings_count_delete after delete on bookings
      for each row execute function booking_counts_track()`.execute(db);
    await sql`create trigger bookings_count_update after update of staff_id, status on bookings
      for each row when (${changed}) execute function booking_counts_track()`.execute(db);
  } else {
    await sql`create trigger bookings_count_insert after insert on bookings
      begin ${increment('new')} end`.execute(db);
    await sql`create trigger bookings_count_delete after delete on bookings
      begin ${decrement('old')} end`.execute(db);
    await sql`create trigger bookings_count_update after update of staff_id, status on bookings
      when ${changed} begin ${decrement('old')} ${increment('new')} end`.execute(db);
  }
  await sql`
    insert into booking_counts (staff_id, status, n)
    select staff_id, status, count(*) from bookings group by staff_id, status`.execute(db);

  await db.schema
    .createIndex('bookings_staff_start_cover')
    .on('bookings')
    .columns(['staff_id', 'start_at', 'end_at', 'status'])
    .execute();
  await db.schema.dropIndex('bookings_staff_start').execute();
}
