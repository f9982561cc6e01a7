import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createTestApp, PUBLIC_BASE_URL, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createService, jobsNamed, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCheckoutProvider, type FakeSession } from '../../../test/helpers/fake-checkout.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';
import { depositCents } from '../bookings/service.js';

const WEBHOOK_SECRET = 'whsec_deposit_test_secret';

describe('deposit amount (per service: fixed or a percentage of the price booked)', () => {
  it('percentage of the price booked, rounded half-up to the cent', () => {
    assert.equal(depositCents({ deposit_type: 'percentage', deposit_value: 5000 }, 4500), 2250);
    assert.equal(depositCents({ deposit_type: 'percentage', deposit_value: 5000 }, 1235), 618); // 6.175 → 6.18
    assert.equal(depositCents({ deposit_type: 'percentage', deposit_value: 3333 }, 4555), 1518); // 15.1818…
    assert.equal(depositCents({ deposit_type: 'percentage', deposit_value: 10_000 }, 4555), 4555);
  });
  it('fixed: the amount, never more than the price booked; none: 0', () => {
    assert.equal(depositCents({ deposit_type: 'fixed', deposit_value: 1000 }, 4500), 1000);
    assert.equal(depositCents({ deposit_type: 'fixed', deposit_value: 5000 }, 4500), 4500);
    assert.equal(depositCents({ deposit_type: 'none', deposit_value: 0 }, 4500), 0);
  });
});

interface PublicAnswer {
  id: number;
  status: string;
  deposit_amount: number | null;
  deposit_status: string | null;
  checkout_url?: string | null;
  deposit_hold_min?: number | null;
}

