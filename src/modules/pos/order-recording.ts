import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { nowIso, todayIn } from '../../lib/time.js';
import { lockActiveClient } from '../clients/service.js';
import { issueGiftCard, lockGiftCardByCode, redeemGiftCard } from '../giftcards/service.js';
import { moveStock, stockContext } from '../inventory/service.js';
import { addLedgerEntry, readLoyaltyRules, rewardFor } from '../loyalty/service.js';
import { grantPackage, spendCredits } from '../packages/service.js';
import { asActor, completeAtCheckout, userActor } from '../bookings/service.js';
import { cardProviderConfigured } from '../payments/service.js';
import { claimPromotion, recordPromotionUsage } from '../promotions/service.js';
import type { Settings } from '../../db/types.js';
import { readSettings } from '../settings/service.js';
import { lockActiveStaff } from '../staff/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { createIdempotently, idempotencyHash } from '../../db/idempotency.js';
import { claimBookingForOrder } from './booking-checkout.js';
import { loadCatalogue } from './catalogue.js';
import { checkOrderInput, priceOrder, type PricedOrder } from './order-pricing.js';
import { appendSale } from './journal.js';
import { getOrder, loadOrder } from './orders.js';
import type { OrderCreateInput, OrderOutput } from './schemas.js';

/*
 * Recording a POS order: one transaction validates the order, locks what it spends (the
 * client's row for loyalty points, the promotion, the gift card, the products in id order so
 * that concurrent orders never deadlock), prices it (order-pricing.ts), stores the order and
 * its lines, and moves stock, gift-card balance, points, promotion usage and package credits
 * exactly once. Insufficient stock is refused (409 `insufficient_stock`): the till never
 * sells what the books say is not there (fix the count first).
 *
 * Payment: cash, a card with no card provider configured (a standalone terminal) and an
 * amount due of 0 are `paid` at once; card through a configured provider and online start
 * `pending` (see payment.ts, after the commit). A split payment (`cash_amount`) pays part of a
 * card or online order in cash at the till: the order is paid when the method has collected
 * the rest (at once on a standalone terminal), and the sale is journalled then, whole.
 */

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

export interface CreatedOrder {
  order: OrderOutput;
  /** set when a payment provider must now be asked for the money */
  pendingPayment: { amountCents: number; clientEmail: string | null } | null;
}

/** The ids the order's writes refer to. */
interface OrderParties {
  clientId: number;
  callerId: number;
  promotion: { id: number; code: string } | null;
  giftCardId: number | null;
  bookingId: number | null;
}

/**
 * Split payment: the cash part of a card or online order, in cents (0 without one). It must
 * leave something for the method to collect, else the order is a cash order.
 */
function cashPart(input: OrderCreateInput, toCollect: number): number {
  if (input.cash_amount === undefined) return 0;
  const refuse = (message: string) =>
    badRequest('validation_failed', `cash_amount ${message}`, [{ field: 'cash_amount', message }]);
  if (input.payment_method === 'cash')
    throw refuse('is for a split payment by card or online: a cash order is paid in cash whole');
  const cents = toCents(input.cash_amount);
  if (fromCents(cents) !== input.cash_amount) throw refuse('has at most two decimals');
  if (cents >= toCollect) {
    throw refuse(
      `must be less than the ${fromCents(toCollect)} to be collected, which leaves nothing for the ${input.payment_method} payment: ring it up as cash`,
    );
  }
  return cents;
}

/**
 * The cash handed over, in cents: for a cash order (at least what it collects) or the cash part
 * of a split payment (at least that part; the change comes out of it).
 */
function cashTendered(input: OrderCreateInput, toCollect: number, cashAmount: number): number | null {
  if (input.cash_tendered === undefined) return null;
  const refuse = (message: string) =>
    badRequest('validation_failed', `cash_tendered ${message}`, [{ field: 'cash_tendered', message }]);
  const cents = toCents(input.cash_tendered);
  if (input.payment_method !== 'cash') {
    if (cashAmount === 0) throw refuse('is for payment_method cash or a split payment (cash_amount) only');
    if (cents < cashAmount) throw refuse(`must be at least the cash part, ${fromCents(cashAmount)}`);
    return cents;
  }
  if (cents < toCollect) throw refuse(`must be at least the amount due, ${fromCents(toCollect)}`);
  return cents;
}

