import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SettlementContext } from '../payments/service.js';
import { addLedgerEntry, pointsEarned, readLoyaltyRules } from '../loyalty/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { appendSale } from './journal.js';

/**
 * Runs inside the payments module's transaction when a POS order's payment leaves `pending`
 * (exactly once per payment): the order becomes `paid` or `failed`, and a paid order earns
 * its loyalty points now, on what was actually paid. Only a `pending` order moves, so a later
 * payment of an order that is already settled changes nothing here. A paid order is a sale:
 * it is appended to the till journal in this same transaction (its receipt number).
 */
export async function posOrderPaymentSettled(
  trx: Transaction<DB>,
  settlement: { referenceId: number; status: 'paid' | 'failed' | 'cancelled' },
  ctx: Pick<SettlementContext, 'dialect'>,
): Promise<void> {
  const paid = settlement.status === 'paid';
  const order = await trx
    .updateTable('pos_orders')
    .set({ payment_status: paid ? 'paid' : 'failed', updated_at: new Date().toISOString() })
    .where('id', '=', settlement.referenceId)
    .where('payment_status', '=', 'pending')
    .returning(['id', 'client_id', 'amount_due'])
    .executeTakeFirst();
  if (!order || !paid) return;
  const earned = pointsEarned(await readLoyaltyRules(trx), order.amount_due);
  if (earned > 0) {
    await trx.updateTable('pos_orders').set({ loyalty_points_earned: earned }).where('id', '=', order.id).execute();
    await addLedgerEntry(trx, { clientId: order.client_id, points: earned, reason: 'earn', orderId: order.id });
  }
  await recordWebhookEvent(trx, 'pos_order.paid', order.id);
  await appendSale(trx, ctx.dialect, order.id);
}
