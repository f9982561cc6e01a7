import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockRows } from '../../db/locks.js';
import type { RefundMethod } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { restoreGiftCard } from '../giftcards/service.js';
import { moveStock, stockContext } from '../inventory/service.js';
import { addLedgerEntry } from '../loyalty/service.js';
import { paidPaymentOf, refundPayment, RefundRefused, type PaidPayment } from '../payments/service.js';
import { readTimezone } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { appendJournal, receiptNumber } from './journal.js';
import type { RefundCreateInput, RefundOutput } from './schemas.js';
import { includedVat, mulDivHalfUp } from './totals.js';

/*
 * Refunds of paid orders. A refund is a new record (pos_refunds, pos_refund_items), never an
 * edit of the sale; the order's own rows stay as they were sold.
 *
 * What may be refunded, per order line: what is left of the line's value (line_total minus
 * its discount and loyalty shares, minus what earlier refunds gave back) and of its quantity.
 * A line refunded by quantity gets its share of what is left (all of it for the last units,
 * so a line refunded unit by unit adds up to its value to the cent); an amount may be given
 * instead, or as well.
 *
 * Where the money goes (`method`), and how much each may take:
 *  - `gift_card`: back onto the gift card the order spent, at most what it paid;
 *  - the order's own method (`cash`, `card`, `online`), and `cash` for any order (from the
 *    drawer): at most what was paid by money at the till, total − gift_card_amount −
 *    deposit_amount (a booking's deposit was paid online before; it is not refunded here);
 *  - a card or online refund, besides: at most what that method collected, amount_due −
 *    deposit_amount − cash_amount (a split payment's cash part was paid at the till), less the
 *    earlier refunds by that method;
 *  - anything else (a card refund of a cash sale, online of a card sale): 409
 *    `refund_method_not_allowed`.
 * Together never more than the order's total: every check counts the refunds already made
 * and those still pending, under the order's row lock, so concurrent refunds can never
 * return more than was paid.
 *
 * A card or online refund goes through the provider that took the payment. The refund is
 * reserved (`pending`, with its lines, no effect yet) and committed, the provider is asked
 * outside any transaction, and then the refund completes with all its effects in one
 * transaction: stock put back when asked, loyalty points taken back, the gift card's value
 * restored, the journal entry (its receipt number), the webhook event. A refusal removes the
 * reservation, so no half-made refund is left, and answers 409 `refund_refused` with the
 * provider's reason. A refund whose provider answer was lost stays `pending` (still counted
 * against what is left); repeating the request with the same Idempotency-Key asks again, and
 * the providers that take an idempotency key never refund twice.
 */

interface LineState {
  id: number;
  item_type: 'service' | 'product' | 'package';
  item_id: number;
  name: string;
  quantity: number;
  value: number;
  vat_rate: number;
  refundedQty: number;
  refundedValue: number;
}

interface PlannedLine {
  line: LineState;
  quantity: number;
  amount: number;
}

async function lockOrder(trx: Transaction<DB>, ctx: AppContext, orderId: number) {
  const order = await lockRows(
    trx
      .selectFrom('pos_orders')
      .select([
        'id',
        'client_id',
        'staff_id',
        'payment_method',
        'payment_status',
        'total',
        'gift_card_amount',
        'gift_card_id',
        'amount_due',
        'deposit_amount',
        'cash_amount',
        'loyalty_points_earned',
        'voided_at',
      ])
      .where('id', '=', orderId),
    ctx.dialect,
  ).executeTakeFirst();
  if (!order) throw notFound('POS order');
  return order;
}

