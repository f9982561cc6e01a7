import type { AppContext } from '../../context.js';
import { lockRows } from '../../db/locks.js';
import { conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { bookingQuery, type BookingJoinedRow } from './reads.js';
import { cancelOwnBooking, lockOwnBooking, readSelfServiceRules } from './self-service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { announceCancelled, announceScheduled } from './transitions.js';
import { asActor } from './history.js';

/*
 * What a client does to their own bookings from the booking page: answer a provisional
 * booking by the links of its email, cancel a booking from their account (self-service.ts
 * holds the rules it shares with the links of the booking emails). The same
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
  return ctx.db.transaction().execute(
    asActor('client', async (trx) => {
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
      if (status === 'scheduled') {
        await announceScheduled(trx, row);
        await recordWebhookEvent(trx, 'booking.updated', row.id);
      } else await announceCancelled(trx, ctx.config, row);
      return row;
    }),
  );
}

/**
 * A client cancels their own booking from the booking page: only a scheduled or provisional
 * one, and no later than `cancellation_window_hours` before it starts (self-service.ts, the
 * same rules as the cancel link of the booking emails). Another client's booking is 404, as if absent.
 */
export async function cancelClientBooking(
  ctx: AppContext,
  clientId: number,
  id: number,
  now: Date = new Date(),
): Promise<BookingJoinedRow> {
  return ctx.db.transaction().execute(
    asActor('client', async (trx) => {
      const booking = await lockOwnBooking(trx, ctx.dialect, id, clientId);
      return cancelOwnBooking(trx, ctx.config, booking, await readSelfServiceRules(trx), now);
    }),
  );
}
