import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import type { Executor } from '../../db/executor.js';
import { DEFAULT_TIMEZONE, nowIso } from '../../lib/time.js';
import { readSettingsWithSecrets } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './providers/types.js';
import { callbackToken, returnToken } from './signatures.js';
import type { PaymentMethod, PaymentPurpose, ProviderName } from './types.js';
import { settlePayment } from './settle.js';
import { getPaymentView, type PaymentView } from './payment-views.js';

/*
 * Payments: one `payments` row per attempt to collect money, for a POS
 * order, a no-show fee or a booking page deposit. The row is written before the provider is called, so a crash in
 * between leaves a visible `pending` payment, never money taken with no record. It leaves
 * `pending` exactly once (settlePayment: a conditional update), and the purpose's settlement
 * handler runs in that same transaction.
 */

export interface PaymentRequest {
  purpose: PaymentPurpose;
  referenceId: number;
  method: PaymentMethod;
  amountCents: number;
  description: string;
  clientEmail?: string | null;
}

const PROVIDER_LABELS: Record<PaymentMethod, string> = {
  card: 'card terminal',
  online: 'online payment',
  checkout: 'checkout',
};

/** Where a provider reports on payment `id` (see routes.ts for the checkout provider's fixed URL). */
export function callbackUrl(ctx: Pick<AppContext, 'config'>, provider: ProviderName, paymentId: number): string {
  const base = `${ctx.config.publicBaseUrl}/api/payments/webhooks`;
  if (provider === 'checkout') return `${base}/checkout`;
  return `${base}/${provider}/${paymentId}/${callbackToken(ctx.config.jwtSecret, provider, paymentId)}`;
}

/**
 * Where a client's browser returns after a hosted checkout: a page of the salon's front end,
 * with the token that lets it read how the payment ended (GET /api/public/payment-status).
 * `cancelled`: the way back from a checkout left without paying (providers that offer one).
 */
export function returnUrl(
  ctx: Pick<AppContext, 'config'>,
  paymentId: number,
  options: { cancelled?: boolean } = {},
): string {
  const query = new URLSearchParams({
    payment_id: String(paymentId),
    token: returnToken(ctx.config.jwtSecret, paymentId),
  });
  if (options.cancelled) query.set('cancelled', '1');
  return `${ctx.config.publicBaseUrl}/payment/return?${query.toString()}`;
}

export async function insertPayment(
  db: Executor,
  settings: Pick<Settings, 'currency'>,
  request: PaymentRequest,
  provider: ProviderName,
): Promise<PaymentRow> {
  const now = nowIso();
  return db
    .insertInto('payments')
    .values({
      purpose: request.purpose,
      reference_id: request.referenceId,
      method: request.method,
      provider,
      status: 'pending',
      amount: request.amountCents,
      currency: (settings.currency || 'EUR').toUpperCase(),
      description: request.description,
      client_email: request.clientEmail ?? null,
      provider_ref: null,
      checkout_url: null,
      error: null,
      settled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Asks the provider to start collecting `payment`; throws ProviderError. Records its reference. */
export async function requestFromProvider(
  ctx: AppContext,
  provider: PaymentProvider,
  payment: PaymentRow,
  afterRecorded?: (trx: Executor, result: ProviderPayment) => Promise<void>,
  options: { expiresAt?: Date } = {},
): Promise<ProviderPayment> {
  const result = await provider.create({
    paymentId: payment.id,
    amountCents: payment.amount,
    currency: payment.currency,
    description: payment.description,
    clientEmail: payment.client_email,
    callbackUrl: callbackUrl(ctx, provider.name, payment.id),
    returnUrl: returnUrl(ctx, payment.id),
    cancelUrl: returnUrl(ctx, payment.id, { cancelled: true }),
    expiresAt: options.expiresAt,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ provider_ref: result.providerRef, checkout_url: result.checkoutUrl, updated_at: nowIso() })
      .where('id', '=', payment.id)
      .execute();
    if (afterRecorded) await afterRecorded(trx, result);
  });
  return result;
}

/**
 * Called after the caller's transaction committed: records the payment, calls the provider,
 * never throws for provider errors (status `failed`, `error` set, admins notified with
 * `pos.payment_failed`).
 *
 * - `card` with no card terminal provider configured: the till used a standalone terminal,
 *   so the payment is `paid` at once with provider `terminal`.
 * - `online` / `checkout` with no provider configured: `failed`, with an error saying so.
 * - An amount of 0 is `paid` at once: there is nothing to collect.
 */
export async function startPayment(ctx: AppContext, request: PaymentRequest): Promise<PaymentView> {
  const settings = await readSettingsWithSecrets(ctx);
  const timezone = settings.timezone || DEFAULT_TIMEZONE;
  const provider = request.amountCents > 0 ? configuredProvider(ctx.config, settings, request.method) : null;

  if (!provider) {
    const standalone = request.method === 'card' || request.amountCents <= 0;
    const payment = await insertPayment(ctx.db, settings, request, request.method === 'card' ? 'terminal' : 'none');
    if (standalone) {
      await settlePayment(ctx, payment.id, 'paid');
    } else {
      await settlePayment(
        ctx,
        payment.id,
        'failed',
        `No ${PROVIDER_LABELS[request.method]} provider is configured (settings)`,
      );
    }
    return getPaymentView(ctx.db, payment.id, timezone);
  }

  const payment = await insertPayment(ctx.db, settings, request, provider.name);
  try {
    await requestFromProvider(ctx, provider, payment);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ paymentId: payment.id, provider: provider.name, reason: error.message }, 'payment request failed');
    await settlePayment(ctx, payment.id, 'failed', error.message);
  }
  return getPaymentView(ctx.db, payment.id, timezone);
}
