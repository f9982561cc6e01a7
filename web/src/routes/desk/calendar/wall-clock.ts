import { parseDateTime } from '@internationalized/date';

/** `2026-12-03` + `10:30` → `2026-12-03 10:30:00`, the API's wall-clock form. */
export function wallClock(date: string, hhmm: string): string {
  return `${date} ${hhmm.slice(0, 5)}:00`;
}

/** A wall-clock time plus minutes, on the salon's calendar (not through an instant: the API's times are wall clock). */
export function addMinutes(text: string, minutes: number): string {
  return parseDateTime(text.replace(' ', 'T')).add({ minutes }).toString().replace('T', ' ').slice(0, 19);
}

/** Minutes from one wall-clock time to another. */
export function minutesBetween(from: string, to: string): number {
  const a = parseDateTime(from.replace(' ', 'T'));
  const b = parseDateTime(to.replace(' ', 'T'));
  const days = Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
  return days * 1440 + (b.hour * 60 + b.minute) - (a.hour * 60 + a.minute);
}
