import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { startPayment } from '../payments/service.js';
import type { OrderCreateInput, OrderOutput } from './schemas.js';
import { createOrder } from './order-recording.js';
import { getOrder } from './orders.js';

/**
 * Rings up the order and, once its transaction has committed (never an HTTP call inside a
 * database transaction), asks the payments module to collect what is due by card terminal or
 * online: what is due less a deposit paid before and the cash part of a split payment (the
 * provider is asked for the rest only). startPayment never throws for provider errors: the order then shows the failed
 * payment. The answer is the order as it stands after that call. A replayed Idempotency-Key
 * asks no provider again: the first request did.
 */
export async function createOrderAndCollect(
  ctx: AppContext,
  caller: AuthUser,
  input: OrderCreateInput,
  idempotencyKey?: string,
): Promise<{ order: OrderOutput; replayed: boolean }> {
  const { order, pendingPayment, replayed } = await createOrder(ctx, caller, input, idempotencyKey);
  if (!pendingPayment || order.payment_method === 'cash') return { order, replayed };
  await startPayment(ctx, {
    purpose: 'pos_order',
    referenceId: order.id,
    method: order.payment_method,
    amountCents: pendingPayment.amountCents,
    description: `POS order #${order.id}`,
    clientEmail: pendingPayment.clientEmail,
  });
  return { order: await getOrder(ctx.db, order.id), replayed };
}
