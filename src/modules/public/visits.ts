import type { AppContext } from '../../context.js';
import type { AuthClient } from '../../http/auth.js';
import { AppError } from '../../lib/errors.js';
import { judgeVisit, loadVisitDay, type LoadedVisit, type VisitVerdict } from '../availability/service.js';
import {
  bookIdempotently,
  insertPlacedVisit,
  lockForPlacement,
  readVisitOfBooking,
  type BookingJoinedRow,
} from '../bookings/service.js';
import { parseStart } from './bookings.js';
import { holdsForConfirmLink, scheduleHoldRelease } from './booking-hold.js';
import { depositAnswer, holdsForDeposit, openHeldDeposit } from './deposits.js';
import { bookingClient, depositCheckout, refuse, requireMayBook } from './intake.js';
import { partsAsked, requireBookableOnline } from './online-bookable.js';
import type { PublicVisitInput, PublicVisitOutput } from './schemas.js';
import { toPublicBooking } from './view.js';

/*
 * POST /public/visits: several services in a row from the booking page, each part a booking.
 * The start must be one POST /public/visit-availability offers: judged once to choose each
 * part's member, then again by the same engine behind the locks of every member and resource
 * involved (ascending ids), inside the write transaction, so a time taken meanwhile is 409 and
 * two visits sharing stylists in opposite order cannot deadlock.
 */

function toPublicVisit(id: number, rows: BookingJoinedRow[]): PublicVisitOutput {
  const live = rows.filter((row) => row.status !== 'cancelled');
  const shown = live.length > 0 ? live : rows;
  return {
    id,
    start_at: shown[0]!.start_at,
    end_at: shown[shown.length - 1]!.end_at,
    status: live.length === 0 ? 'cancelled' : live[0]!.status,
    bookings: rows.map(toPublicBooking),
  };
}

/** The refusal of the part that cannot be placed, naming it. */
function refusePart(verdict: Extract<VisitVerdict, { ok: false }>): AppError {
  const field = `parts[${verdict.part}]`;
  const refusal = refuse(verdict.reason, field);
  return new AppError(refusal.status, refusal.code, `${field}: ${refusal.message}`, refusal.details);
}

function judged(loaded: LoadedVisit, startAt: string) {
  const verdict = judgeVisit(loaded, startAt);
  if (!verdict.ok) throw refusePart(verdict);
  return verdict.parts;
}

export async function createPublicVisit(
  ctx: AppContext,
  input: PublicVisitInput,
  client: AuthClient | null,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<{ visit: PublicVisitOutput; replayed: boolean }> {
  const startAt = parseStart(input.start_at);
  const settings = await requireMayBook(
    ctx,
    client,
    input.parts.some((part) => part.staff_id !== undefined),
  );
  const { result, replayed } = await bookIdempotently(ctx, {
    key: idempotencyKey,
    kind: 'visit',
    body: input,
    as: client?.id ?? null,
    actor: 'client',
    replay: async (bookingId) => {
      const visit = await readVisitOfBooking(ctx.db, bookingId);
      if (!visit) throw new Error(`visit of booking ${bookingId} of an idempotency key is gone`);
      return { bookingId, depositPaymentId: visit.bookings[0]!.deposit_payment_id };
    },
    book: async (trx) => {
      await requireBookableOnline(trx, partsAsked(input.parts));
      const parts = input.parts.map((part) => part.service_id);
      // Asked before bookingClient, which creates the stranger's client record.
      const holdForLink = await holdsForConfirmLink(
        trx,
        settings,
        client,
        input.client_email,
        await holdsForDeposit(trx, parts),
      );
      const clientId = await bookingClient(trx, input, client);
      const date = startAt.slice(0, 10);
      const request = {
        date,
        parts: input.parts.map((part) => ({ serviceId: part.service_id, staffId: part.staff_id })),
        clientId,
      };
      const loaded = await loadVisitDay(trx, request, true, now);
      const chosen = judged(loaded, startAt);
      await lockForPlacement(
        trx,
        ctx.dialect,
        chosen.map((part) => part.staffId),
        loaded.input.parts.flatMap((part) => part.resourceIds),
      );
      // Again behind the locks, with the members chosen: what was committed meanwhile counts.
      const again = judged(
        await loadVisitDay(
          trx,
          { ...request, parts: chosen.map((part) => ({ serviceId: part.serviceId, staffId: part.staffId })) },
          true,
          now,
        ),
        startAt,
      );
      // One deposit for the whole visit: every part is held while any part asks one.
      const held = await holdsForDeposit(
        trx,
        again.map((part) => part.serviceId),
      );
      const visit = await insertPlacedVisit(
        trx,
        {
          clientId,
          parts: again,
          notes: input.notes,
          provisional: settings.booking_mode === 'request' || holdForLink,
          held,
        },
        { dialect: ctx.dialect, publicBaseUrl: ctx.config.publicBaseUrl, createdBy: null },
      );
      if (holdForLink) {
        await scheduleHoldRelease(
          trx,
          settings,
          visit.bookings.map((part) => part.id),
        );
      }
      const depositPaymentId = held ? await openHeldDeposit(ctx, trx, visit.bookings) : null;
      return { result: { bookingId: visit.bookings[0]!.id, depositPaymentId }, bookingId: visit.bookings[0]!.id };
    },
  });
  const checkoutUrl = await depositCheckout(ctx, idempotencyKey, result.depositPaymentId, replayed);
  // Read after the deposit's writes (and, for a replay, whatever became of it since).
  const visit = await readVisitOfBooking(ctx.db, result.bookingId);
  if (!visit) throw new Error(`visit of booking ${result.bookingId} is gone`);
  return {
    visit: { ...toPublicVisit(visit.id, visit.bookings), ...(await depositAnswer(ctx, checkoutUrl)) },
    replayed,
  };
}
