import { formatClock } from '../../../../lib/format';

/*
 * The grid writes the same few times of day over and over (every slot's name, every booking's
 * start and end, in its label and on its face): 40 columns of a busy day are thousands of them.
 * `formatClock` builds an `Intl.DateTimeFormat` each call, which costs far more than the text;
 * the grid asks here instead, where each time of day is formatted once per language and format.
 */

const texts = new Map<string, string>();

/** `10:30` (or the time of `2026-12-03 10:30:00`) in the salon's `time_format`, formatted once and then remembered. */
export function clockText(text: string, locale: string, timeFormat: string): string {
  const hhmm = text.length > 5 ? text.slice(11, 16) : text;
  const key = `${locale}|${timeFormat}|${hhmm}`;
  let formatted = texts.get(key);
  if (formatted === undefined) {
    formatted = formatClock(hhmm, locale, timeFormat);
    texts.set(key, formatted);
  }
  return formatted;
}
