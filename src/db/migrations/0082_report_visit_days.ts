import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Retention over long periods. The report grouped every completed booking of its period per
 * client and looked up each client's visit before it: 4–7 s for 24 months of a busy salon.
 * `report_visit_days` holds one row per visit (a client's day, salon wall clock, with at least
 * one completed booking) with the client's visit before and after it and the days since the
 * one before. Every figure of a period is then a sum over the visits of the period, read from
 * one index range (report_visit_days_day) without grouping:
 *  - active clients: visits in the period whose previous visit is before it (or none);
 *  - returning clients: the active ones less the visits that are a client's first and whose
 *    next visit is after the period (or none);
 *  - the gaps and their days: the visits in the period that have a previous visit.
 *
 * Kept by triggers on bookings inside the writer's transaction, as the rollups of 0012 are: a
 * change of a booking's status, start or client re-derives the visit rows of the day it left and
 * the day it joined (whether a day stays a visit depends on the client's other bookings that
 * day), then the links of the visits on either side. Each statement is right whatever the
 * others did, so the order of old and new day does not matter.
 * On PostgreSQL the trigger fires after report_client_visits (name order), whose upsert of the
 * client's row already serialises writers of one client.
 */

/** Whole days from `earlier` to `later` (`YYYY-MM-DD`), null when `earlier` is null. */
function daysBetween(dialect: Dialect, later: string, earlier: string): string {
  return dialect === 'postgres'
    ? `(cast(${later} as date) - cast(${earlier} as date))`
    : `cast(julianday(${later}) - julianday(${earlier}) as integer)`;
}

/** The statements that bring the visit row of (client, day) and its neighbours' links in line. */
function resync(dialect: Dialect, client: string, day: string): string[] {
  const completedThatDay = `exists (
    select 1 from bookings b
    where b.status = 'completed' and b.client_id = ${client}
      and b.start_at >= ${day} || ' 00:00:00' and b.start_at <= ${day} || ' 23:59:59')`;
  const own = `(select v.day from report_visit_days v where v.client_id = ${client} and v.day = ${day})`;
  const before = `(select max(v.day) from report_visit_days v where v.client_id = ${client} and v.day < ${day})`;
  const after = `(select min(v.day) from report_visit_days v where v.client_id = ${client} and v.day > ${day})`;
  return [
    `delete from report_visit_days where client_id = ${client} and day = ${day} and not ${completedThatDay}`,
    `insert into report_visit_days (client_id, day, prev_day, next_day, gap_days)
     select ${client}, ${day}, p.day, ${after}, ${daysBetween(dialect, day, 'p.day')}
     from (select ${before} as day) as p
     where ${completedThatDay} and not exists ${own}`,
    // The visit before links to this day when it is a visit, else to the one after it.
    `update report_visit_days set next_day = coalesce(${own}, ${after})
     where client_id = ${client} and day = ${before}`,
    `update report_visit_days
     set prev_day = coalesce(${own}, ${before}), gap_days = ${daysBetween(dialect, 'day', `coalesce(${own}, ${before})`)}
     where client_id = ${client} and day = ${after}`,
  ];
}

/**
 * Fills the table from the completed bookings already there, each visit linked by a window over
 * its client's (the migration; tests compare it with what the triggers keep).
 */
export async function backfillReportVisitDays(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  dialect: Dialect,
): Promise<void> {
  await sql
    .raw(
      `insert into report_visit_days (client_id, day, prev_day, next_day, gap_days)
       select client_id, day, prev_day, next_day, ${daysBetween(dialect, 'day', 'prev_day')}
       from (
         select client_id, day,
           lag(day) over (partition by client_id order by day) as prev_day,
           lead(day) over (partition by client_id order by day) as next_day
         from (select distinct client_id, substr(start_at, 1, 10) as day from bookings where status = 'completed') as v
       ) as w`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('report_visit_days')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('prev_day', 'text')
    .addColumn('next_day', 'text')
    .addColumn('gap_days', 'integer')
    .addPrimaryKeyConstraint('report_visit_days_pk', ['client_id', 'day'])
    .execute();

  await backfillReportVisitDays(db, dialect);
  // A period's visits with every column its figures read, from the index alone.
  await db.schema
    .createIndex('report_visit_days_day')
    .on('report_visit_days')
    .columns(['day', 'prev_day', 'next_day', 'gap_days'])
    .execute();

  const days = (row: 'old' | 'new') => resync(dialect, `${row}.client_id`, `substr(${row}.start_at, 1, 10)`);
  if (dialect === 'postgres') {
    const block = (condition: string, row: 'old' | 'new') =>
      `if ${condition} then ${days(row)
        .map((statement) => `${statement};`)
        .join('\n')} end if;`;
    await sql
      .raw(
        `create function report_visit_days_change() returns trigger language plpgsql as $$
         begin
           ${block(`tg_op in ('UPDATE', 'DELETE') and old.status = 'completed'`, 'old')}
           ${block(`tg_op in ('INSERT', 'UPDATE') and new.status = 'completed'`, 'new')}
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger report_visit_days after insert or delete or update of status, start_at, client_id
         on bookings for each row execute function report_visit_days_change()`,
      )
      .execute(db);
    return;
  }
  const body = (row: 'old' | 'new') =>
    days(row)
      .map((statement) => `${statement};`)
      .join('\n');
  const statements = [
    `create trigger report_visit_days_insert after insert on bookings when new.status = 'completed'
     begin ${body('new')} end`,
    `create trigger report_visit_days_update after update of status, start_at, client_id on bookings
     when old.status = 'completed' or new.status = 'completed'
     begin ${body('old')} ${body('new')} end`,
    `create trigger report_visit_days_delete after delete on bookings when old.status = 'completed'
     begin ${body('old')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
