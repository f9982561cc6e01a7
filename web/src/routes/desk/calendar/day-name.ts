/** "Thursday 3 December 2026" of a calendar day `YYYY-MM-DD` (read at noon UTC: only the date counts). */
export function dayName(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
