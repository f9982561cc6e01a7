import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * The cash drawer and the Z report: a day opened with a float, cash paid in and out, a blind
 * count at the close (the expected figure is never shown to staff before it), a reason for a
 * difference, the numbered Z report with every figure computed by hand here, the close locked.
 */
for (const dialect of DIALECTS) {
  describe(`POS cash drawer and Z report [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let high: number;
    let low: number;
    let clientId: number;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      const rate = async (name: string, percentage: number) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/settings/vat-rates',
          token: admin.token,
          payload: { name, percentage },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return response.body.id as number;
      };
      const vat21 = await rate('High', 21);
      const vat9 = await rate('Low', 9);
      high = (await createService(t, admin.token, { price: 45, vat_rate_id: vat21 })).id;
      low = (await createService(t, admin.token, { price: 20, vat_rate_id: vat9 })).id;
      clientId = (await createClient(t, admin.token)).id;
    });
    after(() => t.close());

    const post = (url: string, payload: object, token = staff.token) =>
      t.request({ method: 'POST', url, token, payload });
    const sell = async (method: 'cash' | 'card', items: { id: number; quantity: number }[]) => {
      const response = await post('/api/pos', {
        client_id: clientId,
        staff_id: staff.id,
        payment_method: method,
        items: items.map((item) => ({ type: 'service', ...item })),
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.payment_status, 'paid');
      return response.body as { id: number; items: { id: number; item_id: number }[] };
    };

    let firstCashSale: { id: number; items: { id: number; item_id: number }[] };

    it('one open day at a time: a second open is 409 drawer_already_open; a movement needs a reason and an open day', async () => {
      assertError(await post('/api/pos/drawer/movements', { amount: 5, reason: 'Change' }), 409, 'drawer_not_open');
      const opened = await post('/api/pos/drawer/open', { float: 150 });
      assert.equal(opened.status, 201, JSON.stringify(opened.body));
      assert.equal(opened.body.float, 150);
      assertError(await post('/api/pos/drawer/open', { float: 10 }), 409, 'drawer_already_open');
      assertInvalid(await post('/api/pos/drawer/movements', { amount: 0, reason: 'Nothing' }), 'amount');
      assertInvalid(await post('/api/pos/drawer/movements', { amount: 5, reason: '   ' }), 'reason');
    });

    it('cash paid in and out with a reason, each a journal entry of the till', async () => {
      const journalBefore = (await t.ctx.db.selectFrom('pos_journal').select('id').execute()).length;
      assert.equal(
        (await post('/api/pos/drawer/movements', { amount: 20, reason: 'Change from the bank' })).status,
        201,
      );
      const out = await post('/api/pos/drawer/movements', { amount: -12.5, reason: 'Flowers' });
      assert.equal(out.status, 201, JSON.stringify(out.body));
      assert.deepEqual(
        out.body.movements.map((m: { amount: number; reason: string }) => [m.amount, m.reason]),
        [
          [20, 'Change from the bank'],
          [-12.5, 'Flowers'],
        ],
      );
      const journal = await t.ctx.db.selectFrom('pos_journal').selectAll().orderBy('id').execute();
      assert.equal(journal.length, journalBefore + 2);
      assert.deepEqual(
        journal.slice(-2).map((entry) => [entry.kind, Number(entry.amount), entry.payment_method]),
        [
          ['cash', 2000, 'cash'],
          ['cash', -1250, 'cash'],
        ],
      );
    });

    it('the blind count: staff never read the expected cash of the open day; an admin does', async () => {
      // Sales of the day: cash 45 (21%) + 20 (9%) = 65; card 2 × 45 (21%) = 90. A cash refund of the 20.
      firstCashSale = await sell('cash', [
        { id: high, quantity: 1 },
        { id: low, quantity: 1 },
      ]);
      await sell('card', [{ id: high, quantity: 2 }]);
      const lowLine = firstCashSale.items.find((line) => line.item_id === low);
      assert.ok(lowLine);
      const refund = await post(`/api/pos/${firstCashSale.id}/refunds`, {
        reason: 'Unhappy',
        method: 'cash',
        items: [{ order_item_id: lowLine.id, quantity: 1 }],
      });
      assert.equal(refund.status, 201, JSON.stringify(refund.body));

      const seenByStaff = await t.request({ method: 'GET', url: '/api/pos/drawer', token: staff.token });
      assert.equal(seenByStaff.status, 200);
      assert.equal('expected_cash' in seenByStaff.body, false, 'never shown before the count');
      const seenByAdmin = await t.request({ method: 'GET', url: '/api/pos/drawer', token: admin.token });
      // 150 float + 65 cash sales − 20 cash refund + 20 paid in − 12.50 paid out
      assert.equal(seenByAdmin.body.expected_cash, 202.5);
    });

    it('a count that differs needs a reason (400 naming reason); the count is given per note and coin of the currency', async () => {
      // 100 + 50 + 2 × 20 + 5 + 2 + 0.50 = 197.50: €5 short.
      const denominations = [
        { value: 100, count: 1 },
        { value: 50, count: 1 },
        { value: 20, count: 2 },
        { value: 5, count: 1 },
        { value: 2, count: 1 },
        { value: 0.5, count: 1 },
      ];
      assertInvalid(await post('/api/pos/drawer/close', { counted: { denominations } }), 'reason');
      assertInvalid(
        await post('/api/pos/drawer/close', { counted: { denominations: [{ value: 3, count: 1 }] }, reason: 'x' }),
        'counted.denominations.0.value',
      );
      assertInvalid(await post('/api/pos/drawer/close', { counted: {}, reason: 'x' }), 'counted');
      const closed = await post('/api/pos/drawer/close', { counted: { denominations }, reason: 'Change given wrong' });
      assert.equal(closed.status, 201, JSON.stringify(closed.body));
      const z = closed.body;
      assert.match(z.number, /^Z-\d{4}-0001$/);
      assert.deepEqual(z.cash, {
        float: 150,
        sales: 65,
        refunds: 20,
        paid_in: 20,
        paid_out: 12.5,
        movements: 2,
        expected: 202.5,
        counted: 197.5,
        denominations,
        difference: -5,
        reason: 'Change given wrong',
      });
      assert.equal(z.sales.orders, 2);
      assert.equal(z.sales.total, 155);
      assert.deepEqual(z.sales.by_method, [
        { method: 'card', orders: 1, amount: 90 },
        { method: 'cash', orders: 1, amount: 65 },
      ]);
      // VAT included in the price: 20 × 9/109 = 1.65; 45 × 21/121 = 7.81; 90 × 21/121 = 15.62.
      assert.deepEqual(z.sales.by_vat_rate, [
        { rate: 9, net: 18.35, vat: 1.65, gross: 20 },
        { rate: 21, net: 111.57, vat: 23.43, gross: 135 },
      ]);
      assert.deepEqual(z.refunds, {
        count: 1,
        total: 20,
        by_method: [{ method: 'cash', refunds: 1, amount: 20 }],
        by_vat_rate: [{ rate: 9, net: 18.35, vat: 1.65, gross: 20 }],
      });
      assert.deepEqual(z.voids, { count: 0, total: 0 });
      assert.deepEqual(z.discounts, { promotions: 0, loyalty: 0 });
      assert.deepEqual(z.gift_cards, { sold: 0, redeemed: 0 });

      const close = await t.ctx.db
        .selectFrom('pos_journal')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      assert.equal(close.kind, 'cash');
      assert.match(close.body, /"action":"close"/);
      assert.match(close.body, /"difference":-500/);

      const stored = await t.request({ method: 'GET', url: `/api/pos/z-reports/${z.id}`, token: admin.token });
      assert.deepEqual(stored.body, z, 'stored as computed at the close');
    });

    it('a day cannot be closed twice: 409', async () => {
      assertError(
        await post('/api/pos/drawer/close', { counted: { total: 197.5 }, reason: 'again' }),
        409,
        'drawer_not_open',
      );
      assertError(await t.request({ method: 'GET', url: '/api/pos/drawer', token: staff.token }), 404, 'not_found');
    });

    it('a closed day is locked: its row refuses any change, even by hand', async () => {
      await assert.rejects(
        t.ctx.db.updateTable('pos_drawer_days').set({ figures: '{}' }).where('closed_at', 'is not', null).execute(),
        /locked/,
      );
      await assert.rejects(t.ctx.db.deleteFrom('pos_drawer_days').execute(), /locked/);
    });

    it('a sale after the close, and a refund of a closed day’s sale, count on the next day', async () => {
      await sell('cash', [{ id: low, quantity: 1 }]);
      assert.equal((await post('/api/pos/drawer/open', { float: 100 })).status, 201);
      const highLine = firstCashSale.items.find((line) => line.item_id === high);
      assert.ok(highLine);
      const refund = await post(`/api/pos/${firstCashSale.id}/refunds`, {
        reason: 'Partly',
        method: 'cash',
        items: [{ order_item_id: highLine.id, amount: 5 }],
      });
      assert.equal(refund.status, 201, JSON.stringify(refund.body));
      // 100 float + 20 sale − 5 refund = 115, counted exactly: no reason needed.
      const closed = await post('/api/pos/drawer/close', { counted: { total: 115 } });
      assert.equal(closed.status, 201, JSON.stringify(closed.body));
      assert.match(closed.body.number, /^Z-\d{4}-0002$/);
      assert.equal(closed.body.sales.total, 20);
      assert.equal(closed.body.refunds.total, 5);
      assert.equal(closed.body.cash.expected, 115);
      assert.equal(closed.body.cash.difference, 0);
      assert.equal(closed.body.cash.reason, null);
      const first = await t.request({ method: 'GET', url: '/api/pos/z-reports?page=1&limit=1', token: admin.token });
      assert.equal(first.status, 200);
      assert.equal(first.body.total, 2);
      assert.equal(first.body.data[0].number, closed.body.number, 'newest first');
      const earlier = await t.request({ method: 'GET', url: '/api/pos/z-reports', token: admin.token });
      assert.equal(earlier.body[1].sales.total, 155, 'the closed day unchanged');
    });

    it('the Z reports are the admin’s: staff are refused', async () => {
      assert.equal((await t.request({ method: 'GET', url: '/api/pos/z-reports', token: staff.token })).status, 403);
      assert.equal((await t.request({ method: 'GET', url: '/api/pos/z-reports/1', token: staff.token })).status, 403);
    });
  });
}