async function insertOrder(
  trx: Transaction<DB>,
  input: OrderCreateInput,
  parties: OrderParties,
  { totals, status, earned, deposit }: PricedOrder,
  cashAmount: number,
): Promise<number> {
  const now = nowIso();
  const order = await trx
    .insertInto('pos_orders')
    .values({
      client_id: parties.clientId,
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
      deposit_amount: deposit,
      booking_id: parties.bookingId,
      vat_total: totals.vat_total,
      promotion_id: parties.promotion?.id ?? null,
      discount_code: parties.promotion?.code ?? null,
      gift_card_id: parties.giftCardId !== null && totals.gift_card_amount > 0 ? parties.giftCardId : null,
      loyalty_points_redeemed: input.loyalty_points ?? 0,
      loyalty_points_earned: earned,
      notes: input.notes?.trim() ?? '',
      // What the cash pays: the amount due less a deposit paid online before (or the cash part).
      cash_tendered: cashTendered(input, totals.amount_due - deposit, cashAmount),
      cash_amount: cashAmount,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** The order's lines, each with the package credit it spent (taken here, line by line). */
async function insertLines(
  trx: Transaction<DB>,
  orderId: number,
  clientId: number,
  staffId: number,
  { lines, totals }: PricedOrder,
  today: string,
): Promise<void> {
  const packageIds: Array<number | null> = [];
  for (const line of lines) {
    packageIds.push(
      line.item.use_package_credit ? await spendCredits(trx, clientId, line.item.id, line.item.quantity, today) : null,
    );
  }
  if (lines.length === 0) return;
  await trx
    .insertInto('pos_order_items')
    .values(
      lines.map((line, i) => {
        const computed = totals.lines[i];
        if (!computed) throw new Error('line totals missing');
        return {
          order_id: orderId,
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
          staff_id: line.item.staff_id ?? staffId,
        };
      }),
    )
    .execute();
}

/** What the sale moves, once: stock, packages granted, promotion usage, gift-card balance, points, gift cards sold. */
async function applySale(
  ctx: AppContext,
  trx: Transaction<DB>,
  settings: Settings,
  input: OrderCreateInput,
  orderId: number,
  parties: OrderParties,
  { lines, totals, status, earned }: PricedOrder,
): Promise<void> {
  const { clientId, callerId } = parties;
  await moveStock(
    trx,
    lines
      .filter((line) => line.item.type === 'product')
      .map((line) => ({
        productId: line.item.id,
        delta: -line.item.quantity,
        reason: 'sale' as const,
        note: `POS order #${orderId}`,
        userId: callerId,
      })),
    stockContext(ctx),
  );
  for (const line of lines) {
    if (line.item.type !== 'package') continue;
    await grantPackage(trx, {
      clientId,
      packageId: line.item.id,
      name: line.known.name,
      orderId,
      quantity: line.item.quantity,
      today: todayIn(settings.timezone),
    });
  }
  if (parties.promotion) {
    await recordPromotionUsage(trx, {
      promotionId: parties.promotion.id,
      orderId,
      clientId,
      discountCents: totals.discount_amount,
    });
  }
  if (parties.giftCardId !== null) {
    await redeemGiftCard(trx, parties.giftCardId, totals.gift_card_amount, orderId, callerId);
  }
  if (input.loyalty_points) {
    await addLedgerEntry(trx, { clientId, points: -input.loyalty_points, reason: 'redeem', orderId, userId: callerId });
  }
  if (earned > 0) await addLedgerEntry(trx, { clientId, points: earned, reason: 'earn', orderId });
  // Paid at the till (cash, nothing due, a card without a connected terminal); a provider
  // payment announces it when it settles (payment-settled.ts).
  if (status === 'paid') await recordWebhookEvent(trx, 'pos_order.paid', orderId);
  for (const [index, sale] of (input.gift_cards ?? []).entries()) {
    await issueGiftCard(
      trx,
      settings,
      {
        amountCents: toCents(sale.amount),
        expiresOn: sale.expires_on,
        clientId,
        recipientName: sale.recipient_name,
        recipientEmail: sale.recipient_email,
        message: sale.message,
        soldOrderId: orderId,
        userId: callerId,
      },
      `gift_cards.${index}.`,
    );
  }
}

/**
 * With `staff_price_changes_enabled` off, only an admin charges a line at another price than
 * the catalogue's; a staff member may still send the catalogue's own price (or none).
 */
function refusePriceChange(caller: AuthUser, enabled: number, priced: PricedOrder): void {
  if (caller.role === 'admin' || enabled === 1) return;
  const changed = priced.lines.find(
    (line) => line.item.price !== undefined && !line.item.use_package_credit && line.price !== line.known.price,
  );
  if (changed) {
    throw conflict(
      'staff_price_change_not_allowed',
      `items.${changed.index}.price: only an admin may change a line's price (setting staff_price_changes_enabled is off)`,
    );
  }
}

/** The order's one transaction: checks, locks, prices, writes and moves everything it moves. */
async function recordOrder(
  ctx: AppContext,
  trx: Transaction<DB>,
  caller: AuthUser,
  input: OrderCreateInput,
): Promise<CreatedOrder> {
  const settings = await readSettings(trx);
  const today = todayIn(settings.timezone);
  // The booking first: the bookings module locks a booking before its staff member.
  const checkout =
    input.booking_id === undefined
      ? null
      : await claimBookingForOrder(trx, ctx.dialect, input.booking_id, input.client_id);
  // The order's staff member and its lines', each once, in id order: concurrent orders never deadlock.
  const staffIds = [...new Set([input.staff_id, ...input.items.map((item) => item.staff_id ?? input.staff_id)])];
  for (const id of staffIds.sort((a, b) => a - b)) {
    const index = input.items.findIndex((item) => item.staff_id === id);
    const field = id === input.staff_id || index < 0 ? 'staff_id' : `items.${index}.staff_id`;
    await lockActiveStaff(trx, ctx.dialect, id, field);
  }
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

  const priced = priceOrder(input, {
    catalogue,
    promotion,
    loyaltyReward,
    giftCard,
    loyaltyRules: await readLoyaltyRules(trx),
    cardProviderConfigured: cardProviderConfigured(settings),
    depositPaid: checkout?.depositPaid ?? 0,
  });
  refusePriceChange(caller, settings.staff_price_changes_enabled, priced);
  const toCollect = priced.totals.amount_due - priced.deposit;
  const cashAmount = cashPart(input, toCollect);
  const parties: OrderParties = {
    clientId: client.id,
    callerId: caller.id,
    promotion,
    giftCardId: giftCard?.id ?? null,
    bookingId: input.booking_id ?? null,
  };
  const orderId = await insertOrder(trx, input, parties, priced, cashAmount);
  await insertLines(trx, orderId, client.id, input.staff_id, priced, today);
  await applySale(ctx, trx, settings, input, orderId, parties, priced);
  // The booking (a visit: every part) is completed with the sale, as the desk completes one.
  if (checkout) await completeAtCheckout(trx, checkout.bookingIds);
  // Paid at the till: a sale, journalled last (the journal's lock is the shortest held).
  if (priced.status === 'paid') await appendSale(trx, ctx.dialect, orderId);

  return {
    order: await loadOrder(trx, orderId, settings.timezone),
    // The provider is asked for the rest only: the cash part was paid at the till.
    pendingPayment:
      priced.status === 'pending' ? { amountCents: toCollect - cashAmount, clientEmail: client.email } : null,
  };
}

/**
 * Rings up an order once per Idempotency-Key (db/idempotency.ts): a retry of a checkout whose
 * answer was lost answers the first order as it now stands, and asks no provider again.
 */
export async function createOrder(
  ctx: AppContext,
  caller: AuthUser,
  input: OrderCreateInput,
  key?: string,
): Promise<CreatedOrder & { replayed: boolean }> {
  checkOrderInput(input);
  const { result, replayed } = await createIdempotently<CreatedOrder>(ctx.db, {
    key,
    hash: idempotencyHash({ ...input, as: `user:${caller.id}`, kind: 'pos_order' }),
    target: 'order_id',
    replay: async (orderId) => ({ order: await getOrder(ctx.db, orderId), pendingPayment: null }),
    create: async (trx) => {
      const created = await recordOrder(ctx, trx, caller, input);
      return { result: created, recordId: created.order.id };
    },
    // A checkout completes bookings: their history names who did it.
    wrap: input.booking_id === undefined ? undefined : (work) => asActor(userActor(caller), work),
  });
  return { ...result, replayed };
}
