import { DateTime } from 'luxon';
import { badRequest } from '../../lib/errors.js';
import { isValidDate } from '../../lib/time.js';

/**
 * A report's `from`/`to` (both optional, `YYYY-MM-DD`, the salon's days, `to` inclusive up to
 * its last instant) in the two forms the tables need: UTC instants for `created_at` columns
 * and wall-clock text for `bookings.start_at`. Lower bounds inclusive, upper bounds exclusive
 * (the start of the day after `to`), so the last second of the `to` day is inside.
 */
export interface ReportRange {
  /** inclusive UTC ISO instant, or null (no lower bound) */
  fromUtc: string | null;
  /** exclusive UTC ISO instant, or null (no upper bound) */
  toUtc: string | null;
  /** inclusive `YYYY-MM-DD 00:00:00` salon wall clock, or null */
  fromLocal: string | null;
  /** exclusive `YYYY-MM-DD 00:00:00` (the day after `to`), or null */
  toLocal: string | null;
}

export function parseRange(query: { from?: string; to?: string }, timezone: string): ReportRange {
  const details = (['from', 'to'] as const)
    .filter((field) => query[field] !== undefined && !isValidDate(query[field]))
    .map((field) => ({ field, message: 'must be a real date YYYY-MM-DD' }));
  if (details.length > 0) throw badRequest('validation_failed', 'Invalid report range', details);
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw badRequest('validation_failed', 'from must not be after to', [{ field: 'from', message: 'after to' }]);
  }
  const start = query.from === undefined ? null : DateTime.fromISO(query.from, { zone: timezone }).startOf('day');
  const end =
    query.to === undefined ? null : DateTime.fromISO(query.to, { zone: timezone }).startOf('day').plus({ days: 1 });
  return {
    fromUtc: start ? start.toUTC().toJSDate().toISOString() : null,
    toUtc: end ? end.toUTC().toJSDate().toISOString() : null,
    fromLocal: start ? start.toFormat('yyyy-MM-dd 00:00:00') : null,
    toLocal: end ? end.toFormat('yyyy-MM-dd 00:00:00') : null,
  };
}

/** Salon-zone `YYYY-MM-DD` plus `days`. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
}
