import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct } from '../../../test/helpers/factories.js';
import { insertPayment, settlePayment } from '../payments/service.js';

for (const dialect of DIALECTS) {
  describe(`POS orders [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let vat21: number;
    let vat9: number;

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
      vat21 = await rate('High', 21);
      vat9 = await rate('Low', 9);
    });
    after(() => t.close());

    const sell = (payload: object, token = staff.token) =>
      t.request({ method: 'POST', url: '/api/pos', token, payload });
    const stockOf = async (id: number) =>
      (await t.ctx.db.selectFrom('products').select('quantity_on_hand').where('id', '=', id).executeTakeFirstOrThrow())
        .quantity_on_hand;
    const pointsOf = async (clientId: number) =>
      (await t.request({ method: 'GET', url: `/api/loyalty/clients/${clientId}`, token: staff.token })).body.balance;

    it('a mixed order (two VAT rates, promotion, loyalty reward, gift card) stores hand-computed totals in cents', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 45, vat_rate_id: vat21 });
      const p1 = await insertProduct(t.ctx.db, { price: 1995, vat_rate_id: vat21, quantity_on_hand: 10 });
      const p2 = await insertProduct(t.ctx.db, { price: 1250, vat_rate_id: vat9, quantity_on_hand: 10 });
      const promo = await t.request({
        method: 'POST',
        url: '/api/promotions',
        token: admin.token,
        payload: {
          code: 'prod10',
          name: 'Ten off products',
          discount_type: 'percentage',
          discount_value: 10,
          applies_to: ['product'],
        },
      });
      assert.equal(promo.status, 201, JSON.stringify(promo.body));
      await t.request({
        method: 'PUT',
        url: '/api/loyalty/settings',
        token: admin.token,
        payload: { loyalty_enabled: 1, points_per_euro: 1, reward_thresholds: [{ points: 100, discount: 5 }] },
      });
      const adjust = await t.request({
        method: 'POST',
        url: `/api/loyalty/clients/${client.id}/adjust`,
        token: admin.token,
        payload: { points: 150, note: 'welcome' },
      });
      assert.equal(adjust.status, 200, JSON.stringify(adjust.body));
      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 30 },
      });
      assert.equal(card.status, 201, JSON.stringify(card.body));

      const response = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [
          { type: 'service', id: service.id, quantity: 1 },
          { type: 'product', id: p1.id, quantity: 2 },
          { type: 'product', id: p2.id, quantity: 1 },
        ],
        discount_code: 'PROD10',
        loyalty_points: 100,
        gift_card_code: card.body.code.toLowerCase(),
        notes: 'mixed',
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const order = response.body;
      // subtotal 45 + 2 × 19.95 + 12.50 = 97.40; 10 % of the products (52.40) = 5.24; reward 5;
      // total 87.16; gift card 30; due 57.16. Line VAT on the nets 42.56 / 33.96 / 10.64: 7.39, 5.89, 0.88.
      assert.equal(order.subtotal, 97.4);
      assert.equal(order.discount_amount, 5.24);
      assert.equal(order.loyalty_amount, 5);
      assert.equal(order.total, 87.16);
      assert.equal(order.gift_card_amount, 30);
      assert.equal(order.amount_due, 57.16);
      assert.equal(order.vat_total, 14.16);
      assert.equal(order.payment_status, 'paid');
      assert.equal(order.payment, null);
      assert.deepEqual(
        order.items.map(
          (i: { vat_amount: number; discount_amount: number; loyalty_amount: number; vat_rate: number }) => [
            i.vat_rate,
            i.discount_amount,
            i.loyalty_amount,
            i.vat_amount,
          ],
        ),
        [
          [21, 0, 2.44, 7.39],
          [21, 3.99, 1.95, 5.89],
          [9, 1.25, 0.61, 0.88],
        ],
      );
      // points: 150 − 100 redeemed + floor(57.16 × 1) earned
      assert.equal(order.loyalty_points_earned, 57);
      assert.equal(await pointsOf(client.id), 107);
      assert.equal(await stockOf(p1.id), 8);
      assert.equal(await stockOf(p2.id), 9);
      const sales = await t.ctx.db
        .selectFrom('stock_transactions')
        .select(['delta', 'reason'])
        .where('product_id', '=', p1.id)
        .execute();
      assert.deepEqual(sales, [{ delta: -2, reason: 'sale' }]);
      const after = await t.request({ method: 'GET', url: `/api/giftcards/${card.body.id}`, token: staff.token });
      assert.equal(after.body.balance, 0);
      assert.deepEqual(
        after.body.transactions.map((x: { type: string; amount: number }) => [x.type, x.amount]),
        [
          ['issue', 30],
          ['redeem', -30],
        ],
      );
      const stored = await t.ctx.db
        .selectFrom('pos_orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.total, 8716, 'cents in the database');
      const detail = await t.request({ method: 'GET', url: `/api/pos/${order.id}`, token: staff.token });
      assert.deepEqual(detail.body, order);
      const promotion = await t.request({ method: 'GET', url: `/api/promotions/${promo.body.id}`, token: staff.token });
      assert.equal(promotion.body.times_used, 1);
      assert.equal(promotion.body.total_discount, 5.24);
    });

    it('the list is newest first with pagination; the sum of the orders equals the stored totals', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 10 });
      for (let i = 0; i < 3; i += 1) {
        const r = await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'card',
          items: [{ type: 'service', id: service.id, quantity: 1, price: 10 + i }],
        });
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.payment_status, 'paid', 'card without a card provider: standalone terminal');
      }
      const page = await t.request({
        method: 'GET',
        url: `/api/pos?client_id=${client.id}&page=1&limit=2`,
        token: staff.token,
      });
      assert.equal(page.status, 200);
      assert.equal(page.body.total, 3);
      assert.deepEqual(
        page.body.data.map((o: { total: number }) => o.total),
        [12, 11],
      );
      assert.equal(page.body.data[0].item_count, 1);
      const all = await t.request({ method: 'GET', url: '/api/pos', token: staff.token });
      const sum = all.body.reduce((s: number, o: { total: number }) => s + Math.round(o.total * 100), 0);
      const stored = await t.ctx.db
        .selectFrom('pos_orders')
        .select((eb) => eb.fn.sum<number>('total').as('sum'))
        .executeTakeFirstOrThrow();
      assert.equal(sum, Number(stored.sum));
    });

    it('insufficient stock is refused with 409 and nothing moves', async () => {
      const client = await createClient(t, admin.token);
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 1 });
      const before = await t.ctx.db
        .selectFrom('pos_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assertError(
        await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'product', id: product.id, quantity: 2 }],
        }),
        409,
        'insufficient_stock',
      );
      assert.equal(await stockOf(product.id), 1);
      const afterCount = await t.ctx.db
        .selectFrom('pos_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(afterCount.n), Number(before.n));
    });

    it('bad input is a 400: unknown client, staff, item, empty order, unknown code', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token);
      const base = {
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      };
      assertError(await sell({ ...base, client_id: 999999 }), 400, 'unknown_client');
      assertError(await sell({ ...base, staff_id: 999999 }), 400, 'unknown_staff');
      assertError(await sell({ ...base, items: [{ type: 'product', id: 999999, quantity: 1 }] }), 400, 'unknown_item');
      assertError(await sell({ ...base, items: [] }), 400, 'validation_failed');
      assertError(await sell({ ...base, payment_method: 'bitcoin' }), 400, 'validation_failed');
      assertError(
        await sell({ ...base, items: [{ type: 'service', id: service.id, quantity: 1, price: -1 }] }),
        400,
        'validation_failed',
      );
      assertError(await sell({ ...base, discount_code: 'NOPE' }), 400, 'unknown_discount_code');
      assertError(await sell({ ...base, gift_card_code: 'AAAA-AAAA-AAAA-AAAA' }), 400, 'unknown_gift_card');
      assertError(await t.request({ method: 'POST', url: '/api/pos', payload: base }), 401, 'unauthenticated');
      assertError(await t.request({ method: 'GET', url: '/api/pos/999999', token: staff.token }), 404, 'not_found');
    });

    it('promotion usage limits: overall and per client', async () => {
      const a = await createClient(t, admin.token);
      const b = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 20 });
      await t.request({
        method: 'POST',
        url: '/api/promotions',
        token: admin.token,
        payload: {
          code: 'ONCE',
          name: 'Once each',
          discount_type: 'fixed',
          discount_value: 5,
          per_client_limit: 1,
          usage_limit: 2,
        },
      });
      const order = (clientId: number) =>
        sell({
          client_id: clientId,
          staff_id: staff.id,
          payment_method: 'cash',
          discount_code: 'once',
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        });
      const first = await order(a.id);
      assert.equal(first.status, 201);
      assert.equal(first.body.total, 15);
      assertError(await order(a.id), 409, 'promotion_client_limit');
      assert.equal((await order(b.id)).status, 201);
      const c = await createClient(t, admin.token);
      assertError(await order(c.id), 409, 'promotion_used_up');
    });

    it('a gift card sold through the POS: created with its amount, emailed with a QR code, due but not revenue', async () => {
      await setSettings(t, admin.token, { giftcard_qr_enabled: 1 });
      const client = await createClient(t, admin.token);
      const response = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [],
        gift_cards: [{ amount: 50, recipient_email: 'friend@example.com', recipient_name: 'Fay', message: 'Enjoy' }],
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.total, 0);
      assert.equal(response.body.gift_cards_sold, 50);
      assert.equal(response.body.amount_due, 50);
      assert.equal(response.body.gift_cards.length, 1);
      const code = response.body.gift_cards[0].code;
      assert.match(code, /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await t.drain();
      const mail = t.mail.to('friend@example.com').at(-1);
      assert.ok(mail, 'gift card email sent');
      assert.ok(mail.text.includes(code));
      assert.ok(String(mail.html).includes('data:image/png;base64'), 'QR code in the email');
      const card = await t.request({ method: 'GET', url: `/api/giftcards/code/${code}`, token: staff.token });
      assert.equal(card.body.balance, 50);
      assert.equal(card.body.sold_order_id, response.body.id);
    });

    it('a package sold as a package line gives credits that later service lines spend', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 40 });
      const pkg = await t.request({
        method: 'POST',
        url: '/api/packages',
        token: admin.token,
        payload: { name: 'Three cuts', price: 100, services: [{ service_id: service.id, quantity: 3 }] },
      });
      assert.equal(pkg.status, 201, JSON.stringify(pkg.body));
      const bought = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'package', id: pkg.body.id, quantity: 1 }],
      });
      assert.equal(bought.status, 201, JSON.stringify(bought.body));
      assert.equal(bought.body.total, 100);
      const used = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 2, use_package_credit: true }],
      });
      assert.equal(used.status, 201, JSON.stringify(used.body));
      assert.equal(used.body.total, 0);
      assert.ok(used.body.items[0].client_package_id);
      const credits = await t.request({
        method: 'GET',
        url: `/api/packages/credits?client_id=${client.id}`,
        token: staff.token,
      });
      assert.deepEqual(
        credits.body.map((c: { total: number; remaining: number }) => [c.total, c.remaining]),
        [[3, 1]],
      );
      assertError(
        await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 2, use_package_credit: true }],
        }),
        409,
        'no_package_credit',
      );
    });

    it('online payment goes through the payments module; with no provider the order shows the failed payment', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 25 });
      const response = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'online',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.payment_status, 'failed');
      assert.equal(response.body.payment.status, 'failed');
      assert.equal(response.body.loyalty_points_earned, 0);
    });

    it('a pending order becomes paid when its payment settles, and only then earns its loyalty points (once)', async () => {
      await t.request({
        method: 'PUT',
        url: '/api/loyalty/settings',
        token: admin.token,
        payload: { loyalty_enabled: 1, points_per_euro: 2 },
      });
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 25 });
      const created = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'online',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assert.equal(created.status, 201);
      // Stand-in for a provider that accepted the payment: the order and a new payment pending.
      await t.ctx.db
        .updateTable('pos_orders')
        .set({ payment_status: 'pending' })
        .where('id', '=', created.body.id)
        .execute();
      const settings = await t.ctx.db.selectFrom('settings').select('currency').executeTakeFirstOrThrow();
      const payment = await insertPayment(
        t.ctx.db,
        settings,
        {
          purpose: 'pos_order',
          referenceId: created.body.id,
          method: 'online',
          amountCents: 2500,
          description: 'test',
        },
        'onlinepay',
      );
      assert.equal(await settlePayment(t.ctx, payment.id, 'paid'), true);
      assert.equal(await settlePayment(t.ctx, payment.id, 'paid'), false, 'a second callback changes nothing');
      const order = await t.request({ method: 'GET', url: `/api/pos/${created.body.id}`, token: staff.token });
      assert.equal(order.body.payment_status, 'paid');
      assert.equal(order.body.payment.status, 'paid');
      assert.equal(order.body.loyalty_points_earned, 50, '25.00 × 2 points');
      assert.equal(await pointsOf(client.id), 50);
    });

    it('favourites: GET/PUT /pos/favorites per staff member, ordered by position, never read as an id', async () => {
      const service = await createService(t, admin.token, { price: 30 });
      const product = await insertProduct(t.ctx.db, { price: 500 });
      const put = await t.request({
        method: 'PUT',
        url: '/api/pos/favorites',
        token: staff.token,
        payload: [
          { type: 'product', id: product.id, position: 2 },
          { type: 'service', id: service.id, position: 1 },
        ],
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.deepEqual(
        put.body.map((f: { type: string; position: number; price: number }) => [f.type, f.position, f.price]),
        [
          ['service', 1, 30],
          ['product', 2, 5],
        ],
      );
      const mine = await t.request({ method: 'GET', url: '/api/pos/favorites', token: staff.token });
      assert.deepEqual(mine.body, put.body);
      const others = await t.request({ method: 'GET', url: '/api/pos/favorites', token: admin.token });
      assert.deepEqual(others.body, []);
      assertError(
        await t.request({
          method: 'PUT',
          url: '/api/pos/favorites',
          token: staff.token,
          payload: [{ type: 'service', id: 999999, position: 0 }],
        }),
        400,
        'unknown_item',
      );
    });

    it('50 concurrent sales of one product lower its stock by exactly 50 × quantity', async () => {
      const client = await createClient(t, admin.token);
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 200, low_stock_threshold: 5 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          sell({
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            items: [{ type: 'product', id: product.id, quantity: 3 }],
          }),
        ),
      );
      assert.deepEqual(
        responses.map((r) => r.status),
        Array(50).fill(201),
      );
      assert.equal(await stockOf(product.id), 50);
      const moves = await t.ctx.db
        .selectFrom('stock_transactions')
        .select('delta')
        .where('product_id', '=', product.id)
        .execute();
      assert.equal(moves.length, 50);
    });

    it('concurrent redemptions never take a gift card below zero', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 30 });
      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 100 },
      });
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          sell({
            client_id: client.id,
            staff_id: staff.id,
            payment_method: 'cash',
            gift_card_code: card.body.code,
            items: [{ type: 'service', id: service.id, quantity: 1 }],
          }),
        ),
      );
      const ok = responses.filter((r) => r.status === 201);
      for (const r of responses.filter((x) => x.status !== 201)) assertError(r, 409, 'gift_card_empty');
      const redeemed = ok.reduce((sum, r) => sum + Math.round(r.body.gift_card_amount * 100), 0);
      assert.equal(redeemed, 10_000, '30 + 30 + 30 + 10');
      const after = await t.request({ method: 'GET', url: `/api/giftcards/${card.body.id}`, token: staff.token });
      assert.equal(after.body.balance, 0);
    });
  });
}
