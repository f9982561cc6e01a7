/*
 * Arithmetic on wall-clock datetimes (`YYYY-MM-DD HH:MM:SS` in the salon's zone, as bookings
 * store them): read as if UTC, so a week later is the same time of day whatever the clocks
 * did in between, and differences are in wall-clock minutes.
 */

function wallMs(wall: string): number {
  return Date.parse(`${wall.slice(0, 10)}T${wall.slice(11, 19)}Z`);
}

/** `wall` moved by `deltaMs` milliseconds of wall-clock time. */
export function shiftWallClock(wall: string, deltaMs: number): string {
  const text = new Date(wallMs(wall) + deltaMs).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/** How far `to` lies after `from`, in milliseconds of wall-clock time. */
export function wallClockDelta(from: string, to: string): number {
  return wallMs(to) - wallMs(from);
}

export const MINUTE_MS = 60_000;
export const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;
