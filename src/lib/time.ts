import { DateTime } from 'luxon';

/*
 * The one place that decides how time is written.
 * Stored instants: UTC ISO-8601 with milliseconds (see db/types.ts).
 * API output: `YYYY-MM-DD HH:MM:SS` in the salon's time zone.
 */

export const DEFAULT_TIMEZONE = 'Europe/Amsterdam';

/** Current instant as stored. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(milliseconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

const DAY_MS = 86_400_000;
const DAYS_KEPT = 100_000;

/**
 * Per zone: the UTC day (ms / DAY_MS) → the zone's offset throughout that day, or the one
 * change of offset inside it. A busy list formats timestamps spread over years, so a cache
 * by quarter hour missed on most of them; a zone changes its offset a few times a year, so a
 * cache by day holds every day a salon's data touches and asks Intl only on a day's first use.
 */
type DayOffsets = number | { before: number; at: number; after: number };
const offsetCache = new Map<string, Map<number, DayOffsets>>();
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(timezone: string): Intl.DateTimeFormat | null {
  let dtf = formatters.get(timezone);
  if (dtf === undefined) {
    try {
      // The same fields as luxon's own zone lookup, so the offsets come out equal to its.
      dtf = new Intl.DateTimeFormat('en-US', {
        hour12: false,
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        era: 'short',
      });
    } catch {
      dtf = null;
    }
    formatters.set(timezone, dtf);
  }
  return dtf;
}

/** `Date.UTC` for any year, 0–99 included (which `Date.UTC` would read as 1900–1999). */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (year >= 100) return ms;
  const date = new Date(ms);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The zone's offset in minutes at `ms`, asked of Intl (seconds precision, as luxon computes it). */
function intlOffset(dtf: Intl.DateTimeFormat, ms: number): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const part of dtf.formatToParts(ms)) {
    switch (part.type) {
      case 'year':
        year = parseInt(part.value, 10);
        break;
      case 'month':
        month = parseInt(part.value, 10);
        break;
      case 'day':
        day = parseInt(part.value, 10);
        break;
      case 'hour':
        hour = parseInt(part.value, 10);
        break;
      case 'minute':
        minute = parseInt(part.value, 10);
        break;
      case 'second':
        second = parseInt(part.value, 10);
        break;
      case 'era':
        bc = part.value === 'BC';
        break;
      default:
    }
  }
  if (bc) year = -Math.abs(year) + 1;
  const asUtc = utcMs(year, month, day, hour === 24 ? 0 : hour, minute, second);
  const over = ms % 1000;
  return (asUtc - (ms - (over >= 0 ? over : 1000 + over))) / 60_000;
}

/**
 * The UTC day's offsets: one number when the offset is the same at both ends of the day,
 * else the instant of the change, found to the millisecond by bisection (a day with two
 * changes in opposite directions does not occur in the zone database's rules).
 */
function dayOffsets(dtf: Intl.DateTimeFormat, dayIndex: number): DayOffsets {
  const first = dayIndex * DAY_MS;
  const last = first + DAY_MS - 1;
  const before = intlOffset(dtf, first);
  const after = intlOffset(dtf, last);
  if (before === after) return before;
  let low = first; // offset `before`
  let high = last; // offset `after`
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (intlOffset(dtf, middle) === before) low = middle;
    else high = middle;
  }
  return { before, at: high, after };
}

/**
 * The zone's UTC offset in minutes at `ms`, as luxon gives it, NaN for a zone Intl does not
 * know. Held per UTC day (see `offsetCache`): luxon asks Intl on every conversion, which made
 * formatting the timestamps of a 50-row list cost more than its query (bench/README.md).
 */
export function zoneOffset(ms: number, timezone: string): number {
  let offsets = offsetCache.get(timezone);
  if (!offsets) {
    offsets = new Map();
    offsetCache.set(timezone, offsets);
  }
  const dayIndex = Math.floor(ms / DAY_MS);
  let known = offsets.get(dayIndex);
  if (known === undefined) {
    const dtf = formatterOf(timezone);
    if (!dtf || !Number.isFinite(ms)) return NaN;
    known = dayOffsets(dtf, dayIndex);
    if (offsets.size >= DAYS_KEPT) offsets.clear();
    offsets.set(dayIndex, known);
  }
  return typeof known === 'number' ? known : ms < known.at ? known.before : known.after;
}

