import type { Selectable, Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { BookingsTable, DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { isHoliday } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { assignmentOf, type ServiceTerms } from './assignment.js';
import { bookingLocation } from './booking-location.js';
import { brokenDeskRules, DESK_RULES, overrideOrRefuse, rulesOf, storedRules } from './desk-rules.js';
import {
  heldResourceIds,
  lockResources,
  processingTimes,
  requireResourcesFree,
  requireStaffFree,
} from './occupancy.js';
import { syncReminders } from './reminders.js';
import { MAX_BOOKING_MIN, minutesBetween } from './wall-clock.js';

/*
 * Where a booking is: its staff member, service and times, and what they bring along (the
 * member's processing window and price, the resources, the location), checked as every
 * write path checks them. Creation is in transitions.ts insertBooking; moving an existing
 * booking (PUT /bookings/:id, and a visit or series moved as a whole) is replaceBooking.
 */

export const invalidField = (field: string, message: string) =>
  badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);

/** end_at after start_at, and at most a day later (every overlap search relies on that bound). */
export function requireOrder(startAt: string, endAt: string): void {
  if (endAt <= startAt) throw invalidField('end_at', 'must be after start_at');
  if (minutesBetween(startAt, endAt) > MAX_BOOKING_MIN) {
    throw invalidField('end_at', 'must be at most 24 hours after start_at');
  }
}

const SERVICE_TERMS = ['id', 'duration_min', 'price', 'processing_after_min', 'processing_min', 'active'] as const;

/** An active service, held (FOR KEY SHARE on PostgreSQL) so it cannot be deleted before the booking commits. */
export async function requireService(trx: Transaction<DB>, dialect: Dialect, serviceId: number): Promise<ServiceTerms> {
  let query = trx.selectFrom('services').select(SERVICE_TERMS).where('id', '=', serviceId).where('active', '=', 1);
  query = lockRows(query, dialect, 'key share');
  const service = await query.executeTakeFirst();
  if (!service) {
    throw badRequest('unknown_service', 'No active service has this id', [
      { field: 'service_id', message: 'is not an existing service' },
    ]);
  }
  return service;
}

export async function requireNotHoliday(executor: Executor, startAt: string): Promise<void> {
  const date = startAt.slice(0, 10);
  if (await isHoliday(executor, date)) {
    throw badRequest('holiday', `The salon is closed on ${date} (a holiday)`, [
      { field: 'start_at', message: 'is on a holiday' },
    ]);
  }
}

export interface Target {
  staffId: number;
  serviceId: number;
  startAt: string;
  endAt: string;
  /** Absent: kept, unless the date or staff member changes (then that member's default for the date). */
  locationId?: number | null | undefined;
}

export interface PlacementOptions {
  /** The desk's `override: true`. */
  override: boolean;
  timezone: string;
  now: Date;
  /** Bookings that do not count as occupying anything: the ones being moved together with this one. */
  exceptIds?: readonly number[] | undefined;
}

type BookingRow = Selectable<BookingsTable>;

/**
 * Moves an existing booking (its row locked by the caller) to `target`: the staff lock, a
 * new date not a holiday, the staff member's busy time and the resources free (except for
 * `booking` itself and `exceptIds`), and the desk's rules while the booking is scheduled or
 * provisional (`in_the_past` only when the start moves). Returns the column changes, and the
 * resources to hold once they are written (a change of service), or null to keep them.
 * `booking.status` is the status the booking will have. A new start moves its reminders.
 */
export async function replaceBooking(
  trx: Transaction<DB>,
  dialect: Dialect,
  booking: BookingRow,
  target: Target,
  options: PlacementOptions,
): Promise<{ changes: Partial<BookingRow>; resourcesToHold: number[] | null }> {
  const { staffId, startAt, endAt } = target;
  requireOrder(startAt, endAt);
  const serviceChanged = target.serviceId !== booking.service_id;
  const dateChanged = startAt.slice(0, 10) !== booking.start_at.slice(0, 10);
  await lockActiveStaff(trx, dialect, staffId);
  const service = serviceChanged
    ? await requireService(trx, dialect, target.serviceId)
    : await trx
        .selectFrom('services')
        .select(SERVICE_TERMS)
        .where('id', '=', booking.service_id)
        .executeTakeFirstOrThrow();
  if (dateChanged) await requireNotHoliday(trx, startAt);
  const assignment = await assignmentOf(trx, service, staffId);
  const processing = processingTimes(startAt, endAt, assignment.processing);
  const changes: Partial<BookingRow> = {
    staff_id: staffId,
    start_at: startAt,
    end_at: endAt,
    processing_start_at: processing.processingStartAt,
    processing_end_at: processing.processingEndAt,
  };
  let resourcesToHold: number[] | null = null;
  const except = [booking.id, ...(options.exceptIds ?? [])];

  // A cancelled booking occupies nothing, so nothing is checked for it.
  if (booking.status !== 'cancelled') {
    await requireStaffFree(trx, staffId, { startAt, endAt, ...processing }, except);
    const wanted = serviceChanged ? assignment.resourceIds : await heldResourceIds(trx, booking.id);
    const resources = await lockResources(trx, dialect, wanted);
    await requireResourcesFree(trx, resources, startAt, endAt, except);
    if (serviceChanged) resourcesToHold = resources.map((resource) => resource.id);
  }
  // The desk's rules judge what is still to happen; a completed visit's record can be corrected.
  if (booking.status === 'scheduled' || booking.status === 'provisional') {
    const startSet = startAt !== booking.start_at;
    const broken = await brokenDeskRules(trx, {
      staffId,
      serviceId: service.id,
      startAt,
      endAt,
      assignment,
      serviceActive: service.active === 1,
      timezone: options.timezone,
      now: options.now,
      startSet,
    });
    const overridden = new Set(overrideOrRefuse(broken, options.override));
    // A start the desk once placed in the past, and has not moved, stays overridden.
    if (!startSet && rulesOf(booking.overridden_rules).includes('in_the_past')) overridden.add('in_the_past');
    changes.overridden_rules = storedRules(DESK_RULES.filter((rule) => overridden.has(rule)));
  }

  if (serviceChanged) changes.service_id = service.id;
  if (serviceChanged || staffId !== booking.staff_id) changes.price = assignment.price;
  // A new revision of the client's calendar event, so their calendar app updates the one it holds.
  if (serviceChanged || staffId !== booking.staff_id || startAt !== booking.start_at || endAt !== booking.end_at) {
    changes.ics_sequence = booking.ics_sequence + 1;
  }
  if (target.locationId !== undefined || staffId !== booking.staff_id || dateChanged) {
    changes.location_id = await bookingLocation(trx, dialect, target.locationId, staffId, startAt.slice(0, 10));
  }
  // The reminders follow the start, whoever moves the booking (desk, visit, series, client).
  if (startAt !== booking.start_at)
    await syncReminders(trx, { id: booking.id, status: booking.status, start_at: startAt });
  return { changes, resourcesToHold };
}
