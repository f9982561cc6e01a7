/*
 * Numbers the way the visitor reads them: money in the salon's currency, durations written
 * out ("1 hour 30 minutes", never "90m", which a screen reader reads as metres), times in the
 * salon's 12- or 24-hour format and its time zone.
 */
import { dateTimeFormat, numberFormat } from './intl-cache.js';

export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A percentage given 0–100 ("25 %" or "25%", as the locale writes it). */
export function formatPercent(value: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

export function formatDuration(minutes: number, locale: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  if (rest === 0) return unit(hours, 'hour');
  return `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** `Intl` options for a time of day in the salon's `time_format` and zone. */
export function timeOptions(timeFormat: string, timezone: string): Intl.DateTimeFormatOptions {
  const twelve = timeFormat === '12h';
  // 24-hour times keep their leading zero (09:00), as a 24-hour clock shows them.
  return {
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: twelve ? 'h12' : 'h23',
    timeZone: timezone,
  };
}

export function formatTime(instant: Date, locale: string, timeFormat: string, timezone: string): string {
  return dateTimeFormat(locale, timeOptions(timeFormat, timezone)).format(instant);
}

/** "Tuesday 14 May" (or the locale's order), of an instant in the salon's zone. */
export function formatDay(instant: Date, locale: string, timezone: string): string {
  return dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: timezone }).format(instant);
}

/** A wall-clock time of day, `HH:MM` as the API writes opening hours and shifts, in the salon's `time_format`. */
export function formatClock(hhmm: string, locale: string, timeFormat: string): string {
  // Any fixed day read in UTC: only the hour and minute are shown.
  return formatTime(new Date(`1970-01-01T${hhmm.slice(0, 5)}:00Z`), locale, timeFormat, 'UTC');
}

/** A Sunday: weekday names come from Intl, counted from it (0 = Sunday, as the API numbers them). */
const A_SUNDAY = Date.UTC(2026, 10, 22);

/** "Monday", "maandag": the name of weekday `day` (0 = Sunday). */
export function weekdayName(day: number, locale: string): string {
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(A_SUNDAY + day * 86_400_000));
}
