import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertClient, insertPosOrder } from '../../../test/helpers/factories.js';

/*
 * GET /api/reporting/sales-series: the revenue chart's buckets in one answer. The sales are
 * report-ranges.test.ts's, plus a refund completed on the salon's 1 March; the figures below are
 * worked out by hand from them (Amsterdam is UTC+1 until 31 March 2030).
 */

for (const dialect of DIALECTS) {
  describe(`sales-series [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      const client = await insertClient(t.ctx.db);
      const orders: Array<[string, number, 'paid' | 'pending']> = [
        ['2029-12-31T12:00:00.000Z', 100, 'paid'], // 31 December: before every period below
        ['2030-01-15T12:00:00.000Z', 1000, 'paid'], // 15 January
        ['2030-01-31T23:30:00.000Z', 2000, 'paid'], // 1 February 00:30 at the salon
        ['2030-02-14T12:00:00.000Z', 4000, 'paid'],
        ['2030-02-20T12:00:00.000Z', 9999, 'pending'], // not revenue
        ['2030-03-01T12:00:00.000Z', 8000, 'paid'],
        ['2030-04-10T12:00:00.000Z', 16000, 'paid'],
      ];
      let first = 0;
      for (const [createdAt, total, status] of orders) {
        const id = await insertPosOrder(t.ctx.db, {
          client_id: client.id,
          staff_id: staff.id,
          total,
          payment_status: status,
          created_at: createdAt,
        });
        first ||= id;
      }
      // 5.00 given back on the salon's 1 March (28 February 23:30 UTC): March's, whatever the sale's
      // month. Made pending, then completed, as the till does (the monthly rollup follows that change).
      const refund = await t.ctx.db
        .insertInto('pos_refunds')
        .values({
          order_id: first,
          status: 'pending',
          method: 'cash',
          amount: 500,
          vat_total: 0,
          reason: 'test',
          restock: 0,
          gift_card_id: null,
          payment_id: null,
          provider: null,
          provider_ref: null,
          user_id: admin.id,
          idempotency_key: null,
          created_at: '2030-02-28T23:30:00.000Z',
          completed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('pos_refunds')
        .set({ status: 'completed', completed_at: '2030-02-28T23:30:00.000Z' })
        .where('id', '=', refund.id)
        .execute();
    });
    after(() => t.close());

    const get = async (path: string) => {
      const response = await t.request({ method: 'GET', url: `/api/reporting/${path}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    it('months: calendar months cut at the period’s ends, each the revenue of its salon days (sales minus refunds)', async () => {
      assert.deepEqual(await get('sales-series?from=2030-01-15&to=2030-04-10&interval=month'), {
        interval: 'month',
        from: '2030-01-15',
        to: '2030-04-10',
        // 10 + 60 + 75 + 160
        total_sales: 305,
        buckets: [
          { from: '2030-01-15', to: '2030-01-31', total_sales: 10 },
          // 20 (1 February at the salon) + 40; the pending order is not revenue
          { from: '2030-02-01', to: '2030-02-28', total_sales: 60 },
          // 80 − the 5 refunded on the salon's 1 March
          { from: '2030-03-01', to: '2030-03-31', total_sales: 75 },
          { from: '2030-04-01', to: '2030-04-10', total_sales: 160 },
        ],
      });
    });

    it('weeks: seven days at a time from `from`, the last cut at `to`; a bucket without sales is 0', async () => {
      assert.deepEqual(await get('sales-series?from=2030-02-01&to=2030-02-20&interval=week'), {
        interval: 'week',
        from: '2030-02-01',
        to: '2030-02-20',
        total_sales: 60,
        buckets: [
          { from: '2030-02-01', to: '2030-02-07', total_sales: 20 },
          { from: '2030-02-08', to: '2030-02-14', total_sales: 40 },
          { from: '2030-02-15', to: '2030-02-20', total_sales: 0 },
        ],
      });
    });

    it('each bucket equals sales-summary of its days, and the whole equals sales-summary of the period', async () => {
      const series = (await get('sales-series?from=2029-12-20&to=2030-04-30')) as {
        interval: string;
        total_sales: number;
        buckets: { from: string; to: string; total_sales: number }[];
      };
      assert.equal(series.interval, 'month', 'month unless asked');
      assert.equal(series.buckets.length, 5);
      for (const bucket of series.buckets) {
        const summary = (await get(`sales-summary?from=${bucket.from}&to=${bucket.to}`)) as { total_sales: number };
        assert.equal(bucket.total_sales, summary.total_sales, `${bucket.from}…${bucket.to}`);
      }
      // Every sale and the refund: 1 + 10 + 20 + 40 + 80 + 160 − 5
      assert.equal(series.total_sales, 306);
      assert.deepEqual(await get('sales-summary?from=2029-12-20&to=2030-04-30'), { total_sales: 306 });
    });

    it('a missing, unreal or reversed period, an unknown interval or more than 120 buckets is 400 naming the field', async () => {
      const bad = (path: string) => t.request({ method: 'GET', url: `/api/reporting/${path}`, token: admin.token });
      assertInvalid(await bad('sales-series?to=2030-02-01'), 'from');
      assertInvalid(await bad('sales-series?from=2030-02-01'), 'to');
      assertInvalid(await bad('sales-series?from=2030-02-30&to=2030-03-01'), 'from');
      assertInvalid(await bad('sales-series?from=2030-03-01&to=2030-02-01'), 'from');
      assertInvalid(await bad('sales-series?from=2030-01-01&to=2030-02-01&interval=day'), 'interval');
      // 2030-01-01 … 2032-04-30 is 122 weeks; 120 weeks (to 2032-04-19) are allowed.
      assertInvalid(await bad('sales-series?from=2030-01-01&to=2032-04-30&interval=week'), 'from');
      const most = (await get('sales-series?from=2030-01-01&to=2032-04-19&interval=week')) as { buckets: unknown[] };
      assert.equal(most.buckets.length, 120);
    });

    it('is for admins only', async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/reporting/sales-series?from=2030-01-01&to=2030-01-31',
        token: staff.token,
      });
      assertError(response, 403, 'forbidden');
    });
  });
}
