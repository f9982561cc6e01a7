import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { parseRange } from './range.js';
import { netSalesRows } from './sales.js';

/*
 * `sales-series` (an extension): the revenue of each week or month of a period in one answer,
 * for the revenue chart, which otherwise asked for a sales summary per bucket (up to 24 requests
 * a screen). Each bucket is summed exactly as `sales-summary` sums its range (netSalesRows: the
 * monthly rollup's whole months, the orders and refunds of the edges), all buckets in one
 * statement: a UNION ALL of the buckets' rows, each labelled, grouped by label.
 */

export type SeriesInterval = 'week' | 'month';

/** More buckets than this is refused: ten years of months, about two and a half of weeks. */
export const MAX_BUCKETS = 120;

export interface Bucket {
  from: string;
  to: string;
}

const day = (date: DateTime) => date.toFormat('yyyy-MM-dd');

/**
 * The period's buckets, salon days, both ends inclusive: seven days at a time from `from`
 * (`week`), or calendar months (`month`), the first and last cut at the period's ends.
 */
export function seriesBuckets(from: string, to: string, interval: SeriesInterval): Bucket[] {
  const end = DateTime.fromISO(to, { zone: 'utc' });
  const buckets: Bucket[] = [];
  for (let start = DateTime.fromISO(from, { zone: 'utc' }); start <= end;) {
    const last = interval === 'week' ? start.plus({ days: 6 }) : start.endOf('month').startOf('day');
    buckets.push({ from: day(start), to: day(last < end ? last : end) });
    if (buckets.length > MAX_BUCKETS) {
      throw badRequest('validation_failed', `At most ${MAX_BUCKETS} buckets`, [
        { field: 'from', message: `the period has more than ${MAX_BUCKETS} ${interval}s: choose a shorter one` },
      ]);
    }
    start = last.plus({ days: 1 });
  }
  return buckets;
}

export async function salesSeries(
  db: Executor,
  query: { from: string; to: string; interval?: SeriesInterval },
  timezone: string,
) {
  // The period checked as every report's range is (real days, from not after to).
  parseRange(query, timezone);
  const interval = query.interval ?? 'month';
  const buckets = seriesBuckets(query.from, query.to, interval);
  const parts = buckets.map(
    (bucket, at) =>
      sql`select ${sql.lit(at)} as bucket, revenue from (${netSalesRows(parseRange(bucket, timezone))}) as b${sql.raw(String(at))}`,
  );
  const result = await sql<{ bucket: number | string; cents: number | string | null }>`
    select bucket, sum(revenue) as cents from (${sql.join(parts, sql` union all `)}) as s group by bucket`.execute(db);
  const cents = new Map(result.rows.map((row) => [Number(row.bucket), Number(row.cents ?? 0)]));
  const of = (at: number) => cents.get(at) ?? 0;
  return {
    interval,
    from: query.from,
    to: query.to,
    total_sales: fromCents(buckets.reduce((sum, _, at) => sum + of(at), 0)),
    buckets: buckets.map((bucket, at) => ({ ...bucket, total_sales: fromCents(of(at)) })),
  };
}
