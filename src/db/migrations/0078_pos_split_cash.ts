import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Split payment at the till: `pos_orders.cash_amount`, the part of what a card or online order
 * collects that the client paid in cash at the till (cents); the order's payment method collects
 * amount_due − deposit_amount − cash_amount. 0 for every order before, and for a cash order (paid
 * in cash whole), so existing orders, reports and journal entries read as they always did.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('pos_orders')
    .addColumn('cash_amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cash_amount >= 0`),
    )
    .execute();
}
