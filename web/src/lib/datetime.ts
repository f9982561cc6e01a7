import { CalendarDate, getDayOfWeek, parseDate, parseDateTime, toZoned, type DateValue } from '@internationalized/date';

/*
 * The salon's dates and times. The API speaks wall-clock text in the salon's time zone
 * (`YYYY-MM-DD HH:MM:SS`, days `YYYY-MM-DD`); the page never does arithmetic on the browser's
 * own `Date`s. Calendar days stay CalendarDates; an instant is made only to format it, in the
 * salon's zone.
 */

/** `2026-05-14 10:30:00` in `timezone` → the instant. A wall-clock time skipped by a DST change moves forward. */
export function wallClockInstant(text: string, timezone: string): Date {
  return toZoned(parseDateTime(text.replace(' ', 'T')), timezone, 'later').toDate();
}

/** `2026-05-14 10:30:00` → its day, `2026-05-14`. */
export function dayOf(text: string): CalendarDate {
  return parseDate(text.slice(0, 10));
}

/** 0 = Sunday … 6 = Saturday, as the API numbers weekdays. */
export function weekdayOf(date: DateValue): number {
  // en-US weeks start on Sunday, so its index is the API's.
  return getDayOfWeek(date, 'en-US');
}

const WEEK_STARTS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The API's `first_day_of_week` (0 = Sunday) as React Aria's calendars name it. */
export function weekStart(firstDayOfWeek: number): (typeof WEEK_STARTS)[number] {
  return WEEK_STARTS[firstDayOfWeek] ?? 'mon';
}

export interface OpeningDay {
  day_of_week: number;
  is_closed: boolean;
}

/** A day no one can book: the salon's closed weekday or a holiday. */
export function isClosedDay(
  date: DateValue,
  openingHours: readonly OpeningDay[],
  holidays: ReadonlySet<string>,
): boolean {
  if (holidays.has(date.toString())) return true;
  const weekday = weekdayOf(date);
  return openingHours.some((entry) => entry.day_of_week === weekday && entry.is_closed);
}