async function lineStates(trx: Transaction<DB>, orderId: number): Promise<LineState[]> {
  const lines = await trx
    .selectFrom('pos_order_items')
    .select([
      'id',
      'item_type',
      'item_id',
      'name',
      'quantity',
      'line_total',
      'discount_amount',
      'loyalty_amount',
      'vat_rate',
    ])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const refunded = await trx
    .selectFrom('pos_refund_items as i')
    .innerJoin('pos_refunds as r', 'r.id', 'i.refund_id')
    .select(['i.order_item_id'])
    .select((eb) => [eb.fn.sum<number>('i.quantity').as('qty'), eb.fn.sum<number>('i.amount').as('amount')])
    .where('r.order_id', '=', orderId)
    .groupBy('i.order_item_id')
    .execute();
  const byLine = new Map(refunded.map((row) => [row.order_item_id, row]));
  return lines.map((line) => ({
    id: line.id,
    item_type: line.item_type,
    item_id: line.item_id,
    name: line.name,
    quantity: line.quantity,
    value: line.line_total - line.discount_amount - line.loyalty_amount,
    vat_rate: line.vat_rate,
    refundedQty: Number(byLine.get(line.id)?.qty ?? 0),
    refundedValue: Number(byLine.get(line.id)?.amount ?? 0),
  }));
}

/** The lines this refund gives back; 409 `refund_exceeds_paid` beyond what is left of a line. */
function planLines(lines: LineState[], input: RefundCreateInput): PlannedLine[] {
  if (input.items === undefined) {
    // The whole order: whatever is left of every line.
    return lines
      .map((line) => ({ line, quantity: line.quantity - line.refundedQty, amount: line.value - line.refundedValue }))
      .filter((planned) => planned.amount > 0 || planned.quantity > 0);
  }
  const seen = new Set<number>();
  return input.items.map((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.order_item_id);
    if (!line) {
      throw badRequest('unknown_order_line', `The order has no line ${item.order_item_id}`, [
        { field: `items.${index}.order_item_id`, message: 'is not a line of this order' },
      ]);
    }
    if (seen.has(line.id)) {
      throw badRequest('validation_failed', 'A line appears twice in the refund', [
        { field: `items.${index}.order_item_id`, message: 'is already in the refund' },
      ]);
    }
    seen.add(line.id);
    if (item.quantity === undefined && item.amount === undefined) {
      throw badRequest('validation_failed', 'A refund line needs a quantity or an amount', [
        { field: `items.${index}`, message: 'give quantity, amount or both' },
      ]);
    }
    const leftQty = line.quantity - line.refundedQty;
    const leftValue = line.value - line.refundedValue;
    const quantity = item.quantity ?? 0;
    if (quantity > leftQty) {
      throw conflict(
        'refund_exceeds_paid',
        `Line ${line.id} (${line.name}): ${quantity} asked back, ${leftQty} left to refund (items.${index}.quantity)`,
      );
    }
    const amount =
      item.amount !== undefined
        ? toCents(item.amount)
        : quantity === leftQty
          ? leftValue
          : mulDivHalfUp(leftValue, quantity, leftQty);
    if (amount > leftValue) {
      throw conflict(
        'refund_exceeds_paid',
        `Line ${line.id} (${line.name}): ${fromCents(amount)} asked back, ${fromCents(leftValue)} left to refund (items.${index})`,
      );
    }
    return { line, quantity, amount };
  });
}

interface Reservation {
  refundId: number;
  /** set when a provider must now be asked */
  payment: PaidPayment | null;
}

