import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { lockActiveStaff } from '../staff/service.js';
import { addMinutes, MAX_BOOKING_MIN } from './wall-clock.js';

/*
 * What a booking occupies: its staff member's busy time and the resources (rooms, equipment)
 * its service holds.
 *
 * Staff: a booking keeps its staff member busy for [start_at, end_at) minus its processing
 * window [processing_start_at, processing_end_at), in which the client waits and the member
 * may work on someone else. Two non-cancelled bookings of one member conflict exactly when
 * their busy parts intersect.
 *
 * Resources: a booking holds each resource for its whole [start_at, end_at) (the client sits
 * at the basin while the colour develops). At no instant may more bookings hold a resource
 * than its capacity. `booking_resources` rows copy the booking's times (triggers keep them in
 * step and drop them on cancellation), so a resource's use around a time is one index range.
 *
 * Both checks run behind locks, in one order in every write transaction: booking row(s), then
 * staff rows (ascending id), then resource rows (ascending id); so concurrent writers
 * serialise on what they share and never deadlock.
 */

export interface Phases {
  startAt: string;
  endAt: string;
  processingStartAt: string | null;
  processingEndAt: string | null;
}

/** The processing window of a booking, as wall-clock times clipped to the booking; nulls when none. */
export function processingTimes(
  startAt: string,
  endAt: string,
  window: { startMin: number; endMin: number } | null,
): { processingStartAt: string | null; processingEndAt: string | null } {
  if (window === null) return { processingStartAt: null, processingEndAt: null };
  const processingStartAt = addMinutes(startAt, window.startMin);
  if (processingStartAt >= endAt) return { processingStartAt: null, processingEndAt: null };
  const windowEnd = addMinutes(startAt, window.endMin);
  return { processingStartAt, processingEndAt: windowEnd < endAt ? windowEnd : endAt };
}

/** The parts of a booking in which its staff member works: the whole booking, or the two around processing. */
export function busyParts(booking: Phases): Array<[string, string]> {
  const { startAt, endAt, processingStartAt, processingEndAt } = booking;
  if (processingStartAt === null || processingEndAt === null) return [[startAt, endAt]];
  return (
    [
      [startAt, processingStartAt],
      [processingEndAt, endAt],
    ] as Array<[string, string]>
  ).filter(([from, to]) => from < to);
}

function intersects(a: Array<[string, string]>, b: Array<[string, string]>): boolean {
  return a.some(([aFrom, aTo]) => b.some(([bFrom, bTo]) => aFrom < bTo && bFrom < aTo));
}

/**
 * 409 `booking_overlap` naming the first non-cancelled booking of the member whose busy time
 * meets the placement's. One range of bookings_staff_start_cover: bookings starting within a
 * day before the end (none lasts longer), then the phases of those few rows.
 * Call only while holding that staff member's lock.
 */
export async function requireStaffFree(
  trx: Transaction<DB>,
  staffId: number,
  placement: Phases,
  exceptIds: readonly number[] = [],
): Promise<void> {
  let query = trx
    .selectFrom('bookings')
    .select(['id', 'start_at', 'end_at', 'processing_start_at', 'processing_end_at'])
    .where('staff_id', '=', staffId)
    .where('start_at', '>', addMinutes(placement.startAt, -MAX_BOOKING_MIN))
    .where('start_at', '<', placement.endAt)
    .where('end_at', '>', placement.startAt)
    .where('status', '<>', 'cancelled')
    .orderBy('start_at')
    .orderBy('id');
  if (exceptIds.length > 0) query = query.where('id', 'not in', [...exceptIds]);
  const mine = busyParts(placement);
  for (const other of await query.execute()) {
    const theirs = busyParts({
      startAt: other.start_at,
      endAt: other.end_at,
      processingStartAt: other.processing_start_at,
      processingEndAt: other.processing_end_at,
    });
    if (intersects(mine, theirs)) {
      throw new AppError(409, 'booking_overlap', `This staff member already has booking ${other.id} at that time`, [
        { field: 'start_at', message: `overlaps booking ${other.id}` },
      ]);
    }
  }
}