/**
 * The instant of a wall-clock time in the zone (`localMs`: the wall clock read as if UTC),
 * resolved as luxon resolves it: a time in a spring-forward gap moves forward by the gap.
 */
export function instantOfLocal(localMs: number, timezone: string): number {
  const guess = zoneOffset(localMs, timezone);
  let utc = localMs - guess * 60_000;
  const o2 = zoneOffset(utc, timezone);
  if (guess === o2) return utc;
  utc -= (o2 - guess) * 60_000;
  const o3 = zoneOffset(utc, timezone);
  if (o2 === o3) return utc;
  return localMs - Math.min(o2, o3) * 60_000;
}

/** Day number (local ms / DAY_MS) → its date with the separating space, `YYYY-MM-DD `. */
const dateTexts = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/**
 * An instant written as the zone's wall clock, `YYYY-MM-DD HH:MM:SS`, or null when outside
 * years 1000–9999. The date's text is held per day and the time of day put together from
 * two-digit texts: a list formats three timestamps a row, and `toISOString` on each was a
 * tenth of a list request's CPU.
 */
function wallClockText(ms: number, timezone: string): string | null {
  const local = ms + zoneOffset(ms, timezone) * 60_000;
  const day = Math.floor(local / DAY_MS);
  let date = dateTexts.get(day);
  if (date === undefined) {
    const midnight = new Date(day * DAY_MS);
    const year = midnight.getUTCFullYear();
    if (!(year >= 1000 && year <= 9999)) return null;
    date = `${midnight.toISOString().slice(0, 10)} `;
    if (dateTexts.size >= DAYS_KEPT) dateTexts.clear();
    dateTexts.set(day, date);
  }
  const seconds = Math.floor((local - day * DAY_MS) / 1000);
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor(seconds / 60) % 60;
  return `${date}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[seconds % 60]}`;
}

/** A stored instant written for the API in the salon's zone: `YYYY-MM-DD HH:MM:SS`. */
export function formatInstant(iso: string, timezone: string): string;
export function formatInstant(iso: string | null, timezone: string): string | null;
export function formatInstant(iso: string | null, timezone: string): string | null {
  if (iso === null) return null;
  return (
    wallClockText(Date.parse(iso), timezone) ??
    DateTime.fromISO(iso, { zone: 'utc' }).setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss')
  );
}

/** An instant (a `Date`) as the zone's wall clock, `YYYY-MM-DD HH:MM:SS`. */
export function formatDate(at: Date, timezone: string): string {
  return (
    wallClockText(at.getTime(), timezone) ?? DateTime.fromJSDate(at).setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss')
  );
}

/** Today's date in the salon's zone, `YYYY-MM-DD`. */
export function todayIn(timezone: string, at: Date = new Date()): string {
  return (
    wallClockText(at.getTime(), timezone)?.slice(0, 10) ??
    DateTime.fromJSDate(at).setZone(timezone).toFormat('yyyy-MM-dd')
  );
}

export function isValidTimezone(timezone: string): boolean {
  return DateTime.now().setZone(timezone).isValid;
}

const DATETIME_INPUT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Parses an API datetime (`YYYY-MM-DD HH:MM:SS`, ISO with `T` accepted, seconds optional)
 * into the canonical wall-clock form `YYYY-MM-DD HH:MM:SS`, or null when it is not a real
 * date and time.
 */
export function parseLocalDateTime(input: string): string | null {
  const match = DATETIME_INPUT.exec(input.trim());
  if (!match) return null;
  const [, date, hour, minute, second = '00'] = match;
  const parsed = DateTime.fromFormat(`${date} ${hour}:${minute}:${second}`, 'yyyy-MM-dd HH:mm:ss', { zone: 'utc' });
  return parsed.isValid ? parsed.toFormat('yyyy-MM-dd HH:mm:ss') : null;
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real calendar day. */
export function isValidDate(input: string): boolean {
  const match = DATE_INPUT.exec(input);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/*
 * Calendar days (`YYYY-MM-DD`, no zone) by plain UTC arithmetic: a calendar day is the same
 * 24 hours in UTC whatever the salon's zone does to its clock.
 */

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
export function dayNumber(date: string): number {
  return utcMs(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))) / DAY_MS;
}

/** The `YYYY-MM-DD` of a day number (see `dayNumber`). */
export function dateOfDayNumber(days: number): string {
  const date = new Date(days * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** `date` plus `days` (negative: before). */
export function addDays(date: string, days: number): string {
  return days === 0 ? date : dateOfDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDate(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}
