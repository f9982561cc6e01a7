import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';

/*
 * Checking a booking out at the till (`booking_id` on POST /api/pos). The booking's rows (a
 * visit: every part) are locked first in the order's transaction, before anything else the
 * order locks, as the bookings module locks a booking before its staff member. Then:
 *
 *  - a booking some order not voided checked out already is 409 `booking_checked_out` (the
 *    unique partial index on pos_orders.booking_id backs this up for the booking itself);
 *  - only a booking the salon still expects or has finished can be checked out: `scheduled` or
 *    `completed`; a provisional, cancelled or no-show one is 409 `booking_not_checkable`;
 *  - the order's client must be the booking's: 400 `booking_other_client`;
 *  - the deposit of every part whose deposit was paid online is deducted, once: the order that
 *    took it off is the booking's one order.
 */

export interface BookingCheckout {
  /** The booking and, for a visit, its other parts, by id. */
  bookingIds: number[];
  /** Σ the parts' deposits paid online, cents. */
  depositPaid: number;
}

export async function claimBookingForOrder(
  trx: Transaction<DB>,
  dialect: Dialect,
  bookingId: number,
  clientId: number,
): Promise<BookingCheckout> {
  const booking = await trx
    .selectFrom('bookings')
    .select(['id', 'visit_id'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) throw notFound('Booking');
  let partsQuery = trx
    .selectFrom('bookings')
    .select(['id', 'client_id', 'status', 'deposit_amount', 'deposit_status'])
    .orderBy('id');
  partsQuery =
    booking.visit_id === null
      ? partsQuery.where('id', '=', bookingId)
      : partsQuery.where('visit_id', '=', booking.visit_id);
  const parts = await lockRows(partsQuery, dialect, 'no key update').execute();
  const ids = parts.map((part) => part.id);

  if (parts.some((part) => part.client_id !== clientId)) {
    throw badRequest('booking_other_client', 'This booking is another client’s', [
      { field: 'client_id', message: 'must be the booking’s client' },
    ]);
  }
  const unfit = parts.find((part) => part.status !== 'scheduled' && part.status !== 'completed');
  if (unfit) {
    throw conflict('booking_not_checkable', `A ${unfit.status} booking cannot be checked out at the till`);
  }
  const earlier = await trx
    .selectFrom('pos_orders')
    .select(['id'])
    .where('booking_id', 'in', ids)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  if (earlier) {
    throw conflict('booking_checked_out', `This booking was checked out already (POS order #${earlier.id})`);
  }
  return {
    bookingIds: ids,
    depositPaid: parts.reduce(
      (sum, part) => sum + (part.deposit_status === 'paid' ? Number(part.deposit_amount ?? 0) : 0),
      0,
    ),
  };
}
