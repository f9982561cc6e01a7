import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * Refunds and voids of till orders. A refund is a new record, never an edit of the sale:
 *
 *  - `pos_refunds`: one refund of a paid order, with the method the money went back by, the
 *    reason, and its status. A refund through a payment provider is first `pending` (it counts
 *    against what is left to refund while the provider is asked, so concurrent refunds can
 *    never return more than was paid) and becomes `completed` when the provider accepts it; a
 *    refusal removes the pending row and its lines, which never had any effect.
 *  - `pos_refund_items`: per order line, the quantity and the amount (cents, VAT included)
 *    given back, with the line's VAT rate and the VAT in that amount.
 *  - `pos_orders.voided_at`: an order that was never paid, cancelled as a whole.
 *
 * The report rollups of 0012 count sales minus refunds: when a refund becomes `completed`,
 * triggers take its lines off the order's staff member's revenue and off each item's quantity
 * and revenue, in the month of the refund (a refund is booked on the day it is made; the
 * sale's month stays as it was reported).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('pos_orders').addColumn('voided_at', 'text').execute();

  await db.schema
    .createTable('pos_refunds')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('pos_orders.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'completed')`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('cash', 'card', 'online', 'gift_card')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('vat_total', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('restock', 'integer', (c) => c.notNull())
    .addColumn('loyalty_points_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gift_card_id', 'integer')
    .addColumn('payment_id', 'integer')
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('pos_refunds_order').on('pos_refunds').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('pos_refunds_completed').on('pos_refunds').columns(['status', 'completed_at']).execute();

  await db.schema
    .createTable('pos_refund_items')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('pos_refunds.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('pos_order_items.id').onDelete('restrict'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('vat_amount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pos_refund_items_refund').on('pos_refund_items').columns(['refund_id', 'id']).execute();
  await db.schema
    .createIndex('pos_refund_items_line')
    .on('pos_refund_items')
    .columns(['order_item_id', 'refund_id'])
    .execute();

  // Lines' item keys in order, as every rollup writer takes them (0012), so no deadlock.
  const orderMonth = (refund: string) => `
    insert into report_order_months as r (month, staff_id, revenue, orders)
    select substr(${refund}.completed_at, 1, 7), o.staff_id, -${refund}.amount, 0
    from pos_orders o where o.id = ${refund}.order_id
    on conflict (month, staff_id) do update set revenue = r.revenue + excluded.revenue`;
  const itemMonths = (refund: string) => `
    insert into report_item_months as r (month, item_type, item_id, qty, revenue)
    select substr(${refund}.completed_at, 1, 7), i.item_type, i.item_id, -sum(i.quantity), -sum(i.amount)
    from pos_refund_items i where i.refund_id = ${refund}.id
    group by i.item_type, i.item_id order by i.item_type, i.item_id
    on conflict (month, item_type, item_id) do update set qty = r.qty + excluded.qty, revenue = r.revenue + excluded.revenue`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function report_pos_refunds_completed() returns trigger language plpgsql as $$
         begin
           ${orderMonth('new')};
           ${itemMonths('new')};
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger report_pos_refunds after update of status on pos_refunds for each row
         when (old.status = 'pending' and new.status = 'completed') execute function report_pos_refunds_completed()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger report_pos_refunds after update of status on pos_refunds
         when old.status = 'pending' and new.status = 'completed'
         begin ${orderMonth('new').replace('as r ', '').replace('r.revenue', 'revenue')}; ${itemMonths('new')
           .replace('as r ', '')
           .replace('r.qty', 'qty')
           .replace('r.revenue', 'revenue')}; end`,
      )
      .execute(db);
  }
}
