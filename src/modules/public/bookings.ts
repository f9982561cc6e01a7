import type { AppContext } from '../../context.js';
import type { AuthClient } from '../../http/auth.js';
import { badRequest } from '../../lib/errors.js';
import { parseLocalDateTime } from '../../lib/time.js';
import { endOf, judgeStart } from '../availability/service.js';
import { loadDay } from '../availability/service.js';
import { bookIdempotently, insertBooking, readBooking } from '../bookings/service.js';
import { holdsForConfirmLink, scheduleHoldRelease } from './booking-hold.js';
import { depositAnswer, holdsForDeposit, openHeldDeposit } from './deposits.js';
import { bookingClient, depositCheckout, refuse, requireMayBook } from './intake.js';
import { requireBookableOnline } from './online-bookable.js';
import type { PublicBookingInput, PublicBookingOutput } from './schemas.js';
import { toPublicBooking } from './view.js';

/*
 * POST /public/bookings: a booking from the booking page, through the same creation path as
 * the staff API (bookings/service.ts insertBooking). The start must be one that availability
 * offers (docs/api.md "Online booking page"): judged once to pick the staff member, and again by the same engine
 * behind that member's lock, inside the write transaction, so a slot taken meanwhile is 409.
 */

export function parseStart(value: string): string {
  const startAt = parseLocalDateTime(value);
  if (startAt === null) {
    throw badRequest('validation_failed', 'Invalid input: start_at must be a real date and time', [
      { field: 'start_at', message: 'must be a real date and time (YYYY-MM-DD HH:MM:SS)' },
    ]);
  }
  return startAt;
}

export interface PublicBookingResult {
  booking: PublicBookingOutput;
  replayed: boolean;
}

export async function createPublicBooking(
  ctx: AppContext,
  input: PublicBookingInput,
  client: AuthClient | null,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<PublicBookingResult> {
  const startAt = parseStart(input.start_at);
  const settings = await requireMayBook(ctx, client, input.staff_id !== undefined);
  const { result, replayed } = await bookIdempotently(ctx, {
    key: idempotencyKey,
    kind: 'booking',
    body: input,
    as: client?.id ?? null,
    actor: 'client',
    replay: async (bookingId) => {
      const booking = await readBooking(ctx.db, bookingId);
      if (!booking) throw new Error(`booking ${bookingId} of an idempotency key is gone`);
      return { bookingId, depositPaymentId: booking.deposit_payment_id };
    },
    book: async (trx) => {
      await requireBookableOnline(trx, [{ serviceId: input.service_id, field: 'service_id' }]);
      const held = await holdsForDeposit(trx, [input.service_id]);
      // Asked before bookingClient, which creates the stranger's client record.
      const holdForLink = await holdsForConfirmLink(trx, settings, client, input.client_email, held);
      const clientId = await bookingClient(trx, input, client);
      const request = { date: startAt.slice(0, 10), serviceId: input.service_id, clientId };
      const day = await loadDay(trx, { ...request, staffId: input.staff_id }, true, now);
      const verdict = judgeStart(day.input, startAt);
      if (!verdict.ok) throw refuse(verdict.reason);
      const row = await insertBooking(
        trx,
        {
          client_id: clientId,
          staff_id: verdict.staffId,
          service_id: input.service_id,
          start_at: startAt,
          // The member's own duration of the service (plus any new-client extra), as offered.
          end_at: endOf(
            startAt,
            day.input.staff.find((member) => member.id === verdict.staffId)?.durationMin ?? day.input.durationMin,
          ),
          notes: input.notes,
          provisional: settings.booking_mode === 'request' || holdForLink,
          held,
          checkLocked: async (locked) => {
            const again = judgeStart(
              (await loadDay(locked, { ...request, staffId: verdict.staffId }, true, now)).input,
              startAt,
            );
            if (!again.ok) throw refuse(again.reason);
          },
        },
        { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: null },
      );
      if (holdForLink) await scheduleHoldRelease(trx, settings, [row.id]);
      const depositPaymentId = held ? await openHeldDeposit(ctx, trx, [row]) : null;
      return { result: { bookingId: row.id, depositPaymentId }, bookingId: row.id };
    },
  });
  const checkoutUrl = await depositCheckout(ctx, idempotencyKey, result.depositPaymentId, replayed);
  // Read after the deposit's writes (and, for a replay, whatever became of it since).
  const booking = await readBooking(ctx.db, result.bookingId);
  if (!booking) throw new Error(`booking ${result.bookingId} is gone`);
  return { booking: { ...toPublicBooking(booking), ...(await depositAnswer(ctx, checkoutUrl)) }, replayed };
}
