import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { fromCents } from '../../lib/money.js';
import type { ReportRange } from './range.js';
import { inMonths, nearRows, nearSplit, splitRange, splitRows } from './rollups.js';

/*
 * Money reports over the till. Revenue = SUM(pos_orders.total) of orders with
 * payment_status = 'paid' (docs/api.md "Point of sale"); per item, line_total minus the
 * line's discount and loyalty shares, so the items of an order add up to its total. Sales
 * minus refunds: a completed refund counts against the range (and month) it was made in,
 * its lines against their items (quantity and amount given back).
 * Every figure is summed by the database; pg answers SUM/COUNT as strings, hence Number().
 */

export const TOP_ITEMS = 10;

/**
 * `sales-summary`: revenue of the paid orders created in the range (all time without one).
 * Whole months from the monthly rollup (migration 0012), the partial months at the edges from
 * the paid orders of those days (pos_orders_paid_created).
 */
export async function salesSummary(db: Executor, range: ReportRange): Promise<{ total_sales: number }> {
  return { total_sales: fromCents(await netSalesCents(db, range)) };
}

/**
 * Sales minus refunds of a range, in cents: the one definition every money figure of the
 * reports reads (the sales summary, the dashboard's revenue of today).
 */
export async function netSalesCents(db: Executor, range: ReportRange): Promise<number> {
  const result = await sql<{ cents: number | string | null }>`select sum(revenue) as cents from (${netSalesRows(
    range,
  )}) as r`.execute(db);
  return Number(result.rows[0]?.cents ?? 0);
}

/**
 * The rows whose `revenue` (cents) sums to a range's sales minus refunds: the monthly rollup's
 * months, the paid orders and completed refunds of the edges. A bounded range snaps to its
 * nearest month starts (nearSplit): a salon month, which starts an hour or two before the UTC
 * month the rollup is keyed by, is its rollup month plus the hour before it minus the hour
 * before the next, not a month of orders.
 */
export function netSalesRows(range: ReportRange) {
  const edgeRows = (start: string, end: string, sign: 1 | -1) => sql`
      select ${sql.raw(sign === 1 ? '' : '-')}total as revenue from pos_orders
      where payment_status = 'paid' and created_at >= ${start} and created_at < ${end}
      union all
      select ${sql.raw(sign === 1 ? '-' : '')}amount as revenue from pos_refunds
      where status = 'completed' and completed_at >= ${start} and completed_at < ${end}`;
  const empty = sql`select revenue from report_order_months where 1 = 0`;
  if (range.fromUtc !== null && range.toUtc !== null) {
    return nearRows(
      nearSplit(range.fromUtc, range.toUtc, 'instant'),
      ({ from, to }) => sql`select revenue from report_order_months where month >= ${from} and month < ${to}`,
      edgeRows,
      empty,
    );
  }
  const split = splitRange(range.fromUtc, range.toUtc, 'instant');
  return splitRows(
    split,
    sql`select revenue from report_order_months where ${inMonths(sql.ref('month'), split)}`,
    (start, end) => edgeRows(start, end, 1),
    empty,
  );
}

/**
 * `booking-count`: every booking ever created, whatever its status. Bookings are never deleted
 * (DELETE cancels), so without a range it is the sum of the per staff member and status
 * counters the triggers of migration 0013 keep: a count(*) over millions of rows took ~150 ms
 * on PostgreSQL. With a range: the bookings whose start_at (salon wall clock) lies in it, the
 * days a salon's calendar shows them on, counted over one range of bookings_start.
 */
