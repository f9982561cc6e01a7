import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCardpayProvider } from '../../../test/helpers/fake-cardpay.js';
import { FakeCheckoutProvider } from '../../../test/helpers/fake-checkout.js';
import { FakeOnlinepayProvider } from '../../../test/helpers/fake-onlinepay.js';
import { paymentsFor, startPayment, type PaymentView } from './service.js';
import { settlementHandlers, type Settlement } from './settlement.js';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

for (const dialect of DIALECTS) {
  describe(`payments through providers [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staffToken: string;
    const cardpay = new FakeCardpayProvider();
    const onlinepay = new FakeOnlinepayProvider();
    const checkout = new FakeCheckoutProvider();
    const settled: Settlement[] = [];
    const originalHandler = settlementHandlers.pos_order;
    let reference = 1000;
    const logLines: string[] = [];

    before(async () => {
      await Promise.all([cardpay.start(), onlinepay.start(), checkout.start()]);
      t = await createTestApp(dialect, {
        config: {
          paymentApiUrls: { cardpay: cardpay.url, onlinepay: onlinepay.url, checkout: checkout.url },
          logLevel: 'debug',
        },
        logDestination: { write: (line: string) => void logLines.push(line) },
      });
      admin = await setupSalon(t);
      staffToken = (await createStaff(t)).token;
      // Observe the settlement registry: what the POS module's handler would receive.
      settlementHandlers.pos_order = async (_trx, settlement) => {
        settled.push(settlement);
      };
    });
    after(async () => {
      settlementHandlers.pos_order = originalHandler;
      await t.close();
      await Promise.all([cardpay.stop(), onlinepay.stop(), checkout.stop()]);
    });
    afterEach(async () => {
      await setSettings(t, admin.token, {
        cardpay_api_key: '',
        cardpay_merchant_code: '',
        cardpay_reader_id: '',
        onlinepay_api_key: '',
        onlinepay_terminal_id: '',
        checkout_secret_key: '',
        checkout_webhook_secret: '',
      });
    });

    const configureCardpay = () =>
      setSettings(t, admin.token, {
        cardpay_api_key: cardpay.apiKey,
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
      });
    const configureOnlinepay = (terminal = '') =>
      setSettings(t, admin.token, { onlinepay_api_key: onlinepay.apiKey, onlinepay_terminal_id: terminal });
    const configureCheckout = () =>
      setSettings(t, admin.token, { checkout_secret_key: checkout.secretKey, checkout_webhook_secret: WEBHOOK_SECRET });

    const start = (method: 'card' | 'online' | 'checkout', amountCents = 2450) => {
      reference += 1;
      return startPayment(t.ctx, {
        purpose: 'pos_order',
        referenceId: reference,
        method,
        amountCents,
        description: `POS order ${reference}`,
        clientEmail: 'payer@example.com',
      });
    };
    const paymentRow = (id: number) =>
      t.ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const settlementsOf = (payment: PaymentView) => settled.filter((s) => s.paymentId === payment.id);
    /** Path (and token) of the callback URL the service gave the provider. */
    const pathOf = (url: string) => new URL(url).pathname;

    it('card with no card terminal provider configured: paid at once by a standalone terminal', async () => {
      const requestsBefore = cardpay.requests.length;
      const payment = await start('card');
      assert.equal(payment.status, 'paid');
      assert.equal(payment.provider, 'terminal');
      assert.equal(payment.amount, 24.5);
      assert.equal(cardpay.requests.length, requestsBefore, 'no provider call');
      assert.deepEqual(settlementsOf(payment), [
        { paymentId: payment.id, referenceId: payment.reference_id, status: 'paid', amountCents: 2450 },
      ]);
    });

    it('card: a reader checkout in minor units at the card terminal provider, pending until it reports', async () => {
      await configureCardpay();
      const payment = await start('card', 1999);
      assert.equal(payment.status, 'pending', JSON.stringify(payment));
      assert.equal(payment.provider, 'cardpay');
      const sent = cardpay.requests.at(-1)!;
      assert.equal(sent.path, `/v0.1/merchants/${cardpay.merchantCode}/readers/${cardpay.readerId}/checkout`);
      assert.equal(sent.headers.authorization, `Bearer ${cardpay.apiKey}`);
      const body = JSON.parse(sent.body);
      assert.deepEqual(body.total_amount, { value: 1999, currency: 'EUR', minor_unit: 2 });
      assert.match(body.return_url, new RegExp(`^http://salon\\.test/api/payments/webhooks/cardpay/${payment.id}/`));
      assert.equal(settlementsOf(payment).length, 0);
    });

    it('card terminal callback: a forged URL is refused before any call to the provider and changes nothing', async () => {
      await configureCardpay();
      const payment = await start('card');
      const row = await paymentRow(payment.id);
      const checkoutRow = cardpay.checkouts.get(row.provider_ref!)!;
      cardpay.setStatus(row.provider_ref!, 'SUCCESSFUL');
      const requestsBefore = cardpay.requests.length;
      const forged = await t.request({
        method: 'POST',
        url: `/api/payments/webhooks/cardpay/${payment.id}/forged-signature`,
        payload: cardpay.callbackBody(row.provider_ref!),
      });
      assertError(forged, 401, 'invalid_signature');
      // A genuine token for another payment id does not fit this one either.
      const otherToken = pathOf(checkoutRow.returnUrl).split('/').at(-1);
      const swapped = await t.request({
        method: 'POST',
        url: `/api/payments/webhooks/cardpay/${payment.id + 1}/${otherToken}`,
        payload: cardpay.callbackBody(row.provider_ref!),
      });
      assertError(swapped, 401, 'invalid_signature');
      assert.equal(cardpay.requests.length, requestsBefore, 'no outbound request for a forged callback');
      assert.equal((await paymentRow(payment.id)).status, 'pending');
      assert.equal(settlementsOf(payment).length, 0);
    });

    it('card terminal callback: a hint; the status is read back from the provider, and settles once', async () => {
      await configureCardpay();
      const payment = await start('card');
      const row = await paymentRow(payment.id);
      const url = pathOf(cardpay.checkouts.get(row.provider_ref!)!.returnUrl);

      // The callback claims success, but the provider still says PENDING: nothing changes.
      const early = await t.request({ method: 'POST', url, payload: cardpay.callbackBody(row.provider_ref!) });
      assert.equal(early.status, 200, JSON.stringify(early.body));
      assert.equal((await paymentRow(payment.id)).status, 'pending');

      cardpay.setStatus(row.provider_ref!, 'SUCCESSFUL');
      const lookup = cardpay.requests.length;
      const done = await t.request({ method: 'POST', url, payload: cardpay.callbackBody(row.provider_ref!) });
      assert.deepEqual(done.body, { received: true });
      const lookupRequest = cardpay.requests[lookup]!;
      assert.equal(lookupRequest.path, `/v2.1/merchants/${cardpay.merchantCode}/transactions`);
      assert.equal(lookupRequest.query.get('client_transaction_id'), row.provider_ref);
      assert.equal((await paymentRow(payment.id)).status, 'paid');

      // The same callback again: acknowledged, settled once, no further lookup.
      const requestsAfter = cardpay.requests.length;
      const again = await t.request({ method: 'POST', url, payload: cardpay.callbackBody(row.provider_ref!) });
      assert.equal(again.status, 200);
      assert.equal(cardpay.requests.length, requestsAfter);
      assert.equal(settlementsOf(payment).length, 1);
      assert.equal(settlementsOf(payment)[0]!.status, 'paid');
    });

    it('the same webhook arriving concurrently settles the payment exactly once', async () => {
      await configureCardpay();
      const payment = await start('card');
      const row = await paymentRow(payment.id);
      cardpay.setStatus(row.provider_ref!, 'SUCCESSFUL');
      const url = pathOf(cardpay.checkouts.get(row.provider_ref!)!.returnUrl);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.request({ method: 'POST', url, payload: cardpay.callbackBody(row.provider_ref!) }),
        ),
      );
      assert.ok(
        answers.every((answer) => answer.status === 200),
        JSON.stringify(answers.map((a) => a.body)),
      );
      assert.equal(settlementsOf(payment).length, 1);
    });

    it('card terminal provider refusing the request: failed with its reason, admins notified, secret not leaked', async () => {
      await setSettings(t, admin.token, {
        cardpay_api_key: 'sup_sk_wrong_key_123',
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
      });
      const payment = await start('card');
      assert.equal(payment.status, 'failed');
      assert.match(payment.error!, /Card terminal provider answered 401/);
      assert.doesNotMatch(payment.error!, /sup_sk_wrong_key_123/);
      assert.equal(settlementsOf(payment)[0]?.status, 'failed');
      const notices = await t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('type', '=', 'pos.payment_failed')
        .where('link', '=', `/payments/${payment.id}`)
        .execute();
      assert.equal(notices.length, 1);
      await t.drain();
      const mail = t.mail.to(admin.email).find((m) => m.subject.includes(`POS order ${payment.reference_id}`));
      assert.ok(mail, 'the admin gets the payment_failed email (default preference: email on)');
    });

    it('card terminal provider unreachable (5xx): failed, never thrown to the caller', async () => {
      await configureCardpay();
      cardpay.failNext(1, { status: 503, json: { message: 'maintenance' } });
      const payment = await start('card');
      assert.equal(payment.status, 'failed');
      assert.match(payment.error!, /503: maintenance/);
    });

    it('online with no online payment provider configured: failed with a clear error', async () => {
      const payment = await start('online');
      assert.equal(payment.status, 'failed');
      assert.equal(payment.provider, 'none');
      assert.match(payment.error!, /No online payment provider is configured/);
    });

    it('online: a hosted checkout at the online provider (amount as a decimal string), link on the payment', async () => {
      await configureOnlinepay();
      const payment = await start('online', 4005);
      assert.equal(payment.status, 'pending');
      assert.equal(payment.provider, 'onlinepay');
      const sent = JSON.parse(onlinepay.requests.at(-1)!.body);
      assert.deepEqual(sent.amount, { currency: 'EUR', value: '40.05' });
      assert.equal(sent.method, undefined);
      assert.match(sent.redirectUrl, /^http:\/\/salon\.test\//);
      assert.match(payment.checkout_url!, /^https:\/\/www\.mollie\.fake\/checkout\//);
    });

    it('online with a terminal id: a point-of-sale payment on that terminal', async () => {
      await configureOnlinepay('term_7MgL4wea46qkRcoTZjWEH');
      const payment = await start('online');
      const sent = JSON.parse(onlinepay.requests.at(-1)!.body);
      assert.equal(sent.method, 'pointofsale');
      assert.equal(sent.terminalId, 'term_7MgL4wea46qkRcoTZjWEH');
      assert.equal(payment.checkout_url, null);
    });

    it('online provider webhook (form-encoded id): status fetched back; paid once; a forged URL changes nothing', async () => {
      await configureOnlinepay();
      const payment = await start('online');
      const row = await paymentRow(payment.id);
      const url = pathOf(onlinepay.payments.get(row.provider_ref!)!.webhookUrl);
      onlinepay.setStatus(row.provider_ref!, 'paid');
      const form = { 'content-type': 'application/x-www-form-urlencoded' };

      const requestsBefore = onlinepay.requests.length;
      const forged = await t.request({
        method: 'POST',
        url: url.replace(/[^/]+$/, 'AAAA'),
        headers: form,
        payload: `id=${row.provider_ref}`,
      });
      assertError(forged, 401, 'invalid_signature');
      assert.equal(onlinepay.requests.length, requestsBefore);
      assert.equal((await paymentRow(payment.id)).status, 'pending');

      const genuine = await t.request({ method: 'POST', url, headers: form, payload: `id=${row.provider_ref}` });
      assert.equal(genuine.status, 200, JSON.stringify(genuine.body));
      assert.equal(onlinepay.requests.at(-1)!.path, `/v2/payments/${row.provider_ref}`);
      const again = await t.request({ method: 'POST', url, headers: form, payload: `id=${row.provider_ref}` });
      assert.equal(again.status, 200);
      assert.equal((await paymentRow(payment.id)).status, 'paid');
      assert.equal(settlementsOf(payment).length, 1);
    });

    it('online provider reports canceled or expired: the payment is cancelled', async () => {
      await configureOnlinepay();
      const payment = await start('online');
      const row = await paymentRow(payment.id);
      onlinepay.setStatus(row.provider_ref!, 'expired');
      const url = pathOf(onlinepay.payments.get(row.provider_ref!)!.webhookUrl);
      await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${row.provider_ref}`,
      });
      assert.equal((await paymentRow(payment.id)).status, 'cancelled');
      assert.equal(settlementsOf(payment)[0]?.status, 'cancelled');
    });

    describe('checkout provider webhook (signed)', () => {
      const startCheckout = async () => {
        await configureCheckout();
        const payment = await start('checkout', 3000);
        const row = await paymentRow(payment.id);
        return { payment, sessionId: row.provider_ref! };
      };
      const post = (body: string, signature: string | undefined) =>
        t.request({
          method: 'POST',
          url: '/api/payments/webhooks/checkout',
          headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          payload: body,
        });

      it('creates a checkout session: form-encoded, amount in minor units, idempotency key, link returned', async () => {
        const { payment } = await startCheckout();
        const sent = checkout.requests.at(-1)!;
        assert.equal(sent.path, '/v1/checkout/sessions');
        assert.equal(sent.headers['idempotency-key'], `salon-payment-${payment.id}`);
        const form = new URLSearchParams(sent.body);
        assert.equal(form.get('line_items[0][price_data][unit_amount]'), '3000');
        assert.equal(form.get('line_items[0][price_data][currency]'), 'eur');
        assert.equal(form.get('customer_email'), 'payer@example.com');
        assert.ok(payment.checkout_url!.startsWith(`${checkout.url}/c/pay/cs_test_`), payment.checkout_url!);
      });

      it('a forged webhook (bad signature) changes nothing', async () => {
        const { payment, sessionId } = await startCheckout();
        const { body } = checkout.event('checkout.session.completed', sessionId, WEBHOOK_SECRET);
        const forgedWithOtherSecret = checkout.event('checkout.session.completed', sessionId, 'whsec_attacker');
        assertError(await post(body, forgedWithOtherSecret.signature), 401, 'invalid_signature');
        assertError(await post(body, undefined), 401, 'invalid_signature');
        assertError(await post(body, 't=123,v1=abc'), 401, 'invalid_signature');
        // A body altered after signing.
        const signed = checkout.event('checkout.session.completed', sessionId, WEBHOOK_SECRET);
        assertError(await post(signed.body.replace('"paid"', '"paid" '), signed.signature), 401, 'invalid_signature');
        assert.equal((await paymentRow(payment.id)).status, 'pending');
        assert.equal(settlementsOf(payment).length, 0);
      });

      it('a correctly signed but stale event (outside the 5-minute tolerance) is refused', async () => {
        const { payment, sessionId } = await startCheckout();
        const stale = checkout.event('checkout.session.completed', sessionId, WEBHOOK_SECRET, {
          at: new Date(Date.now() - 10 * 60_000),
        });
        assertError(await post(stale.body, stale.signature), 401, 'invalid_signature');
        assert.equal((await paymentRow(payment.id)).status, 'pending');
      });

      it('checkout.session.completed (paid) settles the payment once, however often it is delivered', async () => {
        const { payment, sessionId } = await startCheckout();
        const event = checkout.event('checkout.session.completed', sessionId, WEBHOOK_SECRET);
        const first = await post(event.body, event.signature);
        assert.equal(first.status, 200, JSON.stringify(first.body));
        assert.deepEqual(first.body, { received: true });
        const second = await post(event.body, event.signature);
        assert.equal(second.status, 200);
        assert.equal((await paymentRow(payment.id)).status, 'paid');
        assert.equal(settlementsOf(payment).length, 1);
      });

      it('checkout.session.expired cancels; events of unknown sessions are acknowledged and ignored', async () => {
        const { payment, sessionId } = await startCheckout();
        const expired = checkout.event('checkout.session.expired', sessionId, WEBHOOK_SECRET);
        assert.equal((await post(expired.body, expired.signature)).status, 200);
        assert.equal((await paymentRow(payment.id)).status, 'cancelled');

        const other = await startCheckout();
        await t.ctx.db
          .updateTable('payments')
          .set({ provider_ref: 'cs_elsewhere' })
          .where('id', '=', other.payment.id)
          .execute();
        const unknown = checkout.event('checkout.session.completed', other.sessionId, WEBHOOK_SECRET);
        assert.equal((await post(unknown.body, unknown.signature)).status, 200);
        assert.equal((await paymentRow(other.payment.id)).status, 'pending');
      });

      it('a signed event whose paid amount differs from the payment is not taken as paid', async () => {
        const { payment, sessionId } = await startCheckout();
        const event = checkout.event('checkout.session.completed', sessionId, WEBHOOK_SECRET, { amountTotal: 1 });
        assert.equal((await post(event.body, event.signature)).status, 200);
        const row = await paymentRow(payment.id);
        assert.equal(row.status, 'failed');
        assert.match(row.error!, /differs/);
      });
    });

    it('paymentsFor: the latest payment of each reference, in currency units', async () => {
      reference += 1;
      const ref = reference;
      const request = { purpose: 'pos_order' as const, referenceId: ref, amountCents: 1234, description: 'x' };
      const first = await startPayment(t.ctx, { ...request, method: 'online' }); // failed: no provider
      const second = await startPayment(t.ctx, { ...request, method: 'card' }); // paid: standalone terminal
      const map = await paymentsFor(t.ctx.db, 'pos_order', [ref, 987654]);
      assert.equal(map.size, 1);
      assert.equal(map.get(ref)!.id, second.id);
      assert.notEqual(first.id, second.id);
      assert.equal(map.get(ref)!.amount, 12.34);
      assert.match(map.get(ref)!.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('GET /api/payments: admin only, filtered by purpose and reference, newest first, paginated', async () => {
      const payment = await start('card');
      const list = await t.request({
        method: 'GET',
        url: `/api/payments?purpose=pos_order&reference_id=${payment.reference_id}`,
        token: admin.token,
      });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.deepEqual(list.body, [payment]);
      const page = await t.request({ method: 'GET', url: '/api/payments?page=1&limit=2', token: admin.token });
      assert.equal(page.body.data.length, 2);
      assert.ok(page.body.total >= 2);
      assert.ok(page.body.data[0].id > page.body.data[1].id);
      const one = await t.request({ method: 'GET', url: `/api/payments/${payment.id}`, token: admin.token });
      assert.deepEqual(one.body, payment);
      assertError(await t.request({ method: 'GET', url: '/api/payments/99999', token: admin.token }), 404, 'not_found');
      assertError(await t.request({ method: 'GET', url: '/api/payments', token: staffToken }), 403, 'forbidden');
      assertError(
        await t.request({ method: 'GET', url: '/api/payments?purpose=bogus', token: admin.token }),
        400,
        'validation_failed',
      );
    });

    it('POST /api/payments/:id/refresh: a missed webhook is made up by asking the provider (admin only)', async () => {
      await configureOnlinepay();
      const payment = await start('online');
      const row = await paymentRow(payment.id);
      const url = `/api/payments/${payment.id}/refresh`;
      assertError(await t.request({ method: 'POST', url, token: staffToken }), 403, 'forbidden');
      const still = await t.request({ method: 'POST', url, token: admin.token });
      assert.equal(still.status, 200, JSON.stringify(still.body));
      assert.equal(still.body.status, 'pending');
      onlinepay.setStatus(row.provider_ref!, 'paid');
      const paid = await t.request({ method: 'POST', url, token: admin.token });
      assert.equal(paid.body.status, 'paid');
      assert.equal(settlementsOf(payment).length, 1);
      const other = await start('online');
      onlinepay.failNext(1, { status: 502 });
      assertError(
        await t.request({ method: 'POST', url: `/api/payments/${other.id}/refresh`, token: admin.token }),
        502,
        'provider_unavailable',
      );
      assertError(
        await t.request({ method: 'POST', url: '/api/payments/424242/refresh', token: admin.token }),
        404,
        'not_found',
      );
    });

    it('provider secrets never reach the logs', () => {
      assert.ok(logLines.length > 0, 'the test captured logs');
      const logs = logLines.join('\n');
      for (const secret of [
        cardpay.apiKey,
        onlinepay.apiKey,
        checkout.secretKey,
        WEBHOOK_SECRET,
        'sup_sk_wrong_key_123',
      ]) {
        assert.ok(!logs.includes(secret), `a secret appears in the logs`);
      }
    });
  });
}
