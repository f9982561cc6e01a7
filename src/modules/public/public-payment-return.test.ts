import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, createStaff, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCheckoutProvider, type FakeSession } from '../../../test/helpers/fake-checkout.js';
import { FakeOnlinepayProvider } from '../../../test/helpers/fake-onlinepay.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';
import { formatInstant } from '../../lib/time.js';

/*
 * Deposits from the booking page's side: what the services list announces, and the status a
 * return page reads (GET /public/payment-status) with the token of its URL, after the
 * provider's checkout sends the browser back.
 */

const WEBHOOK_SECRET = 'whsec_return_test_secret';

interface Status {
  payment_id: number;
  purpose: string;
  status: string;
  amount: number;
  currency: string;
  checkout_url: string | null;
  held_until: string | null;
  booking: {
    start_at: string;
    end_at: string;
    status: string;
    deposit_status: string | null;
    parts: Array<{ service_name: string; staff_name: string; start_at: string; end_at: string }>;
  } | null;
}

for (const dialect of DIALECTS) {
  describe(`deposits on the booking page and the payment return page's status [${dialect}]`, () => {
    const checkout = new FakeCheckoutProvider();
    const onlinepay = new FakeOnlinepayProvider();
    let t: TestApp;
    let admin: { token: string };
    let deposit: { id: number; name: string };
    let day = 3;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      await Promise.all([checkout.start(), onlinepay.start()]);
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: checkout.url, onlinepay: onlinepay.url, checkout: checkout.url } },
      });
      ({ admin } = await setupBookingSalon(t));
      deposit = await createService(t, admin.token, { price: 45, deposit_type: 'fixed', deposit_value: 10 });
      await setSettings(t, admin.token, {
        calendar_slot_min: 60,
        currency: 'EUR',
        checkout_secret_key: checkout.secretKey,
        checkout_webhook_secret: WEBHOOK_SECRET,
        onlinepay_api_key: onlinepay.apiKey,
      });
    });
    after(async () => {
      await t.close();
      await Promise.all([checkout.stop(), onlinepay.stop()]);
    });

    /** A booking held for its deposit, its session at the provider and the return URL's query. */
    const bookHeld = async () => {
      const email = uniqueEmail('return');
      const response = await publicBooking(t, {
        service_id: deposit.id,
        start_at: `${nextDate()} 10:00`,
        client_name: 'Rosa Return',
        client_email: email,
        client_phone: '+31 6 11112222',
        notes: 'Private note',
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const session = [...checkout.sessions.values()].find((s) => s.url === response.body.checkout_url);
      assert.ok(session, 'a checkout session for the booking');
      const back = new URL(session.success_url);
      return {
        booking: response.body as { id: number; deposit_hold_min: number },
        session,
        email,
        paymentId: Number(back.searchParams.get('payment_id')),
        query: back.searchParams,
      };
    };
    const status = (query: URLSearchParams | string, remoteAddress?: string) =>
      t.request({
        method: 'GET',
        url: `/api/public/payment-status?${query.toString()}`,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const readStatus = async (query: URLSearchParams) => {
      const response = await status(query);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Status;
    };
    const paidWebhook = async (session: FakeSession) => {
      const event = checkout.event('checkout.session.completed', session.id, WEBHOOK_SECRET);
      const response = await t.request({
        method: 'POST',
        url: '/api/payments/webhooks/checkout',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      });
      assert.equal(response.status, 200);
    };
    /** The provider's lookups of a session so far. */
    const lookups = (session: FakeSession) =>
      checkout.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`).length;
    /** As if the return page's lookup window of a payment had passed. */
    const endLookupWindow = (paymentId: number) =>
      t.ctx.db.deleteFrom('rate_limits').where('key', '=', `payments:return-lookup:${paymentId}`).execute();
    const staffBooking = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/bookings/${id}`, token: admin.token })).body as {
        status: string;
        deposit_status: string | null;
      };

    it('public services announce each deposit (fixed: never above the price; percentage), even with prices hidden; none without a checkout provider', async () => {
      const percent = await createService(t, admin.token, { price: 40, deposit_type: 'percentage', deposit_value: 25 });
      const above = await createService(t, admin.token, { price: 30, deposit_type: 'fixed', deposit_value: 50 });
      const plain = await createService(t, admin.token, { price: 40 });
      const list = async () =>
        new Map(
          (
            (await t.request({ method: 'GET', url: '/api/public/services' })).body as Array<{
              id: number;
              deposit: unknown;
            }>
          ).map((s) => [s.id, s.deposit]),
        );
      let shown = await list();
      assert.deepEqual(shown.get(deposit.id), { type: 'fixed', value: 10 });
      assert.deepEqual(shown.get(percent.id), { type: 'percentage', value: 25 });
      assert.deepEqual(shown.get(above.id), { type: 'fixed', value: 30 });
      assert.equal(shown.get(plain.id), null);

      await setSettings(t, admin.token, { booking_show_prices: 0 });
      shown = await list();
      assert.deepEqual(shown.get(deposit.id), { type: 'fixed', value: 10 }, 'the client pays it: always shown');
      await setSettings(t, admin.token, { booking_show_prices: 1, checkout_secret_key: '' });
      try {
        shown = await list();
        assert.equal(shown.get(deposit.id), null, 'no checkout provider: booked without a deposit');
      } finally {
        await setSettings(t, admin.token, { checkout_secret_key: checkout.secretKey });
      }
    });

    it('the booking answer says how long the time is held; the return URL carries the payment and its token, the way back without paying adds cancelled=1', async () => {
      const { booking, session, paymentId, query } = await bookHeld();
      assert.equal(booking.deposit_hold_min, 30);
      assert.ok(paymentId > 0);
      assert.deepEqual([...query.keys()], ['payment_id', 'token']);
      assert.equal(session.cancel_url, `${session.success_url}&cancelled=1`);
    });

    it('a held deposit reads pending: amount, currency, where to pay, held until the release (salon time), and the booking as its client sees it, nothing of the client', async () => {
      const { session, email, paymentId, query } = await bookHeld();
      const body = await readStatus(query);
      assert.deepEqual(Object.keys(body).sort(), [
        'amount',
        'booking',
        'checkout_url',
        'currency',
        'held_until',
        'payment_id',
        'purpose',
        'status',
      ]);
      assert.equal(body.payment_id, paymentId);
      assert.equal(body.purpose, 'deposit');
      assert.equal(body.status, 'pending');
      assert.equal(body.amount, 10);
      assert.equal(body.currency, 'EUR');
      assert.equal(body.checkout_url, session.url);
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('key', '=', `deposit.release:${paymentId}`)
        .executeTakeFirstOrThrow();
      assert.equal(body.held_until, formatInstant(job.run_at, 'Europe/Amsterdam'));
      assert.ok(body.booking);
      assert.equal(body.booking.status, 'provisional');
      assert.equal(body.booking.deposit_status, 'pending');
      assert.deepEqual(Object.keys(body.booking).sort(), ['deposit_status', 'end_at', 'parts', 'start_at', 'status']);
      assert.deepEqual(body.booking.parts, [
        {
          service_name: deposit.name,
          staff_name: 'Test staff',
          start_at: body.booking.start_at,
          end_at: body.booking.end_at,
        },
      ]);
      const text = JSON.stringify(body);
      for (const secret of ['Rosa Return', email, '+31', 'Private note']) {
        assert.equal(text.includes(secret), false, `no "${secret}" in the answer`);
      }
    });

    it('paid by the webhook → paid; the booking is booked (scheduled, deposit paid); nothing left to pay', async () => {
      const { booking, session, query } = await bookHeld();
      await paidWebhook(session);
      const body = await readStatus(query);
      assert.equal(body.status, 'paid');
      assert.equal(body.checkout_url, null);
      assert.equal(body.held_until, null);
      assert.deepEqual([body.booking?.status, body.booking?.deposit_status], ['scheduled', 'paid']);
      assert.deepEqual(await staffBooking(booking.id).then((b) => [b.status, b.deposit_status]), ['scheduled', 'paid']);
    });

    it('paid with booking_mode request → the booking is a request: provisional with its deposit paid', async () => {
      await setSettings(t, admin.token, { booking_mode: 'request' });
      try {
        const { session, query } = await bookHeld();
        await paidWebhook(session);
        const body = await readStatus(query);
        assert.equal(body.status, 'paid');
        assert.deepEqual([body.booking?.status, body.booking?.deposit_status], ['provisional', 'paid']);
      } finally {
        await setSettings(t, admin.token, { booking_mode: 'direct' });
      }
    });

    it('a slow webhook: while pending, a read asks the provider (at most once per 15 seconds per payment, whoever reads) and settles what it answers', async () => {
      const { booking, session, paymentId, query } = await bookHeld();
      const before = lookups(session);
      assert.equal((await readStatus(query)).status, 'pending');
      assert.equal(lookups(session), before + 1, 'the first read asks the provider');
      // Paid at the provider; its webhook has not arrived.
      checkout.event('checkout.session.completed', session.id, WEBHOOK_SECRET);
      assert.equal((await readStatus(query)).status, 'pending', 'within the window: not asked again');
      assert.equal(lookups(session), before + 1);

      await endLookupWindow(paymentId);
      const body = await readStatus(query);
      assert.equal(body.status, 'paid');
      assert.equal(lookups(session), before + 2);
      assert.deepEqual([body.booking?.status, body.booking?.deposit_status], ['scheduled', 'paid']);
      assert.equal((await staffBooking(booking.id)).status, 'scheduled');
      await readStatus(query);
      assert.equal(lookups(session), before + 2, 'a settled payment is never looked up');
    });

    it('the provider cannot be reached: the read still answers, pending', async () => {
      const { session, query } = await bookHeld();
      const before = lookups(session);
      checkout.failNext(1, { status: 503, json: { error: { message: 'down' } } });
      const body = await readStatus(query);
      assert.equal(body.status, 'pending');
      assert.equal(lookups(session), before + 1, 'the provider was asked, and failed');
    });

    it('not paid in time → expired: the booking released (cancelled, deposit expired), nothing to pay, no hold', async () => {
      const { paymentId, query } = await bookHeld();
      await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', `deposit.release:${paymentId}`)
        .execute();
      await t.drain();
      const body = await readStatus(query);
      assert.equal(body.status, 'expired');
      assert.equal(body.checkout_url, null);
      assert.equal(body.held_until, null);
      assert.deepEqual([body.booking?.status, body.booking?.deposit_status], ['cancelled', 'expired']);
    });

    it('a wrong token, another payment’s token and an unknown payment answer the same 404; no token is 400', async () => {
      const first = await bookHeld();
      const second = await bookHeld();
      const wrong = new URLSearchParams({ payment_id: String(first.paymentId), token: 'x'.repeat(43) });
      const swapped = new URLSearchParams({
        payment_id: String(first.paymentId),
        token: second.query.get('token')!,
      });
      const unknown = new URLSearchParams({ payment_id: '999999', token: first.query.get('token')! });
      const answers = await Promise.all([wrong, swapped, unknown].map((query) => status(query)));
      for (const answer of answers) assertError(answer, 404, 'not_found');
      assert.deepEqual(answers[0]!.body.error, answers[2]!.body.error);
      assertError(await status(`payment_id=${first.paymentId}`), 400, 'validation_failed');
    });

    it('other purposes: a POS order paid online reads its purpose and amount, without a booking', async () => {
      const staff = await createStaff(t);
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token, { price: 30 });
      const sold = await t.request({
        method: 'POST',
        url: '/api/pos',
        token: staff.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'online',
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        },
      });
      assert.equal(sold.status, 201, JSON.stringify(sold.body));
      const hosted = [...onlinepay.payments.values()].at(-1);
      assert.ok(hosted?.redirectUrl, 'a hosted checkout with a return URL');
      const body = await readStatus(new URL(hosted.redirectUrl).searchParams);
      assert.equal(body.purpose, 'pos_order');
      assert.equal(body.status, 'pending');
      assert.equal(body.amount, 30);
      assert.equal(body.booking, null);
      assert.equal(body.held_until, null);
    });

    it('rate limited per IP: the 61st read in a minute is 429', async () => {
      const query = new URLSearchParams({ payment_id: '1', token: 'not-a-token' });
      const address = '10.250.0.7';
      for (let i = 0; i < 60; i += 1) assert.equal((await status(query, address)).status, 404);
      assertError(await status(query, address), 429, 'rate_limited');
    });
  });
}
