import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB, DepositType } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../lib/time.js';
import { randomToken } from '../../lib/tokens.js';
import { readSettings } from '../settings/service.js';
import { offerFreedSlot } from '../waitlist/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { bookingQuery, type BookingJoinedRow } from './reads.js';
import { announceProvisional, announceScheduled } from './transitions.js';

/*
 * Bookings held for a deposit (docs/api.md "Deposits"). The booking page books a service that
 * asks a deposit as `provisional` without a token and without any email (insertBooking
 * `held`): it occupies its time, nobody is told yet. The payments module collects the deposit
 * and, in the transaction that settles the payment, calls one of these:
 *
 * - paid in time: the booking becomes what it would have been without a deposit
 *   (completeHeldBookings): `scheduled` with its confirmation job, or, with booking_mode
 *   `request`, a provisional booking with its confirm/decline email;
 * - not paid in time (or the checkout expired or failed): released, `cancelled`, its slot
 *   offered to the waitlist, and no cancellation email: the client never completed the booking;
 * - paid after the release: recorded as `late` and left cancelled; the caller tells the salon.
 *
 * A booking is still held while it is `provisional` with deposit `pending` and no token. The
 * salon may confirm or cancel it by hand meanwhile; the deposit then only records what came of
 * the payment and the booking is left as the salon made it.
 */

export interface DepositTerms {
  deposit_type: DepositType;
  /** Hundredths: 5000 is 50 % or 50.00. */
  deposit_value: number;
}

/**
 * The deposit in cents of a booking booked at `priceCents`: a percentage of it, rounded half-up
 * to the cent, or a fixed amount, never more than the price (a deposit is part of the bill).
 */
export function depositCents(terms: DepositTerms, priceCents: number): number {
  if (terms.deposit_type === 'none') return 0;
  if (terms.deposit_type === 'fixed') return Math.min(terms.deposit_value, priceCents);
  return Math.floor((priceCents * terms.deposit_value + 5000) / 10_000);
}

/** The deposit terms of these services. */
export async function depositTermsOf(executor: Executor, serviceIds: number[]): Promise<Map<number, DepositTerms>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('services')
    .select(['id', 'deposit_type', 'deposit_value'])
    .where('id', 'in', [...new Set(serviceIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { deposit_type: row.deposit_type, deposit_value: row.deposit_value }]));
}

/** Records what each held booking owes and the payment collecting it. */
export async function attachDeposit(
  trx: Transaction<DB>,
  parts: Array<{ bookingId: number; amountCents: number }>,
  paymentId: number,
): Promise<void> {
  for (const part of parts) {
    await trx
      .updateTable('bookings')
      .set({ deposit_amount: part.amountCents, deposit_status: 'pending', deposit_payment_id: paymentId })
      .where('id', '=', part.bookingId)
      .execute();
  }
}

function isHeld(row: Pick<BookingJoinedRow, 'status' | 'deposit_status' | 'provisional_token'>): boolean {
  return row.status === 'provisional' && row.deposit_status !== 'paid' && row.provisional_token === null;
}

/**
 * Held bookings become what they would have been without a deposit: with booking_mode
 * `request` provisional bookings with their token, confirm/decline email and the admins'
 * request notification; otherwise `scheduled` with the confirmation job. The caller holds the
 * rows (same transaction as their last read).
 */
export async function completeHeldBookings(
  trx: Transaction<DB>,
  publicBaseUrl: string,
  rows: BookingJoinedRow[],
): Promise<void> {
  const held = rows.filter(isHeld);
  if (held.length === 0) return;
  const settings = await readSettings(trx);
  const base = publicBaseUrl.replace(/\/+$/, '');
  for (const row of held) {
    const now = nowIso();
    if (settings.booking_mode === 'request') {
      await trx
        .updateTable('bookings')
        .set({ provisional_token: randomToken(), updated_at: now })
        .where('id', '=', row.id)
        .execute();
      const current = await bookingQuery(trx).where('b.id', '=', row.id).executeTakeFirstOrThrow();
      await announceProvisional(trx, current, base, publicBaseUrl);
    } else {
      await trx
        .updateTable('bookings')
        .set({ status: 'scheduled', updated_at: now })
        .where('id', '=', row.id)
        .execute();
      const current = await bookingQuery(trx).where('b.id', '=', row.id).executeTakeFirstOrThrow();
      await announceScheduled(trx, current);
    }
    await recordWebhookEvent(trx, 'booking.updated', row.id);
  }
}

