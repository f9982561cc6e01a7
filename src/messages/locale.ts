import { formatMessage, LOCALES } from './format.js';
import type { Language } from './language.js';

/*
 * Locale formatting of the salon's wall-clock strings (`YYYY-MM-DD HH:MM:SS`, already in the
 * salon's time zone): the parts are read as they are and formatted in UTC, so no time zone
 * conversion can shift them.
 */

export type TimeFormat = '24h' | '12h';

function wallClock(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) throw new Error(`not a wall-clock time: ${value}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/** Minutes from one wall-clock time to another. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((wallClock(to).getTime() - wallClock(from).getTime()) / 60_000);
}

/*
 * 12-hour English times in the American style ("2:30 PM"): British English writes "2:30 pm",
 * which readers of a 12-hour clock setting rarely expect. ICU separates the day period with a
 * narrow no-break space; a plain space reads the same and survives every mail client.
 */
const TIME_LOCALES: Record<Language, Record<TimeFormat, string>> = {
  en: { '24h': 'en-GB', '12h': 'en-US' },
  nl: { '24h': 'nl-NL', '12h': 'nl-NL' },
};

export interface LocaleFormat {
  language: Language;
  /** "vrijdag 27 november 2026", "Friday 27 November 2026". */
  date(wall: string): string;
  /** "14:30", or "2:30 PM" under the 12-hour setting. */
  time(wall: string): string;
  /** "vrijdag 27 november 2026 om 14:30". */
  dateTime(wall: string): string;
  /** Cents in the salon's currency (or the one given): "€ 45,50", "€45.50". */
  money(cents: number, currency?: string): string;
  /** "2 uur 30 min", "2 h 30 min", "45 min". */
  duration(minutes: number): string;
}

export function localeFormat(language: Language, settings: { timeFormat: string; currency: string }): LocaleFormat {
  // Intl formatters are costly to build (a few percent of a campaign worker's time when built
  // per email) and depend only on these three values: one set each, kept.
  const key = `${language} ${settings.timeFormat} ${settings.currency}`;
  let format = formats.get(key);
  if (!format) {
    format = buildLocaleFormat(language, settings);
    formats.set(key, format);
  }
  return format;
}

const formats = new Map<string, LocaleFormat>();

function buildLocaleFormat(language: Language, settings: { timeFormat: string; currency: string }): LocaleFormat {
  const timeFormat: TimeFormat = settings.timeFormat === '12h' ? '12h' : '24h';
  const dateFormatter = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const timeFormatter = new Intl.DateTimeFormat(TIME_LOCALES[language][timeFormat], {
    hour: timeFormat === '12h' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: timeFormat === '12h' ? 'h12' : 'h23',
    timeZone: 'UTC',
  });
  const money = (cents: number, currency: string) => {
    try {
      return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(cents / 100);
    } catch {
      // A currency code Intl does not know: the amount in the locale's digits, then the code.
      const amount = new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2 }).format(cents / 100);
      return `${amount} ${currency}`;
    }
  };
  const format: LocaleFormat = {
    language,
    // en-GB puts a comma after the weekday; the salon's emails read "Friday 27 November 2026".
    date: (wall) => dateFormatter.format(wallClock(wall)).replace(',', ''),
    time: (wall) => timeFormatter.format(wallClock(wall)).replace(/\u202f/g, ' '),
    dateTime: (wall) =>
      formatMessage(language, 'format.date_time', { date: format.date(wall), time: format.time(wall) }),
    money: (cents, currency) => money(cents, currency || settings.currency || 'EUR'),
    duration: (minutes) => {
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return formatMessage(language, 'format.duration_minutes', { minutes: rest });
      if (rest === 0) return formatMessage(language, 'format.duration_hours', { hours });
      return formatMessage(language, 'format.duration_hours_minutes', { hours, minutes: rest });
    },
  };
  return format;
}
