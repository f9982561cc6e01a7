import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, Settings } from '../../db/types.js';
import type { JobHandler } from '../../jobs/types.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { attachDeposit, depositPaid, releaseDeposit } from '../bookings/service.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { readSettings, readSettingsWithSecrets } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError } from './providers/types.js';
import { insertPayment, requestFromProvider } from './payment-start.js';
import { settlePayment } from './settle.js';
import type { PaymentStatus, Settlement, SettlementContext } from './types.js';
import { officeHref } from '../../lib/office-paths.js';

/*
 * Deposits of the booking page (docs/api.md "Deposits"). A booking of a service that asks a
 * deposit is held (bookings/deposits.ts); in the same transaction openDeposit writes one
 * `deposit` payment for it (a visit: one for all its parts, reference = the first part) and
 * the keyed `payments.deposit_release` job due when `deposit_timeout_min` has passed. After
 * that transaction commits, startDepositCheckout opens the checkout provider's session, whose
 * URL the booking page sends the client to.
 *
 * The payment leaves `pending` once (settlePayment), and depositSettled runs in that
 * transaction: paid → the bookings are completed (or, when released before, flagged `late` to
 * the salon); failed or cancelled (the session expired) → released. The release job expires
 * the session at the provider first, so a client cannot pay for a slot that is gone; when the
 * provider refuses because it was paid meanwhile, the payment is settled paid instead.
 */

/** Stripe lets a checkout session expire between 30 minutes and 24 hours after its creation. */
const SESSION_MIN_MINUTES = 31;
const SESSION_MAX_MINUTES = 23 * 60 + 55;

export const releaseJobKey = (paymentId: number) => `deposit.release:${paymentId}`;

/** Whether a checkout provider is configured: without one, the booking page takes no deposits. */
export function checkoutConfigured(settings: Pick<Settings, 'checkout_secret_key'>): boolean {
  return settings.checkout_secret_key !== '';
}

export interface DepositRequest {
  /** The held bookings and what each owes, cents; the first is the payment's reference. */
  parts: Array<{ bookingId: number; amountCents: number }>;
  clientEmail: string | null;
  description: string;
}

/**
 * Writes the deposit payment of held bookings, links them to it and schedules their release,
 * in the booking's transaction. Returns the payment id.
 */
export async function openDeposit(trx: Transaction<DB>, request: DepositRequest): Promise<number> {
  const settings = await readSettings(trx);
  const payment = await insertPayment(
    trx,
    settings,
    {
      purpose: 'deposit',
      referenceId: request.parts[0]!.bookingId,
      method: 'checkout',
      amountCents: request.parts.reduce((sum, part) => sum + part.amountCents, 0),
      description: request.description,
      clientEmail: request.clientEmail,
    },
    'checkout',
  );
  await attachDeposit(trx, request.parts, payment.id);
  await enqueue(
    trx,
    'payments.deposit_release',
    { paymentId: payment.id },
    { key: releaseJobKey(payment.id), delayMs: settings.deposit_timeout_min * 60_000 },
  );
  return payment.id;
}

const PROVIDER_REFUSED =
  'The deposit could not be started at the payment provider, so nothing was booked; please try again';

/**
 * Opens the checkout session of a deposit payment written by openDeposit and returns its URL.
 * When the provider refuses or cannot be reached, the payment is `failed` (admins told) and the
 * bookings released at once, and the answer is 502 `deposit_unavailable`: the client is not
 * left holding a slot they cannot pay for.
 */