/** The bookings of a deposit payment, in the order they happen (a visit's parts), as read now. */
export async function depositBookings(executor: Executor, paymentId: number): Promise<BookingJoinedRow[]> {
  return bookingQuery(executor)
    .where('b.deposit_payment_id', '=', paymentId)
    .orderBy('b.start_at')
    .orderBy('b.id')
    .execute();
}

/** The bookings of a deposit payment, locked (booking rows first, as every booking write does). */
async function lockDepositBookings(
  trx: Transaction<DB>,
  dialect: Dialect,
  paymentId: number,
): Promise<BookingJoinedRow[]> {
  const ids = await lockRows(
    trx.selectFrom('bookings').select('id').where('deposit_payment_id', '=', paymentId).orderBy('id'),
    dialect,
  ).execute();
  if (ids.length === 0) return [];
  return bookingQuery(trx)
    .where(
      'b.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('b.id')
    .execute();
}

export interface DepositContext {
  config: Config;
  dialect: Dialect;
}

/**
 * The deposit payment `paymentId` is paid. Bookings still held are completed; bookings the
 * salon already confirmed keep their status; bookings released (or cancelled) meanwhile are
 * not revived: their deposit becomes `late` and they are returned so the salon can be told.
 */
export async function depositPaid(
  trx: Transaction<DB>,
  ctx: DepositContext,
  paymentId: number,
): Promise<{ late: BookingJoinedRow[] }> {
  const rows = await lockDepositBookings(trx, ctx.dialect, paymentId);
  const late = rows.filter((row) => row.deposit_status === 'expired' || row.status === 'cancelled');
  const kept = rows.filter((row) => !late.includes(row));
  const now = nowIso();
  // Marked paid first, so that the webhook events of the bookings completed below show it
  // (`kept` holds the rows as read, which still say whether each was held).
  if (kept.length > 0) {
    await trx
      .updateTable('bookings')
      .set({ deposit_status: 'paid', updated_at: now })
      .where(
        'id',
        'in',
        kept.map((row) => row.id),
      )
      .execute();
  }
  await completeHeldBookings(trx, ctx.config.publicBaseUrl, kept);
  // Confirmed by hand meanwhile: only the deposit changed.
  for (const row of kept.filter((row) => !isHeld(row))) await recordWebhookEvent(trx, 'booking.updated', row.id);
  if (late.length > 0) {
    await trx
      .updateTable('bookings')
      .set({ deposit_status: 'late', updated_at: now })
      .where(
        'id',
        'in',
        late.map((row) => row.id),
      )
      .execute();
  }
  return { late };
}

/**
 * The deposit payment `paymentId` will not be paid in time (timed out, expired or failed at
 * the provider): its bookings still pending are released. A held booking is cancelled and its
 * slot offered to the waitlist, without a cancellation email or calendar update (the client
 * was never sent a confirmation); one the salon confirmed by hand stays as it is. Returns the
 * bookings cancelled.
 */
export async function releaseDeposit(
  trx: Transaction<DB>,
  ctx: DepositContext,
  paymentId: number,
): Promise<BookingJoinedRow[]> {
  const rows = (await lockDepositBookings(trx, ctx.dialect, paymentId)).filter(
    (row) => row.deposit_status === 'pending',
  );
  const released = rows.filter(isHeld);
  const now = nowIso();
  for (const row of rows) {
    await trx
      .updateTable('bookings')
      .set({
        deposit_status: 'expired',
        ...(released.includes(row) ? { status: 'cancelled' as const } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
  }
  for (const row of released) {
    await recordWebhookEvent(trx, 'booking.cancelled', row.id);
    await offerFreedSlot(
      trx,
      { config: ctx.config },
      {
        serviceId: row.service_id,
        staffId: row.staff_id,
        date: row.start_at.slice(0, 10),
        startAt: row.start_at,
        endAt: row.end_at,
      },
    );
  }
  return released;
}
