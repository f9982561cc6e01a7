import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertPosOrder, insertService } from '../../../test/helpers/factories.js';

for (const dialect of DIALECTS) {
  describe(`sales-summary and booking-count ranges [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      const staff = await createStaff(t);
      const client = await insertClient(t.ctx.db);
      const service = await insertService(t.ctx.db);
      // Amsterdam is UTC+1 in winter: 2030-01-31T23:30Z is 1 February 00:30 at the salon.
      const orders: Array<[string, number, 'paid' | 'pending']> = [
        ['2029-12-31T12:00:00.000Z', 100, 'paid'],
        ['2030-01-15T12:00:00.000Z', 1000, 'paid'],
        ['2030-01-31T23:30:00.000Z', 2000, 'paid'],
        ['2030-02-14T12:00:00.000Z', 4000, 'paid'],
        ['2030-02-20T12:00:00.000Z', 9999, 'pending'],
        ['2030-03-01T12:00:00.000Z', 8000, 'paid'],
        ['2030-04-10T12:00:00.000Z', 16000, 'paid'],
      ];
      for (const [createdAt, total, status] of orders) {
        await insertPosOrder(t.ctx.db, {
          client_id: client.id,
          staff_id: staff.id,
          total,
          payment_status: status,
          created_at: createdAt,
        });
      }
      const starts: Array<[string, 'scheduled' | 'cancelled' | 'completed']> = [
        ['2030-01-31 23:59:00', 'completed'],
        ['2030-02-01 00:00:00', 'cancelled'],
        ['2030-02-15 10:00:00', 'scheduled'],
        ['2030-02-28 23:00:00', 'completed'],
        ['2030-03-01 00:00:00', 'scheduled'],
      ];
      for (const [start, status] of starts) {
        await insertBooking(t.ctx.db, {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: start,
          end_at: new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + 1_800_000)
            .toISOString()
            .slice(0, 19)
            .replace('T', ' '),
          status,
          price: 4500,
        });
      }
    });
    after(() => t.close());

    const get = async (path: string) => {
      const response = await t.request({ method: 'GET', url: `/api/reporting/${path}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    it('sales-summary without from/to is all time; with them, paid orders created in the range (salon days)', async () => {
      assert.deepEqual(await get('sales-summary'), { total_sales: 311 });
      assert.deepEqual(await get('sales-summary?from=2030-02-01&to=2030-02-28'), { total_sales: 60 });
      // Whole months from the rollup, the edges (15 Jan…31 Jan, 1 Mar…) from the orders.
      assert.deepEqual(await get('sales-summary?from=2030-01-15&to=2030-03-01'), { total_sales: 150 });
      assert.deepEqual(await get('sales-summary?from=2030-03-01'), { total_sales: 240 });
      assert.deepEqual(await get('sales-summary?to=2030-01-31'), { total_sales: 11 });
      assert.deepEqual(await get('sales-summary?from=2031-01-01'), { total_sales: 0 });
    });

    it('booking-count without from/to counts every booking; with them, bookings whose start_at lies in the range, any status', async () => {
      assert.deepEqual(await get('booking-count'), { booking_count: 5 });
      assert.deepEqual(await get('booking-count?from=2030-02-01&to=2030-02-28'), { booking_count: 3 });
      assert.deepEqual(await get('booking-count?from=2030-02-01'), { booking_count: 4 });
      assert.deepEqual(await get('booking-count?to=2030-01-31'), { booking_count: 1 });
    });

    it('an invalid range is 400 naming the field', async () => {
      const bad = (path: string) => t.request({ method: 'GET', url: `/api/reporting/${path}`, token: admin.token });
      assertInvalid(await bad('sales-summary?from=2030-02-30'), 'from');
      assertInvalid(await bad('booking-count?from=2030-03-01&to=2030-02-01'), 'from');
      assertInvalid(await bad('booking-count?to=soon'), 'to');
    });
  });
}
