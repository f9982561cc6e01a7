import { parseDate } from '@internationalized/date';

/**
 * The seven calendar days (`YYYY-MM-DD`) of the week holding `date`, from the salon's first day
 * of the week (`first_day_of_week`: 0 = Sunday … 6 = Saturday; 1, Monday, in the Netherlands).
 * Counted on the calendar, never through an instant, so no zone or summer time moves a day.
 */
export function weekDates(date: string, firstDayOfWeek: number): string[] {
  const day = parseDate(date);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const first = day.subtract({ days: (weekday - firstDayOfWeek + 7) % 7 });
  return Array.from({ length: 7 }, (_, index) => first.add({ days: index }).toString());
}

/** "Tue 4 Mar", a week column's heading (read at noon UTC: only the date counts). */
export function shortDayName(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
