import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertOrderLines, insertPosOrder, insertProduct } from '../../../test/helpers/factories.js';
import { splitRange } from './rollups.js';

describe('splitRange: whole months from the rollups, partial months from the source rows', () => {
  it('a range inside one month is read from the source rows only', () => {
    assert.deepEqual(splitRange('2026-01-01 00:00:00', '2026-01-11 00:00:00', 'wallclock'), {
      months: null,
      edges: [['2026-01-01 00:00:00', '2026-01-11 00:00:00']],
    });
  });

  it('edges on both sides of the whole months', () => {
    assert.deepEqual(splitRange('2025-12-14T23:00:00.000Z', '2026-03-10T23:00:00.000Z', 'instant'), {
      months: { from: '2026-01', to: '2026-03' },
      edges: [
        ['2025-12-14T23:00:00.000Z', '2026-01-01T00:00:00.000Z'],
        ['2026-03-01T00:00:00.000Z', '2026-03-10T23:00:00.000Z'],
      ],
    });
  });

  it('bounds on month starts need no edges; December rolls over to January', () => {
    assert.deepEqual(splitRange('2025-12-01 00:00:00', '2026-02-01 00:00:00', 'wallclock'), {
      months: { from: '2025-12', to: '2026-02' },
      edges: [],
    });
    assert.deepEqual(splitRange('2025-12-02 00:00:00', '2026-01-01 00:00:00', 'wallclock'), {
      months: null,
      edges: [['2025-12-02 00:00:00', '2026-01-01 00:00:00']],
    });
  });

  it('a missing bound leaves that side of the months open', () => {
    assert.deepEqual(splitRange(null, null, 'instant'), { months: { from: null, to: null }, edges: [] });
    assert.deepEqual(splitRange('2026-01-05T23:00:00.000Z', null, 'instant'), {
      months: { from: '2026-02', to: null },
      edges: [['2026-01-05T23:00:00.000Z', '2026-02-01T00:00:00.000Z']],
    });
    assert.deepEqual(splitRange(null, '2026-01-05 00:00:00', 'wallclock'), {
      months: { from: null, to: '2026-01' },
      edges: [['2026-01-01 00:00:00', '2026-01-05 00:00:00']],
    });
  });
});

