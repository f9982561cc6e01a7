import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import { lockRows } from '../../db/locks.js';
import { conflict, notFound } from '../../lib/errors.js';
import { DEFAULT_TIMEZONE, nowIso } from '../../lib/time.js';
import { readSettings } from '../settings/service.js';
import { bookingQuery, type BookingJoinedRow } from './reads.js';
import { announceCancelled, announceScheduled, requireTransition } from './transitions.js';

/*
 * What a client does to their own bookings from the booking page: answer a provisional
 * booking by the links of its email, cancel a booking from their account. The same
 * transitions and side effects as the staff's changes (transitions.ts).
 */

/**
 * The client's answer to a provisional booking, by the token of their confirm/decline email:
 * confirm → `scheduled` with the effects of a new regular booking; decline →
 * `cancelled` with the effects of a cancellation. 404 for an unknown token; 409 once the
 * booking is no longer provisional, so each link works once.
 */
export async function answerProvisional(
  ctx: AppContext,
  token: string,
  answer: 'confirm' | 'decline',
): Promise<BookingJoinedRow> {
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('bookings').selectAll().where('provisional_token', '=', token);
    query = lockRows(query, ctx.dialect);
    const booking = await query.executeTakeFirst();
    if (!booking) throw notFound('Booking');
    if (booking.status !== 'provisional') {
      throw conflict('not_provisional', `This booking is ${booking.status}: it no longer awaits an answer`);
    }
    const status = answer === 'confirm' ? 'scheduled' : 'cancelled';
    await trx.updateTable('bookings').set({ status, updated_at: nowIso() }).where('id', '=', booking.id).execute();
    const row = await bookingQuery(trx).where('b.id', '=', booking.id).executeTakeFirstOrThrow();
    if (status === 'scheduled') await announceScheduled(trx, row);
    else await announceCancelled(trx, ctx.config, row);
    return row;
  });
}

/**
 * A client cancels their own booking from the booking page: only a scheduled or provisional
 * one, and no later than `booking_min_lead_hours` before it starts (the same notice the page
 * demands for booking). Another client's booking is 404, as if absent.
 */
export async function cancelClientBooking(
  ctx: AppContext,
  clientId: number,
  id: number,
  now: Date = new Date(),
): Promise<BookingJoinedRow> {
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('bookings').selectAll().where('id', '=', id);
    query = lockRows(query, ctx.dialect);
    const booking = await query.executeTakeFirst();
    if (!booking || booking.client_id !== clientId) throw notFound('Booking');
    if (booking.status === 'cancelled') throw conflict('already_cancelled', 'This booking is already cancelled');
    requireTransition(booking.status, 'cancelled');
    const settings = await readSettings(trx);
    const startsAt = DateTime.fromFormat(booking.start_at, 'yyyy-MM-dd HH:mm:ss', {
      zone: settings.timezone || DEFAULT_TIMEZONE,
    });
    if (startsAt.toMillis() - now.getTime() < settings.booking_min_lead_hours * 3_600_000) {
      throw conflict(
        'too_late_to_cancel',
        `Bookings can be cancelled online up to ${settings.booking_min_lead_hours} hours before they start; please call the salon`,
      );
    }
    await trx.updateTable('bookings').set({ status: 'cancelled', updated_at: nowIso() }).where('id', '=', id).execute();
    await announceCancelled(trx, ctx.config, booking);
    return bookingQuery(trx).where('b.id', '=', id).executeTakeFirstOrThrow();
  });
}
