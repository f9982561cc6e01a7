import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import type { PaymentStatus } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate, type Page } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { lockActiveClient } from '../clients/service.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso, todayIn } from '../../lib/time.js';
import { cardProviderConfigured, paymentsFor } from '../payments/service.js';
import { giftCardsOfOrders, issueGiftCard, lockGiftCardByCode, redeemGiftCard } from '../giftcards/service.js';
import { stockContext } from '../inventory/service.js';
import { moveStock } from '../inventory/service.js';
import { addLedgerEntry, pointsEarned, readLoyaltyRules, rewardFor } from '../loyalty/service.js';
import { grantPackage, spendCredits } from '../packages/service.js';
import { claimPromotion, recordPromotionUsage } from '../promotions/service.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { loadCatalogue, type CatalogueItem } from './catalogue.js';
import type { OrderCreateInput, OrderListFilter, OrderOutput, OrderSummaryOutput } from './schemas.js';
import { computeOrderTotals } from './totals.js';
import { lockRows } from '../../db/locks.js';

/*
 * POS orders. One transaction validates the order, locks what it spends (the
 * client's row for loyalty points, the promotion, the gift card, the products in id order so
 * that concurrent orders never deadlock), computes every amount with totals.ts, stores the
 * order and its lines, and moves stock, gift-card balance, points, promotion usage and
 * package credits exactly once. Insufficient stock is refused (409 `insufficient_stock`):
 * the till never sells what the books say is not there (fix the count first).
 *
 * Payment: cash, a card with no card provider configured (a standalone terminal) and an
 * amount due of 0 are `paid` at once; card through a configured provider and online start
 * `pending` (see payment.ts, after the commit).
 */

const invalidLine = (index: number, field: string, code: string, message: string) =>
  badRequest(code, message, [{ field: `items.${index}.${field}`, message }]);

/** Locks the products sold, in id order, and refuses a sale of more than is in stock. */
async function reserveStock(trx: Transaction<DB>, dialect: Dialect, input: OrderCreateInput): Promise<void> {
  const needed = new Map<number, { quantity: number; index: number }>();
  input.items.forEach((item, index) => {
    if (item.type !== 'product') return;
    const entry = needed.get(item.id);
    needed.set(item.id, { quantity: (entry?.quantity ?? 0) + item.quantity, index: entry?.index ?? index });
  });
  if (needed.size === 0) return;
  let query = trx
    .selectFrom('products')
    .select(['id', 'name', 'quantity_on_hand'])
    .where('id', 'in', [...needed.keys()])
    .orderBy('id');
  query = lockRows(query, dialect);
  for (const product of await query.execute()) {
    const want = needed.get(product.id);
    if (want && product.quantity_on_hand < want.quantity) {
      throw conflict(
        'insufficient_stock',
        `Only ${product.quantity_on_hand} of ${product.name} in stock, ${want.quantity} asked (items.${want.index})`,
      );
    }
  }
}

function paymentStatusAtOnce(
  method: OrderCreateInput['payment_method'],
  amountDue: number,
  cardProviderConfigured: boolean,
): PaymentStatus {
  if (amountDue === 0 || method === 'cash') return 'paid';
  if (method === 'card' && !cardProviderConfigured) return 'paid';
  return 'pending';
}

export interface CreatedOrder {
  order: OrderOutput;
  /** set when a payment provider must now be asked for the money */
  pendingPayment: { amountCents: number; clientEmail: string | null } | null;
}

