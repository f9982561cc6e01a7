import type { Selectable, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { BookingActionPurpose } from '../../db/tables/public.js';
import type { BookingsTable, DB } from '../../db/types.js';
import { enqueue } from '../../jobs/queue.js';
import { conflict, notFound } from '../../lib/errors.js';
import { DEFAULT_TIMEZONE, formatInstant, nowIso } from '../../lib/time.js';
import { readSettings } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { instantOfWallClock } from './wall-clock.js';
import { replaceBooking } from './placement.js';
import { bookingQuery, type BookingJoinedRow } from './reads.js';
import { announceCancelled } from './transitions.js';

/*
 * What a client may do to their own booking, by the links of its emails or from their account,
 * decided in one place for both:
 *
 *   attend  a scheduled booking that has not started: records client_confirmed_at
 *   cancel  a scheduled or provisional booking, up to `cancellation_window_hours` before its start
 *   move    the same, and not a part of a visit (a visit's parts are placed together; the
 *           client asks the salon to move a visit), to a start the booking page would offer
 */

type BookingRow = Selectable<BookingsTable>;

export interface SelfServiceAction {
  allowed: boolean;
  /** Until when (salon wall clock) the action is open; null when it never is for this booking. */
  until: string | null;
  /** Why not, when not allowed: the 409 the action would answer. */
  refusal: { code: string; message: string } | null;
}

export interface SelfServiceRules {
  timezone: string;
  cancellation_window_hours: number;
}

/** The salon's rules for the client's actions, as they are now. */
export async function readSelfServiceRules(executor: Executor): Promise<SelfServiceRules> {
  const settings = await readSettings(executor);
  return {
    timezone: settings.timezone || DEFAULT_TIMEZONE,
    cancellation_window_hours: settings.cancellation_window_hours,
  };
}

const OPEN_STATUSES = ['scheduled', 'provisional'];

/** Each action's verdict on the booking as it is now. */
export function selfServiceActions(
  booking: Pick<BookingRow, 'status' | 'start_at' | 'visit_id'>,
  rules: SelfServiceRules,
  now: Date = new Date(),
): Record<BookingActionPurpose, SelfServiceAction> {
  const start = instantOfWallClock(booking.start_at, rules.timezone);
  const deadline = start.minus({ hours: Math.max(0, rules.cancellation_window_hours) });
  const wallClock = (instant: typeof start) => formatInstant(instant.toUTC().toISO()!, rules.timezone);
  const verdict = (until: string | null, refusal: SelfServiceAction['refusal']): SelfServiceAction => ({
    allowed: refusal === null,
    until,
    refusal,
  });
  const window = `up to ${rules.cancellation_window_hours} hours before it starts; please call the salon`;
  const late = now.getTime() >= deadline.toMillis();

  const attend =
    booking.status !== 'scheduled'
      ? verdict(null, {
          code: 'not_attendable',
          message: `This booking is ${booking.status}: there is nothing to confirm`,
        })
      : now.getTime() >= start.toMillis()
        ? verdict(booking.start_at, { code: 'already_started', message: 'This booking has started already' })
        : verdict(booking.start_at, null);

  const closed = (action: string) =>
    booking.status === 'cancelled'
      ? { code: 'already_cancelled', message: 'This booking is already cancelled' }
      : { code: 'invalid_transition', message: `A ${booking.status} booking cannot be ${action} online` };

  const cancel = !OPEN_STATUSES.includes(booking.status)
    ? verdict(null, closed('cancelled'))
    : late
      ? verdict(wallClock(deadline), {
          code: 'too_late_to_cancel',
          message: `A booking can be cancelled online ${window}`,
        })
      : verdict(wallClock(deadline), null);

  const move = !OPEN_STATUSES.includes(booking.status)
    ? verdict(null, closed('moved'))
    : booking.visit_id !== null
      ? verdict(null, {
          code: 'part_of_visit',
          message: 'This booking is part of a visit of several services; please ask the salon to move the visit',
        })
      : late
        ? verdict(wallClock(deadline), { code: 'too_late_to_move', message: `A booking can be moved online ${window}` })
        : verdict(wallClock(deadline), null);

  return { attend, cancel, move };
}

/** 409 with the action's refusal, unless it is allowed. */
export function requireAllowed(
  booking: Pick<BookingRow, 'status' | 'start_at' | 'visit_id'>,
  purpose: BookingActionPurpose,
  rules: SelfServiceRules,
  now: Date,
): void {
  const { refusal } = selfServiceActions(booking, rules, now)[purpose];
  if (refusal) throw conflict(refusal.code, refusal.message);
}

/**
 * The booking row, locked (first, as every booking write locks it); with `clientId`, another
 * client's booking is 404, as if absent.
 */
export async function lockOwnBooking(
  trx: Transaction<DB>,
  dialect: Dialect,
  id: number,
  clientId: number | null,
): Promise<BookingRow> {
  let query = trx.selectFrom('bookings').selectAll().where('id', '=', id);
  query = lockRows(query, dialect);
  const booking = await query.executeTakeFirst();
  if (!booking || (clientId !== null && booking.client_id !== clientId)) throw notFound('Booking');
  return booking;
}

/** The client says they will come: the first confirmation's moment is kept. */
export async function confirmOwnAttendance(
  trx: Transaction<DB>,
  booking: BookingRow,
  rules: SelfServiceRules,
  now: Date = new Date(),
): Promise<BookingJoinedRow> {
  requireAllowed(booking, 'attend', rules, now);
  const confirmed = await trx
    .updateTable('bookings')
    .set({ client_confirmed_at: now.toISOString() })
    .where('id', '=', booking.id)
    .where('client_confirmed_at', 'is', null)
    .executeTakeFirst();
  if (confirmed.numUpdatedRows > 0n) await recordWebhookEvent(trx, 'booking.updated', booking.id);
  return bookingQuery(trx).where('b.id', '=', booking.id).executeTakeFirstOrThrow();
}

/** The client cancels: the same change and side effects as a cancellation by the salon. */
export async function cancelOwnBooking(
  trx: Transaction<DB>,
  config: Config,
  booking: BookingRow,
  rules: SelfServiceRules,
  now: Date = new Date(),
): Promise<BookingJoinedRow> {
  requireAllowed(booking, 'cancel', rules, now);
  await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', '=', booking.id)
    .execute();
  await announceCancelled(trx, config, booking);
  return bookingQuery(trx).where('b.id', '=', booking.id).executeTakeFirstOrThrow();
}

export interface OwnMove {
  staffId: number;
  startAt: string;
  /**
   * Judges the new start as the booking page judges a new booking's, once the staff member is
   * locked (so it sees every booking committed before), and returns the new end.
   */
  place: (trx: Transaction<DB>) => Promise<string>;
}

/**
 * The client moves their booking: allowed by the rules above, judged by the booking page's
 * availability under the staff member's lock, then placed as the desk moves a booking
 * (placement.ts: staff busy time and resources checked again under their locks). The change
 * email goes out at once (its key folds a pending desk change into it) with fresh links.
 */
export async function moveOwnBooking(
  trx: Transaction<DB>,
  dialect: Dialect,
  booking: BookingRow,
  move: OwnMove,
  rules: SelfServiceRules,
  now: Date = new Date(),
): Promise<BookingJoinedRow> {
  requireAllowed(booking, 'move', rules, now);
  await lockActiveStaff(trx, dialect, move.staffId);
  const endAt = await move.place(trx);
  const { changes } = await replaceBooking(
    trx,
    dialect,
    booking,
    { staffId: move.staffId, serviceId: booking.service_id, startAt: move.startAt, endAt },
    { override: false, timezone: rules.timezone, now },
  );
  // A new time asks for a new confirmation of attendance.
  await trx
    .updateTable('bookings')
    .set({ ...changes, client_confirmed_at: null, updated_at: nowIso() })
    .where('id', '=', booking.id)
    .execute();
  await enqueue(trx, 'booking.updated', { bookingId: booking.id }, { key: `booking.updated:${booking.id}` });
  await recordWebhookEvent(trx, 'booking.updated', booking.id);
  return bookingQuery(trx).where('b.id', '=', booking.id).executeTakeFirstOrThrow();
}
