import { wallClockInstant } from '../../lib/datetime';
import { timeOptions } from '../../lib/format';

/*
 * The clients area's dates: the API's wall-clock text (`YYYY-MM-DD HH:MM:SS`, the salon's zone)
 * read in the salon's zone, in the page's language. A client's "since" and a visit's day carry
 * their year: a card spans years, unlike the booking page's next few weeks.
 */

/** "26 Nov 2026". */
export function formatDate(text: string, locale: string, timezone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: timezone }).format(
    wallClockInstant(text, timezone),
  );
}

/** "Thu 26 Nov 2026, 10:30" (or "10:30 am" where the salon writes 12-hour times). */
export function formatVisit(text: string, locale: string, timezone: string, timeFormat: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...timeOptions(timeFormat, timezone),
  }).format(wallClockInstant(text, timezone));
}

/** Whether the wall-clock start lies after the instant `now` (upcoming) rather than before (past). */
export function isAfter(text: string, timezone: string, now: Date): boolean {
  return wallClockInstant(text, timezone).getTime() > now.getTime();
}
