/*
 * The vocabulary of payments, shared by the service, the providers and the settlement
 * registry (kept apart so that settlement.ts and the providers need not import the service).
 */

export type PaymentPurpose = 'pos_order' | 'noshow_fee';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
export type PaymentMethod = 'card' | 'online' | 'checkout';
/** Which provider took a payment; `terminal` is a standalone card terminal (no provider call). */
export type ProviderName = 'cardpay' | 'onlinepay' | 'checkout' | 'terminal' | 'none';
