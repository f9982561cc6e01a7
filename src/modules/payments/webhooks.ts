import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { readSettingsWithSecrets, readTimezone } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError } from './providers/types.js';
import { getPayment, type PaymentView } from './payment-views.js';
import { settlePayment } from './settle.js';
import { verifyCallbackToken, verifyCheckoutSignature } from './signatures.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import type { PaymentStatus } from './types.js';

export interface WebhookAck {
  received: true;
}

const ACK: WebhookAck = { received: true };

/** Checkout session events and the payment status each one means; others are acknowledged and ignored. */
const CHECKOUT_EVENTS: Record<string, Exclude<PaymentStatus, 'pending'> | 'paid_if_paid'> = {
  'checkout.session.completed': 'paid_if_paid', // card payments: paid now; delayed methods: later
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'cancelled',
};

/**
 * The checkout provider's (Stripe's) webhook. The signature over the raw body is the
 * authentication: a bad or stale one is 401 and changes nothing. A session we do not know
 * (another integration on the same account) is acknowledged and ignored, so the provider
 * stops retrying it.
 */
export async function handleCheckoutWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookAck> {
  const settings = await readSettingsWithSecrets(ctx);
  if (!verifyCheckoutSignature(rawBody, signature, settings.checkout_webhook_secret)) {
    throw unauthorized('invalid_signature', 'The webhook signature is missing, wrong or expired');
  }
  let event: { type?: unknown; data?: { object?: Record<string, unknown> } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw badRequest('invalid_json', 'The webhook body is not JSON');
  }
  const meaning = typeof event.type === 'string' ? CHECKOUT_EVENTS[event.type] : undefined;
  const session = event.data?.object;
  if (!meaning || !session || typeof session.id !== 'string') return ACK;

  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', 'checkout')
    .where('provider_ref', '=', session.id)
    .executeTakeFirst();
  if (!payment) {
    ctx.log.info({ event: event.type }, 'checkout webhook for an unknown session; ignored');
    return ACK;
  }
  let status: Exclude<PaymentStatus, 'pending'>;
  if (meaning === 'paid_if_paid') {
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return ACK;
    status = 'paid';
  } else {
    status = meaning;
  }
  if (status === 'paid' && typeof session.amount_total === 'number' && session.amount_total !== payment.amount) {
    // Signed, yet not what we asked for: do not call it paid; an admin has to look.
    await settlePayment(
      ctx,
      payment.id,
      'failed',
      `Paid amount ${session.amount_total} differs from ${payment.amount}`,
    );
    return ACK;
  }
  await settlePayment(ctx, payment.id, status, status === 'failed' ? 'The checkout payment failed' : null);
  return ACK;
}

/**
 * The card terminal's and the online provider's callbacks: unsigned, so the URL carries an
 * HMAC of the payment id (checked first: a forged call is 401 before any outbound request),
 * and the callback is only a hint: the status is fetched from the provider's API. A payment
 * already settled is acknowledged without asking the provider again.
 */
export async function handleCallbackWebhook(
  ctx: AppContext,
  provider: 'cardpay' | 'onlinepay',
  paymentId: number,
  token: string,
  hintedRef: string | undefined,
): Promise<WebhookAck> {
  if (!verifyCallbackToken(ctx.config.jwtSecret, provider, paymentId, token)) {
    throw unauthorized('invalid_signature', 'The callback signature is not valid');
  }
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'pending' || !payment.provider_ref) return ACK;
  if (hintedRef && hintedRef !== payment.provider_ref) {
    ctx.log.warn({ paymentId, provider }, 'callback names another provider payment; ignored');
    return ACK;
  }
  await pollProvider(ctx, payment);
  return ACK;
}

/**
 * Asks the payment's provider for its status and settles it when final. For a pending
 * payment with a provider reference; 503 when the provider is no longer configured, 502
 * when it cannot be asked (a webhook's provider then calls again later).
 */
export async function pollProvider(ctx: AppContext, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'pending' || !payment.provider_ref) return;
  if (payment.provider !== 'cardpay' && payment.provider !== 'onlinepay' && payment.provider !== 'checkout') return;
  const settings = await readSettingsWithSecrets(ctx);
  const client = configuredProvider(ctx.config, settings, payment.provider);
  if (!client) {
    throw new AppError(503, 'provider_not_configured', 'The payment provider is no longer configured');
  }
  let status: PaymentStatus;
  try {
    status = await client.fetchStatus(payment.provider_ref);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn(
      { paymentId: payment.id, provider: payment.provider, reason: error.message },
      'payment status lookup failed',
    );
    throw new AppError(502, 'provider_unavailable', 'The payment provider could not be asked; try again');
  }
  if (status !== 'pending') {
    await settlePayment(
      ctx,
      payment.id,
      status,
      status === 'failed' ? 'The provider reported the payment as failed' : null,
    );
  }
}

/** POST /api/payments/:id/refresh (admin): poll the provider for a pending payment. */
export async function refreshPayment(ctx: AppContext, id: number): Promise<PaymentView> {
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!payment) throw notFound('Payment');
  await pollProvider(ctx, payment);
  return getPayment(ctx.db, await readTimezone(ctx.db), id);
}

/**
 * Stops a pending payment at its card reader (the till's "Cancel"), then reads its status back
 * and settles it as a callback would (`cancelled`: a POS order becomes `failed`, and can be
 * voided). 409 `payment_not_pending` once settled; `payment_not_cancellable` for a provider
 * with no way to stop a payment (an online payment expires by itself). 502 when the provider
 * cannot be reached.
 */
export async function cancelPayment(ctx: AppContext, id: number): Promise<void> {
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'pending') throw new AppError(409, 'payment_not_pending', 'This payment is no longer pending');
  const settings = await readSettingsWithSecrets(ctx);
  const client =
    payment.provider === 'cardpay' && payment.provider_ref
      ? configuredProvider(ctx.config, settings, payment.provider)
      : null;
  if (!client?.cancel || !payment.provider_ref) {
    throw new AppError(
      409,
      'payment_not_cancellable',
      'Only a payment waiting at the card reader can be cancelled here',
    );
  }
  try {
    await client.cancel(payment.provider_ref);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new AppError(
      502,
      'provider_unavailable',
      `The card terminal provider did not stop the payment: ${error.message}`,
    );
  }
  await pollProvider(ctx, payment);
}
