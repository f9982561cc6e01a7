/*
 * How long the close of a busy day takes: 1,000 paid orders (two lines each, two VAT rates,
 * cash and card) and their journal entries written straight into a fresh SQLite database, then
 * the blind close timed over HTTP (the Z report's aggregates and the close entry). The journal
 * rows written here carry no valid hashes: this database is thrown away after the measurement.
 *
 *   npx tsx bench/zreport.ts
 */
import { createStaff, createTestApp, setupSalon } from '../test/helpers/app.js';
import { createClient } from '../test/helpers/bookings.js';

const ORDERS = 1000;
const t = await createTestApp('sqlite');
try {
  const admin = await setupSalon(t);
  const staff = await createStaff(t);
  const client = await createClient(t, admin.token);
  const opened = await t.request({
    method: 'POST',
    url: '/api/pos/drawer/open',
    token: staff.token,
    payload: { float: 100 },
  });
  if (opened.status !== 201) throw new Error(JSON.stringify(opened.body));
  const now = new Date().toISOString();
  const orders = Array.from({ length: ORDERS }, (_, i) => ({
    client_id: client.id,
    staff_id: staff.id,
    payment_method: i % 2 === 0 ? ('cash' as const) : ('card' as const),
    payment_status: 'paid' as const,
    subtotal: 6500,
    discount_amount: 0,
    loyalty_amount: 0,
    total: 6500,
    gift_card_amount: 0,
    gift_cards_sold: 0,
    amount_due: 6500,
    vat_total: 946,
    loyalty_points_redeemed: 0,
    loyalty_points_earned: 0,
    notes: '',
    created_at: now,
    updated_at: now,
  }));
  const ids = await t.ctx.db.insertInto('pos_orders').values(orders).returning('id').execute();
  const line = (orderId: number, price: number, rate: number, vat: number) => ({
    order_id: orderId,
    item_type: 'service' as const,
    item_id: 1,
    name: 'Cut',
    quantity: 1,
    price,
    line_total: price,
    vat_rate: rate,
    vat_amount: vat,
    discount_amount: 0,
    loyalty_amount: 0,
    client_package_id: null,
  });
  await t.ctx.db
    .insertInto('pos_order_items')
    .values(ids.flatMap(({ id }) => [line(id, 4500, 2100, 781), line(id, 2000, 900, 165)]))
    .execute();
  const head = await t.ctx.db.selectFrom('pos_journal_head').selectAll().executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('pos_journal')
    .values(
      ids.map(({ id }, i) => ({
        year: head.year,
        number: head.number + 1 + i,
        kind: 'sale' as const,
        order_id: id,
        refund_id: null,
        client_id: client.id,
        staff_id: staff.id,
        amount: 6500,
        payment_method: i % 2 === 0 ? 'cash' : 'card',
        body: '{}',
        created_at: now,
        prev_hash: '0'.repeat(64),
        hash: '0'.repeat(64),
      })),
    )
    .execute();
  await t.ctx.db
    .updateTable('pos_journal_head')
    .set({ number: head.number + ORDERS })
    .where('id', '=', 1)
    .execute();
  const started = performance.now();
  const closed = await t.request({
    method: 'POST',
    url: '/api/pos/drawer/close',
    token: staff.token,
    payload: { counted: { total: 100 + (ORDERS / 2) * 65 } },
  });
  const took = performance.now() - started;
  if (closed.status !== 201) throw new Error(JSON.stringify(closed.body));
  const report = closed.body as { sales: { orders: number; total: number } };
  console.log(`Z report of ${report.sales.orders} orders (${report.sales.total}) closed in ${took.toFixed(1)} ms`);
} finally {
  await t.close();
}