for (const dialect of DIALECTS) {
  describe(`report rollups follow every write of orders, lines and bookings [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staffA: number;
    let staffB: number;
    let clientId: number;
    let otherClientId: number;
    let serviceId: number;
    let productId: number;
    const AT = '2026-01-15T10:00:00.000Z';

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staffA = (await createStaff(t)).id;
      staffB = (await createStaff(t)).id;
      clientId = (await createClient(t, admin.token)).id;
      otherClientId = (await createClient(t, admin.token)).id;
      serviceId = (await createService(t, admin.token, { name: 'Cut', price: 45 })).id;
      productId = (await insertProduct(t.ctx.db, { name: 'Shampoo' })).id;
    });
    after(() => t.close());

    /** Each rollup next to the same figures summed from the source rows; zero rows dropped. */
    async function assertRollupsMatchSource(): Promise<void> {
      const db = t.ctx.db;
      const dow =
        dialect === 'postgres'
          ? sql`cast(extract(dow from cast(start_at as timestamp)) as integer)`
          : sql`cast(strftime('%w', start_at) as integer)`;
      const pairs: [string, ReturnType<typeof sql>, ReturnType<typeof sql>][] = [
        [
          'orders',
          sql`select month, staff_id, revenue, orders from report_order_months where orders <> 0 or revenue <> 0 order by 1, 2`,
          sql`select substr(created_at, 1, 7) as month, staff_id, sum(total) as revenue, count(*) as orders
              from pos_orders where payment_status = 'paid' group by 1, 2 order by 1, 2`,
        ],
        [
          'items',
          sql`select month, item_type, item_id, qty, revenue from report_item_months where qty <> 0 or revenue <> 0 order by 1, 2, 3`,
          sql`select substr(o.created_at, 1, 7) as month, i.item_type, i.item_id, sum(i.quantity) as qty,
                sum(i.line_total - i.discount_amount - i.loyalty_amount) as revenue
              from pos_order_items i join pos_orders o on o.id = i.order_id
              where o.payment_status = 'paid' group by 1, 2, 3 order by 1, 2, 3`,
        ],
        [
          'booking months',
          sql`select month, staff_id, completed from report_booking_months where completed <> 0 order by 1, 2`,
          sql`select substr(start_at, 1, 7) as month, staff_id, count(*) as completed
              from bookings where status = 'completed' group by 1, 2 order by 1, 2`,
        ],
        [
          'booking counts (migration 0013)',
          sql`select staff_id, status, n from booking_counts where n <> 0 order by 1, 2`,
          sql`select staff_id, status, count(*) as n from bookings group by 1, 2 order by 1, 2`,
        ],
        [
          'client visits',
          sql`select client_id, visit_days, first_day, last_day from report_client_visits where visit_days <> 0 order by 1`,
          sql`select client_id, count(distinct substr(start_at, 1, 10)) as visit_days,
                min(substr(start_at, 1, 10)) as first_day, max(substr(start_at, 1, 10)) as last_day
              from bookings where status = 'completed' group by client_id order by 1`,
        ],
        [
          'booking hours',
          sql`select dow, hour, bookings from report_booking_hours where bookings <> 0 order by 1, 2`,
          sql`select ${dow} as dow, cast(substr(start_at, 12, 2) as integer) as hour, count(*) as bookings
              from bookings where status <> 'cancelled' group by 1, 2 order by 1, 2`,
        ],
      ];
      const numbers = (rows: unknown[]) =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v,
            ]),
          ),
        );
      for (const [name, rollup, source] of pairs) {
        const [a, b] = await Promise.all([rollup.execute(db), source.execute(db)]);
        assert.deepEqual(numbers(a.rows), numbers(b.rows), `${name} rollup differs from its source rows`);
      }
    }

    const insertOrder = async (status: 'paid' | 'pending', staffId: number, createdAt = AT) => {
      const orderId = await insertPosOrder(t.ctx.db, {
        client_id: clientId,
        staff_id: staffId,
        payment_status: status,
        discount_amount: 500,
        total: 6000,
        created_at: createdAt,
      });
      // One statement with two lines, as the till writes them.
      await insertOrderLines(t.ctx.db, orderId, [
        { item_type: 'service', item_id: serviceId, quantity: 1, line_total: 4500, discount_amount: 350 },
        { item_type: 'product', item_id: productId, quantity: 2, line_total: 2000, discount_amount: 150 },
      ]);
      return orderId;
    };

    it('paid orders count at once; a pending one when it becomes paid; a failed payment takes it back', async () => {
      await insertOrder('paid', staffA);
      const pending = await insertOrder('pending', staffB, '2026-02-01T00:00:00.000Z');
      await assertRollupsMatchSource();
      await t.ctx.db.updateTable('pos_orders').set({ payment_status: 'paid' }).where('id', '=', pending).execute();
      await assertRollupsMatchSource();
      await t.ctx.db.updateTable('pos_orders').set({ payment_status: 'failed' }).where('id', '=', pending).execute();
      await assertRollupsMatchSource();
      // A change of staff or time of a paid order moves its figures.
      const moved = await insertOrder('paid', staffA, '2026-03-31T23:59:59.999Z');
      await t.ctx.db
        .updateTable('pos_orders')
        .set({ staff_id: staffB, created_at: '2026-04-01T00:00:00.000Z' })
        .where('id', '=', moved)
        .execute();
      await assertRollupsMatchSource();
    });

    it('lines changed or removed after the order was paid move the item figures', async () => {
      const order = await insertOrder('paid', staffB);
      await t.ctx.db
        .updateTable('pos_order_items')
        .set({ quantity: 3, line_total: 3000 })
        .where('order_id', '=', order)
        .where('item_type', '=', 'product')
        .execute();
      await assertRollupsMatchSource();
      await t.ctx.db.deleteFrom('pos_order_items').where('order_id', '=', order).execute();
      await assertRollupsMatchSource();
    });

    it('a rolled-back order leaves no trace in the rollups', async () => {
      await assert.rejects(
        t.ctx.db.transaction().execute(async (trx) => {
          await insertPosOrder(trx, { client_id: clientId, staff_id: staffA, total: 100, created_at: AT });
          throw new Error('abort');
        }),
        /abort/,
      );
      await assertRollupsMatchSource();
    });

    it('bookings: completed ones per month and staff, every non-cancelled one per weekday and hour, through every change', async () => {
      const insert = (startAt: string, status: 'scheduled' | 'completed' | 'cancelled', staffId = staffA) =>
        insertBooking(t.ctx.db, {
          client_id: clientId,
          staff_id: staffId,
          service_id: serviceId,
          start_at: startAt,
          end_at: `${startAt.slice(0, 11)}23:59:00`,
          status,
          price: 4500,
          created_at: AT,
        });
      const a = await insert('2026-01-31 23:30:00', 'completed');
      const b = await insert('2026-02-01 09:00:00', 'scheduled');
      await insert('2026-02-02 10:00:00', 'cancelled');
      await assertRollupsMatchSource();
      await t.ctx.db.updateTable('bookings').set({ status: 'completed' }).where('id', '=', b).execute();
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', a).execute();
      await assertRollupsMatchSource();
      await t.ctx.db
        .updateTable('bookings')
        .set({ start_at: '2026-03-07 17:00:00', end_at: '2026-03-07 18:00:00', staff_id: staffB })
        .where('id', '=', b)
        .execute();
      await assertRollupsMatchSource();
      // A second completed booking the same day is the same visit; moving one to another
      // client (a merge) recounts both clients.
      const c = await insert('2026-03-07 09:00:00', 'completed', staffA);
      await assertRollupsMatchSource();
      await insert('2026-03-07 12:00:00', 'completed', staffA);
      await insert('2025-12-31 12:00:00', 'completed', staffA);
      await insert('2026-12-31 12:00:00', 'completed', staffA);
      await assertRollupsMatchSource();
      await t.ctx.db.updateTable('bookings').set({ client_id: otherClientId }).where('id', '=', c).execute();
      await assertRollupsMatchSource();
      await t.ctx.db.updateTable('bookings').set({ status: 'scheduled' }).where('id', '=', a).execute();
      await t.ctx.db.deleteFrom('bookings').where('id', '=', b).execute();
      await assertRollupsMatchSource();
    });

    it('reports over a range spanning months add rollup months and edge days to the same figures as the source rows', async () => {
      // Everything of the tests above lies in 2026-01 … 2026-04; a range cutting January and
      // April in the middle must equal a sum over the source rows of exactly that range.
      const response = await t.request({
        method: 'GET',
        url: '/api/reporting/staff-performance?from=2026-01-15&to=2026-04-01',
        token: admin.token,
      });
      assert.equal(response.status, 200);
      const expected = await sql<{ staff_id: number; cents: number }>`
        select staff_id, sum(total) as cents from pos_orders
        where payment_status = 'paid' and created_at >= '2026-01-14T23:00:00.000Z' and created_at < '2026-04-01T22:00:00.000Z'
        group by staff_id`.execute(t.ctx.db);
      const revenue = new Map(expected.rows.map((row) => [row.staff_id, Number(row.cents) / 100]));
      for (const row of response.body as { id: number; revenue: number }[]) {
        assert.equal(row.revenue, revenue.get(row.id) ?? 0, `staff ${row.id}`);
      }
      assert.ok(revenue.size > 0);
    });
  });
}