async function reserve(
  ctx: AppContext,
  caller: AuthUser,
  orderId: number,
  input: RefundCreateInput,
  idempotencyKey: string | undefined,
): Promise<Reservation> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    if (order.voided_at !== null) throw conflict('order_voided', 'A voided order has nothing to refund');
    if (order.payment_status !== 'paid') {
      throw conflict('order_not_paid', 'Only a paid order can be refunded; an unpaid one is voided');
    }
    const method: RefundMethod = input.method ?? order.payment_method;
    const planned = planLines(await lineStates(trx, orderId), input);
    const amount = planned.reduce((sum, line) => sum + line.amount, 0);
    if (amount <= 0) throw conflict('refund_exceeds_paid', 'Nothing is left to refund of this order');

    const earlier = await trx
      .selectFrom('pos_refunds')
      .select(['method'])
      .select((eb) => eb.fn.sum<number>('amount').as('amount'))
      .where('order_id', '=', orderId)
      .groupBy('method')
      .execute();
    const refundedBy = (methods: RefundMethod[]) =>
      earlier.filter((row) => methods.includes(row.method)).reduce((sum, row) => sum + Number(row.amount), 0);
    if (method === 'gift_card') {
      if (order.gift_card_id === null) {
        throw conflict('refund_method_not_allowed', 'The order was not paid with a gift card to refund onto');
      }
      const left = order.gift_card_amount - refundedBy(['gift_card']);
      if (amount > left) {
        throw conflict('refund_exceeds_paid', `${fromCents(left)} is left to refund onto the gift card`);
      }
    } else {
      if (method !== 'cash' && method !== order.payment_method) {
        throw conflict(
          'refund_method_not_allowed',
          `An order paid by ${order.payment_method} cannot be refunded by ${method} (its own method, cash or its gift card)`,
        );
      }
      // A booking's deposit was paid online before the sale, not by this order's method.
      const left = order.total - order.gift_card_amount - order.deposit_amount - refundedBy(['cash', 'card', 'online']);
      // A card or online refund never gives back more than that method took: a split payment's
      // cash part was not (cash refunds may give back any money part, from the drawer).
      const methodLeft =
        method === 'cash' ? left : order.amount_due - order.deposit_amount - order.cash_amount - refundedBy([method]);
      if (amount > methodLeft && methodLeft < left) {
        throw conflict(
          'refund_exceeds_paid',
          `${fromCents(Math.max(0, methodLeft))} paid by ${method} is left to refund (the rest in cash)`,
        );
      }
      if (amount > left) {
        throw conflict('refund_exceeds_paid', `${fromCents(left)} paid by money is left to refund`);
      }
    }

    const now = nowIso();
    let refund;
    try {
      refund = await trx
        .insertInto('pos_refunds')
        .values({
          order_id: orderId,
          status: 'pending',
          method,
          amount,
          vat_total: planned.reduce((sum, line) => sum + includedVat(line.amount, line.line.vat_rate), 0),
          reason: input.reason.trim(),
          restock: input.restock ? 1 : 0,
          gift_card_id: method === 'gift_card' ? order.gift_card_id : null,
          payment_id: null,
          provider: null,
          provider_ref: null,
          user_id: caller.id,
          idempotency_key: idempotencyKey ?? null,
          created_at: now,
          completed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('idempotency_key_reused', 'This Idempotency-Key was used already');
      throw error;
    }
    await trx
      .insertInto('pos_refund_items')
      .values(
        planned.map(({ line, quantity, amount: lineAmount }) => ({
          refund_id: refund.id,
          order_item_id: line.id,
          item_type: line.item_type,
          item_id: line.item_id,
          quantity,
          amount: lineAmount,
          vat_rate: line.vat_rate,
          vat_amount: includedVat(lineAmount, line.vat_rate),
        })),
      )
      .execute();

    if (method === 'card' || method === 'online') {
      const payment = await paidPaymentOf(trx, 'pos_order', orderId);
      // No payment row: a card paid on a standalone terminal (no provider to ask).
      if (payment && payment.provider !== 'terminal') {
        await trx.updateTable('pos_refunds').set({ payment_id: payment.id }).where('id', '=', refund.id).execute();
        return { refundId: refund.id, payment };
      }
      await complete(ctx, trx, refund.id, { provider: 'terminal', providerRef: null });
      return { refundId: refund.id, payment: null };
    }
    await complete(ctx, trx, refund.id, { provider: null, providerRef: null });
    return { refundId: refund.id, payment: null };
  });
}