export interface LockedResource {
  id: number;
  name: string;
  capacity: number;
}

/** The resource rows, locked in ascending id until the transaction ends (PostgreSQL; SQLite serialises writers). */
export async function lockResources(
  trx: Transaction<DB>,
  dialect: Dialect,
  resourceIds: readonly number[],
): Promise<LockedResource[]> {
  const ids = [...new Set(resourceIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  let query = trx.selectFrom('resources').select(['id', 'name', 'capacity']).where('id', 'in', ids).orderBy('id');
  query = lockRows(query, dialect, 'no key update');
  return query.execute();
}

/**
 * Locks what placing bookings touches, in the one order every writer follows: the staff
 * members (ascending id; 400 `unknown_staff` for one that is not active), then the resources
 * (ascending id). Returns the resources, for requireResourcesFree.
 */
export async function lockForPlacement(
  trx: Transaction<DB>,
  dialect: Dialect,
  staffIds: readonly number[],
  resourceIds: readonly number[],
): Promise<LockedResource[]> {
  for (const staffId of [...new Set(staffIds)].sort((a, b) => a - b)) {
    await lockActiveStaff(trx, dialect, staffId);
  }
  return lockResources(trx, dialect, resourceIds);
}

/** The most holders at any one instant of [startAt, endAt), given holders that each overlap it. */
function peakUse(holders: Array<{ start_at: string; end_at: string }>, startAt: string, endAt: string): number {
  const events: Array<[string, number]> = [];
  for (const holder of holders) {
    events.push([holder.start_at > startAt ? holder.start_at : startAt, 1]);
    events.push([holder.end_at < endAt ? holder.end_at : endAt, -1]);
  }
  // At one instant, a holder leaving frees its place before the next one takes it.
  events.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

/**
 * 409 `resource_unavailable` naming the first resource that the placement would take beyond
 * its capacity at some instant of [startAt, endAt). One booking_resources_use range per
 * resource. Call only while holding the resources' locks (lockResources).
 */
export async function requireResourcesFree(
  trx: Transaction<DB>,
  resources: readonly LockedResource[],
  startAt: string,
  endAt: string,
  exceptBookingIds: readonly number[] = [],
): Promise<void> {
  for (const resource of resources) {
    let query = trx
      .selectFrom('booking_resources')
      .select(['start_at', 'end_at'])
      .where('resource_id', '=', resource.id)
      .where('start_at', '>', addMinutes(startAt, -MAX_BOOKING_MIN))
      .where('start_at', '<', endAt)
      .where('end_at', '>', startAt);
    if (exceptBookingIds.length > 0) query = query.where('booking_id', 'not in', [...exceptBookingIds]);
    const holders = await query.execute();
    if (holders.length >= resource.capacity && peakUse(holders, startAt, endAt) >= resource.capacity) {
      const message = `${resource.name} (resource ${resource.id}) is fully in use at that time (capacity ${resource.capacity})`;
      throw new AppError(409, 'resource_unavailable', message, [{ field: 'start_at', message }]);
    }
  }
}

/** The booking holds exactly these resources from now on (its times copied, as the triggers keep them). */
export async function holdResources(
  trx: Transaction<DB>,
  booking: { id: number; startAt: string; endAt: string },
  resourceIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('booking_resources').where('booking_id', '=', booking.id).execute();
  const ids = [...new Set(resourceIds)];
  if (ids.length === 0) return;
  await trx
    .insertInto('booking_resources')
    .values(
      ids.map((id) => ({ booking_id: booking.id, resource_id: id, start_at: booking.startAt, end_at: booking.endAt })),
    )
    .execute();
}

/** The resources a booking holds now. */
export async function heldResourceIds(trx: Transaction<DB>, bookingId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('booking_resources')
    .select('resource_id')
    .where('booking_id', '=', bookingId)
    .orderBy('resource_id')
    .execute();
  return rows.map((row) => row.resource_id);
}