export async function bookingCount(db: Executor, range: ReportRange): Promise<{ booking_count: number }> {
  if (range.fromLocal === null && range.toLocal === null) {
    const row = await db
      .selectFrom('booking_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .executeTakeFirstOrThrow();
    return { booking_count: Number(row.n) };
  }
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(range.fromLocal !== null, (qb) => qb.where('start_at', '>=', range.fromLocal as string))
    .$if(range.toLocal !== null, (qb) => qb.where('start_at', '<', range.toLocal as string))
    .executeTakeFirstOrThrow();
  return { booking_count: Number(row.n) };
}

interface ItemRow {
  item_id: number;
  name: string;
  qty_sold: number | string;
  revenue: number | string;
}

async function topItems(db: Executor, type: 'product' | 'service', range: ReportRange): Promise<ItemRow[]> {
  const split = splitRange(range.fromUtc, range.toUtc, 'instant');
  // Whole months from the rollup, the partial ones from the paid orders of those days (orders
  // first: CROSS JOIN keeps SQLite from starting at every line of the item type).
  const sold = splitRows(
    split,
    sql`select item_id, qty, revenue from report_item_months
        where item_type = ${type} and ${inMonths(sql.ref('month'), split)}`,
    (start, end) => sql`
      select i.item_id, i.quantity as qty, i.line_total - i.discount_amount - i.loyalty_amount as revenue
      from pos_orders o cross join pos_order_items i
      where i.order_id = o.id and o.payment_status = 'paid' and i.item_type = ${type}
        and o.created_at >= ${start} and o.created_at < ${end}
      union all
      select i.item_id, -i.quantity as qty, -i.amount as revenue
      from pos_refunds r cross join pos_refund_items i
      where i.refund_id = r.id and r.status = 'completed' and i.item_type = ${type}
        and r.completed_at >= ${start} and r.completed_at < ${end}`,
    sql`select item_id, qty, revenue from report_item_months where 1 = 0`,
  );
  // Names are looked up for the ten winners only: the catalogue's current name, else the
  // name on the item's latest sold line (an item since deleted).
  const catalogue = type === 'product' ? sql.table('products') : sql.table('services');
  const result = await sql<ItemRow>`
    select t.item_id, t.qty_sold, t.revenue,
      coalesce(
        (select c.name from ${catalogue} c where c.id = t.item_id),
        (select l.name from pos_order_items l where l.item_type = ${type} and l.item_id = t.item_id order by l.id desc limit 1)
      ) as name
    from (
      select item_id, sum(qty) as qty_sold, sum(revenue) as revenue
      from (${sold}) as s
      group by item_id
      having sum(qty) > 0
      order by sum(revenue) desc, item_id asc
      limit ${TOP_ITEMS}
    ) as t
    order by t.revenue desc, t.item_id asc`.execute(db);
  return result.rows;
}

/** `item-breakdown`: top 10 products and top 10 services by revenue (ties: lower id first). */
export async function itemBreakdown(db: Executor, range: ReportRange) {
  const [products, services] = await Promise.all([topItems(db, 'product', range), topItems(db, 'service', range)]);
  const shape = (row: ItemRow) => ({
    name: row.name,
    qty_sold: Number(row.qty_sold),
    revenue: fromCents(Number(row.revenue)),
  });
  return {
    products: products.map((row) => ({ product_id: row.item_id, ...shape(row) })),
    services: services.map((row) => ({ service_id: row.item_id, ...shape(row) })),
  };
}

/**
 * `promotions`: uses recorded in the range (`promotion_usages.created_at`, one per order that
 * applied a code — the same count as `times_used` on /api/promotions), their discount given;
 * per promotion ordered by times_used desc, total_discount desc, id. Unused ones are omitted.
 */
export async function promotionsReport(db: Executor, range: ReportRange) {
  const rows = await db
    .selectFrom('promotion_usages as u')
    .innerJoin('promotions as p', 'p.id', 'u.promotion_id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.code',
      eb.fn.countAll<number>().as('times_used'),
      eb.fn.sum<number>('u.discount_amount').as('cents'),
    ])
    .$if(range.fromUtc !== null, (qb) => qb.where('u.created_at', '>=', range.fromUtc as string))
    .$if(range.toUtc !== null, (qb) => qb.where('u.created_at', '<', range.toUtc as string))
    .groupBy(['p.id', 'p.name', 'p.code'])
    .orderBy('times_used', 'desc')
    .orderBy('cents', 'desc')
    .orderBy('p.id', 'asc')
    .execute();
  const promotions = rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    times_used: Number(row.times_used),
    total_discount: fromCents(Number(row.cents)),
  }));
  // The totals over at most one row per promotion (a handful), already summed by the database.
  return {
    total_used: promotions.reduce((sum, p) => sum + p.times_used, 0),
    total_discount: fromCents(rows.reduce((sum, row) => sum + Number(row.cents), 0)),
    promotions,
  };
}

/**
 * `gift-cards`: sold_count / sold_value = cards issued in the range (`gift_cards.created_at`,
 * through the till or directly), at face value; redeemed_count / redeemed_value = `redeem`
 * transactions in the range; outstanding_balance / outstanding_count = the balance still
 * spendable now (active cards not past `expires_on` with a balance), whatever the range.
 */
export async function giftCardsReport(db: Executor, range: ReportRange, today: string) {
  const [sold, redeemed, outstanding] = await Promise.all([
    db
      .selectFrom('gift_cards')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('initial_value').as('cents')])
      .$if(range.fromUtc !== null, (qb) => qb.where('created_at', '>=', range.fromUtc as string))
      .$if(range.toUtc !== null, (qb) => qb.where('created_at', '<', range.toUtc as string))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('gift_card_transactions')
      // A positive `redeem` is a refund onto the card (the undoing of a redemption): it lowers
      // the value redeemed, and is not counted as a redemption.
      .select((eb) => [
        sql<number>`count(case when amount < 0 then 1 end)`.as('n'),
        eb.fn.sum<number>('amount').as('cents'),
      ])
      .where('type', '=', 'redeem')
      .$if(range.fromUtc !== null, (qb) => qb.where('created_at', '>=', range.fromUtc as string))
      .$if(range.toUtc !== null, (qb) => qb.where('created_at', '<', range.toUtc as string))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('gift_cards')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('balance').as('cents')])
      .where('active', '=', 1)
      .where('balance', '>', 0)
      .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', today)]))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    sold_count: Number(sold.n),
    sold_value: fromCents(Number(sold.cents ?? 0)),
    redeemed_count: Number(redeemed.n),
    // redeem amounts are stored negative
    redeemed_value: fromCents(-Number(redeemed.cents ?? 0)),
    outstanding_count: Number(outstanding.n),
    outstanding_balance: fromCents(Number(outstanding.cents ?? 0)),
  };
}