/** Makes a pending refund completed with every effect, in the caller's transaction. */
async function complete(
  ctx: AppContext,
  trx: Transaction<DB>,
  refundId: number,
  outcome: { provider: string | null; providerRef: string | null },
): Promise<void> {
  const refund = await trx.selectFrom('pos_refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
  if (refund.status === 'completed') return;
  const order = await lockOrder(trx, ctx, refund.order_id);
  const items = await trx
    .selectFrom('pos_refund_items')
    .selectAll()
    .where('refund_id', '=', refundId)
    .orderBy('id')
    .execute();

  if (refund.restock === 1) {
    const moves = new Map<number, number>();
    for (const item of items) {
      if (item.item_type === 'product' && item.quantity > 0) {
        moves.set(item.item_id, (moves.get(item.item_id) ?? 0) + item.quantity);
      }
    }
    await moveStock(
      trx,
      [...moves.entries()]
        .sort(([a], [b]) => a - b)
        .map(([productId, quantity]) => ({
          productId,
          delta: quantity,
          reason: 'sale_reversal' as const,
          note: `POS order #${order.id}, refund #${refundId}`,
          userId: refund.user_id,
        })),
      stockContext(ctx),
    );
  }
  if (refund.method === 'gift_card' && refund.gift_card_id !== null) {
    await restoreGiftCard(trx, refund.gift_card_id, refund.amount, order.id, refund.user_id);
  }

  // Points earned on the sale go back in proportion to what is refunded, counted over all
  // completed refunds so that refunding everything takes back exactly what was earned.
  let pointsBack = 0;
  if (order.loyalty_points_earned > 0 && order.total > 0) {
    const before = await trx
      .selectFrom('pos_refunds')
      .select((eb) => [
        eb.fn.sum<number>('amount').as('amount'),
        eb.fn.sum<number>('loyalty_points_reversed').as('points'),
      ])
      .where('order_id', '=', order.id)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const refundedAfter = Number(before.amount ?? 0) + refund.amount;
    const due = Math.floor((order.loyalty_points_earned * Math.min(refundedAfter, order.total)) / order.total);
    pointsBack = Math.max(0, due - Number(before.points ?? 0));
    if (pointsBack > 0) {
      await addLedgerEntry(trx, {
        clientId: order.client_id,
        points: -pointsBack,
        reason: 'adjust',
        orderId: order.id,
        note: `Refund #${refundId} of POS order #${order.id}`,
        userId: refund.user_id,
      });
    }
  }

  await trx
    .updateTable('pos_refunds')
    .set({
      status: 'completed',
      completed_at: nowIso(),
      provider: outcome.provider,
      provider_ref: outcome.providerRef,
      loyalty_points_reversed: pointsBack,
    })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute();
  await recordWebhookEvent(trx, 'pos_order.refunded', order.id);
  await appendJournal(trx, ctx.dialect, {
    kind: 'refund',
    orderId: order.id,
    refundId,
    clientId: order.client_id,
    staffId: order.staff_id,
    amount: -refund.amount,
    paymentMethod: refund.method,
    body: {
      reason: refund.reason,
      restock: refund.restock === 1,
      loyalty_points_reversed: pointsBack,
      vat_total: refund.vat_total,
      lines: items.map((item) => ({
        order_item_id: item.order_item_id,
        item_type: item.item_type,
        item_id: item.item_id,
        quantity: item.quantity,
        amount: item.amount,
        vat_rate: item.vat_rate,
        vat_amount: item.vat_amount,
      })),
    },
  });
}

/** Asks the provider for a reserved refund; completes it, or removes it and says why. */
async function askProvider(ctx: AppContext, refundId: number, payment: PaidPayment): Promise<void> {
  const refund = await ctx.db
    .selectFrom('pos_refunds')
    .selectAll()
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
  let outcome;
  try {
    outcome = await refundPayment(ctx, payment, {
      refundId,
      amountCents: refund.amount,
      description: `Refund #${refundId} of POS order #${refund.order_id}`,
    });
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('pos_refund_items').where('refund_id', '=', refundId).execute();
      await trx.deleteFrom('pos_refunds').where('id', '=', refundId).where('status', '=', 'pending').execute();
    });
    throw conflict('refund_refused', `The payment provider refused the refund: ${error.message}`);
  }
  await ctx.db
    .transaction()
    .execute((trx) => complete(ctx, trx, refundId, { provider: outcome.provider, providerRef: outcome.refundRef }));
}

