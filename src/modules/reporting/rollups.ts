import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Splitting a report range between the monthly rollups (migration 0012) and the source rows.
 * The whole months inside [lower, upper) are read from the rollup tables; the partial months at
 * either edge, at most two short ranges, from the source rows through their range indexes.
 * So a report over five years reads about sixty rollup rows per key plus a few days of orders,
 * and the answer is the same as summing every source row.
 *
 * Bounds are text in the column's own format: UTC instants (`2026-01-31T23:00:00.000Z`) for
 * `created_at`, salon wall clock (`2026-02-01 00:00:00`) for `bookings.start_at`. Months are
 * `YYYY-MM`, the first seven characters of either.
 */

export type BoundFormat = 'instant' | 'wallclock';

export interface RangeSplit {
  /** Rollup months to read, `from` inclusive and `to` exclusive (null: unbounded); null: none. */
  months: { from: string | null; to: string | null } | null;
  /** Source-row ranges [start, end) to read as well. */
  edges: [string, string][];
}

function monthStart(month: string, format: BoundFormat): string {
  return format === 'instant' ? `${month}-01T00:00:00.000Z` : `${month}-01 00:00:00`;
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 12 ? `${year + 1}-01` : `${month.slice(0, 4)}-${String(number + 1).padStart(2, '0')}`;
}

export function splitRange(lower: string | null, upper: string | null, format: BoundFormat): RangeSplit {
  // The first whole month at or after lower, and the month holding upper (exclusive end).
  const first =
    lower === null
      ? null
      : lower === monthStart(lower.slice(0, 7), format)
        ? lower.slice(0, 7)
        : nextMonth(lower.slice(0, 7));
  const end = upper === null ? null : upper.slice(0, 7);
  if (first !== null && end !== null && first >= end) {
    return { months: null, edges: lower !== null && upper !== null && lower < upper ? [[lower, upper]] : [] };
  }
  const edges: [string, string][] = [];
  if (lower !== null && first !== null && lower < monthStart(first, format)) {
    edges.push([lower, monthStart(first, format)]);
  }
  if (upper !== null && end !== null && monthStart(end, format) < upper) {
    edges.push([monthStart(end, format), upper]);
  }
  return { months: { from: first, to: end }, edges };
}

/**
 * The rows of a split: the rollup part (when it has months) and one source part per edge,
 * as UNION ALL. One branch per edge rather than an OR of ranges, which SQLite would answer
 * by reading the whole index instead of two short ranges. `empty` stands in when there is
 * nothing to read.
 */
export function splitRows(
  split: RangeSplit,
  rollup: RawBuilder<unknown>,
  edge: (start: string, end: string) => RawBuilder<unknown>,
  empty: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = [...(split.months === null ? [] : [rollup]), ...split.edges.map(([start, end]) => edge(start, end))];
  return parts.length === 0 ? empty : sql.join(parts, sql` union all `);
}

/** `month` inside the split's rollup months (false when it has none). */
export function inMonths(column: Expression<string>, split: RangeSplit): Expression<SqlBool> {
  if (split.months === null) return sql<SqlBool>`1 = 0`;
  const { from, to } = split.months;
  if (from !== null && to !== null) return sql<SqlBool>`(${column} >= ${from} and ${column} < ${to})`;
  if (from !== null) return sql<SqlBool>`${column} >= ${from}`;
  if (to !== null) return sql<SqlBool>`${column} < ${to}`;
  return sql<SqlBool>`1 = 1`;
}

/** A source-row range [start, end) added to (+1) or taken off (−1) the rollup months. */
export interface SignedEdge {
  start: string;
  end: string;
  sign: 1 | -1;
}

/** Months `from` inclusive, `to` exclusive, and the signed corrections at either end. */
export interface NearSplit {
  months: { from: string; to: string } | null;
  edges: SignedEdge[];
}

/** A bound as milliseconds (wall clock read as if UTC: only differences within one format count). */
const millis = (bound: string) => Date.parse(bound.endsWith('Z') ? bound : `${bound.replace(' ', 'T')}Z`);

/** Milliseconds from one bound to another of the same format. */
const span = (from: string, to: string) => millis(to) - millis(from);

/** The month start nearest to a bound: its own month's, or the next one's when that is closer. */
function nearestMonth(bound: string, format: BoundFormat): string {
  const own = bound.slice(0, 7);
  const next = nextMonth(own);
  return span(monthStart(own, format), bound) <= span(bound, monthStart(next, format)) ? own : next;
}

/**
 * Like splitRange, for a bounded range, but each bound snaps to its nearest month start, so a
 * range whose ends lie just before month starts (a salon month of Amsterdam starts at 23:00 or
 * 22:00 UTC the day before) is still read from the rollup: its months, plus the hour before the
 * first one, minus the hour before the end. Sums only (figures that add and subtract), and only
 * when that reads fewer source rows' time than the range itself; otherwise the range as one edge.
 */
export function nearSplit(lower: string, upper: string, format: BoundFormat): NearSplit {
  const first = nearestMonth(lower, format);
  const end = nearestMonth(upper, format);
  const whole: NearSplit = { months: null, edges: lower < upper ? [{ start: lower, end: upper, sign: 1 }] : [] };
  if (first >= end) return whole;
  const edges: SignedEdge[] = [];
  let read = 0;
  const correct = (bound: string, month: string, startSign: 1 | -1) => {
    const start = monthStart(month, format);
    if (bound < start) edges.push({ start: bound, end: start, sign: startSign });
    else if (start < bound) edges.push({ start, end: bound, sign: startSign === 1 ? -1 : 1 });
    read += Math.abs(span(bound, start));
  };
  // Before the first month: the range's own time is added, time outside it taken off.
  correct(lower, first, 1);
  // Before the end month: time past the range taken off, the range's own added.
  correct(upper, end, -1);
  if (read >= span(lower, upper)) return whole;
  return { months: { from: first, to: end }, edges };
}

/** The rows of a NearSplit: the rollup's months and every edge, each with its sign. */
export function nearRows(
  split: NearSplit,
  rollup: (months: { from: string; to: string }) => RawBuilder<unknown>,
  edge: (start: string, end: string, sign: 1 | -1) => RawBuilder<unknown>,
  empty: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = [
    ...(split.months === null ? [] : [rollup(split.months)]),
    ...split.edges.map(({ start, end, sign }) => edge(start, end, sign)),
  ];
  return parts.length === 0 ? empty : sql.join(parts, sql` union all `);
}
