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

/** A stored instant written for the API in the salon's zone: `YYYY-MM-DD HH:MM:SS`. */
export function formatInstant(iso: string, timezone: string): string;
export function formatInstant(iso: string | null, timezone: string): string | null;
export function formatInstant(iso: string | null, timezone: string): string | null {
  if (iso === null) return null;
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss');
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
