import type { Executor } from '../../db/executor.js';
import { AppError } from '../../lib/errors.js';
import { loadBooking } from './reads.js';

/*
 * A change made from a stale view never silently overwrites a newer one. A desk that moves or
 * edits a booking sends the `version` it saw; when the booking's version is another one now,
 * somebody changed it meanwhile, and the change is refused with 409 `booking_changed` and the
 * booking as it now is, so the desk can show it and let its user decide again.
 *
 * The caller compares on the booking row it has locked in its writing transaction (PostgreSQL:
 * FOR NO KEY UPDATE; SQLite: BEGIN IMMEDIATE holds the write lock), so no other change can land
 * between the comparison and the commit: of several writes made from the same version exactly
 * one succeeds. A caller that sends no version is not checked (the interface has none).
 */

/** 409 `booking_changed`, with the booking as it now is, when `expected` is given and not `current`. */
export async function requireVersion(
  executor: Executor,
  booking: { id: number; version: number },
  expected: number | undefined,
  timezone: string,
): Promise<void> {
  if (expected === undefined || expected === booking.version) return;
  const now = await loadBooking(executor, booking.id, timezone);
  throw new AppError(
    409,
    'booking_changed',
    `This booking changed since you saw it (version ${expected}, now ${booking.version}); look at it again before changing it`,
    undefined,
    undefined,
    { booking: now },
  );
}
