import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import { addDays, type ReportRange } from './range.js';
import { clientNetSpentCents } from '../clients/service.js';

/*
 * `retention` (docs/api.md "Reports"). A visit is a day on which the client had at least one completed
 * booking (salon wall clock), so a cut and a colour on one afternoon are one visit.
 *  - active: clients with a visit in the range;
 *  - returning: active clients with at least two visits up to the end of the range (a second
 *    visit in the range, or an earlier one before it);
 *  - retention_rate: returning / active in percent, one decimal (0 without active clients);
 *  - avg_visit_days: mean number of days between a visit in the range and that client's
 *    previous visit, over all such gaps, one decimal (0 when nobody came twice);
 *  - churned: clients (not erased, not merged away) whose last visit up to the end of the
 *    range (today when `to` is left out) is at least churn_days days before that day; `from`
 *    does not narrow it. First 50 by name, with lifetime spend (paid POS orders minus their
 *    completed refunds, as the sales summary counts).
 *
 * The gaps of one client telescope: their sum is last visit in range − the visit before the
 * first one in range (or that first one itself, when there is none before), and their number
 * is visits in range − 1 (or visits in range, when there is an earlier one). So the mean comes
 * from four per-client aggregates in one grouped query, without a window over every booking.
 * All time reads them from report_client_visits (one row per client, kept by triggers,
 * migration 0012); a range sums report_visit_days (one row per visit with the client's visit
 * before and after it, migration 0082) over the visits in it: per client, the first visit in
 * the range is the one whose previous visit is before it, the gaps are the visits with a
 * previous one, and their days are summed as kept. Its cost grows with the visits in the
 * range, without grouping (bench/README.md has the figures).
 */

export const CHURNED_LIMIT = 50;
export const DEFAULT_CHURN_DAYS = 90;

/** Whole days from day `earlier` to day `later` (`YYYY-MM-DD` text), in each engine's calendar. */
function daysBetween(dialect: Dialect, later: RawBuilder<string>, earlier: RawBuilder<string>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(cast(${later} as date) - cast(${earlier} as date))`
    : sql<number>`cast(julianday(${later}) - julianday(${earlier}) as integer)`;
}

/** One decimal, half-up, of numerator / denominator (0 when the denominator is 0). */
function ratio1(numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Math.round((numerator * 10) / denominator) / 10;
}

interface VisitTotals {
  active_n: number;
  returning_n: number;
  span_days: number;
  gaps: number;
}

async function visitFigures(db: Executor, dialect: Dialect, range: ReportRange) {
  const span = (later: string, earlier: string) => daysBetween(dialect, sql.raw(later), sql.raw(earlier));
  let totals: VisitTotals | undefined;
  if (range.fromLocal === null && range.toLocal === null) {
    // All time: the per-client rollup the bookings triggers keep (migration 0012).
    const result = await sql<VisitTotals>`
      select
        count(*) as active_n,
        coalesce(sum(case when visit_days >= 2 then 1 else 0 end), 0) as returning_n,
        coalesce(sum(${span('last_day', 'first_day')}), 0) as span_days,
        coalesce(sum(visit_days - 1), 0) as gaps
      from report_client_visits
      where visit_days > 0`.execute(db);
    totals = result.rows[0];
  } else {
    // The visits of the range from report_visit_days (migration 0082), one index range, each
    // row carrying its client's visit before and after it: no grouping per client.
    const lower = range.fromLocal === null ? null : range.fromLocal.slice(0, 10);
    const upper = range.toLocal === null ? null : range.toLocal.slice(0, 10);
    // A visit is the client's first in the range when the one before is before the range (or
    // none); the only one up to the range's end when it has none before and none after inside.
    const firstInRange = lower === null ? sql`prev_day is null` : sql`(prev_day is null or prev_day < ${lower})`;
    const nextOutside = upper === null ? sql`next_day is null` : sql`(next_day is null or next_day >= ${upper})`;
    const result = await sql<VisitTotals & { single_n: number }>`
      select
        coalesce(sum(case when ${firstInRange} then 1 else 0 end), 0) as active_n,
        coalesce(sum(case when prev_day is null and ${nextOutside} then 1 else 0 end), 0) as single_n,
        coalesce(sum(gap_days), 0) as span_days,
        coalesce(sum(case when prev_day is not null then 1 else 0 end), 0) as gaps
      from report_visit_days
      where 1 = 1 ${lower === null ? sql`` : sql`and day >= ${lower}`} ${upper === null ? sql`` : sql`and day < ${upper}`}`.execute(
      db,
    );
    const row = result.rows[0];
    totals = row && {
      active_n: row.active_n,
      returning_n: Number(row.active_n) - Number(row.single_n),
      span_days: row.span_days,
      gaps: row.gaps,
    };
  }
  return {
    active: Number(totals?.active_n ?? 0),
    returning: Number(totals?.returning_n ?? 0),
    spanDays: Number(totals?.span_days ?? 0),
    gaps: Number(totals?.gaps ?? 0),
  };
}

async function churnedClients(db: Executor, asOf: string, churnDays: number) {
  const end = `${addDays(asOf, 1)} 00:00:00`;
  // A visit on this day or earlier is at least churn_days days before asOf.
  const cutoff = `${addDays(asOf, 1 - churnDays)} 00:00:00`;
  const rows = await db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.email',
      eb
        .selectFrom('bookings as b')
        .select((inner) => inner.fn.max('b.start_at').as('last'))
        .whereRef('b.client_id', '=', 'c.id')
        .where('b.status', '=', 'completed')
        .where('b.start_at', '<', cutoff)
        .as('last_booking'),
      clientNetSpentCents(eb.ref('c.id')).as('total_spent'),
    ])
    .where('c.erased_at', 'is', null)
    .where('c.merged_into_id', 'is', null)
    .where((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.client_id', '=', 'c.id')
            .where('b.status', '=', 'completed')
            .where('b.start_at', '<', cutoff),
        )
        .and(
          eb.not(
            eb.exists(
              eb
                .selectFrom('bookings as b')
                .select('b.id')
                .whereRef('b.client_id', '=', 'c.id')
                .where('b.status', '=', 'completed')
                .where('b.start_at', '>=', cutoff)
                .where('b.start_at', '<', end),
            ),
          ),
        ),
    )
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .limit(CHURNED_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    last_booking: String(row.last_booking),
    total_spent: fromCents(Number(row.total_spent ?? 0)),
  }));
}

export async function retention(db: Executor, dialect: Dialect, range: ReportRange, asOf: string, churnDays: number) {
  const [figures, churned] = await Promise.all([visitFigures(db, dialect, range), churnedClients(db, asOf, churnDays)]);
  return {
    active_count: figures.active,
    returning_count: figures.returning,
    retention_rate: ratio1(figures.returning * 100, figures.active),
    avg_visit_days: ratio1(figures.spanDays, figures.gaps),
    churned,
    churn_days: churnDays,
  };
}
