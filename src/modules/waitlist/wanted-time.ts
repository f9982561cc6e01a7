import { badRequest } from '../../lib/errors.js';
import { isValidDate, todayIn } from '../../lib/time.js';

/*
 * The date and time window an entry waits for: a real day, today or later, and a window that
 * could match a slot.
 */

export function requireRealDate(date: string): string {
  if (!isValidDate(date)) throw badRequest('invalid_date', `${date} is not a real date`);
  return date;
}

/** A wanted date is a real day, today or later in the salon's zone. */
export function requireFutureDate(date: string, timezone: string): string {
  requireRealDate(date);
  if (date < todayIn(timezone)) throw badRequest('date_in_past', 'The wanted date is in the past');
  return date;
}

/** HH:MM text compares in time order; an empty window (from ≥ to) could never match a slot. */
export function requireWindow(from: string | null, to: string | null): void {
  if (from !== null && to !== null && from >= to) {
    throw badRequest('invalid_time_window', '`time_from` must be before `time_to`');
  }
}
