import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertPosOrder, insertService } from '../../../test/helpers/factories.js';

for (const dialect of DIALECTS) {
  describe(`GET /clients/:id/history [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const history = (id: number, qs = '', token = staff.token) =>
      t.request({ method: 'GET', url: `/api/clients/${id}/history${qs}`, token });

    it('visit_count, first_visit and last_visit come from completed bookings; no_show_count and cancelled_count count theirs; total_spent sums paid POS orders', async () => {
      const client = await insertClient(t.ctx.db);
      const other = await insertClient(t.ctx.db);
      const service = await insertService(t.ctx.db, { name: 'Colour' });
      const book = (start: string, status: string, price = 4500, clientId = client.id) =>
        insertBooking(t.ctx.db, {
          client_id: clientId,
          staff_id: staff.id,
          service_id: service.id,
          start_at: start,
          end_at: start.replace(' 10:', ' 11:'),
          status: status as 'completed',
          price,
        });
      const first = await book('2030-01-10 10:00:00', 'completed', 4000);
      const noShow = await book('2030-02-10 10:00:00', 'no-show');
      const last = await book('2030-03-10 10:00:00', 'completed', 5250);
      const cancelled = await book('2030-04-10 10:00:00', 'cancelled');
      const upcoming = await book('2031-05-10 10:00:00', 'scheduled');
      await book('2030-03-11 10:00:00', 'completed', 4500, other.id);
      await insertPosOrder(t.ctx.db, { client_id: client.id, staff_id: staff.id, total: 4000 });
      await insertPosOrder(t.ctx.db, { client_id: client.id, staff_id: staff.id, total: 5250 });
      await insertPosOrder(t.ctx.db, {
        client_id: client.id,
        staff_id: staff.id,
        total: 9999,
        payment_status: 'pending',
      });
      await insertPosOrder(t.ctx.db, { client_id: other.id, staff_id: staff.id, total: 1000 });

      const response = await history(client.id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const body = response.body;
      assert.equal(body.client_id, client.id);
      assert.equal(body.visit_count, 2);
      assert.equal(body.total_spent, 92.5);
      assert.equal(body.first_visit, '2030-01-10 10:00:00');
      assert.equal(body.last_visit, '2030-03-10 10:00:00');
      assert.equal(body.no_show_count, 1);
      assert.equal(body.cancelled_count, 1);
      assert.equal(body.total, 5);
      assert.deepEqual(
        body.data.map((b: { id: number }) => b.id),
        [upcoming, cancelled, last, noShow, first],
      );
      assert.deepEqual(body.data[2], {
        id: last,
        start_at: '2030-03-10 10:00:00',
        end_at: '2030-03-10 11:00:00',
        status: 'completed',
        service_id: service.id,
        service_name: 'Colour',
        staff_id: staff.id,
        staff_name: 'Test staff',
        price: 52.5,
      });

      const page2 = await history(client.id, '?page=2&limit=2');
      assert.equal(page2.status, 200);
      assert.deepEqual(
        page2.body.data.map((b: { id: number }) => b.id),
        [last, noShow],
      );
      assert.deepEqual([page2.body.page, page2.body.limit, page2.body.total, page2.body.total_pages], [2, 2, 5, 3]);
    });

    it('a client without bookings has zero counts and null visits', async () => {
      const client = await insertClient(t.ctx.db);
      const response = await history(client.id, '', admin.token);
      assert.equal(response.status, 200);
      assert.deepEqual(
        { ...response.body, data: response.body.data.length },
        {
          client_id: client.id,
          visit_count: 0,
          total_spent: 0,
          first_visit: null,
          last_visit: null,
          no_show_count: 0,
          cancelled_count: 0,
          data: 0,
          page: 1,
          limit: 50,
          total: 0,
          total_pages: 0,
        },
      );
    });

    it('total_spent is lifetime spend as reporting counts it: paid sales minus completed refunds, to the cent', async () => {
      const client = await createClient(t, admin.token, { name: 'Rita Refund' });
      const service = await createService(t, admin.token, { price: 61.1 });
      const sell = async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            items: [{ type: 'service', id: service.id, quantity: 1 }],
          },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return response.body as { id: number; total: number; items: Array<{ id: number }> };
      };
      const first = await sell();
      const second = await sell();
      const back = await t.request({
        method: 'POST',
        url: `/api/pos/${first.id}/refunds`,
        token: staff.token,
        payload: { reason: 'Fringe too short', items: [{ order_item_id: first.items[0]!.id, amount: 13.37 }] },
      });
      assert.equal(back.status, 201, JSON.stringify(back.body));
      assert.equal(first.total + second.total, 122.2);
      // By hand: 61.10 + 61.10 sold, 13.37 given back → 108.83.
      assert.equal((await history(client.id)).body.total_spent, 108.83);
    });

    it('an unknown client is 404; bad page is 400', async () => {
      assertError(await history(999_999), 404, 'not_found');
      assertInvalid(await history(1, '?page=0'), 'page');
    });
  });
}
