import type { PaymentPurpose, SettlementHandler } from './types.js';

export type { Settlement, SettlementContext, SettlementHandler } from './types.js';

/*
 * What each purpose does when one of its payments is settled. A handler runs inside the
 * transaction that moves the payment out of `pending`, and that move happens once (a
 * conditional update), so a handler runs exactly once per payment however many webhooks,
 * retries or concurrent callbacks arrive. A handler that throws rolls the move back: the
 * payment stays `pending` and the provider's next callback tries again.
 *
 * The purposes belong to other modules (the POS order is the POS module's), which depend on
 * payments to start a payment; so payments cannot import them back. The composition root
 * (`src/composition.ts`) registers every purpose's handler in one place at start.
 */
export const settlementHandlers: Partial<Record<PaymentPurpose, SettlementHandler>> = {};

export function registerSettlementHandler(purpose: PaymentPurpose, handler: SettlementHandler): void {
  settlementHandlers[purpose] = handler;
}
