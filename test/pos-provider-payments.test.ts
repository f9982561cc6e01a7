import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { createClient, createService, setSettings } from './helpers/bookings.js';
import { DIALECTS } from './helpers/database.js';
import { insertProduct } from './helpers/factories.js';
import { FakeCardpayProvider } from './helpers/fake-cardpay.js';
import { FakeOnlinepayProvider } from './helpers/fake-onlinepay.js';

/*
 * The till with real provider round trips, end to end over HTTP: a card sale on the card
 * terminal provider and an online sale at the online provider (both fakes speaking their HTTP
 * protocol), their callbacks, and what the order, the stock and the reports show after.
 */
for (const dialect of DIALECTS) {
  describe(`POS orders paid through the payment providers, end to end [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { token: string; id: number };
    const cardpay = new FakeCardpayProvider();
    const onlinepay = new FakeOnlinepayProvider();

    before(async () => {
      await Promise.all([cardpay.start(), onlinepay.start()]);
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: cardpay.url, onlinepay: onlinepay.url, checkout: onlinepay.url } },
      });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      await setSettings(t, admin.token, {
        cardpay_api_key: cardpay.apiKey,
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
        onlinepay_api_key: onlinepay.apiKey,
      });
    });
    after(async () => {
      await t.close();
      await Promise.all([cardpay.stop(), onlinepay.stop()]);
    });

    const totalSales = async () =>
      (await t.request({ method: 'GET', url: '/api/reporting/sales-summary', token: admin.token })).body.total_sales;
    const order = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/pos/${id}`, token: staff.token })).body;
    const paymentOf = (orderId: number) =>
      t.ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('purpose', '=', 'pos_order')
        .where('reference_id', '=', orderId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const stockOf = async (productId: number) =>
      (
        await t.ctx.db
          .selectFrom('products')
          .select('quantity_on_hand')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
      ).quantity_on_hand;
    const sell = async (method: 'card' | 'online', productId: number, serviceId: number) => {
      const client = await createClient(t, admin.token);
      const response = await t.request({
        method: 'POST',
        url: '/api/pos',
        token: staff.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          payment_method: method,
          items: [
            { type: 'product', id: productId, quantity: 2 },
            { type: 'service', id: serviceId, quantity: 1 },
          ],
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; total: number; payment_status: string };
    };

    it('card: pending at the reader until the provider reports success; then paid, counted once in the reports', async () => {
      const product = await insertProduct(t.ctx.db, { price: 1250, quantity_on_hand: 10 });
      const service = await createService(t, admin.token, { price: 40 });
      const before = await totalSales();

      const sold = await sell('card', product.id, service.id);
      assert.equal(sold.payment_status, 'pending');
      assert.equal(sold.total, 65);
      // Stock leaves with the goods, whatever the payment does.
      assert.equal(await stockOf(product.id), 8);
      assert.equal(await totalSales(), before, 'a pending order is not revenue');

      const payment = await paymentOf(sold.id);
      const checkout = cardpay.checkouts.get(payment.provider_ref!);
      assert.ok(checkout, 'a reader checkout was created at the provider');
      const callback = new URL(checkout.returnUrl).pathname;
      cardpay.setStatus(payment.provider_ref!, 'SUCCESSFUL');
      const answered = await t.request({
        method: 'POST',
        url: callback,
        payload: cardpay.callbackBody(payment.provider_ref!),
      });
      assert.equal(answered.status, 200, JSON.stringify(answered.body));
      // Delivered twice, as providers do: settled once.
      await t.request({ method: 'POST', url: callback, payload: cardpay.callbackBody(payment.provider_ref!) });

      const paid = await order(sold.id);
      assert.equal(paid.payment_status, 'paid');
      assert.equal(await totalSales(), Math.round((before + 65) * 100) / 100);
      assert.equal(await stockOf(product.id), 8);
      const items = await t.request({ method: 'GET', url: '/api/reporting/item-breakdown', token: admin.token });
      const line = items.body.products.find((p: { product_id: number }) => p.product_id === product.id);
      assert.deepEqual(line, { product_id: product.id, name: product.name, qty_sold: 2, revenue: 25 });
    });

    it('card: a failed payment leaves the order failed and out of revenue', async () => {
      const product = await insertProduct(t.ctx.db, { price: 1000, quantity_on_hand: 5 });
      const service = await createService(t, admin.token, { price: 30 });
      const before = await totalSales();
      const sold = await sell('card', product.id, service.id);
      const payment = await paymentOf(sold.id);
      cardpay.setStatus(payment.provider_ref!, 'FAILED');
      const callback = new URL(cardpay.checkouts.get(payment.provider_ref!)!.returnUrl).pathname;
      await t.request({ method: 'POST', url: callback, payload: cardpay.callbackBody(payment.provider_ref!) });
      assert.equal((await order(sold.id)).payment_status, 'failed');
      assert.equal(await totalSales(), before);
    });

    it('online: a hosted checkout whose webhook (form-encoded id) makes the order paid', async () => {
      const product = await insertProduct(t.ctx.db, { price: 500, quantity_on_hand: 4 });
      const service = await createService(t, admin.token, { price: 20 });
      const before = await totalSales();
      const sold = await sell('online', product.id, service.id);
      assert.equal(sold.payment_status, 'pending');
      const payment = await paymentOf(sold.id);
      const webhook = new URL(onlinepay.payments.get(payment.provider_ref!)!.webhookUrl).pathname;
      onlinepay.setStatus(payment.provider_ref!, 'paid');
      const answered = await t.request({
        method: 'POST',
        url: webhook,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${payment.provider_ref}`,
      });
      assert.equal(answered.status, 200, JSON.stringify(answered.body));
      assert.equal((await order(sold.id)).payment_status, 'paid');
      assert.equal(await totalSales(), Math.round((before + 30) * 100) / 100);
    });
  });
}
