import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB, Settings } from '../../db/types.js';
import { conflict, notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { giftCardsOfOrders } from '../giftcards/service.js';
import { readSettings } from '../settings/service.js';
import { receiptNumber } from './journal.js';
import { queueEmail } from '../../mail/outbox.js';
import type { ReceiptEmailInput, ReceiptOutput } from './receipt-schemas.js';

/*
 * The receipt of a paid order or of a completed refund: read from the records as they were
 * written (the sale's lines and totals, the refund's lines, the journal entry that numbered
 * it), never recomputed from today's catalogue. The VAT per rate adds up the lines' own VAT,
 * each already rounded half-up to the cent when the sale or refund was recorded, so the rows
 * equal what the journal and the Z report count: net = gross − VAT per rate, and the rows'
 * gross add up to the VAT-bearing part of the total (gift cards sold are outside VAT).
 */

type Payment = ReceiptOutput['payments'][number];

interface VatLine {
  /** hundredths of a percent */
  rate: number;
  /** cents, what the line finally costs (after its discount and loyalty shares) */
  gross: number;
  vat: number;
}

/** Gross and VAT summed per rate, highest rate first; net is their difference. */
function vatPerRate(lines: VatLine[]): ReceiptOutput['vat'] {
  const byRate = new Map<number, { gross: number; vat: number }>();
  for (const line of lines) {
    const row = byRate.get(line.rate) ?? { gross: 0, vat: 0 };
    row.gross += line.gross;
    row.vat += line.vat;
    byRate.set(line.rate, row);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, row]) => ({
      rate: fromCents(rate),
      net: fromCents(row.gross - row.vat),
      vat: fromCents(row.vat),
      gross: fromCents(row.gross),
    }));
}

function salonOf(settings: Settings): ReceiptOutput['salon'] {
  return {
    name: settings.salon_name,
    address: settings.salon_address,
    postcode: settings.salon_postcode,
    city: settings.salon_city,
    phone: settings.salon_phone,
    btw_number: settings.btw_number,
    kvk_number: settings.kvk_number,
  };
}

