import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';

/*
 * The vocabulary of payments, shared by the service, the providers and the settlement
 * handlers (kept apart so that none of them needs to import the service).
 */

export type PaymentPurpose = 'pos_order' | 'noshow_fee' | 'deposit';
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

/** What a settlement handler may use of the context besides the transaction. */
export type SettlementContext = Pick<AppContext, 'config' | 'dialect'>;

export type SettlementHandler = (trx: Transaction<DB>, settlement: Settlement, ctx: SettlementContext) => Promise<void>;
