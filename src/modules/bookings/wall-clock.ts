import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';

/*
 * Arithmetic on stored wall-clock datetimes (`YYYY-MM-DD HH:MM:SS`, the salon's zone). A
 * booking's times are wall clock, so its length and phases are counted on the wall clock too,
 * as the availability engine counts them.
 */

const MINUTE_MS = 60_000;

function epochOf(wallClock: string): number {
  return Date.parse(`${wallClock.slice(0, 10)}T${wallClock.slice(11, 19)}Z`);
}

/** `wallClock` moved by `minutes` (negative: earlier). */
export function addMinutes(wallClock: string, minutes: number): string {
  const text = new Date(epochOf(wallClock) + minutes * MINUTE_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/** Minutes from `from` to `to` (fractions for seconds). */
export function minutesBetween(from: string, to: string): number {
  return (epochOf(to) - epochOf(from)) / MINUTE_MS;
}

/** A booking lasts at most a day, so every search for what overlaps it starts one day before. */
export const MAX_BOOKING_MIN = 24 * 60;

/** The instant a wall-clock time of the salon's zone is (a booking's start, for deadlines and reminders). */
export function instantOfWallClock(wallClock: string, timezone: string): DateTime {
  return DateTime.fromFormat(wallClock, 'yyyy-MM-dd HH:mm:ss', { zone: timezone || DEFAULT_TIMEZONE });
}

/** Now on the salon's wall clock, comparable with stored booking times. */
export function localNow(timezone: string, now: Date): string {
  return DateTime.fromJSDate(now).setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss');
}

/** `wallClock` moved by `ms` milliseconds (negative: earlier): whole weeks keep the time of day. */
export function shiftWallClock(wallClock: string, ms: number): string {
  const text = new Date(epochOf(wallClock) + ms).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/** Milliseconds from `from` to `to` on the wall clock. */
export function wallClockDelta(from: string, to: string): number {
  return epochOf(to) - epochOf(from);
}

export const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;
