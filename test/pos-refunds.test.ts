import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { todayIn } from '../src/lib/time.js';
import { checkoutProvider } from '../src/modules/payments/providers/checkout.js';
import { assertError } from './helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { createClient, createService, setSettings } from './helpers/bookings.js';
import { DIALECTS } from './helpers/database.js';
import { insertBooking, insertProduct } from './helpers/factories.js';
import { FakeCardpayProvider } from './helpers/fake-cardpay.js';
import { FakeCheckoutProvider } from './helpers/fake-checkout.js';
import { FakeOnlinepayProvider } from './helpers/fake-onlinepay.js';

/*
 * Refunds and voids of till orders over HTTP, with the card terminal and online providers'
 * fakes speaking their refund APIs: every rule, the reports after a refund (totals by hand),
 * concurrency, a provider's refusal, idempotency.
 */
for (const dialect of DIALECTS) {
  describe(`POS refunds and voids [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    const cardpay = new FakeCardpayProvider();
    const onlinepay = new FakeOnlinepayProvider();
    // The salon's day, as the reports read their `from`/`to` (its zone is the settings' default):
    // the UTC date is another day for an hour or two every night.
    const today = () => todayIn('Europe/Amsterdam');

    before(async () => {
      await Promise.all([cardpay.start(), onlinepay.start()]);
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: cardpay.url, onlinepay: onlinepay.url, checkout: onlinepay.url } },
      });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      await t.request({
        method: 'PUT',
        url: '/api/loyalty/settings',
        token: admin.token,
        payload: { loyalty_enabled: 1, points_per_euro: 1 },
      });
    });
    after(async () => {
      await t.close();
      await Promise.all([cardpay.stop(), onlinepay.stop()]);
    });

    const sell = async (payload: object) => {
      const response = await t.request({ method: 'POST', url: '/api/pos', token: staff.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    };
    const refund = (orderId: number, payload: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: `/api/pos/${orderId}/refunds`, token: staff.token, payload, headers });
    const stockOf = async (id: number) =>
      (await t.ctx.db.selectFrom('products').select('quantity_on_hand').where('id', '=', id).executeTakeFirstOrThrow())
        .quantity_on_hand;
    const pointsOf = async (clientId: number) =>
      (await t.request({ method: 'GET', url: `/api/loyalty/clients/${clientId}`, token: staff.token })).body.balance;
    const report = async (path: string, query = '') =>
      (await t.request({ method: 'GET', url: `/api/reporting/${path}${query}`, token: admin.token })).body;
    const todayOnly = () => `?from=${today()}&to=${today()}`;
    const cents = (value: number) => Math.round(value * 100);

    it('a line refunded in cash: stock back, points back, a journal entry; sales minus refunds to the cent in every report', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 40 });
      const product = await insertProduct(t.ctx.db, { price: 1250, quantity_on_hand: 10 });
      const allBefore = cents((await report('sales-summary')).total_sales);
      const dayBefore = cents((await report('sales-summary', todayOnly())).total_sales);
      const staffBefore = async () =>
        cents(
          ((await report('staff-performance', todayOnly())) as Array<{ id: number; revenue: number }>).find(
            (row) => row.id === staff.id,
          )?.revenue ?? 0,
        );
      const staffRevenueBefore = await staffBefore();
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [
          { type: 'service', id: service.id, quantity: 1 },
          { type: 'product', id: product.id, quantity: 2 },
        ],
      });
      assert.equal(order.total, 65); // 40 + 2 × 12.50
      assert.equal(order.loyalty_points_earned, 65);
      assert.equal(await stockOf(product.id), 8);
      const productLine = order.items.find((line: { item_type: string }) => line.item_type === 'product');

      const first = await refund(order.id, {
        reason: 'Wrong shade',
        items: [{ order_item_id: productLine.id, quantity: 1 }],
        restock: true,
      });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.body.method, 'cash', 'the order’s own method by default');
      assert.equal(first.body.status, 'completed');
      assert.equal(first.body.amount, 12.5);
      assert.equal(first.body.vat_total, 0);
      assert.deepEqual(
        first.body.items.map((i: { quantity: number; amount: number }) => [i.quantity, i.amount]),
        [[1, 12.5]],
      );
      assert.equal(first.body.loyalty_points_reversed, 12, 'floor(65 × 12.50 / 65.00)');
      assert.match(first.body.receipt_number, /^\d{4}-\d{6}$/);
      assert.equal(await stockOf(product.id), 9);
      assert.equal(await pointsOf(client.id), 53);

      // By hand: 65.00 sold, 12.50 back.
      assert.equal(cents((await report('sales-summary')).total_sales), allBefore + 6500 - 1250);
      assert.equal(cents((await report('sales-summary', todayOnly())).total_sales), dayBefore + 6500 - 1250);
      assert.equal(await staffBefore(), staffRevenueBefore + 6500 - 1250);
      for (const query of ['', todayOnly()]) {
        const items = await report('item-breakdown', query);
        assert.deepEqual(
          items.products.find((p: { product_id: number }) => p.product_id === product.id),
          { product_id: product.id, name: product.name, qty_sold: 1, revenue: 12.5 },
          `item breakdown ${query || 'all time'}`,
        );
      }

      const rest = await refund(order.id, { reason: 'Client unhappy', restock: false });
      assert.equal(rest.status, 201, JSON.stringify(rest.body));
      assert.equal(rest.body.amount, 52.5, 'all that is left: 40 + 12.50');
      assert.equal(rest.body.loyalty_points_reversed, 53, 'the rest of the 65 earned');
      assert.equal(await pointsOf(client.id), 0);
      assert.equal(await stockOf(product.id), 9, 'not restocked when not asked');
      assert.equal(cents((await report('sales-summary')).total_sales), allBefore);
      assert.equal(cents((await report('sales-summary', todayOnly())).total_sales), dayBefore);
      const items = await report('item-breakdown', todayOnly());
      assert.equal(
        items.products.find((p: { product_id: number }) => p.product_id === product.id),
        undefined,
        'nothing left sold',
      );
      assertError(await refund(order.id, { reason: 'Again' }), 409, 'refund_exceeds_paid');
      const detail = await t.request({ method: 'GET', url: `/api/pos/${order.id}`, token: staff.token });
      assert.equal(detail.body.refunded_total, 65);
      assert.equal(detail.body.total, 65, 'the sale itself is never edited');
      const list = await t.request({ method: 'GET', url: `/api/pos/${order.id}/refunds`, token: staff.token });
      assert.deepEqual(
        list.body.map((r: { amount: number }) => r.amount),
        [12.5, 52.5],
      );
      const journal = await t.ctx.db
        .selectFrom('pos_journal')
        .select(['kind', 'amount'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        journal.map((row) => [row.kind, Number(row.amount)]),
        [
          ['sale', 6500],
          ['refund', -1250],
          ['refund', -5250],
        ],
      );
      const verify = await t.request({ method: 'GET', url: '/api/pos/journal/verify', token: admin.token });
      assert.equal(verify.body.ok, true);
    });

    it('sales minus refunds where money is reported: the dashboard’s revenue of today, retention’s total_spent, the segments’ spend filters', async () => {
      const client = await createClient(t, admin.token, { name: 'Zoë Refunded', marketing_consent: 1 });
      await t.ctx.db.updateTable('clients').set({ marketing_consent: 1 }).where('id', '=', client.id).execute();
      const service = await createService(t, admin.token, { price: 80 });
      // A visit 200 days ago makes the client churned, so retention lists their lifetime spend.
      await insertBooking(t.ctx.db, {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2020-01-06 10:00:00',
        end_at: '2020-01-06 10:30:00',
        status: 'completed',
        price: 8000,
      });
      const revenueToday = async () => cents((await report('dashboard')).revenue_today);
      const dashboardBefore = await revenueToday();
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assert.equal(order.total, 80);
      const line = order.items[0].id;
      const back = await refund(order.id, { reason: 'Too short', items: [{ order_item_id: line, amount: 27.35 }] });
      assert.equal(back.status, 201, JSON.stringify(back.body));

      // By hand: 80.00 sold, 27.35 given back → 52.65.
      assert.equal(await revenueToday(), dashboardBefore + 8000 - 2735);
      const retention = await report('retention');
      assert.equal(
        retention.churned.find((row: { id: number }) => row.id === client.id)?.total_spent,
        52.65,
        'retention’s total_spent',
      );
      const reaches = async (filters: object) => {
        const preview = await t.request({
          method: 'POST',
          url: '/api/campaigns/segments/preview',
          token: admin.token,
          payload: { filters, limit: 100 },
        });
        assert.equal(preview.status, 200, JSON.stringify(preview.body));
        return preview.body.recipients.some((row: { id: number }) => row.id === client.id);
      };
      assert.equal(await reaches({ min_total_spent: 52.65 }), true);
      assert.equal(await reaches({ min_total_spent: 52.66 }), false, 'the refund is taken off');
      assert.equal(await reaches({ max_total_spent: 52.65 }), true);
      assert.equal(await reaches({ max_total_spent: 52.64 }), false);
    });

    it('409s named after the rule: beyond what is left, a method that cannot take it, an unpaid order; 400 for a line not of the order', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 30 });
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 2 }],
      });
      const line = order.items[0].id;
      assertError(await refund(order.id, { reason: 'x', method: 'card' }), 409, 'refund_method_not_allowed');
      assertError(await refund(order.id, { reason: 'x', method: 'gift_card' }), 409, 'refund_method_not_allowed');
      assertError(
        await refund(order.id, { reason: 'x', items: [{ order_item_id: line, quantity: 3 }] }),
        409,
        'refund_exceeds_paid',
      );
      assertError(
        await refund(order.id, { reason: 'x', items: [{ order_item_id: line, amount: 60.01 }] }),
        409,
        'refund_exceeds_paid',
      );
      assertError(
        await refund(order.id, { reason: 'x', items: [{ order_item_id: 999999, quantity: 1 }] }),
        400,
        'unknown_order_line',
      );
      assertError(await refund(order.id, { reason: '' }), 400, 'validation_failed');
      assertError(await refund(999999, { reason: 'x' }), 404, 'not_found');
      const failed = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'online',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assertError(await refund(failed.id, { reason: 'x' }), 409, 'order_not_paid');
    });

    it('a gift card’s share goes back onto the card, the rest in money; never more than each paid', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 50 });
      const card = await t.request({
        method: 'POST',
        url: '/api/giftcards',
        token: admin.token,
        payload: { amount: 30 },
      });
      assert.equal(card.status, 201, JSON.stringify(card.body));
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        gift_card_code: card.body.code,
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      assert.equal(order.gift_card_amount, 30);
      assert.equal(order.amount_due, 20);
      const line = order.items[0].id;
      const onto = await refund(order.id, {
        reason: 'x',
        method: 'gift_card',
        items: [{ order_item_id: line, amount: 30 }],
      });
      assert.equal(onto.status, 201, JSON.stringify(onto.body));
      const after = await t.request({ method: 'GET', url: `/api/giftcards/${card.body.id}`, token: staff.token });
      assert.equal(after.body.balance, 30, 'the value restored');
      assertError(
        await refund(order.id, { reason: 'x', method: 'cash', items: [{ order_item_id: line, amount: 20.01 }] }),
        409,
        'refund_exceeds_paid',
      );
      const cash = await refund(order.id, {
        reason: 'x',
        method: 'cash',
        items: [{ order_item_id: line, amount: 20 }],
      });
      assert.equal(cash.status, 201, JSON.stringify(cash.body));
      assertError(await refund(order.id, { reason: 'x', method: 'gift_card' }), 409, 'refund_exceeds_paid');
    });

    it('20 concurrent refunds of one order never give back more than was paid', async () => {
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 10 });
      const order = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      const line = order.items[0].id;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          refund(order.id, { reason: 'race', items: [{ order_item_id: line, amount: 1.5 }] }),
        ),
      );
      const created = responses.filter((r) => r.status === 201);
      assert.equal(created.length, 6, '6 × 1.50 fit in 10.00, a 7th does not');
      for (const refused of responses.filter((r) => r.status !== 201)) {
        assert.equal(refused.status, 409);
        assert.equal(refused.body.code, 'refund_exceeds_paid');
      }
      const stored = await t.ctx.db
        .selectFrom('pos_refunds')
        .select((eb) => eb.fn.sum<number>('amount').as('sum'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.sum), 900);
    });

    it('card: refunded through the card terminal provider’s refund API; online: through the online provider’s, once per Idempotency-Key', async () => {
      await setSettings(t, admin.token, {
        cardpay_api_key: cardpay.apiKey,
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
        onlinepay_api_key: onlinepay.apiKey,
      });
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 45 });
      const paidBy = async (method: 'card' | 'online') => {
        const order = await sell({
          client_id: client.id,
          staff_id: staff.id,
          payment_method: method,
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        });
        const payment = await t.ctx.db
          .selectFrom('payments')
          .selectAll()
          .where('purpose', '=', 'pos_order')
          .where('reference_id', '=', order.id)
          .executeTakeFirstOrThrow();
        if (method === 'card') {
          cardpay.setStatus(payment.provider_ref!, 'SUCCESSFUL');
          const callback = new URL(cardpay.checkouts.get(payment.provider_ref!)!.returnUrl).pathname;
          await t.request({ method: 'POST', url: callback, payload: cardpay.callbackBody(payment.provider_ref!) });
        } else {
          onlinepay.setStatus(payment.provider_ref!, 'paid');
          const webhook = new URL(onlinepay.payments.get(payment.provider_ref!)!.webhookUrl).pathname;
          await t.request({
            method: 'POST',
            url: webhook,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: `id=${payment.provider_ref}`,
          });
        }
        const paid = await t.request({ method: 'GET', url: `/api/pos/${order.id}`, token: staff.token });
        assert.equal(paid.body.payment_status, 'paid');
        return { order: paid.body, providerRef: payment.provider_ref! };
      };

      const card = await paidBy('card');
      const byCard = await refund(card.order.id, {
        reason: 'x',
        items: [{ order_item_id: card.order.items[0].id, amount: 15 }],
      });
      assert.equal(byCard.status, 201, JSON.stringify(byCard.body));
      assert.equal(byCard.body.method, 'card');
      assert.equal(byCard.body.provider, 'cardpay');
      assert.deepEqual(cardpay.refunds, [{ transactionId: card.providerRef, cents: 1500 }]);

      const online = await paidBy('online');
      const key = { 'idempotency-key': `refund-${online.order.id}-abcdef` };
      const once = await refund(online.order.id, { reason: 'x' }, key);
      assert.equal(once.status, 201, JSON.stringify(once.body));
      assert.equal(once.body.provider, 'onlinepay');
      const twice = await refund(online.order.id, { reason: 'x' }, key);
      assert.equal(twice.status, 201);
      assert.equal(twice.body.id, once.body.id, 'the same refund answered again');
      assert.deepEqual(
        onlinepay.refunds.filter((r) => r.paymentId === online.providerRef).map((r) => r.cents),
        [4500],
        'refunded once at the provider',
      );
      assertError(await refund(card.order.id, { reason: 'x' }, key), 409, 'idempotency_key_reused');

      // A refusal: nothing recorded, and the provider's reason in the answer.
      const refused = await paidBy('online');
      const journalBefore = await t.ctx.db.selectFrom('pos_journal').select('id').execute();
      onlinepay.failNext(1, {
        status: 422,
        json: { status: 422, title: 'Unprocessable Entity', detail: 'The payment cannot be refunded' },
      });
      const answer = await refund(refused.order.id, { reason: 'x' });
      assertError(answer, 409, 'refund_refused');
      assert.match(answer.body.error, /The payment cannot be refunded/);
      const left = await t.ctx.db
        .selectFrom('pos_refunds')
        .select('id')
        .where('order_id', '=', refused.order.id)
        .execute();
      assert.deepEqual(left, [], 'no half-made refund');
      assert.equal((await t.ctx.db.selectFrom('pos_journal').select('id').execute()).length, journalBefore.length);
      const retried = await refund(refused.order.id, { reason: 'x' });
      assert.equal(retried.status, 201, 'the whole amount is still there to refund');
    });

    it('void: an order whose payment failed gives back its stock and gift card; a paid or voided one cannot be voided', async () => {
      await setSettings(t, admin.token, { onlinepay_api_key: '' });
      const client = await createClient(t, admin.token);
      const product = await insertProduct(t.ctx.db, { price: 800, quantity_on_hand: 5 });
      const failed = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'online',
        items: [{ type: 'product', id: product.id, quantity: 2 }],
      });
      assert.equal(failed.payment_status, 'failed');
      assert.equal(await stockOf(product.id), 3);
      const voided = await t.request({
        method: 'POST',
        url: `/api/pos/${failed.id}/void`,
        token: staff.token,
        payload: { reason: 'Client left' },
      });
      assert.equal(voided.status, 200, JSON.stringify(voided.body));
      assert.ok(voided.body.voided_at);
      assert.equal(await stockOf(product.id), 5);
      const entry = await t.ctx.db
        .selectFrom('pos_journal')
        .select(['kind', 'amount'])
        .where('order_id', '=', failed.id)
        .execute();
      assert.deepEqual(
        entry.map((row) => [row.kind, Number(row.amount)]),
        [['void', 0]],
      );
      const again = (id: number) =>
        t.request({ method: 'POST', url: `/api/pos/${id}/void`, token: staff.token, payload: { reason: 'x' } });
      assertError(await again(failed.id), 409, 'order_voided');
      assertError(await refund(failed.id, { reason: 'x' }), 409, 'order_voided');
      const paid = await sell({
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        items: [{ type: 'product', id: product.id, quantity: 1 }],
      });
      assertError(await again(paid.id), 409, 'order_paid');
      assertError(
        await t.request({ method: 'DELETE', url: `/api/pos/${paid.id}`, token: admin.token }),
        404,
        'not_found',
      );
    });
  });
}

describe('the checkout provider’s refund API (Stripe), against its fake', () => {
  const fake = new FakeCheckoutProvider();
  before(() => fake.start());
  after(() => fake.stop());

  it('refunds the session’s PaymentIntent once per refund of ours, never beyond what is unrefunded', async () => {
    const provider = checkoutProvider(fake.url, fake.secretKey);
    const session = await provider.create({
      paymentId: 1,
      amountCents: 4000,
      currency: 'EUR',
      description: 'Deposit',
      clientEmail: null,
      callbackUrl: 'https://salon.example/cb',
      returnUrl: 'https://salon.example/return',
    });
    fake.event('checkout.session.completed', session.providerRef, 'whsec_test');
    const first = await provider.refund(session.providerRef, {
      refundId: 7,
      amountCents: 1500,
      currency: 'EUR',
      description: 'x',
    });
    const again = await provider.refund(session.providerRef, {
      refundId: 7,
      amountCents: 1500,
      currency: 'EUR',
      description: 'x',
    });
    assert.equal(again.refundRef, first.refundRef, 'the idempotency key answers the first refund');
    assert.deepEqual(
      fake.refunds.map((r) => r.cents),
      [1500],
    );
    await assert.rejects(
      provider.refund(session.providerRef, { refundId: 8, amountCents: 2600, currency: 'EUR', description: 'x' }),
      /greater than unrefunded amount/,
    );
  });
});