export async function createRefund(
  ctx: AppContext,
  caller: AuthUser,
  orderId: number,
  input: RefundCreateInput,
  idempotencyKey: string | undefined,
): Promise<RefundOutput> {
  if (input.reason.trim() === '') {
    throw badRequest('validation_failed', 'A refund needs a reason', [
      { field: 'reason', message: 'must not be empty' },
    ]);
  }
  if (idempotencyKey !== undefined) {
    const earlier = await ctx.db
      .selectFrom('pos_refunds')
      .select(['id', 'order_id', 'status', 'payment_id'])
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.order_id !== orderId) {
        throw conflict('idempotency_key_reused', 'This Idempotency-Key was used for another order’s refund');
      }
      if (earlier.status === 'pending') {
        const payment = await paidPaymentOf(ctx.db, 'pos_order', orderId);
        if (payment) await askProvider(ctx, earlier.id, payment);
      }
      return getRefund(ctx, earlier.id);
    }
  }
  const { refundId, payment } = await reserve(ctx, caller, orderId, input, idempotencyKey);
  if (payment) await askProvider(ctx, refundId, payment);
  return getRefund(ctx, refundId);
}

export async function getRefund(ctx: Pick<AppContext, 'db'>, refundId: number): Promise<RefundOutput> {
  const refunds = await refundsWhere(ctx, 'id', refundId);
  const refund = refunds[0];
  if (!refund) throw notFound('Refund');
  return refund;
}

export async function listRefunds(ctx: Pick<AppContext, 'db'>, orderId: number): Promise<RefundOutput[]> {
  const order = await ctx.db.selectFrom('pos_orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('POS order');
  return refundsWhere(ctx, 'order_id', orderId);
}

async function refundsWhere(
  ctx: Pick<AppContext, 'db'>,
  column: 'id' | 'order_id',
  value: number,
): Promise<RefundOutput[]> {
  const timezone = await readTimezone(ctx.db);
  const refunds = await ctx.db.selectFrom('pos_refunds').selectAll().where(column, '=', value).orderBy('id').execute();
  if (refunds.length === 0) return [];
  const ids = refunds.map((refund) => refund.id);
  const items = await ctx.db
    .selectFrom('pos_refund_items as i')
    .innerJoin('pos_order_items as l', 'l.id', 'i.order_item_id')
    .select([
      'i.refund_id',
      'i.order_item_id',
      'i.item_type',
      'i.item_id',
      'l.name',
      'i.quantity',
      'i.amount',
      'i.vat_rate',
      'i.vat_amount',
    ])
    .where('i.refund_id', 'in', ids)
    .orderBy('i.id')
    .execute();
  const entries = await ctx.db
    .selectFrom('pos_journal')
    .select(['refund_id', 'year', 'number'])
    .where('kind', '=', 'refund')
    .where('refund_id', 'in', ids)
    .execute();
  return refunds.map((refund) => {
    const entry = entries.find((row) => Number(row.refund_id) === refund.id);
    return {
      id: refund.id,
      order_id: refund.order_id,
      status: refund.status,
      method: refund.method,
      amount: fromCents(refund.amount),
      vat_total: fromCents(refund.vat_total),
      reason: refund.reason,
      restock: refund.restock === 1,
      loyalty_points_reversed: refund.loyalty_points_reversed,
      gift_card_id: refund.gift_card_id,
      provider: refund.provider,
      receipt_number: entry ? receiptNumber(Number(entry.year), Number(entry.number)) : null,
      created_at: formatInstant(refund.created_at, timezone),
      items: items
        .filter((item) => item.refund_id === refund.id)
        .map((item) => ({
          order_item_id: item.order_item_id,
          item_type: item.item_type,
          item_id: item.item_id,
          name: item.name,
          quantity: item.quantity,
          amount: fromCents(item.amount),
          vat_rate: fromCents(item.vat_rate),
          vat_amount: fromCents(item.vat_amount),
        })),
    };
  });
}