for (const dialect of DIALECTS) {
  describe(`deposits at online booking [${dialect}]`, () => {
    const checkout = new FakeCheckoutProvider();
    let t: TestApp;
    let admin: { token: string; id: number };
    let fixed: { id: number };
    let percentage: { id: number };
    let plain: { id: number };
    let day = 3;
    /** A date of its own for each booking: no test sees another's. */
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      await checkout.start();
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: checkout.url, onlinepay: checkout.url, checkout: checkout.url } },
      });
      ({ admin, service: plain } = await setupBookingSalon(t));
      fixed = await createService(t, admin.token, { price: 45, deposit_type: 'fixed', deposit_value: 10 });
      percentage = await createService(t, admin.token, {
        price: 45.55,
        deposit_type: 'percentage',
        deposit_value: 33.33,
      });
      await setSettings(t, admin.token, {
        calendar_slot_min: 60,
        checkout_secret_key: checkout.secretKey,
        checkout_webhook_secret: WEBHOOK_SECRET,
      });
    });
    after(async () => {
      await t.close();
      await checkout.stop();
    });

    const book = async (serviceId: number, options: { email?: string; key?: string; date?: string } = {}) => {
      const email = options.email ?? uniqueEmail('deposit');
      const response = await publicBooking(
        t,
        { service_id: serviceId, start_at: `${options.date ?? nextDate()} 10:00`, client_email: email },
        options.key ? { headers: { 'idempotency-key': options.key } } : {},
      );
      return { response, email, body: response.body as PublicAnswer };
    };
    const staffView = async (id: number) => {
      const response = await t.request({ method: 'GET', url: `/api/bookings/${id}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { status: string; deposit_amount: number | null; deposit_status: string | null };
    };
    const depositPayment = async (bookingId: number) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/payments?purpose=deposit&reference_id=${bookingId}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return (response.body as Array<{ id: number; status: string; amount: number; checkout_url: string | null }>)[0];
    };
    const sessionOf = (paymentId: number): FakeSession => {
      const session = [...checkout.sessions.values()].find((s) => s.client_reference_id === String(paymentId));
      assert.ok(session, `a checkout session for payment ${paymentId}`);
      return session;
    };
    const postEvent = (type: string, sessionId: string) => {
      const event = checkout.event(type, sessionId, WEBHOOK_SECRET);
      return t.request({
        method: 'POST',
        url: '/api/payments/webhooks/checkout',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      });
    };
    /** The deposit's release job, made due now (as if deposit_timeout_min had passed), then the queue run. */
    const timeOut = async (paymentId: number) => {
      const moved = await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('name', '=', 'payments.deposit_release')
        .where('payload', '=', JSON.stringify({ paymentId }))
        .where('status', 'in', ['queued', 'failed'])
        .executeTakeFirst();
      assert.equal(moved.numUpdatedRows, 1n, 'one release job waits for the deposit');
      await t.drain();
    };
    const serviceById = async (id: number) => {
      const list = (await t.request({ method: 'GET', url: '/api/services', token: admin.token })).body as Array<{
        id: number;
        deposit_type: string;
        deposit_value: number;
      }>;
      return list.find((s) => s.id === id)!;
    };
    const notices = (type: string) =>
      t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', admin.id)
        .where('type', '=', type)
        .execute();

    it('invalid deposit settings → 400: a percentage above 100, a negative value, an unknown type, a type change the stored value does not fit', async () => {
      const create = (payload: object) =>
        t.request({
          method: 'POST',
          url: '/api/services',
          token: admin.token,
          payload: { name: 'Deposit check', duration_min: 30, price: 40, ...payload },
        });
      assertInvalid(await create({ deposit_type: 'percentage', deposit_value: 100.01 }), 'deposit_value');
      assertInvalid(await create({ deposit_type: 'fixed', deposit_value: -1 }), 'deposit_value');
      assertInvalid(await create({ deposit_type: 'half', deposit_value: 10 }), 'deposit_type');
      const service = (await create({ deposit_type: 'fixed', deposit_value: 150 })).body as { id: number };
      const change = await t.request({
        method: 'PUT',
        url: `/api/services/${service.id}`,
        token: admin.token,
        payload: { deposit_type: 'percentage' },
      });
      assertInvalid(change, 'deposit_value');
      const shown = await serviceById(service.id);
      assert.equal(shown.deposit_type, 'fixed', 'nothing changed');
      assert.equal(shown.deposit_value, 150);
    });

    it('deposit settings are stored and shown: fixed in currency units, percentage 0–100, none stores 0; default none', async () => {
      const list = (await t.request({ method: 'GET', url: '/api/services', token: admin.token })).body as Array<{
        id: number;
        deposit_type: string;
        deposit_value: number;
      }>;
      const byId = new Map(list.map((s) => [s.id, s]));
      assert.deepEqual([byId.get(fixed.id)!.deposit_type, byId.get(fixed.id)!.deposit_value], ['fixed', 10]);
      assert.deepEqual(
        [byId.get(percentage.id)!.deposit_type, byId.get(percentage.id)!.deposit_value],
        ['percentage', 33.33],
      );
      assert.deepEqual([byId.get(plain.id)!.deposit_type, byId.get(plain.id)!.deposit_value], ['none', 0]);
      const none = await createService(t, admin.token, { deposit_type: 'none', deposit_value: 25 });
      assert.equal((await serviceById(none.id)).deposit_value, 0);
    });

    it('deposit_timeout_min: 5 to 1440, default 30', async () => {
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.equal(settings.body.deposit_timeout_min, 30);
      for (const value of [4, 1441, 12.5]) {
        const response = await t.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: { deposit_timeout_min: value },
        });
        assertInvalid(response, 'deposit_timeout_min');
      }
    });

    it('a booking of a service with a deposit is held: provisional, deposit pending, the checkout URL of a session for it, nothing sent yet', async () => {
      const { response, email, body } = await book(fixed.id);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(body.status, 'provisional');
      assert.equal(body.deposit_amount, 10);
      assert.equal(body.deposit_status, 'pending');
      const payment = await depositPayment(body.id);
      assert.ok(payment);
      assert.equal(payment.status, 'pending');
      assert.equal(payment.amount, 10);
      const session = sessionOf(payment.id);
      assert.equal(body.checkout_url, session.url);
      assert.equal(payment.checkout_url, session.url);
      assert.equal(session.amount_total, 1000);
      assert.equal(session.customer_email, email);
      // The return page's address, with the token that lets it read the outcome (and the way
      // back without paying marked as such).
      const back = new URL(session.success_url);
      assert.equal(`${back.origin}${back.pathname}`, `${PUBLIC_BASE_URL}/payment/return`);
      assert.equal(back.searchParams.get('payment_id'), String(payment.id));
      assert.match(back.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.equal(session.cancel_url, `${session.success_url}&cancelled=1`);
      assert.equal(body.deposit_hold_min, 30, 'the answer says how long the time is held');
      assert.ok(session.expires_at !== null, 'the session expires by itself too');

      const staff = await staffView(body.id);
      assert.deepEqual([staff.status, staff.deposit_amount, staff.deposit_status], ['provisional', 10, 'pending']);
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/bookings/${body.id}`, token: admin.token })).body
          .provisional_token,
        null,
        'nobody can answer it before it is paid',
      );
      const [release] = await t.ctx.db
        .selectFrom('jobs')
        .select(['run_at', 'key'])
        .where('name', '=', 'payments.deposit_release')
        .where('payload', '=', JSON.stringify({ paymentId: payment.id }))
        .execute();
      assert.ok(release);
      assert.equal(release.key, `deposit.release:${payment.id}`);
      const minutes = (Date.parse(release.run_at) - Date.now()) / 60_000;
      assert.ok(minutes > 29 && minutes <= 30, `released after deposit_timeout_min (${minutes} min)`);

      await t.drain();
      assert.deepEqual(t.mail.to(email), [], 'no confirmation before the deposit is paid');
      assert.deepEqual(await jobsNamed(t, admin.token, 'booking.created', body.id), []);
    });

    it('an Idempotency-Key replay answers the same booking and the same checkout URL', async () => {
      const key = `deposit-${Date.now()}`;
      const date = nextDate();
      const email = uniqueEmail('deposit-key');
      const first = await book(fixed.id, { key, date, email });
      const again = await book(fixed.id, { key, date, email });
      assert.equal(first.response.status, 201);
      assert.equal(again.response.status, 201);
      assert.equal(again.response.headers['idempotent-replayed'], 'true');
      assert.equal(again.body.id, first.body.id);
      assert.equal(again.body.checkout_url, first.body.checkout_url);
      assert.ok(first.body.checkout_url);
      const payment = await depositPayment(first.body.id);
      assert.equal(
        [...checkout.sessions.values()].filter((s) => s.client_reference_id === String(payment!.id)).length,
        1,
        'one session',
      );
    });

    it('paid (signed webhook) → scheduled, deposit paid, with its confirmation email and jobs', async () => {
      const { email, body } = await book(fixed.id);
      const payment = (await depositPayment(body.id))!;
      const paid = await postEvent('checkout.session.completed', sessionOf(payment.id).id);
      assert.equal(paid.status, 200);
      assert.equal((await depositPayment(body.id))!.status, 'paid');
      const staff = await staffView(body.id);
      assert.deepEqual([staff.status, staff.deposit_status, staff.deposit_amount], ['scheduled', 'paid', 10]);
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', body.id)).length, 1);
      await t.drain();
      assert.equal(t.mail.to(email).length, 1, 'the confirmation email');
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', body.id))[0]!.status, 'done');
      // The release job that was waiting finds the payment settled and changes nothing.
      await timeOut(payment.id);
      assert.equal((await staffView(body.id)).status, 'scheduled');
      // A repeated webhook changes nothing either.
      assert.equal((await postEvent('checkout.session.completed', sessionOf(payment.id).id)).status, 200);
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', body.id)).length, 1);
    });

    it('paid with booking_mode request → a provisional booking with its confirm/decline email', async () => {
      await setSettings(t, admin.token, { booking_mode: 'request' });
      try {
        const { email, body } = await book(fixed.id);
        assert.equal(body.status, 'provisional');
        await t.drain();
        assert.deepEqual(t.mail.to(email), []);
        const payment = (await depositPayment(body.id))!;
        await postEvent('checkout.session.completed', sessionOf(payment.id).id);
        const staff = (await t.request({ method: 'GET', url: `/api/bookings/${body.id}`, token: admin.token })).body;
        assert.equal(staff.status, 'provisional');
        assert.equal(staff.deposit_status, 'paid');
        assert.ok(staff.provisional_token, 'the client can answer it now');
        await t.drain();
        assert.equal(t.mail.to(email).length, 1, 'the confirm/decline email');
        const confirmed = await t.request({
          method: 'POST',
          url: '/api/public/bookings/confirm',
          payload: { token: staff.provisional_token },
        });
        assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
        assert.equal(confirmed.body.status, 'scheduled');
        assert.equal(confirmed.body.deposit_status, 'paid');
      } finally {
        await setSettings(t, admin.token, { booking_mode: 'direct' });
      }
    });

    it('not paid within deposit_timeout_min → released: cancelled, deposit expired, session expired, no email, the slot bookable again', async () => {
      const date = nextDate();
      const { email, body } = await book(fixed.id, { date });
      const payment = (await depositPayment(body.id))!;
      const taken = await book(fixed.id, { date });
      assertError(taken.response, 409, 'slot_taken');

      await timeOut(payment.id);
      const staff = await staffView(body.id);
      assert.deepEqual([staff.status, staff.deposit_status], ['cancelled', 'expired']);
      assert.equal((await depositPayment(body.id))!.status, 'cancelled');
      assert.equal(sessionOf(payment.id).status, 'expired', 'no longer payable at the provider');
      assert.deepEqual(t.mail.to(email), [], 'no cancellation email for a booking never completed');
      assert.deepEqual(await jobsNamed(t, admin.token, 'booking.cancelled', body.id), []);

      const rebooked = await book(plain.id, { date });
      assert.equal(rebooked.response.status, 201, JSON.stringify(rebooked.body));
      assert.equal(rebooked.body.status, 'scheduled');
    });

    it('paid just before the timeout, its webhook not yet in: the release finds it paid and completes the booking', async () => {
      const { body } = await book(fixed.id);
      const payment = (await depositPayment(body.id))!;
      // The client paid; Stripe's event is still on its way.
      checkout.event('checkout.session.completed', sessionOf(payment.id).id, WEBHOOK_SECRET);
      await timeOut(payment.id);
      const staff = await staffView(body.id);
      assert.deepEqual([staff.status, staff.deposit_status], ['scheduled', 'paid']);
      assert.equal((await depositPayment(body.id))!.status, 'paid');
    });

    it('a payment arriving after the release is recorded and flagged to the salon; the booking is not revived', async () => {
      const { email, body } = await book(fixed.id);
      const payment = (await depositPayment(body.id))!;
      const session = sessionOf(payment.id);
      // The provider cannot be reached when the deposit times out: the slot is released anyway.
      checkout.failNext(2, { status: 503, json: { error: { message: 'unavailable' } } });
      await timeOut(payment.id);
      assert.deepEqual(
        [(await staffView(body.id)).status, (await staffView(body.id)).deposit_status],
        ['cancelled', 'expired'],
      );
      assert.equal((await depositPayment(body.id))!.status, 'pending', 'still payable at the provider');

      const before = (await notices('pos.deposit_late')).length;
      assert.equal((await postEvent('checkout.session.completed', session.id)).status, 200);
      assert.equal((await depositPayment(body.id))!.status, 'paid', 'the money is recorded');
      const staff = await staffView(body.id);
      assert.deepEqual([staff.status, staff.deposit_status], ['cancelled', 'late']);
      const flagged = await notices('pos.deposit_late');
      assert.equal(flagged.length, before + 1);
      assert.equal(flagged.at(-1)!.link, `/payments/${payment.id}`);
      await t.drain();
      assert.deepEqual(t.mail.to(email), [], 'the client got no confirmation');
      assert.deepEqual(await jobsNamed(t, admin.token, 'booking.created', body.id), []);
    });

    it('percentage deposit: a percentage of the price booked, rounded half-up to the cent, charged at the provider', async () => {
      const { body } = await book(percentage.id);
      assert.equal(body.deposit_amount, 15.18); // 33.33 % of 45.55 = 15.1818…
      const payment = (await depositPayment(body.id))!;
      assert.equal(payment.amount, 15.18);
      assert.equal(sessionOf(payment.id).amount_total, 1518);
    });

    it('a visit: one deposit, the sum of its parts; every part held; paid → every part scheduled', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/public/visits',
        payload: {
          client_name: 'Vera Visit',
          client_email: uniqueEmail('visit-deposit'),
          start_at: `${nextDate()} 10:00`,
          parts: [{ service_id: fixed.id }, { service_id: percentage.id }, { service_id: plain.id }],
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const parts = response.body.bookings as PublicAnswer[];
      assert.deepEqual(
        parts.map((p) => [p.status, p.deposit_amount, p.deposit_status]),
        [
          ['provisional', 10, 'pending'],
          ['provisional', 15.18, 'pending'],
          ['provisional', 0, 'pending'],
        ],
      );
      const payment = (await depositPayment(parts[0]!.id))!;
      assert.equal(payment.amount, 25.18);
      assert.equal(response.body.checkout_url, sessionOf(payment.id).url);
      await postEvent('checkout.session.completed', sessionOf(payment.id).id);
      for (const part of parts) {
        const staff = await staffView(part.id);
        assert.deepEqual([staff.status, staff.deposit_status], ['scheduled', 'paid']);
      }
    });

    it('services without a deposit are booked as before: scheduled, no deposit, no payment, no checkout URL', async () => {
      const { response, body } = await book(plain.id);
      assert.equal(response.status, 201);
      assert.equal(body.status, 'scheduled');
      assert.equal(body.deposit_amount, null);
      assert.equal(body.deposit_status, null);
      assert.equal(body.checkout_url, null);
      assert.equal(await depositPayment(body.id), undefined);
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', body.id)).length, 1);
    });

    it('without a checkout provider a service with a deposit is booked without one', async () => {
      await setSettings(t, admin.token, { checkout_secret_key: '' });
      try {
        const { response, body } = await book(fixed.id);
        assert.equal(response.status, 201);
        assert.equal(body.status, 'scheduled');
        assert.equal(body.deposit_status, null);
        assert.equal(body.checkout_url, null);
        assert.equal(await depositPayment(body.id), undefined);
      } finally {
        await setSettings(t, admin.token, { checkout_secret_key: checkout.secretKey });
      }
    });

    it('the checkout provider failing → 502 deposit_unavailable, the booking released, the slot free and the key reusable', async () => {
      const date = nextDate();
      const key = `deposit-fail-${Date.now()}`;
      const email = uniqueEmail('deposit-fail');
      checkout.failNext(1, { status: 500, json: { error: { message: 'boom' } } });
      const failed = await book(fixed.id, { date, key, email });
      assertError(failed.response, 502, 'deposit_unavailable');
      const held = await t.ctx.db
        .selectFrom('bookings')
        .select(['status', 'deposit_status'])
        .where('start_at', '=', `${date} 10:00:00`)
        .execute();
      assert.deepEqual(held, [{ status: 'cancelled', deposit_status: 'expired' }]);
      const retried = await book(fixed.id, { date, key, email });
      assert.equal(retried.response.status, 201, JSON.stringify(retried.body));
      assert.equal(retried.response.headers['idempotent-replayed'], undefined);
      assert.ok(retried.body.checkout_url);
    });
  });
}
