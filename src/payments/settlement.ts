import type { Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { posOrderPaymentSettled } from '../modules/pos/payment-settled.js';
import { noshowFeeSettled } from './noshow-settled.js';
import type { PaymentPurpose, PaymentStatus } from './types.js';

export interface Settlement {
  paymentId: number;
  referenceId: number;
  /** The final status the payment just moved to (never `pending`). */
  status: Exclude<PaymentStatus, 'pending'>;
  amountCents: number;
}

export type SettlementHandler = (trx: Transaction<DB>, settlement: Settlement) => Promise<void>;

/*
 * What each purpose does when one of its payments is settled. A handler runs inside the
 * transaction that moves the payment out of `pending`, and that move happens once (a
 * conditional update), so a handler runs exactly once per payment however many webhooks,
 * retries or concurrent callbacks arrive. A handler that throws rolls the move back: the
 * payment stays `pending` and the provider's next callback tries again.
 *
 * Static on purpose: a module adds its line here, so every purpose's follow-up is visible in
 * one place and no import order can leave one unregistered.
 */
export const settlementHandlers: Partial<Record<PaymentPurpose, SettlementHandler>> = {
  pos_order: posOrderPaymentSettled,
  noshow_fee: noshowFeeSettled,
};