async function orderRow(executor: Executor, orderId: number) {
  const order = await executor
    .selectFrom('pos_orders as o')
    .innerJoin('clients as c', 'c.id', 'o.client_id')
    .innerJoin('users as u', 'u.id', 'o.staff_id')
    .selectAll('o')
    .select(['c.name as client_name', 'u.name as staff_name'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('POS order');
  return order;
}

async function saleEntry(executor: Executor, orderId: number) {
  return executor
    .selectFrom('pos_journal')
    .select(['year', 'number', 'created_at'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'sale')
    .executeTakeFirst();
}

/** The receipt of a paid order. 409 `order_not_paid` before the payment (or when voided). */
export async function orderReceipt(db: Kysely<DB>, orderId: number): Promise<ReceiptOutput> {
  const settings = await readSettings(db);
  const order = await orderRow(db, orderId);
  const entry = await saleEntry(db, orderId);
  if (!entry) throw conflict('order_not_paid', 'The order is not paid: it has no receipt');
  const items = await db
    .selectFrom('pos_order_items')
    .select([
      'item_type',
      'name',
      'quantity',
      'price',
      'line_total',
      'vat_rate',
      'vat_amount',
      'discount_amount',
      'loyalty_amount',
    ])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const cards = await giftCardsOfOrders(db, [orderId]);

  const payments: Payment[] = [];
  if (order.gift_card_amount > 0) payments.push({ method: 'gift_card', amount: fromCents(order.gift_card_amount) });
  // A booking's deposit paid online before the checkout: part of what was due, not collected again.
  if (order.deposit_amount > 0) payments.push({ method: 'deposit', amount: fromCents(order.deposit_amount) });
  // A split payment: the cash part paid at the till, then what the card or online took.
  if (order.cash_amount > 0) payments.push({ method: 'cash', amount: fromCents(order.cash_amount) });
  const collected = order.amount_due - order.deposit_amount - order.cash_amount;
  if (collected > 0 || payments.length === 0) {
    payments.push({ method: order.payment_method, amount: fromCents(collected) });
  }
  // The change comes out of the cash: the whole of a cash order, the cash part of a split one.
  const paidInCash = order.payment_method === 'cash' ? collected : order.cash_amount;
  const change = order.cash_tendered === null ? 0 : order.cash_tendered - paidInCash;
  return {
    kind: 'sale',
    order_id: order.id,
    refund_id: null,
    receipt_number: receiptNumber(Number(entry.year), Number(entry.number)),
    sale_receipt_number: null,
    issued_at: formatInstant(entry.created_at, settings.timezone),
    salon: salonOf(settings),
    currency: settings.currency,
    client_id: order.client_id,
    client_name: order.client_name,
    staff_name: order.staff_name,
    lines: [
      ...items.map((item) => ({
        type: item.item_type,
        name: item.name,
        quantity: item.quantity,
        unit_price: fromCents(item.price),
        amount: fromCents(item.line_total),
        vat_rate: fromCents(item.vat_rate),
      })),
      ...cards.map((card) => ({
        type: 'gift_card' as const,
        name: card.code,
        quantity: 1,
        unit_price: fromCents(card.initial_value),
        amount: fromCents(card.initial_value),
        vat_rate: null,
      })),
    ],
    discounts: {
      code: order.discount_code,
      promotion: fromCents(order.discount_amount),
      loyalty: fromCents(order.loyalty_amount),
    },
    vat: vatPerRate(
      items.map((item) => ({
        rate: item.vat_rate,
        gross: item.line_total - item.discount_amount - item.loyalty_amount,
        vat: item.vat_amount,
      })),
    ),
    total: fromCents(order.total + order.gift_cards_sold),
    payments,
    cash_tendered: order.cash_tendered === null ? null : fromCents(order.cash_tendered),
    change: fromCents(change),
    reason: null,
  };
}

/** The receipt of a completed refund. 404 when it is not this order's; 409 `refund_not_completed`. */
export async function refundReceipt(db: Kysely<DB>, orderId: number, refundId: number): Promise<ReceiptOutput> {
  const settings = await readSettings(db);
  const order = await orderRow(db, orderId);
  const refund = await db
    .selectFrom('pos_refunds')
    .selectAll()
    .where('id', '=', refundId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!refund) throw notFound('Refund');
  const entry = await db
    .selectFrom('pos_journal')
    .select(['year', 'number', 'created_at'])
    .where('refund_id', '=', refundId)
    .where('kind', '=', 'refund')
    .executeTakeFirst();
  if (refund.status !== 'completed' || !entry) {
    throw conflict('refund_not_completed', 'The refund is still waiting for the provider: it has no receipt yet');
  }
  const sale = await saleEntry(db, orderId);
  const items = await db
    .selectFrom('pos_refund_items as i')
    .innerJoin('pos_order_items as l', 'l.id', 'i.order_item_id')
    .select(['i.item_type', 'l.name', 'i.quantity', 'i.amount', 'i.vat_rate', 'i.vat_amount'])
    .where('i.refund_id', '=', refundId)
    .orderBy('i.id')
    .execute();
  return {
    kind: 'refund',
    order_id: order.id,
    refund_id: refund.id,
    receipt_number: receiptNumber(Number(entry.year), Number(entry.number)),
    sale_receipt_number: sale ? receiptNumber(Number(sale.year), Number(sale.number)) : null,
    issued_at: formatInstant(entry.created_at, settings.timezone),
    salon: salonOf(settings),
    currency: settings.currency,
    client_id: order.client_id,
    client_name: order.client_name,
    staff_name: order.staff_name,
    lines: items.map((item) => ({
      type: item.item_type,
      name: item.name,
      quantity: item.quantity,
      unit_price: null,
      amount: fromCents(item.amount),
      vat_rate: fromCents(item.vat_rate),
    })),
    discounts: { code: null, promotion: 0, loyalty: 0 },
    vat: vatPerRate(items.map((item) => ({ rate: item.vat_rate, gross: item.amount, vat: item.vat_amount }))),
    total: fromCents(refund.amount),
    payments: [{ method: refund.method, amount: fromCents(refund.amount) }],
    cash_tendered: null,
    change: 0,
    reason: refund.reason,
  };
}

/**
 * Sends a receipt to the client's address (or `to`), in the client's language (else the
 * salon's): queued in the outbox with the receipt as read now. 409 `client_no_email` when
 * neither is known.
 */
export async function emailReceipt(
  db: Kysely<DB>,
  receipt: ReceiptOutput,
  input: ReceiptEmailInput,
): Promise<{ email_id: number; to: string; language: string }> {
  return db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom('clients')
      .select(['email', 'language'])
      .where('id', '=', receipt.client_id)
      .executeTakeFirstOrThrow();
    const to = input.to ?? client.email;
    if (!to) {
      throw conflict('client_no_email', 'The client has no email address on record: give one in `to`');
    }
    const emailId = await queueEmail(trx, { to, template: 'pos.receipt', data: receipt, clientId: receipt.client_id });
    const row = await trx.selectFrom('emails').select('language').where('id', '=', emailId).executeTakeFirstOrThrow();
    // The outbox always records the language it wrote in (the client's, else the salon's).
    return { email_id: emailId, to, language: String(row.language) };
  });
}
