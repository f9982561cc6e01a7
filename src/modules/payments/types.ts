import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';

/*
 * The vocabulary of payments, shared by the service, the providers and the settlement
 * handlers (kept apart so that none of them needs to import the service).
 */

export type PaymentPurpose = 'pos_order' | 'noshow_fee';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
export type PaymentMethod = 'card' | 'online' | 'checkout';
/** Which provider took a payment; `terminal` is a standalone card terminal (no provider call). */
export type ProviderName = 'cardpay' | 'onlinepay' | 'checkout' | 'terminal' | 'none';

export interface Settlement {
  paymentId: number;
  referenceId: number;
  /** The final status the payment just moved to (never `pending`). */
  status: Exclude<PaymentStatus, 'pending'>;
  amountCents: number;
}

export type SettlementHandler = (trx: Transaction<DB>, settlement: Settlement) => Promise<void>;
