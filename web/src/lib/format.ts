/*
 * Numbers the way the visitor reads them: money in the salon's currency, durations written
 * out ("1 hour 30 minutes", never "90m", which a screen reader reads as metres), times in the
 * salon's 12- or 24-hour format and its time zone.
 */

export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatDuration(minutes: number, locale: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
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
  return new Intl.DateTimeFormat(locale, timeOptions(timeFormat, timezone)).format(instant);
}

/** "Tuesday 14 May" (or the locale's order), of an instant in the salon's zone. */
export function formatDay(instant: Date, locale: string, timezone: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: timezone }).format(
    instant,
  );
}