export async function startDepositCheckout(ctx: AppContext, paymentId: number): Promise<string> {
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  const settings = await readSettingsWithSecrets(ctx);
  const provider = configuredProvider(ctx.config, settings, 'checkout');
  const minutes = Math.min(Math.max(settings.deposit_timeout_min, SESSION_MIN_MINUTES), SESSION_MAX_MINUTES);
  let reason = 'No checkout provider is configured (settings checkout_secret_key)';
  if (provider) {
    try {
      const session = await requestFromProvider(ctx, provider, payment, undefined, {
        expiresAt: new Date(Date.now() + minutes * 60_000),
      });
      if (session.checkoutUrl) return session.checkoutUrl;
      reason = 'The checkout provider returned no checkout URL';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      reason = error.message;
    }
  }
  ctx.log.warn({ paymentId, reason }, 'deposit checkout could not be started; booking released');
  await settlePayment(ctx, paymentId, 'failed', reason);
  throw new AppError(502, 'deposit_unavailable', PROVIDER_REFUSED);
}

/**
 * The checkout URL of a deposit payment for an Idempotency-Key replay: the session opened the
 * first time, or, when the first request died before reaching the provider, one opened now
 * (the provider's idempotency key makes it the same session); null once the payment is settled.
 */
export async function depositCheckoutUrl(ctx: AppContext, paymentId: number): Promise<string | null> {
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment || payment.status !== 'pending') return null;
  if (payment.checkout_url) return payment.checkout_url;
  return startDepositCheckout(ctx, paymentId);
}

/** The settlement handler of the `deposit` purpose (registered in composition.ts). */
export async function depositSettled(
  trx: Transaction<DB>,
  settlement: Settlement,
  ctx: SettlementContext,
): Promise<void> {
  if (settlement.status !== 'paid') {
    await releaseDeposit(trx, ctx, settlement.paymentId);
    return;
  }
  const { late } = await depositPaid(trx, ctx, settlement.paymentId);
  if (late.length === 0) return;
  // Money came in for a slot that was given up: the salon decides (refund, or rebook the client).
  const first = late[0]!;
  await notifyAdmins(trx, {
    type: 'pos.deposit_late',
    title: notice('notification.deposit_late.title'),
    message: notice('notification.deposit_late.message', {
      client: first.client_name,
      amount: { cents: settlement.amountCents },
      service: first.service_name,
      start: { dateTime: first.start_at },
    }),
    link: officeHref.payment(settlement.paymentId),
  });
}

/**
 * `payments.deposit_release`: the deposit was not paid within `deposit_timeout_min`. The
 * session is expired at the provider and the payment settled `cancelled`, which releases the
 * bookings. When the provider refuses, its status decides (paid meanwhile: settled paid, the
 * booking completed); when it cannot be reached, the bookings are released anyway (the slot
 * must be free on time) and the job retried to expire the session; a payment reported later is
 * flagged `late`.
 */
export function depositReleaseJob(ctx: AppContext): JobHandler<'payments.deposit_release'> {
  return async ({ paymentId }, context) => {
    const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (!payment || payment.status !== 'pending') {
      context.log.info({ paymentId }, 'deposit settled already; nothing to release');
      return;
    }
    const settings = await readSettingsWithSecrets(ctx);
    const reason = `Not paid within ${settings.deposit_timeout_min} minutes`;
    const provider = configuredProvider(ctx.config, settings, 'checkout');
    if (!payment.provider_ref || !provider?.expire) {
      // No session was opened, or nothing to ask any more: nothing can come in through it.
      await settlePayment(ctx, paymentId, 'cancelled', reason);
      return;
    }
    let failure: ProviderError;
    try {
      await provider.expire(payment.provider_ref);
      await settlePayment(ctx, paymentId, 'cancelled', reason);
      return;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      failure = error;
    }
    let status: PaymentStatus = 'pending';
    try {
      status = await provider.fetchStatus(payment.provider_ref);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
    if (status !== 'pending') {
      await settlePayment(ctx, paymentId, status, status === 'failed' ? 'The checkout payment failed' : null);
      return;
    }
    await ctx.db.transaction().execute((trx) => releaseDeposit(trx, ctx, paymentId));
    context.log.warn({ paymentId, reason: failure.message }, 'deposit session not expired; bookings released');
    if (failure.retryable) throw failure;
  };
}
