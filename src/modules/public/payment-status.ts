import type { AppContext } from '../../context.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { depositBookings } from '../bookings/service.js';
import { paymentForReturn } from '../payments/service.js';
import { readTimezone } from '../settings/service.js';
import type { PublicPaymentStatusOutput } from './schemas.js';

/*
 * GET /public/payment-status: what the return page (`/payment/return`) shows after a hosted
 * checkout. The payment only with its return token (payments module), and only what that page
 * needs: how it ended, what for, how much, and for a deposit the booking as its client sees
 * it (services, staff, times, status), nothing of the client or of the provider's errors.
 */
export async function publicPaymentStatus(
  ctx: AppContext,
  paymentId: number,
  token: string,
): Promise<PublicPaymentStatusOutput> {
  const { payment, heldUntil } = await paymentForReturn(ctx, paymentId, token);
  const timezone = await readTimezone(ctx.db);
  const parts = payment.purpose === 'deposit' ? await depositBookings(ctx.db, payment.id) : [];
  // A visit's parts are held, completed and released together: the first one not cancelled
  // speaks for it, as on the visit's own answer.
  const lead = parts.find((part) => part.status !== 'cancelled') ?? parts[0];
  return {
    payment_id: payment.id,
    purpose: payment.purpose,
    // A deposit stopped at the provider is one whose hold ran out (or whose session expired
    // with it): to its client that is one thing, the time was released.
    status: payment.purpose === 'deposit' && payment.status === 'cancelled' ? 'expired' : payment.status,
    amount: fromCents(payment.amount),
    currency: payment.currency,
    checkout_url: payment.status === 'pending' ? payment.checkout_url : null,
    held_until: heldUntil === null ? null : formatInstant(heldUntil, timezone),
    booking:
      lead === undefined
        ? null
        : {
            start_at: parts[0]!.start_at,
            end_at: parts.at(-1)!.end_at,
            status: lead.status,
            deposit_status: lead.deposit_status,
            parts: parts.map((part) => ({
              service_name: part.service_name,
              staff_name: part.staff_name,
              start_at: part.start_at,
              end_at: part.end_at,
            })),
          },
  };
}
