/*
 * The POS module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   order-pricing.ts     what an order costs and how it is paid: pure, no database
 *   order-recording.ts   the one transaction that locks what an order spends, records it and
 *                        moves stock, balances, points, usage and credits
 *   totals.ts            the order maths (integer cents, VAT per line, discounts spread)
 *   catalogue.ts         the prices and VAT rates of the lines' items
 *   orders.ts            reading orders: one, the list
 *   payment.ts           the provider payment started after the order's commit
 *   payment-settled.ts   what a settled provider payment completes (the payments registry)
 *   favorites.ts         the till's favourite items
 *   journal.ts           the till journal: appending a hashed, gap-free numbered entry
 *   refunds.ts           refunds of paid orders: new records, through the provider that took the money
 *   void.ts              voiding an order that was never paid
 *   journal-audit.ts     verifying the journal's chain and numbering; its CSV export
 *   drawer.ts            the cash drawer's day, its blind count and Z report
 *   receipts.ts          the receipt of a sale or a refund, read and emailed (receipt-email.ts)
 *   vat-sums.ts          VAT per rate summed over many sales and refunds (Z report, VAT report)
 */

export { createOrder, type CreatedOrder } from './order-recording.js';
export { getOrder, listOrders, loadOrder } from './orders.js';
export { posOrderPaymentSettled } from './payment-settled.js';
export { appendJournal, appendSale, canonicalJson, entryHash, receiptNumber, type AppendedEntry } from './journal.js';
export { journalCsv, verifyJournal, type JournalVerification } from './journal-audit.js';
export { createRefund, getRefund, listRefunds } from './refunds.js';
export { voidOrder } from './void.js';
export { closeDrawer, getDrawer, getZReport, listZReports, moveCash, openDrawer, zNumber } from './drawer.js';
export { emailReceipt, orderReceipt, refundReceipt } from './receipts.js';
export { SALE_LINE_GROSS, vatSumsOf, type VatSumCents } from './vat-sums.js';
export { registerReceiptEmailTemplate } from './receipt-email.js';
