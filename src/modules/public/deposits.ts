import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { completeHeldBookings, depositCents, depositTermsOf, type BookingJoinedRow } from '../bookings/service.js';
import { checkoutConfigured, depositCheckoutUrl, openDeposit, startDepositCheckout } from '../payments/service.js';
import { readSettings } from '../settings/service.js';

/*
 * The deposit of a booking from the booking page (docs/api.md "Deposits"): when a checkout
 * provider is configured and a service booked asks a deposit, the booking (every part of a
 * visit) is held until the deposit, the sum of the parts', is paid. Without a checkout provider
 * the booking page books as it always did, without a deposit: the salon's deposit setting
 * cannot be honoured, and refusing online bookings for want of a provider would cost more.
 */

/** Whether bookings of these services are held for a deposit. */
export async function holdsForDeposit(trx: Transaction<DB>, serviceIds: number[]): Promise<boolean> {
  if (!checkoutConfigured(await readSettings(trx))) return false;
  const terms = await depositTermsOf(trx, serviceIds);
  return [...terms.values()].some((term) => term.deposit_type !== 'none' && term.deposit_value > 0);
}

/**
 * After held bookings were inserted: their deposit from the prices booked. Owed → the deposit
 * payment is written and its id returned; nothing owed after all (a price of 0) → the bookings
 * are completed as if none had been asked, and null returned. Same transaction as the insert.
 */
export async function openHeldDeposit(
  ctx: AppContext,
  trx: Transaction<DB>,
  rows: BookingJoinedRow[],
): Promise<number | null> {
  const terms = await depositTermsOf(
    trx,
    rows.map((row) => row.service_id),
  );
  const parts = rows.map((row) => ({
    bookingId: row.id,
    amountCents: depositCents(terms.get(row.service_id) ?? { deposit_type: 'none', deposit_value: 0 }, row.price),
  }));
  if (parts.every((part) => part.amountCents === 0)) {
    await completeHeldBookings(trx, ctx.config.publicBaseUrl, rows);
    return null;
  }
  const first = rows[0]!;
  return openDeposit(trx, {
    parts,
    clientEmail: first.client_email,
    description: `Deposit: ${rows.map((row) => row.service_name).join(', ')}, ${first.start_at.slice(0, 16)}`,
  });
}

/**
 * The checkout URL of a deposit: opened now for a new booking (502 `deposit_unavailable`, the
 * booking released, when the provider fails), the same one again for a replay.
 */
export async function checkoutUrlOf(ctx: AppContext, paymentId: number | null, replayed: boolean) {
  if (paymentId === null) return null;
  return replayed ? depositCheckoutUrl(ctx, paymentId) : startDepositCheckout(ctx, paymentId);
}

/**
 * The deposit part of a new booking's answer: where the client pays, and how many minutes the
 * booking is held for it (the page tells the client); both null when no deposit is due.
 */
export async function depositAnswer(
  ctx: AppContext,
  checkoutUrl: string | null,
): Promise<{ checkout_url: string | null; deposit_hold_min: number | null }> {
  if (checkoutUrl === null) return { checkout_url: null, deposit_hold_min: null };
  const { deposit_timeout_min } = await readSettings(ctx.db);
  return { checkout_url: checkoutUrl, deposit_hold_min: deposit_timeout_min };
}
