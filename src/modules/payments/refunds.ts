import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { readSettingsWithSecrets } from '../settings/service.js';
import { configuredProvider } from './providers/index.js';
import { ProviderError } from './providers/types.js';
import type { PaymentPurpose } from './types.js';

/*
 * Giving money back through the provider that took it. The caller (the till's refunds) has
 * already reserved the refund in its own committed transaction; this is the HTTP call, made
 * outside any database transaction, whose answer decides whether the refund completes.
 */

export interface PaidPayment {
  id: number;
  provider: string;
  provider_ref: string | null;
  currency: string;
}

/** The paid payment that collected a reference's money (the latest, should there be several). */
export async function paidPaymentOf(
  executor: Executor,
  purpose: PaymentPurpose,
  referenceId: number,
): Promise<PaidPayment | null> {
  const row = await executor
    .selectFrom('payments')
    .select(['id', 'provider', 'provider_ref', 'currency'])
    .where('purpose', '=', purpose)
    .where('reference_id', '=', referenceId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** A provider refused the refund, or could not be asked; the message says why. */
export class RefundRefused extends Error {}

/**
 * Refunds `amountCents` of `payment`. A standalone terminal (`terminal`) has no API: the
 * refund is made on the terminal itself and recorded as such (refundRef null).
 */
export async function refundPayment(
  ctx: AppContext,
  payment: PaidPayment,
  request: { refundId: number; amountCents: number; description: string },
): Promise<{ provider: string; refundRef: string | null }> {
  if (payment.provider === 'terminal') return { provider: 'terminal', refundRef: null };
  const name = payment.provider;
  if ((name !== 'cardpay' && name !== 'onlinepay' && name !== 'checkout') || !payment.provider_ref) {
    throw new RefundRefused('The payment was not taken through a provider that can refund it');
  }
  const provider = configuredProvider(ctx.config, await readSettingsWithSecrets(ctx), name);
  if (!provider) throw new RefundRefused(`The ${name} provider is no longer configured (settings)`);
  try {
    const { refundRef } = await provider.refund(payment.provider_ref, { ...request, currency: payment.currency });
    return { provider: name, refundRef };
  } catch (error) {
    if (error instanceof ProviderError) throw new RefundRefused(error.message);
    throw error;
  }
}
