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

const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_KEPT = 50_000;
/** Per zone: UTC quarter-hour → the zone's offset in minutes throughout that quarter hour. */
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset at `ms`, remembered per quarter hour: luxon asks Intl for every
 * conversion, which made formatting the timestamps of a 50-row list cost more than its query
 * (bench/README.md). A quarter hour is only cached when the offset is the same at both of its
 * ends, so an instant next to a transition is always computed exactly.
 */
function zoneOffsetMinutes(ms: number, timezone: string): number {
  let offsets = offsetCache.get(timezone);
  if (!offsets) {
    offsets = new Map();
    offsetCache.set(timezone, offsets);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const known = offsets.get(quarter);
  if (known !== undefined) return known;
  const start = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone: timezone }).offset;
  const end = DateTime.fromMillis((quarter + 1) * QUARTER_HOUR_MS - 1, { zone: timezone }).offset;
  if (start !== end) return DateTime.fromMillis(ms, { zone: timezone }).offset;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(quarter, start);
  return start;
}

/** A stored instant written for the API in the salon's zone: `YYYY-MM-DD HH:MM:SS`. */
export function formatInstant(iso: string, timezone: string): string;
export function formatInstant(iso: string | null, timezone: string): string | null;
export function formatInstant(iso: string | null, timezone: string): string | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  const offset = Number.isFinite(ms) ? zoneOffsetMinutes(ms, timezone) : NaN;
  const local = new Date(ms + offset * 60_000);
  if (Number.isNaN(local.getTime()) || local.getUTCFullYear() < 1000 || local.getUTCFullYear() > 9999) {
    return DateTime.fromISO(iso, { zone: 'utc' }).setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss');
  }
  const text = local.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/** Today's date in the salon's zone, `YYYY-MM-DD`. */
export function todayIn(timezone: string, at: Date = new Date()): string {
  return DateTime.fromJSDate(at).setZone(timezone).toFormat('yyyy-MM-dd');
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

/** A `YYYY-MM-DD` that names a real calendar day. */
export function isValidDate(input: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(input) && DateTime.fromFormat(input, 'yyyy-MM-dd', { zone: 'utc' }).isValid;
}
