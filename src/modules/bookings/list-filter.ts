import { DateTime } from 'luxon';
import { badRequest, type FieldError } from '../../lib/errors.js';
import { isValidDate, parseLocalDateTime } from '../../lib/time.js';
import type { BookingListFilter, BookingStatusValue } from './schemas.js';

/*
 * The filters of GET /api/bookings, checked and put in the form the query needs. Every bound
 * is on start_at, so each combination is one range of an index: (start_at, id) alone,
 * (staff_id, start_at, …) per staff member, (client_id, start_at), (location_id, start_at).
 */

export const MAX_STAFF_IDS = 100;
const STATUSES: readonly BookingStatusValue[] = ['scheduled', 'provisional', 'completed', 'cancelled', 'no-show'];
const MAX_ID = 2_147_483_647;

export interface BookingFilter {
  /** inclusive wall clock `YYYY-MM-DD HH:MM:SS` */
  from: string | null;
  /** `toExclusive`: a date `to` is the start of the next day, compared with `<`. */
  to: string | null;
  toExclusive: boolean;
  staffIds: number[] | null;
  clientId: number | null;
  /** null: every status but cancelled. */
  statuses: BookingStatusValue[] | null;
  locationId: number | null;
}

function bound(value: string, field: 'from' | 'to', details: FieldError[]): { at: string; date: boolean } | null {
  const text = value.trim();
  if (isValidDate(text)) return { at: `${text} 00:00:00`, date: true };
  const at = parseLocalDateTime(text);
  if (at) return { at, date: false };
  details.push({ field, message: 'must be a real date YYYY-MM-DD or datetime YYYY-MM-DD HH:MM[:SS]' });
  return null;
}

/** Repeated parameters and comma-separated ones alike, in order of appearance, without duplicates. */
function items(values: string[] | undefined): string[] {
  return [...new Set((values ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()))].filter(
    (value) => value !== '',
  );
}

/** The query's filters, or 400 `validation_failed` naming each bad one. */
export function parseBookingFilter(query: BookingListFilter): BookingFilter {
  const details: FieldError[] = [];
  const from = query.from === undefined ? null : bound(query.from, 'from', details);
  const to = query.to === undefined ? null : bound(query.to, 'to', details);
  // A date `to` is the whole of that day: start_at before the next midnight.
  const toAt =
    to === null
      ? null
      : to.date
        ? `${DateTime.fromISO(to.at.slice(0, 10), { zone: 'utc' }).plus({ days: 1 }).toFormat('yyyy-MM-dd')} 00:00:00`
        : to.at;
  if (from && toAt && (to?.date ? from.at >= toAt : from.at > toAt)) {
    details.push({ field: 'from', message: 'must not be after to' });
  }

  let staffIds: number[] | null = null;
  if (query.staff_id !== undefined) {
    staffIds = items(query.staff_id).map(Number);
    if (staffIds.length === 0 || staffIds.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) {
      details.push({ field: 'staff_id', message: 'must be staff ids (positive integers)' });
    } else if (staffIds.length > MAX_STAFF_IDS) {
      details.push({ field: 'staff_id', message: `must name at most ${MAX_STAFF_IDS} staff members` });
    }
  }

  let statuses: BookingStatusValue[] | null = null;
  if (query.status !== undefined) {
    const named = items(query.status);
    if (named.length === 0 || named.some((status) => !STATUSES.includes(status as BookingStatusValue))) {
      details.push({ field: 'status', message: `must be one or more of: ${STATUSES.join(', ')}` });
    } else {
      statuses = named as BookingStatusValue[];
    }
  }

  if (details.length > 0) throw badRequest('validation_failed', 'Invalid booking filters', details);
  return {
    from: from?.at ?? null,
    to: toAt,
    toExclusive: to?.date ?? false,
    staffIds,
    clientId: query.client_id ?? null,
    statuses,
    locationId: query.location_id ?? null,
  };
}

/** Whether any filter narrows the list (the unfiltered list counts from the counters). */
export function narrows(filter: BookingFilter): boolean {
  return (
    filter.from !== null ||
    filter.to !== null ||
    filter.staffIds !== null ||
    filter.clientId !== null ||
    filter.statuses !== null ||
    filter.locationId !== null
  );
}
