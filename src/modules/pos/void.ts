import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { lockRows } from '../../db/locks.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { restoreGiftCard } from '../giftcards/service.js';
import { moveStock, stockContext } from '../inventory/service.js';
import { addLedgerEntry } from '../loyalty/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { appendJournal } from './journal.js';
import { getOrder } from './orders.js';
import type { OrderOutput } from './schemas.js';

/*
 * Voiding an order that was never paid (its payment failed): the order stays, marked
 * `voided_at`, and everything it moved when it was rung up is given back in one transaction:
 * the products' stock, the gift card's balance it spent, the loyalty points it redeemed, the
 * package credits it used, its use of the promotion; the gift cards it sold are deactivated.
 * A paid order is never voided (409 `order_paid`: refund it); a payment still pending may yet
 * be paid (409 `payment_pending`: wait for it, or let it fail); a voided order stays voided
 * (409 `order_voided`). The void is a journal entry of its own.
 */
export async function voidOrder(
  ctx: AppContext,
  caller: AuthUser,
  orderId: number,
  input: { reason: string },
): Promise<OrderOutput> {
  const reason = input.reason.trim();
  if (reason === '') {
    throw badRequest('validation_failed', 'A void needs a reason', [{ field: 'reason', message: 'must not be empty' }]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockRows(
      trx.selectFrom('pos_orders').selectAll().where('id', '=', orderId),
      ctx.dialect,
    ).executeTakeFirst();
    if (!order) throw notFound('POS order');
    if (order.voided_at !== null) throw conflict('order_voided', 'This order is voided already');
    if (order.payment_status === 'paid') throw conflict('order_paid', 'A paid order is refunded, not voided');
    if (order.payment_status === 'pending') {
      throw conflict('payment_pending', 'The order’s payment is still pending; it may yet be paid');
    }
    const lines = await trx
      .selectFrom('pos_order_items')
      .select(['item_type', 'item_id', 'quantity', 'client_package_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const stock = new Map<number, number>();
    for (const line of lines) {
      if (line.item_type === 'product') stock.set(line.item_id, (stock.get(line.item_id) ?? 0) + line.quantity);
    }
    await moveStock(
      trx,
      [...stock.entries()]
        .sort(([a], [b]) => a - b)
        .map(([productId, quantity]) => ({
          productId,
          delta: quantity,
          reason: 'sale_reversal' as const,
          note: `POS order #${orderId} voided`,
          userId: caller.id,
        })),
      stockContext(ctx),
    );
    for (const line of lines) {
      if (line.client_package_id === null) continue;
      await trx
        .updateTable('client_package_credits')
        .set({ remaining: sql`remaining + ${line.quantity}` })
        .where('client_package_id', '=', line.client_package_id)
        .where('service_id', '=', line.item_id)
        .execute();
    }
    if (order.gift_card_id !== null && order.gift_card_amount > 0) {
      await restoreGiftCard(trx, order.gift_card_id, order.gift_card_amount, orderId, caller.id);
    }
    if (order.loyalty_points_redeemed > 0) {
      await addLedgerEntry(trx, {
        clientId: order.client_id,
        points: order.loyalty_points_redeemed,
        reason: 'adjust',
        orderId,
        note: `POS order #${orderId} voided`,
        userId: caller.id,
      });
    }
    await trx.deleteFrom('promotion_usages').where('order_id', '=', orderId).execute();
    await trx
      .updateTable('gift_cards')
      .set({ active: 0, updated_at: nowIso() })
      .where('sold_order_id', '=', orderId)
      .execute();
    await trx
      .updateTable('pos_orders')
      .set({ voided_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', orderId)
      .execute();
    await recordWebhookEvent(trx, 'pos_order.voided', orderId);
    await appendJournal(trx, ctx.dialect, {
      kind: 'void',
      orderId,
      clientId: order.client_id,
      staffId: order.staff_id,
      amount: 0,
      paymentMethod: order.payment_method,
      body: { reason, total: order.total, payment_status: order.payment_status },
    });
  });
  return getOrder(ctx.db, orderId);
}
