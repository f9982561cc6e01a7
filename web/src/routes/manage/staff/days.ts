/*
 * Calendar days as the API writes them (`YYYY-MM-DD`), counted in UTC so that no time zone or
 * daylight-saving change moves a day: the roster's week, its days, and their names.
 */

const DAY_MS = 86_400_000;

const toTime = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `day` moved by `count` days. */
export function addDays(day: string, count: number): string {
  return fromTime(toTime(day) + count * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as the API numbers weekdays. */
export function weekdayOfDay(day: string): number {
  return new Date(toTime(day)).getUTCDay();
}

/** The first day of the week holding `day`, the week starting on weekday `firstDay`. */
export function startOfWeek(day: string, firstDay: number): string {
  return addDays(day, -((weekdayOfDay(day) - firstDay + 7) % 7));
}

/** The seven days from `start`. */
export function weekDays(start: string): string[] {
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(start, offset));
}

/** Today in the salon's zone, as `YYYY-MM-DD`. */
export function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/** "Mon 30 Nov", "ma 30 nov." */
export function shortDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(toTime(day)),
  );
}

/** The first and last day of the month after the one holding `day`. */
export function nextMonth(day: string): { from: string; to: string } {
  const date = new Date(toTime(day));
  const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0);
  return { from: fromTime(from), to: fromTime(to) };
}

/** `HH:MM` as minutes after midnight, and back (24:00 is the end of the day). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
