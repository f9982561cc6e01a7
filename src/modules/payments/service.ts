import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, Settings } from '../../db/types.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import { paginate, type Page, type PageRequest } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { DEFAULT_TIMEZONE, formatInstant, nowIso } from '../../lib/time.js';
import { notifyAdmins } from '../notifications/service.js';
import { readSettingsWithSecrets } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './providers/types.js';
import { settlementHandlers } from './settlement.js';
import { callbackToken, returnToken } from './signatures.js';
import type { PaymentMethod, PaymentPurpose, PaymentStatus, ProviderName } from './types.js';

export type { PaymentPurpose, PaymentStatus } from './types.js';

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

export interface PaymentView {
  id: number;
  purpose: PaymentPurpose;
  reference_id: number;
  provider: string;
  status: PaymentStatus;
  /** Currency units. */
  amount: number;
  checkout_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

const PROVIDER_LABELS: Record<PaymentMethod, string> = {
  card: 'card terminal',
  online: 'online payment',
  checkout: 'checkout',
};

export function toPaymentView(row: PaymentRow, timezone: string): PaymentView {
  return {
    id: row.id,
    purpose: row.purpose,
    reference_id: row.reference_id,
    provider: row.provider,
    status: row.status,
    amount: fromCents(row.amount),
    checkout_url: row.checkout_url,
    error: row.error,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency || 'EUR' }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

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

async function getPaymentView(db: Kysely<DB>, id: number, timezone: string): Promise<PaymentView> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toPaymentView(row, timezone);
}

/** Latest payment of each reference, one query. */
export async function paymentsFor(
  db: Executor,
  purpose: PaymentPurpose,
  referenceIds: number[],
): Promise<Map<number, PaymentView>> {
  const result = new Map<number, PaymentView>();
  if (referenceIds.length === 0) return result;
  const rows = await db
    .selectFrom('payments')
    .selectAll('payments')
    .select((eb) =>
      eb.selectFrom('settings').select('settings.timezone').where('settings.id', '=', 1).as('salon_timezone'),
    )
    .where(
      'payments.id',
      'in',
      db
        .selectFrom('payments as latest')
        .select((eb) => eb.fn.max('latest.id').as('id'))
        .where('latest.purpose', '=', purpose)
        .where('latest.reference_id', 'in', [...new Set(referenceIds)])
        .groupBy('latest.reference_id'),
    )
    .execute();
  for (const { salon_timezone, ...row } of rows) {
    result.set(row.reference_id, toPaymentView(row, salon_timezone || DEFAULT_TIMEZONE));
  }
  return result;
}

/**
 * Moves a payment out of `pending`, once: true when this call did it. In the same
 * transaction the purpose's settlement handler runs, and for `failed` the admins are told
 * (`pos.payment_failed`, per their preferences). A payment already settled is left alone, so
 * a repeated or concurrent webhook changes nothing.
 */
export async function settlePayment(
  ctx: Pick<AppContext, 'db' | 'config' | 'dialect'>,
  paymentId: number,
  status: Exclude<PaymentStatus, 'pending'>,
  error: string | null = null,
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable('payments')
      .set({ status, error, settled_at: now, updated_at: now })
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const handler = settlementHandlers[row.purpose];
    if (handler) {
      await handler(
        trx,
        { paymentId: row.id, referenceId: row.reference_id, status, amountCents: row.amount },
        { config: ctx.config, dialect: ctx.dialect },
      );
    }
    if (status === 'failed') {
      const subjectLine = {
        pos_order: `POS order ${row.reference_id}`,
        noshow_fee: `no-show fee of booking ${row.reference_id}`,
        deposit: `deposit of booking ${row.reference_id}`,
      }[row.purpose];
      await notifyAdmins(trx, {
        type: 'pos.payment_failed',
        title: 'Payment failed',
        message: `The payment for ${subjectLine} failed: ${error ?? 'unknown reason'}`,
        link: officeHref.payment(row.id),
        email: {
          template: 'payments.failed',
          data: {
            subjectLine,
            amount: formatAmount(row.amount, row.currency),
            error: error ?? 'unknown reason',
            link: `${ctx.config.publicBaseUrl}${officeHref.payment(row.id)}`,
          },
        },
      });
    }
    return true;
  });
}

export interface PaymentListFilter extends PageRequest {
  purpose?: PaymentPurpose | undefined;
  reference_id?: number | undefined;
  status?: PaymentStatus | undefined;
}

/** Admin view: newest first, filterable by purpose, reference and status. */
export async function listPayments(
  db: Kysely<DB>,
  timezone: string,
  filter: PaymentListFilter,
): Promise<PaymentView[] | Page<PaymentView>> {
  let base = db.selectFrom('payments');
  if (filter.purpose) base = base.where('purpose', '=', filter.purpose);
  if (filter.reference_id !== undefined) base = base.where('reference_id', '=', filter.reference_id);
  if (filter.status) base = base.where('status', '=', filter.status);
  const query = base.selectAll().orderBy('id', 'desc');
  const count = async () => Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query, count, filter, (row) => toPaymentView(row, timezone));
}

export async function getPayment(db: Kysely<DB>, timezone: string, id: number): Promise<PaymentView> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return toPaymentView(row, timezone);
}

export { cardProviderConfigured } from './providers/index.js';
export { registerSettlementHandler } from './settlement.js';
export { noshowFeeSettled } from './noshow-settled.js';
export { paymentForReturn, RETURN_POLL_WINDOW_MS, type ReturnedPayment } from './return-status.js';
export {
  checkoutConfigured,
  depositCheckoutUrl,
  depositSettled,
  openDeposit,
  startDepositCheckout,
} from './deposits.js';
import { officeHref } from '../../lib/office-paths.js';
