import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertOrderLines, insertPosOrder, insertProduct } from '../../../test/helpers/factories.js';
import { todayIn } from '../../lib/time.js';
import { formatRating } from './staff.js';

/*
 * One hand-built data set in the default salon zone (Europe/Amsterdam, UTC+1 in winter), rows
 * written straight to the tables. Every expected figure below is worked out by hand; the range
 * 2026-01-01 … 2026-01-10 has rows on its first and last second and just outside both.
 */
const RANGE = 'from=2026-01-01&to=2026-01-10';
const NOW = '2026-01-01T00:00:00.000Z';

function dayPlus(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() + 1;

for (const dialect of DIALECTS) {
  describe(`reports [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    const ids: Record<string, number> = {};
    const id = (key: string): number => ids[key] ?? assert.fail(`no row ${key}`);
    let today: string;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await createStaff(t);
      const db = t.ctx.db;
      for (const name of ['Anna', 'Bob', 'Cleo', 'Dora']) {
        const row = await db
          .insertInto('users')
          .values({
            name,
            email: uniqueEmail(name.toLowerCase()),
            password_hash: 'x',
            role: 'staff',
            require_password_change: 0,
            created_at: NOW,
            updated_at: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[name] = row.id;
      }
      const client = await createClient(t, admin.token);
      ids.client = client.id;
      ids.S1 = (await createService(t, admin.token, { name: 'Cut', price: 45 })).id;
      ids.P1 = (await insertProduct(db, { name: 'Shampoo' })).id;
      ids.P2 = (await insertProduct(db, { name: 'Wax' })).id;

      const order = async (
        staff: string,
        status: 'paid' | 'pending',
        createdAt: string,
        discount: number,
        lines: { type: 'product' | 'service'; id: number; qty: number; total: number; discount: number }[],
      ) => {
        const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
        const orderId = await insertPosOrder(db, {
          client_id: id('client'),
          staff_id: id(staff),
          payment_status: status,
          discount_amount: discount,
          total: subtotal - discount,
          created_at: createdAt,
        });
        await insertOrderLines(
          db,
          orderId,
          lines.map((line) => ({
            item_type: line.type,
            item_id: line.id,
            name: 'sold name',
            quantity: line.qty,
            line_total: line.total,
            discount_amount: line.discount,
          })),
        );
        return orderId;
      };
      // last second of 2026-01-10 in Amsterdam
      ids.O1 = await order('Anna', 'paid', '2026-01-10T22:59:59.000Z', 500, [
        { type: 'product', id: id('P1'), qty: 2, total: 2000, discount: 150 },
        { type: 'service', id: id('S1'), qty: 1, total: 4500, discount: 350 },
      ]);
      // first second of 2026-01-11: outside
      ids.O2 = await order('Bob', 'paid', '2026-01-10T23:00:00.000Z', 0, [
        { type: 'service', id: id('S1'), qty: 1, total: 4500, discount: 0 },
      ]);
      // not paid: never revenue
      ids.O3 = await order('Anna', 'pending', '2026-01-05T10:00:00.000Z', 0, [
        { type: 'product', id: id('P2'), qty: 1, total: 9999, discount: 0 },
      ]);
      // first second of 2026-01-01
      ids.O4 = await order('Bob', 'paid', '2025-12-31T23:00:00.000Z', 0, [
        { type: 'product', id: id('P2'), qty: 1, total: 1850, discount: 0 },
      ]);
      // last second of 2025-12-31: outside
      ids.O5 = await order('Bob', 'paid', '2025-12-31T22:59:59.000Z', 0, [
        { type: 'product', id: id('P1'), qty: 5, total: 5000, discount: 0 },
      ]);

      const booking = async (staff: string, startAt: string, status: string, price = 4500) => {
        const end = `${startAt.slice(0, 11)}23:59:59`;
        return insertBooking(db, {
          client_id: id('client'),
          staff_id: id(staff),
          service_id: id('S1'),
          start_at: startAt,
          end_at: end > startAt ? end : `${dayPlus(startAt.slice(0, 10), 1)} 00:30:00`,
          status: status as 'scheduled',
          price,
          created_at: NOW,
        });
      };
      await booking('Anna', '2026-01-10 23:30:00', 'completed'); // Sat 23h, in range
      await booking('Anna', '2026-01-02 10:00:00', 'completed'); // Fri 10h
      await booking('Anna', '2026-01-03 10:00:00', 'cancelled');
      await booking('Bob', '2026-01-11 00:00:00', 'completed'); // Sun 0h, after range
      await booking('Cleo', '2025-12-31 10:00:00', 'completed'); // Wed 10h, before range
      await booking('Dora', '2026-01-04 10:30:00', 'completed'); // Sun 10h
      await booking('Dora', '2026-01-04 10:00:00', 'no-show'); // Sun 10h
      today = todayIn('Europe/Amsterdam');
      await booking('Anna', `${today} 09:00:00`, 'scheduled', 4500);
      await booking('Bob', `${today} 18:00:00`, 'scheduled', 3000);
      await booking('Anna', `${dayPlus(today, 29)} 10:00:00`, 'scheduled', 2000);
      await booking('Anna', `${dayPlus(today, 30)} 10:00:00`, 'scheduled', 7000); // day 31
      await booking('Anna', `${dayPlus(today, 1)} 10:00:00`, 'provisional', 9000);
      await booking('Anna', `${dayPlus(today, 2)} 10:00:00`, 'completed', 9000);

      const review = async (staff: string, rating: number, createdAt: string) => {
        const bookingId = await booking(staff, '2020-01-01 10:00:00', 'cancelled');
        await db
          .insertInto('reviews')
          .values({
            booking_id: bookingId,
            staff_id: id(staff),
            client_id: id('client'),
            rating,
            comment: '',
            created_at: createdAt,
          })
          .execute();
      };
      await review('Anna', 5, '2025-12-31T23:00:00.000Z');
      await review('Anna', 4, '2026-01-05T12:00:00.000Z');
      await review('Anna', 4, '2026-01-10T22:59:59.999Z');
      await review('Anna', 1, '2026-01-10T23:00:00.000Z'); // outside
      await review('Dora', 5, '2026-01-04T12:00:00.000Z');
      await review('Dora', 4, '2026-01-04T13:00:00.000Z');
      await review('Cleo', 5, '2026-01-04T13:00:00.000Z'); // no revenue, no bookings: left out

      for (const [code, name] of [
        ['SPRING', 'Spring'],
        ['VIP', 'Vip'],
      ] as const) {
        const row = await db
          .insertInto('promotions')
          .values({
            code,
            name,
            discount_type: 'fixed',
            discount_value: 500,
            valid_from: null,
            valid_to: null,
            usage_limit: null,
            per_client_limit: null,
            applies_to: '["service","product","package"]',
            active: 1,
            created_at: NOW,
            updated_at: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[code] = row.id;
      }
      const usage = (promotion: string, order: string, cents: number, createdAt: string) =>
        db
          .insertInto('promotion_usages')
          .values({
            promotion_id: id(promotion),
            order_id: id(order),
            client_id: id('client'),
            discount_amount: cents,
            created_at: createdAt,
          })
          .execute();
      await usage('SPRING', 'O1', 500, '2026-01-10T22:59:59.000Z');
      await usage('SPRING', 'O2', 300, '2026-01-10T23:00:00.000Z'); // outside
      await usage('VIP', 'O4', 200, '2025-12-31T23:00:00.000Z');

      const card = async (initial: number, balance: number, active: number, expires: string | null, at: string) => {
        const row = await db
          .insertInto('gift_cards')
          .values({
            code: `CODE-${Math.random()}`,
            initial_value: initial,
            balance,
            expires_on: expires,
            active,
            client_id: null,
            recipient_name: '',
            recipient_email: null,
            message: '',
            sold_order_id: null,
            created_by: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const g1 = await card(5000, 2000, 1, null, '2026-01-05T12:00:00.000Z');
      await card(2500, 2500, 1, '2020-01-01', '2026-01-10T22:59:59.999Z'); // expired
      await card(1000, 1000, 0, null, '2025-12-31T23:00:00.000Z'); // deactivated
      await card(4000, 4000, 1, null, '2026-01-10T23:00:00.000Z'); // sold after the range
      for (const [type, amount, at] of [
        ['issue', 5000, '2026-01-05T12:00:00.000Z'],
        ['redeem', -3000, '2026-01-06T00:00:00.000Z'],
      ] as const) {
        await db
          .insertInto('gift_card_transactions')
          .values({
            gift_card_id: g1,
            type,
            amount,
            balance_after: 0,
            order_id: null,
            user_id: null,
            created_at: at,
          })
          .execute();
      }
    });
    after(() => t.close());

    const get = (url: string) => t.request({ method: 'GET', url: `/api/reporting/${url}`, token: admin.token });

    it('from/to: an impossible date, a malformed one or from after to is 400 validation_failed', async () => {
      for (const path of ['item-breakdown', 'staff-performance', 'promotions', 'gift-cards']) {
        assertError(await get(`${path}?from=2026-02-30`), 400, 'validation_failed');
        assertError(await get(`${path}?to=10-01-2026`), 400, 'validation_failed');
        assertError(await get(`${path}?from=2026-01-11&to=2026-01-10`), 400, 'validation_failed');
      }
      assertError(await get('forecast?days=0'), 400, 'validation_failed');
    });

    it('sales-summary is the total of paid POS orders, all time (pending ones are not revenue)', async () => {
      const r = await get('sales-summary');
      assert.equal(r.status, 200);
      // 60.00 + 45.00 + 18.50 + 50.00
      assert.deepEqual(r.body, { total_sales: 173.5 });
    });

    it('booking-count counts every booking ever created, cancelled ones included', async () => {
      const r = await get('booking-count');
      // 7 calendar + 6 forecast + 7 reviewed (cancelled)
      assert.deepEqual(r.body, { booking_count: 20 });
    });

    it('item-breakdown: top products and services by net revenue of paid orders in range; `to` includes its last second; ties by id', async () => {
      const r = await get(`item-breakdown?${RANGE}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        products: [
          { product_id: id('P1'), name: 'Shampoo', qty_sold: 2, revenue: 18.5 },
          { product_id: id('P2'), name: 'Wax', qty_sold: 1, revenue: 18.5 },
        ],
        services: [{ service_id: id('S1'), name: 'Cut', qty_sold: 1, revenue: 41.5 }],
      });
      const all = await get('item-breakdown');
      assert.deepEqual(all.body, {
        products: [
          { product_id: id('P1'), name: 'Shampoo', qty_sold: 7, revenue: 68.5 },
          { product_id: id('P2'), name: 'Wax', qty_sold: 1, revenue: 18.5 },
        ],
        services: [{ service_id: id('S1'), name: 'Cut', qty_sold: 2, revenue: 86.5 }],
      });
    });

    it('item-breakdown lists at most 10 products', async () => {
      for (let i = 0; i < 11; i += 1) {
        const product = await insertProduct(t.ctx.db);
        const orderId = await insertPosOrder(t.ctx.db, {
          client_id: id('client'),
          staff_id: id('Anna'),
          total: 0,
          created_at: '2030-01-01T00:00:00.000Z',
        });
        await insertOrderLines(t.ctx.db, orderId, [
          { item_type: 'product', item_id: product.id, name: 'x', quantity: 1, line_total: 0 },
        ]);
      }
      const r = await get('item-breakdown?from=2030-01-01&to=2030-01-01');
      assert.equal(r.body.products.length, 10);
      assert.deepEqual(r.body.services, []);
    });

    it('item-breakdown names an item no longer in the catalogue by its latest sold line', async () => {
      const db = t.ctx.db;
      for (const [name, at] of [
        ['Old name', '2031-01-02T10:00:00.000Z'],
        ['New name', '2031-01-03T10:00:00.000Z'],
      ] as const) {
        const orderId = await insertPosOrder(db, {
          client_id: id('client'),
          staff_id: id('Anna'),
          total: 1000,
          created_at: at,
        });
        await insertOrderLines(db, orderId, [
          { item_type: 'product', item_id: 987_654, name, quantity: 1, line_total: 1000 },
        ]);
      }
      const r = await get('item-breakdown?from=2031-01-01&to=2031-01-31');
      assert.deepEqual(r.body.products, [{ product_id: 987_654, name: 'New name', qty_sold: 2, revenue: 20 }]);
    });

    it('staff-performance: revenue, completed bookings, ratings in range; ordered by revenue; zero/zero left out', async () => {
      const r = await get(`staff-performance?${RANGE}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, [
        // O1; completed 2026-01-10 23:30 and 01-02; ratings 5, 4, 4 → 4.33
        { id: id('Anna'), name: 'Anna', revenue: 60, booking_count: 2, avg_rating: '4.33', review_count: 3 },
        // O4 at the first second; the completed booking at 01-11 00:00 is outside
        { id: id('Bob'), name: 'Bob', revenue: 18.5, booking_count: 0, avg_rating: '0.00', review_count: 0 },
        { id: id('Dora'), name: 'Dora', revenue: 0, booking_count: 1, avg_rating: '4.50', review_count: 2 },
      ]);
    });

    it('avg_rating is rounded half-up to two decimals', () => {
      assert.equal(formatRating(33, 8), '4.13'); // 4.125
      assert.equal(formatRating(14, 3), '4.67');
      assert.equal(formatRating(0, 0), '0.00');
      assert.equal(formatRating(5, 1), '5.00');
    });

    it('heatmap: day 1 = Sunday … 7 = Saturday by starting hour, cancelled bookings excluded', async () => {
      const r = await get('heatmap');
      assert.equal(r.status, 200);
      const cells = new Map<string, number>();
      const add = (day: number, hour: number) => cells.set(`${day}:${hour}`, (cells.get(`${day}:${hour}`) ?? 0) + 1);
      add(7, 23); // Sat 2026-01-10 23:30
      add(6, 10); // Fri 2026-01-02
      add(1, 0); // Sun 2026-01-11 00:00
      add(4, 10); // Wed 2025-12-31
      add(1, 10); // Sun 2026-01-04 10:30 completed
      add(1, 10); // Sun 2026-01-04 10:00 no-show
      add(weekday(today), 9);
      add(weekday(today), 18);
      add(weekday(dayPlus(today, 29)), 10);
      add(weekday(dayPlus(today, 30)), 10);
      add(weekday(dayPlus(today, 1)), 10);
      add(weekday(dayPlus(today, 2)), 10);
      const expected = [...cells.entries()]
        .map(([key, count]) => {
          const [day = 0, hour = 0] = key.split(':').map(Number);
          return { day, hour, count };
        })
        .sort((a, b) => a.day - b.day || a.hour - b.hour);
      assert.deepEqual(r.body, expected);
      // Both Sunday 2026-01-04 bookings (completed and no-show) share one cell, beside any
      // fixture booked relative to today that also falls on a Sunday at 10:00.
      const sundayTenFromToday = [1, 2, 29, 30].filter((days) => weekday(dayPlus(today, days)) === 1).length;
      assert.ok(
        r.body.some(
          (c: { day: number; hour: number; count: number }) =>
            c.day === 1 && c.hour === 10 && c.count === 2 + sundayTenFromToday,
        ),
      );
    });

    it('forecast: scheduled bookings of the next 30 days (default) per day with expected revenue', async () => {
      const r = await get('forecast');
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, [
        { day: today, expected_revenue: 75, booking_count: 2 },
        { day: dayPlus(today, 29), expected_revenue: 20, booking_count: 1 },
      ]);
      const longer = await get('forecast?days=31');
      assert.deepEqual(longer.body.at(-1), { day: dayPlus(today, 30), expected_revenue: 70, booking_count: 1 });
      const one = await get('forecast?days=1');
      assert.deepEqual(one.body, [{ day: today, expected_revenue: 75, booking_count: 2 }]);
    });

    it('promotions: uses and discount in range, per promotion by times used then discount', async () => {
      const r = await get(`promotions?${RANGE}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        total_used: 2,
        total_discount: 7,
        promotions: [
          { id: id('SPRING'), name: 'Spring', code: 'SPRING', times_used: 1, total_discount: 5 },
          { id: id('VIP'), name: 'Vip', code: 'VIP', times_used: 1, total_discount: 2 },
        ],
      });
      const all = await get('promotions');
      assert.deepEqual(all.body, {
        total_used: 3,
        total_discount: 10,
        promotions: [
          { id: id('SPRING'), name: 'Spring', code: 'SPRING', times_used: 2, total_discount: 8 },
          { id: id('VIP'), name: 'Vip', code: 'VIP', times_used: 1, total_discount: 2 },
        ],
      });
      const none = await get('promotions?from=2030-01-01');
      assert.deepEqual(none.body, { total_used: 0, total_discount: 0, promotions: [] });
    });

    it('gift-cards: sold and redeemed in range; outstanding = spendable balance now', async () => {
      const r = await get(`gift-cards?${RANGE}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        sold_count: 3,
        sold_value: 85,
        redeemed_count: 1,
        redeemed_value: 30,
        outstanding_count: 2,
        outstanding_balance: 60,
      });
      const none = await get('gift-cards?from=2030-01-01');
      assert.deepEqual(none.body, {
        sold_count: 0,
        sold_value: 0,
        redeemed_count: 0,
        redeemed_value: 0,
        outstanding_count: 2,
        outstanding_balance: 60,
      });
    });
  });
}
