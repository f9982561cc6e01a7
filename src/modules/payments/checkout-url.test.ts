import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCheckoutProvider } from '../../../test/helpers/fake-checkout.js';
import { FakeOnlinepayProvider } from '../../../test/helpers/fake-onlinepay.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';
import { checkCheckoutUrl } from './providers/checkout-url.js';
import { ProviderError } from './providers/types.js';
import { startPayment } from './service.js';

describe('a provider checkout URL must be https', () => {
  it('https is accepted', () => checkCheckoutUrl('Checkout provider', 'https://checkout.stripe.com/c/pay/cs_1', false));

  for (const url of ['http://checkout.example/c/pay/cs_1', 'javascript:alert(1)', 'data:text/html,pay', 'not a url']) {
    it(`${url} is refused, not to be retried`, () => {
      assert.throws(
        () => checkCheckoutUrl('Checkout provider', url, false),
        (error: unknown) => error instanceof ProviderError && !error.retryable && /checkout URL/.test(error.message),
      );
    });
  }

  it('http is accepted only with the operator allowance (PAYMENTS_ALLOW_HTTP_CHECKOUT); other schemes never', () => {
    checkCheckoutUrl('Checkout provider', 'http://127.0.0.1:4010/c/pay/cs_1', true);
    assert.throws(() => checkCheckoutUrl('Checkout provider', 'javascript:alert(1)', true), ProviderError);
  });
});

for (const dialect of DIALECTS) {
  describe(`a provider answering with an http checkout URL is refused [${dialect}]`, () => {
    // The fake checkout provider hosts its pages on http://127.0.0.1 (an http checkout URL);
    // the fake online provider answers with an https one.
    const checkout = new FakeCheckoutProvider();
    const onlinepay = new FakeOnlinepayProvider();
    let t: TestApp;
    let admin: { token: string };
    let deposited: { id: number };
    let reference = 5000;

    before(async () => {
      await Promise.all([checkout.start(), onlinepay.start()]);
      t = await createTestApp(dialect, {
        config: {
          paymentApiUrls: { cardpay: checkout.url, onlinepay: onlinepay.url, checkout: checkout.url },
          paymentsAllowHttpCheckout: false,
        },
      });
      ({ admin } = await setupBookingSalon(t));
      deposited = await createService(t, admin.token, { price: 45, deposit_type: 'fixed', deposit_value: 10 });
      await setSettings(t, admin.token, {
        calendar_slot_min: 60,
        checkout_secret_key: checkout.secretKey,
        checkout_webhook_secret: 'whsec_checkout_url_test',
        onlinepay_api_key: onlinepay.apiKey,
      });
    });
    after(async () => {
      await t.close();
      await Promise.all([checkout.stop(), onlinepay.stop()]);
    });

    const start = (method: 'online' | 'checkout') =>
      startPayment(t.ctx, {
        purpose: 'pos_order',
        referenceId: (reference += 1),
        method,
        amountCents: 2500,
        description: `POS order ${reference}`,
        clientEmail: 'payer@example.com',
      });

    it('a till checkout payment whose provider answers with an http checkout URL is failed with a clear error and no link', async () => {
      const payment = await start('checkout');
      assert.equal(payment.status, 'failed');
      assert.equal(payment.checkout_url, null);
      const row = await t.ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      assert.match(row.error ?? '', /checkout URL that is not https \(http\)/);
      assert.equal(row.checkout_url, null);
    });

    it('an https checkout URL from a provider is used as before', async () => {
      const payment = await start('online');
      assert.equal(payment.status, 'pending');
      assert.match(payment.checkout_url!, /^https:\/\//);
    });

    it('a deposit whose checkout URL is http → 502 deposit_unavailable, the booking released; with the allowance the same booking goes through', async () => {
      const date = salonDate(6);
      const email = uniqueEmail('http-checkout');
      const key = `http-checkout-${Date.now()}`;
      const payload = { service_id: deposited.id, start_at: `${date} 10:00`, client_email: email };
      const refused = await publicBooking(t, payload, { headers: { 'idempotency-key': key } });
      assertError(refused, 502, 'deposit_unavailable');
      assert.doesNotMatch(JSON.stringify(refused.body), /127\.0\.0\.1/);
      const held = await t.ctx.db
        .selectFrom('bookings')
        .select(['status', 'deposit_status'])
        .where('start_at', '=', `${date} 10:00:00`)
        .execute();
      assert.deepEqual(held, [{ status: 'cancelled', deposit_status: 'expired' }]);

      t.ctx.config.paymentsAllowHttpCheckout = true;
      try {
        const allowed = await publicBooking(t, payload, { headers: { 'idempotency-key': key } });
        assert.equal(allowed.status, 201, JSON.stringify(allowed.body));
        assert.ok((allowed.body as { checkout_url: string }).checkout_url.startsWith(`${checkout.url}/c/pay/`));
      } finally {
        t.ctx.config.paymentsAllowHttpCheckout = false;
      }
    });
  });
}
