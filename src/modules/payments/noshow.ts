import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import type { JobHandler } from '../../jobs/types.js';
import { queueEmail } from '../../mail/outbox.js';
import { readBookingWithPrice } from '../bookings/service.js';
import { readSettingsWithSecrets } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError } from './providers/types.js';
import { insertPayment, requestFromProvider } from './payment-start.js';
import { formatAmount } from './payment-views.js';
import { settlePayment } from './settle.js';

/*
 * No-show fees (docs/api.md "No-show fee"). Setting a booking to `no-show` while
 * `noshow_enabled` is on enqueues `payments.noshow_fee` in the same transaction
 * (bookings/service.ts); this job opens a checkout session for the fee and, when
 * `noshow_email_enabled`, emails the client its link. The provider call happens here, never
 * in the request, retried with the queue's backoff.
 *
 * The fee's record is a `payments` row (purpose `noshow_fee`, reference = booking id), shown
 * by GET /api/payments?purpose=noshow_fee&reference_id=<booking id>.
 */

const NO_CHECKOUT_PROVIDER = 'No checkout provider is configured (settings checkout_secret_key)';

/**
 * The fee in cents. `noshow_fee_value` is stored in hundredths: a percentage (5000 = 50 %) of
 * the booking's price, rounded half-up to the cent, at least `noshow_min_amount`; or a fixed
 * amount (5000 = 50.00).
 */
export function noshowFeeCents(
  settings: Pick<Settings, 'noshow_fee_type' | 'noshow_fee_value' | 'noshow_min_amount'>,
  bookingPriceCents: number,
): number {
  if (settings.noshow_fee_type === 'fixed') return settings.noshow_fee_value;
  const percentage = Math.floor((bookingPriceCents * settings.noshow_fee_value + 5000) / 10_000);
  return Math.max(percentage, settings.noshow_min_amount);
}

async function latestFeePayment(ctx: AppContext, bookingId: number): Promise<PaymentRow | undefined> {
  return ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('purpose', '=', 'noshow_fee')
    .where('reference_id', '=', bookingId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function noshowFeeJob(ctx: AppContext): JobHandler<'payments.noshow_fee'> {
  return async ({ bookingId }, context) => {
    const booking = await readBookingWithPrice(ctx.db, bookingId);
    if (!booking || booking.status !== 'no-show') {
      context.log.info({ bookingId }, 'booking gone or no longer a no-show; no fee');
      return;
    }
    const settings = await readSettingsWithSecrets(ctx);
    if (settings.noshow_enabled !== 1) {
      context.log.info({ bookingId }, 'no-show fees were turned off meanwhile; no fee');
      return;
    }
    const amountCents = noshowFeeCents(settings, booking.price);
    if (amountCents <= 0) {
      context.log.info({ bookingId }, 'the no-show fee comes to zero; nothing to charge');
      return;
    }

    // At least once: a retry, or a second job after no-show → scheduled → no-show, must not
    // open a second session while one is open or paid.
    const existing = await latestFeePayment(ctx, bookingId);
    if (existing && (existing.status === 'paid' || (existing.status === 'pending' && existing.provider_ref))) {
      context.log.info({ bookingId, paymentId: existing.id }, 'the no-show fee has a checkout session already');
      return;
    }
    const request = {
      purpose: 'noshow_fee' as const,
      referenceId: bookingId,
      method: 'checkout' as const,
      amountCents,
      description: `No-show fee: ${booking.service_name}, ${booking.start_at}`,
      clientEmail: booking.client_email,
    };
    const provider = configuredProvider(ctx.config, settings, 'checkout');
    const payment =
      existing?.status === 'pending'
        ? existing
        : await insertPayment(ctx.db, settings, request, provider?.name ?? 'none');
    if (!provider) {
      // Nothing to retry until an admin configures one; no email with a dead link.
      await settlePayment(ctx, payment.id, 'failed', NO_CHECKOUT_PROVIDER);
      return;
    }

    try {
      await requestFromProvider(ctx, provider, payment, async (trx, session) => {
        // The email is queued with the session's link in one transaction: never a link-less email.
        if (settings.noshow_email_enabled !== 1 || !booking.client_email || !session.checkoutUrl) return;
        await queueEmail(trx, {
          to: booking.client_email,
          clientId: booking.client_id,
          template: 'payments.noshow_fee',
          data: {
            clientName: booking.client_name,
            serviceName: booking.service_name,
            startAt: booking.start_at.slice(0, 16),
            amount: formatAmount(amountCents, payment.currency),
            amountCents,
            currency: payment.currency,
            checkoutUrl: session.checkoutUrl,
          },
        });
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (!error.retryable) {
        // Refused (bad key, invalid request): another try would be refused too.
        await settlePayment(ctx, payment.id, 'failed', error.message);
        return;
      }
      if (context.isLastAttempt) await settlePayment(ctx, payment.id, 'failed', error.message);
      throw error; // retried with backoff; dead after the last attempt
    }
  };
}
