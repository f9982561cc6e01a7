import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertOrderLines, insertPosOrder } from '../../../test/helpers/factories.js';
import { todayIn } from '../../lib/time.js';

/*
 * The VAT report: sales at the till (through the API, so every line's VAT is the till's own)
 * and a refund of one of them, summed per rate; and rows written straight to the tables on
 * the edges of a month in the salon zone (Europe/Amsterdam, UTC+1 in winter). Every figure
 * below is worked out by hand: prices include VAT, VAT = gross × rate / (100 + rate),
 * half-up to the cent per line.
 */

for (const dialect of DIALECTS) {
  describe(`VAT report [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let today: string;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      today = todayIn('Europe/Amsterdam');
    });
    after(() => t.close());

    const report = (query: string, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/reporting/vat?${query}`, token });

    it('sales minus a refund per rate, to the cent, net + VAT = gross', async () => {
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
      const cut = (await createService(t, admin.token, { name: 'Cut', price: 45, vat_rate_id: await rate('High', 21) }))
        .id;
      const wax = (await createService(t, admin.token, { name: 'Wax', price: 20, vat_rate_id: await rate('Low', 9) }))
        .id;
      const client = await createClient(t, admin.token);
      const sell = async (items: { type: string; id: number; quantity: number }[]) => {
        const created = await t.request({
          method: 'POST',
          url: '/api/pos',
          token: staff.token,
          payload: { client_id: client.id, staff_id: staff.id, payment_method: 'cash', items, cash_tendered: 500 },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        return created.body as { id: number; items: { id: number; item_id: number }[] };
      };
      // Sale 1: Cut 45.00 (21 %: 7.81) + 2 × Wax 40.00 (9 %: 3.30). Sale 2: 3 × Cut 135.00 (21 %: 23.43).
      const first = await sell([
        { type: 'service', id: cut, quantity: 1 },
        { type: 'service', id: wax, quantity: 2 },
      ]);
      await sell([{ type: 'service', id: cut, quantity: 3 }]);
      // Refund one Wax: 20.00 (9 %: 1.65).
      const waxLine = first.items.find((item) => item.item_id === wax)!;
      const refund = await t.request({
        method: 'POST',
        url: `/api/pos/${first.id}/refunds`,
        token: staff.token,
        payload: { reason: 'Skin reaction', items: [{ order_item_id: waxLine.id, quantity: 1 }] },
      });
      assert.equal(refund.status, 201, JSON.stringify(refund.body));

      const response = await report(`from=${today}&to=${today}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      // 21 %: gross 45 + 135 = 180.00, VAT 7.81 + 23.43 = 31.24, net 148.76; no refunds.
      // 9 %: sales gross 40.00, VAT 3.30, net 36.70; refund 20.00, 1.65, 18.35; due 20.00, 1.65, 18.35.
      assert.deepEqual(response.body, {
        from: today,
        to: today,
        rates: [
          {
            rate: 21,
            sales: { net: 148.76, vat: 31.24, gross: 180 },
            refunds: { net: 0, vat: 0, gross: 0 },
            net: 148.76,
            vat: 31.24,
            gross: 180,
          },
          {
            rate: 9,
            sales: { net: 36.7, vat: 3.3, gross: 40 },
            refunds: { net: 18.35, vat: 1.65, gross: 20 },
            net: 18.35,
            vat: 1.65,
            gross: 20,
          },
        ],
        // 180 + 40 = 220.00 sold, 20.00 refunded: 200.00 gross, 32.89 VAT, 167.11 net.
        totals: {
          sales: { net: 185.46, vat: 34.54, gross: 220 },
          refunds: { net: 18.35, vat: 1.65, gross: 20 },
          net: 167.11,
          vat: 32.89,
          gross: 200,
        },
      });
    });

    it('a month in the salon zone: its first and last instants in, the instants beside them out', async () => {
      const db = t.ctx.db;
      const client = await createClient(t, admin.token);
      // Amsterdam in February is UTC+1: 2026-02-01 00:00 local = 2026-01-31T23:00Z; the month
      // ends at 2026-02-28T23:00Z (exclusive).
      const sale = async (createdAt: string, cents: number, vat: number, status: 'paid' | 'failed' = 'paid') => {
        const id = await insertPosOrder(db, {
          client_id: client.id,
          staff_id: staff.id,
          total: cents,
          created_at: createdAt,
          payment_status: status,
        });
        await insertOrderLines(db, id, [
          { item_type: 'product', item_id: 1, quantity: 1, line_total: cents, vat_rate: 2100, vat_amount: vat },
        ]);
        return id;
      };
      await sale('2026-01-31T22:59:59.999Z', 12100, 2100); // 31 January, out
      const inside = await sale('2026-01-31T23:00:00.000Z', 1000, 174); // 10.00: 1.7355 → 1.74
      await sale('2026-02-28T22:59:59.999Z', 2500, 434); // 25.00: 4.3388 → 4.34
      await sale('2026-02-28T23:00:00.000Z', 12100, 2100); // 1 March, out
      await sale('2026-02-10T10:00:00.000Z', 12100, 2100, 'failed'); // never paid, out
      // A refund completed in February of 5.00 (0.87); a pending one is no refund yet.
      const refund = async (completedAt: string | null, status: 'completed' | 'pending') => {
        const row = await db
          .insertInto('pos_refunds')
          .values({
            order_id: inside,
            status,
            method: 'cash',
            amount: 500,
            vat_total: 87,
            reason: 'test',
            restock: 0,
            gift_card_id: null,
            payment_id: null,
            provider: null,
            provider_ref: null,
            user_id: admin.id,
            idempotency_key: null,
            created_at: completedAt ?? '2026-02-15T10:00:00.000Z',
            completed_at: completedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('pos_refund_items')
          .values({
            refund_id: row.id,
            order_item_id: insideLine,
            item_type: 'product',
            item_id: 1,
            quantity: 1,
            amount: 500,
            vat_rate: 2100,
            vat_amount: 87,
          })
          .execute();
      };
      const insideLine = (
        await db.selectFrom('pos_order_items').select('id').where('order_id', '=', inside).executeTakeFirstOrThrow()
      ).id;
      await refund('2026-02-15T10:00:00.000Z', 'completed');
      await refund(null, 'pending');

      const response = await report('from=2026-02-01&to=2026-02-28');
      assert.equal(response.status, 200, JSON.stringify(response.body));
      // Sales 10.00 + 25.00 = 35.00 gross, VAT 1.74 + 4.34 = 6.08, net 28.92; refund 5.00, 0.87, 4.13;
      // due 30.00 gross, 5.21 VAT, 24.79 net.
      assert.deepEqual(response.body.rates, [
        {
          rate: 21,
          sales: { net: 28.92, vat: 6.08, gross: 35 },
          refunds: { net: 4.13, vat: 0.87, gross: 5 },
          net: 24.79,
          vat: 5.21,
          gross: 30,
        },
      ]);
      assert.deepEqual(response.body.totals, {
        sales: { net: 28.92, vat: 6.08, gross: 35 },
        refunds: { net: 4.13, vat: 0.87, gross: 5 },
        net: 24.79,
        vat: 5.21,
        gross: 30,
      });
      const empty = await report('from=2025-06-01&to=2025-06-30');
      assert.deepEqual(empty.body.rates, []);
      assert.deepEqual(empty.body.totals.gross, 0);
    });

    it('the period is required and real, from not after to; admins only', async () => {
      assertInvalid(await report('to=2026-02-28'), 'from');
      assertInvalid(await report('from=2026-02-01'), 'to');
      assertInvalid(await report('from=2026-02-30&to=2026-03-01'), 'from');
      assertInvalid(await report('from=2026-03-01&to=2026-02-01'), 'from');
      assertError(await report('from=2026-02-01&to=2026-02-28', staff.token), 403, 'forbidden');
    });
  });
}