export async function createOrder(ctx: AppContext, caller: AuthUser, input: OrderCreateInput): Promise<CreatedOrder> {
  const giftCardSales = input.gift_cards ?? [];
  if (input.items.length === 0 && giftCardSales.length === 0) {
    throw badRequest('validation_failed', 'An order needs at least one item or gift card', [
      { field: 'items', message: 'must not be empty' },
    ]);
  }
  input.items.forEach((item, index) => {
    if (item.use_package_credit && item.type !== 'service') {
      throw invalidLine(index, 'use_package_credit', 'validation_failed', 'only service lines can use package credit');
    }
  });

  return ctx.db.transaction().execute(async (trx) => {
    const settings = await readSettings(trx);
    const today = todayIn(settings.timezone);
    await lockActiveStaff(trx, ctx.dialect, input.staff_id);
    // FOR UPDATE: the client's row serialises their loyalty redemptions (balance is a sum).
    const client = await lockActiveClient(trx, input.client_id, { dialect: ctx.dialect, strength: 'update' });
    const catalogue = await loadCatalogue(trx, input.items);

    const promotion = input.discount_code
      ? await claimPromotion(trx, ctx.dialect, input.discount_code, client.id, today)
      : null;
    const loyaltyReward = input.loyalty_points ? await rewardFor(trx, client.id, input.loyalty_points) : 0;
    const giftCard = input.gift_card_code
      ? await lockGiftCardByCode(trx, ctx.dialect, input.gift_card_code, today)
      : null;
    await reserveStock(trx, ctx.dialect, input);

    const lines = input.items.map((item, index) => {
      const known = catalogue.get(`${item.type}:${item.id}`) as CatalogueItem;
      const price = item.use_package_credit ? 0 : item.price === undefined ? known.price : toCents(item.price);
      return { item, index, known, price };
    });
    const totals = computeOrderTotals({
      lines: lines.map((line) => ({
        price: line.price,
        quantity: line.item.quantity,
        vatRate: line.known.vatRate,
        discountable: promotion !== null && promotion.appliesTo.includes(line.item.type),
      })),
      promotion: promotion?.discount ?? null,
      loyaltyReward,
      giftCardBalance: giftCard?.balance ?? 0,
      giftCardsSold: giftCardSales.reduce((sum, sale) => sum + toCents(sale.amount), 0),
    });

    const status = paymentStatusAtOnce(input.payment_method, totals.amount_due, cardProviderConfigured(settings));
    const rules = await readLoyaltyRules(trx);
    const earned = status === 'paid' ? pointsEarned(rules, totals.amount_due) : 0;
    const now = nowIso();

    const order = await trx
      .insertInto('pos_orders')
      .values({
        client_id: client.id,
        staff_id: input.staff_id,
        payment_method: input.payment_method,
        payment_status: status,
        subtotal: totals.subtotal,
        discount_amount: totals.discount_amount,
        loyalty_amount: totals.loyalty_amount,
        total: totals.total,
        gift_card_amount: totals.gift_card_amount,
        gift_cards_sold: totals.gift_cards_sold,
        amount_due: totals.amount_due,
        vat_total: totals.vat_total,
        promotion_id: promotion?.id ?? null,
        discount_code: promotion?.code ?? null,
        gift_card_id: giftCard && totals.gift_card_amount > 0 ? giftCard.id : null,
        loyalty_points_redeemed: input.loyalty_points ?? 0,
        loyalty_points_earned: earned,
        notes: input.notes?.trim() ?? '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const packageIds: Array<number | null> = [];
    for (const line of lines) {
      packageIds.push(
        line.item.use_package_credit ? await spendCredits(trx, client.id, line.item.id, line.item.quantity) : null,
      );
    }
    if (lines.length > 0) {
      await trx
        .insertInto('pos_order_items')
        .values(
          lines.map((line, i) => {
            const computed = totals.lines[i];
            if (!computed) throw new Error('line totals missing');
            return {
              order_id: order.id,
              item_type: line.item.type,
              item_id: line.item.id,
              name: line.known.name,
              quantity: line.item.quantity,
              price: line.price,
              line_total: computed.line_total,
              vat_rate: line.known.vatRate,
              vat_amount: computed.vat_amount,
              discount_amount: computed.discount_amount,
              loyalty_amount: computed.loyalty_amount,
              client_package_id: packageIds[i] ?? null,
            };
          }),
        )
        .execute();
    }

    await moveStock(
      trx,
      lines
        .filter((line) => line.item.type === 'product')
        .map((line) => ({
          productId: line.item.id,
          delta: -line.item.quantity,
          reason: 'sale' as const,
          note: `POS order #${order.id}`,
          userId: caller.id,
        })),
      stockContext(ctx),
    );
    for (const line of lines) {
      if (line.item.type !== 'package') continue;
      await grantPackage(trx, {
        clientId: client.id,
        packageId: line.item.id,
        name: line.known.name,
        orderId: order.id,
        quantity: line.item.quantity,
      });
    }
    if (promotion) {
      await recordPromotionUsage(trx, {
        promotionId: promotion.id,
        orderId: order.id,
        clientId: client.id,
        discountCents: totals.discount_amount,
      });
    }
    if (giftCard) await redeemGiftCard(trx, giftCard.id, totals.gift_card_amount, order.id, caller.id);
    if (input.loyalty_points) {
      await addLedgerEntry(trx, {
        clientId: client.id,
        points: -input.loyalty_points,
        reason: 'redeem',
        orderId: order.id,
        userId: caller.id,
      });
    }
    if (earned > 0) {
      await addLedgerEntry(trx, { clientId: client.id, points: earned, reason: 'earn', orderId: order.id });
    }
    // Paid at the till (cash, nothing due, a card without a connected terminal); a provider
    // payment announces it when it settles (payment-settled.ts).
    if (status === 'paid') await recordWebhookEvent(trx, 'pos_order.paid', order.id);
    for (const [index, sale] of giftCardSales.entries()) {
      await issueGiftCard(
        trx,
        settings,
        {
          amountCents: toCents(sale.amount),
          expiresOn: sale.expires_on,
          clientId: client.id,
          recipientName: sale.recipient_name,
          recipientEmail: sale.recipient_email,
          message: sale.message,
          soldOrderId: order.id,
          userId: caller.id,
        },
        `gift_cards.${index}.`,
      );
    }

    return {
      order: await loadOrder(trx, order.id, settings.timezone),
      pendingPayment: status === 'pending' ? { amountCents: totals.amount_due, clientEmail: client.email } : null,
    };
  });
}

// ---------------------------------------------------------------- reading

function orderQuery(executor: Executor) {
  return executor
    .selectFrom('pos_orders as o')
    .innerJoin('clients as c', 'c.id', 'o.client_id')
    .innerJoin('users as u', 'u.id', 'o.staff_id')
    .selectAll('o')
    .select(['c.name as client_name', 'u.name as staff_name']);
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
    vat_total: fromCents(row.vat_total),
    loyalty_points_earned: row.loyalty_points_earned,
    notes: row.notes,
    created_at: formatInstant(row.created_at, timezone),
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

export { posOrderPaymentSettled } from './payment-settled.js';
