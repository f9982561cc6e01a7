import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A client's lifetime spend in cents, as the sales summary counts it: their paid orders
 * minus the completed refunds of those orders (a refund belongs to the order's client).
 * `clientId` is the column of the outer query naming the client (a correlated subquery) or a
 * value: the client's history, retention's `total_spent` and the campaign segments' spend
 * filters read this one definition. It lives with the clients, the lowest module that needs
 * it, so reporting and campaigns import it from here and no module imports them back.
 */
export function clientNetSpentCents(clientId: Expression<number>): RawBuilder<number> {
  return sql<number>`(coalesce((select sum(o.total) from pos_orders o
      where o.client_id = ${clientId} and o.payment_status = 'paid'), 0)
    - coalesce((select sum(r.amount) from pos_orders o cross join pos_refunds r
      where r.order_id = o.id and o.client_id = ${clientId} and r.status = 'completed'), 0))`;
}
