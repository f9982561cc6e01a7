import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../lib/time.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { readSettings } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { officeHref } from '../../lib/office-paths.js';

/** Why stock moved; every change of `quantity_on_hand` is one of these. */
export type StockReason =
  | 'delivery' // purchase order received
  | 'delivery_reversal' // received purchase order deleted
  | 'sale' // POS order
  | 'sale_reversal' // POS order refunded or voided
  | 'adjustment' // manual count correction
  | 'internal_consumption'; // used in the salon, not sold

export const STOCK_REASONS: readonly StockReason[] = [
  'delivery',
  'delivery_reversal',
  'sale',
  'sale_reversal',
  'adjustment',
  'internal_consumption',
];

export interface StockMove {
  productId: number;
  /** positive = in, negative = out; never 0 */
  delta: number;
  reason: StockReason;
  note?: string;
  purchaseOrderId?: number | null;
  userId?: number | null;
}

export interface StockContext {
  /** For the link in the low-stock email. */
  publicBaseUrl: string;
}

/**
 * The only way stock changes: each move updates the product's `quantity_on_hand` and writes
 * its stock transaction in the caller's transaction, so the count and its history can never
 * disagree. The update is relative (`quantity_on_hand + delta`) and row-locking, so
 * concurrent moves of one product add up instead of overwriting each other.
 *
 * A move that takes a product from above its `low_stock_threshold` to at or below it alerts
 * the admins once (in-app `inventory.low_stock`, and email when `low_stock_email_enabled`);
 * later moves while it stays low do not alert again.
 */
export async function moveStock(trx: Executor, moves: StockMove[], context: StockContext): Promise<void> {
  if (moves.length === 0) return;
  const now = nowIso();
  const crossed = new Map<number, { name: string; sku: string; quantity: number; threshold: number }>();
  for (const move of moves) {
    if (!Number.isInteger(move.delta) || move.delta === 0) throw new Error(`invalid stock delta ${move.delta}`);
    const product = await trx
      .updateTable('products')
      .set({ quantity_on_hand: sql`quantity_on_hand + ${move.delta}`, updated_at: now })
      .where('id', '=', move.productId)
      .returning(['id', 'name', 'sku', 'quantity_on_hand', 'low_stock_threshold'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('stock_transactions')
      .values({
        product_id: move.productId,
        delta: move.delta,
        reason: move.reason,
        quantity_after: product.quantity_on_hand,
        note: move.note ?? '',
        purchase_order_id: move.purchaseOrderId ?? null,
        user_id: move.userId ?? null,
        created_at: now,
      })
      .execute();
    const before = product.quantity_on_hand - move.delta;
    const threshold = product.low_stock_threshold;
    if (before > threshold && product.quantity_on_hand <= threshold) {
      crossed.set(product.id, { name: product.name, sku: product.sku, quantity: product.quantity_on_hand, threshold });
    } else if (product.quantity_on_hand > threshold) {
      crossed.delete(product.id); // restocked within the same batch: no longer low
    }
  }
  if (crossed.size === 0) return;
  const settings = await readSettings(trx);
  for (const [productId, product] of crossed) {
    await recordWebhookEvent(trx, 'product.stock_low', productId);
    const link = `${context.publicBaseUrl}${officeHref.product(productId)}`;
    await notifyAdmins(trx, {
      type: 'inventory.low_stock',
      title: notice('notification.low_stock.title', { product: product.name }),
      message: notice('notification.low_stock.message', {
        product: product.name,
        sku: product.sku,
        quantity: product.quantity,
        threshold: product.threshold,
      }),
      link: officeHref.product(productId),
      ...(settings.low_stock_email_enabled === 1
        ? {
            email: {
              template: 'inventory.low_stock' as const,
              data: {
                productName: product.name,
                sku: product.sku,
                quantityOnHand: product.quantity,
                threshold: product.threshold,
                link,
              },
            },
          }
        : {}),
    });
  }
}
