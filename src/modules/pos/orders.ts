import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/types.js';
import { paginate, type Page } from '../../http/pagination.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant } from '../../lib/time.js';
import { giftCardsOfOrders } from '../giftcards/service.js';
import { paymentsFor } from '../payments/service.js';
import { readTimezone } from '../settings/service.js';
import { receiptNumber } from './journal.js';
import type { OrderListFilter, OrderOutput, OrderSummaryOutput } from './schemas.js';

/* Reading POS orders: one with its lines, the gift cards it sold and its payment; the list. */

function orderQuery(executor: Executor) {
  return (
    executor
      .selectFrom('pos_orders as o')
      .innerJoin('clients as c', 'c.id', 'o.client_id')
      .innerJoin('users as u', 'u.id', 'o.staff_id')
      .selectAll('o')
      .select(['c.name as client_name', 'u.name as staff_name'])
      .select(
        sql<number>`(select coalesce(sum(r.amount), 0) from pos_refunds r where r.order_id = o.id and r.status = 'completed')`.as(
          'refunded_cents',
        ),
      )
      // The sale's journal entry gives the receipt number (one per paid order; none before).
      .select(
        sql<number | null>`(select j.year from pos_journal j where j.order_id = o.id and j.kind = 'sale')`.as(
          'receipt_year',
        ),
      )
      .select(
        sql<number | null>`(select j.number from pos_journal j where j.order_id = o.id and j.kind = 'sale')`.as(
          'receipt_seq',
        ),
      )
  );
}

type OrderJoinedRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

function toOrderFields(row: OrderJoinedRow, timezone: string) {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    subtotal: fromCents(row.subtotal),
    discount_amount: fromCents(row.discount_amount),
    discount_code: row.discount_code,
    promotion_id: row.promotion_id,
    loyalty_points_redeemed: row.loyalty_points_redeemed,
    loyalty_amount: fromCents(row.loyalty_amount),
    total: fromCents(row.total),
    gift_card_amount: fromCents(row.gift_card_amount),
    gift_card_id: row.gift_card_id,
    gift_cards_sold: fromCents(row.gift_cards_sold),
    amount_due: fromCents(row.amount_due),
    cash_tendered: row.cash_tendered === null ? null : fromCents(row.cash_tendered),
    deposit_amount: fromCents(row.deposit_amount),
    cash_amount: fromCents(row.cash_amount),
    booking_id: row.booking_id,
    vat_total: fromCents(row.vat_total),
    loyalty_points_earned: row.loyalty_points_earned,
    notes: row.notes,
    created_at: formatInstant(row.created_at, timezone),
    refunded_total: fromCents(Number(row.refunded_cents)),
    voided_at: row.voided_at === null ? null : formatInstant(row.voided_at, timezone),
    receipt_number:
      row.receipt_year === null || row.receipt_seq === null
        ? null
        : receiptNumber(Number(row.receipt_year), Number(row.receipt_seq)),
  };
}

/** The order's latest payment through the payments module; null when none was needed. */
async function paymentOf(executor: Executor, orderId: number): Promise<OrderOutput['payment']> {
  const payment = (await paymentsFor(executor, 'pos_order', [orderId])).get(orderId);
  return payment
    ? { id: payment.id, provider: payment.provider, status: payment.status, checkout_url: payment.checkout_url }
    : null;
}

export async function loadOrder(executor: Executor, id: number, timezone: string): Promise<OrderOutput> {
  const row = await orderQuery(executor).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('POS order');
  const items = await executor
    .selectFrom('pos_order_items')
    .select([
      'id',
      'item_type',
      'item_id',
      'name',
      'quantity',
      'price',
      'line_total',
      'vat_rate',
      'vat_amount',
      'discount_amount',
      'loyalty_amount',
      'client_package_id',
      'staff_id',
    ])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  const cards = await giftCardsOfOrders(executor, [id]);
  return {
    ...toOrderFields(row, timezone),
    items: items.map((item) => ({
      ...item,
      price: fromCents(item.price),
      line_total: fromCents(item.line_total),
      vat_rate: fromCents(item.vat_rate),
      vat_amount: fromCents(item.vat_amount),
      discount_amount: fromCents(item.discount_amount),
      loyalty_amount: fromCents(item.loyalty_amount),
    })),
    gift_cards: cards.map((card) => ({
      id: card.id,
      code: card.code,
      initial_value: fromCents(card.initial_value),
      recipient_email: card.recipient_email,
    })),
    payment: await paymentOf(executor, id),
  };
}

export async function getOrder(db: Kysely<DB>, id: number): Promise<OrderOutput> {
  return loadOrder(db, id, await readTimezone(db));
}

/** Newest first (created_at, then id); with `client_id`/`staff_id` filters. */
export async function listOrders(
  db: Kysely<DB>,
  filter: OrderListFilter,
): Promise<OrderSummaryOutput[] | Page<OrderSummaryOutput>> {
  const timezone = await readTimezone(db);
  let query = orderQuery(db).select(
    sql<number>`(select count(*) from pos_order_items i where i.order_id = o.id)`.as('item_count'),
  );
  let base = db.selectFrom('pos_orders');
  if (filter.client_id !== undefined) {
    query = query.where('o.client_id', '=', filter.client_id);
    base = base.where('client_id', '=', filter.client_id);
  }
  if (filter.staff_id !== undefined) {
    query = query.where('o.staff_id', '=', filter.staff_id);
    base = base.where('staff_id', '=', filter.staff_id);
  }
  const count = async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'), count, filter, (row) => ({
    ...toOrderFields(row, timezone),
    item_count: Number(row.item_count),
  }));
}
