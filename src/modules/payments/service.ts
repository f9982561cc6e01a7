/*
 * The payments module's one entry for other modules (and its routes and jobs). Payments: one
 * `payments` row per attempt to collect money, for a POS order, a no-show fee or a booking
 * page deposit. The module is split by subject:
 *
 *   payment-start.ts   a payment started: the row written before the provider is called, the
 *                      provider asked, the callback and return addresses
 *   settle.ts          a payment leaving `pending`, once, with its purpose's settlement
 *   settlement.ts      the settlement handlers per purpose, registered by the composition root
 *   payment-views.ts   payments as the API shows them: one, the latest per reference, the list
 *   webhooks.ts        what the providers report, verified, and the status fetched back
 *   return-status.ts   how a client's hosted checkout ended, for the page it returns to
 *   deposits.ts        booking page deposits; noshow.ts, noshow-settled.ts: the no-show fee
 *   refunds.ts         money given back through the provider that took it
 *   providers/         the card terminal, online and checkout providers behind one interface
 */

export type { PaymentPurpose, PaymentStatus, SettlementContext } from './types.js';
export {
  callbackUrl,
  insertPayment,
  requestFromProvider,
  returnUrl,
  startPayment,
  type PaymentRequest,
} from './payment-start.js';
export { settlePayment } from './settle.js';
export {
  formatAmount,
  getPayment,
  listPayments,
  paymentsFor,
  toPaymentView,
  type PaymentListFilter,
  type PaymentView,
} from './payment-views.js';
export { cardProviderConfigured } from './providers/index.js';
export { cancelPayment } from './webhooks.js';
export { paidPaymentOf, refundPayment, RefundRefused, type PaidPayment } from './refunds.js';
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
