import type { AppContext } from '../../context.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import { firstInWindow } from '../../http/rate-limit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { releaseJobKey } from './deposits.js';
import { verifyReturnToken } from './signatures.js';
import { pollProvider } from './webhooks.js';

/*
 * The payment as the return page (`/payment/return`) may read it: only with the token its
 * return URL carries (signatures.ts), so nobody learns anything of a payment by guessing ids.
 *
 * A provider's webhook usually settles the payment before the client's browser is back, but
 * not always (a slow or lost webhook). While the payment is pending, a read asks the provider
 * itself, through the same lookup as an admin's refresh, at most once per window per payment
 * whoever reads: a page polling every few seconds, or many tabs, never hammer the provider.
 * When the provider cannot be asked, the answer is the payment as it is (still pending).
 */

/** At most one provider lookup per payment in this window, on behalf of its return page. */
export const RETURN_POLL_WINDOW_MS = 15_000;

export interface ReturnedPayment {
  payment: PaymentRow;
  /** A pending deposit: when its bookings are released unless it is paid (UTC ISO); else null. */
  heldUntil: string | null;
}

async function readPayment(ctx: Pick<AppContext, 'db'>, id: number): Promise<PaymentRow | undefined> {
  return ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** When the release job of a pending deposit will run, if one is waiting. */
async function releaseAt(ctx: Pick<AppContext, 'db'>, paymentId: number): Promise<string | null> {
  const job = await ctx.db
    .selectFrom('jobs')
    .select('run_at')
    .where('key', '=', releaseJobKey(paymentId))
    .where('name', '=', 'payments.deposit_release')
    .where('status', '=', 'queued')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return job?.run_at ?? null;
}

/**
 * The payment `paymentId` when `token` is its return token; 404 otherwise, the same for an
 * unknown id and a wrong token (checked first, before any read).
 */
export async function paymentForReturn(ctx: AppContext, paymentId: number, token: string): Promise<ReturnedPayment> {
  if (!verifyReturnToken(ctx.config.jwtSecret, paymentId, token)) throw notFound('Payment');
  let payment = await readPayment(ctx, paymentId);
  if (!payment) throw notFound('Payment');
  if (
    payment.status === 'pending' &&
    payment.provider_ref !== null &&
    (await firstInWindow(ctx.db, `payments:return-lookup:${paymentId}`, RETURN_POLL_WINDOW_MS))
  ) {
    try {
      await pollProvider(ctx, payment);
    } catch (error) {
      // 502/503: the provider could not be asked; its webhook, or the next window, will tell.
      if (!(error instanceof AppError)) throw error;
    }
    payment = (await readPayment(ctx, paymentId)) ?? payment;
  }
  const heldUntil =
    payment.purpose === 'deposit' && payment.status === 'pending' ? await releaseAt(ctx, paymentId) : null;
  return { payment, heldUntil };
}
