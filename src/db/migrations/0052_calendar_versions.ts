import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * `calendar_versions`: a number per calendar date that every change of what the calendar's
 * reads show of that date raises, so a process may keep a day view or a week's bookings and
 * serve them again until the numbers of their dates move (bookings/calendar-cache.ts).
 *
 * - scope `YYYY-MM-DD`: raised by every insert, update and delete of a booking or a resource
 *   hold (`booking_resources`), for the dates of its start and its end, before and after;
 * - scope `*`: raised by every change of what all dates show: staff members (added, removed,
 *   renamed, made inactive or not bookable), clients' and services' names (and clients'
 *   emails), shifts, default shifts, time off, opening hours, holidays and resources.
 *   The settings are not here: their row has its own version (migration 0029).
 *
 * Triggers, not the code that writes: the tables are written from many places (the desk, the
 * booking page, jobs, imports, erasure, an operator in psql, another process), and a path
 * that forgot would leave a stale calendar served for as long as nothing else moved.
 *
 * Why a counter and not the booking change log's `seq` (0041): on PostgreSQL two transactions
 * take their `seq` in one order and may commit in the other, so the log's newest `seq` can be
 * seen while an older one is still to commit; a view kept under that `seq` would then stay
 * stale. A counter row is raised under its row lock, so the number read is the number of
 * committed changes. Writes to one date wait on each other's commit for that row only; the
 * dates of one change are raised in date order, so two changes of the same two dates never
 * take them in opposite orders.
 */

const DAY_TABLES = ['bookings', 'booking_resources'] as const;

/** The tables whose every change moves every date, with the columns whose update does (null: any). */
const WIDE_TABLES: ReadonlyArray<{ table: string; columns: string[] | null; insert: boolean }> = [
  { table: 'users', columns: ['name', 'active', 'bookable'], insert: true },
  { table: 'clients', columns: ['name', 'email'], insert: false },
  { table: 'services', columns: ['name'], insert: false },
  { table: 'shifts', columns: null, insert: true },
  { table: 'default_shifts', columns: null, insert: true },
  { table: 'time_off', columns: null, insert: true },
  { table: 'opening_hours', columns: null, insert: true },
  { table: 'holidays', columns: null, insert: true },
  { table: 'resources', columns: null, insert: true },
];

const dates = (row: string) => [`substr(${row}.start_at, 1, 10)`, `substr(${row}.end_at, 1, 10)`];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('calendar_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const raiseWide = `insert into calendar_versions (scope, version) values ('*', 1)
    on conflict (scope) do update set version = calendar_versions.version + 1;`;

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function calendar_versions_dates() returns trigger language plpgsql as $$
        declare
          touched text[] := '{}';
        begin
          if tg_op <> 'DELETE' then touched := touched || array[${dates('new').join(', ')}]; end if;
          if tg_op <> 'INSERT' then touched := touched || array[${dates('old').join(', ')}]; end if;
          insert into calendar_versions (scope, version)
            select distinct day, 1 from unnest(touched) as day order by 1
            on conflict (scope) do update set version = calendar_versions.version + 1;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function calendar_versions_wide() returns trigger language plpgsql as $$
        begin
          ${raiseWide}
          return null;
        end $$`,
      )
      .execute(db);
    for (const table of DAY_TABLES) {
      await sql
        .raw(
          `create trigger calendar_versions_dates after insert or update or delete on ${table}
          for each row execute function calendar_versions_dates()`,
        )
        .execute(db);
    }
    for (const { table, columns, insert } of WIDE_TABLES) {
      await sql
        .raw(
          `create trigger calendar_versions_wide_rows after delete${insert ? ' or insert' : ''} on ${table}
          for each row execute function calendar_versions_wide()`,
        )
        .execute(db);
      const when = columns ? ` when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})` : '';
      await sql
        .raw(
          `create trigger calendar_versions_wide_update after update on ${table}
          for each row${when} execute function calendar_versions_wide()`,
        )
        .execute(db);
    }
    return;
  }

  // SQLite: one trigger per operation; writes are serialised, so no order is needed. `where
  // true` keeps SQLite's parser from reading the upsert's `on conflict` as a join's `on`.
  const raiseDates = (rows: string[]) =>
    `insert into calendar_versions (scope, version)
      select day, 1 from (${rows
        .flatMap(dates)
        .map((date, i) => (i === 0 ? `select ${date} as day` : `select ${date}`))
        .join(' union ')}) where true
      on conflict (scope) do update set version = calendar_versions.version + 1;`;
  for (const table of DAY_TABLES) {
    const triggers: Array<[string, string[]]> = [
      ['insert', ['new']],
      ['update', ['old', 'new']],
      ['delete', ['old']],
    ];
    for (const [operation, rows] of triggers) {
      await sql
        .raw(
          `create trigger calendar_versions_dates_${table}_${operation} after ${operation} on ${table}
          for each row begin ${raiseDates(rows)} end`,
        )
        .execute(db);
    }
  }
  for (const { table, columns, insert } of WIDE_TABLES) {
    const operations = insert ? ['insert', 'update', 'delete'] : ['update', 'delete'];
    for (const operation of operations) {
      const when =
        operation === 'update' && columns ? ` when ${columns.map((c) => `old.${c} is not new.${c}`).join(' or ')}` : '';
      await sql
        .raw(
          `create trigger calendar_versions_wide_${table}_${operation} after ${operation} on ${table}
          for each row${when} begin ${raiseWide} end`,
        )
        .execute(db);
    }
  }
}
