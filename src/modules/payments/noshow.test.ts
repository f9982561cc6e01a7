import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, jobsNamed, pastSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeCheckoutProvider } from '../../../test/helpers/fake-checkout.js';
import { noshowFeeCents } from './noshow.js';

const WEBHOOK_SECRET = 'whsec_noshow_test_secret';

describe('no-show fee amount (the no-show fee settings)', () => {
  const fee = (type: 'percentage' | 'fixed', value: number, min: number, price: number) =>
    noshowFeeCents({ noshow_fee_type: type, noshow_fee_value: value, noshow_min_amount: min }, price);
  it('percentage of the booking price, rounded half-up to the cent', () => {
    assert.equal(fee('percentage', 5000, 0, 4500), 2250); // 50 % of 45.00
    assert.equal(fee('percentage', 5000, 0, 1235), 618); // 50 % of 12.35 = 6.175 → 6.18
    assert.equal(fee('percentage', 3333, 0, 4555), 1518); // 33.33 % of 45.55 = 15.1818…
  });
  it('percentage never below noshow_min_amount', () => {
    assert.equal(fee('percentage', 1000, 1500, 4500), 1500);
  });
  it('fixed: noshow_fee_value as an amount, whatever the price', () => {
    assert.equal(fee('fixed', 1250, 9999, 4500), 1250);
  });
});

for (const dialect of DIALECTS) {
  describe(`no-show fee through the checkout provider [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staff: { id: number };
    let client: { id: number; name: string; email: string };
    let service: { id: number; name: string };
    const checkout = new FakeCheckoutProvider();

    before(async () => {
      await checkout.start();
      t = await createTestApp(dialect, {
        config: { paymentApiUrls: { cardpay: checkout.url, onlinepay: checkout.url, checkout: checkout.url } },
      });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = (await createClient(t, admin.token, { name: 'Nora Noshow' })) as typeof client;
      service = await createService(t, admin.token, { name: 'Balayage', price: 45 });
    });
    after(async () => {
      await t.close();
      await checkout.stop();
    });
    afterEach(() =>
      setSettings(t, admin.token, {
        noshow_enabled: 0,
        noshow_email_enabled: 1,
        noshow_fee_type: 'percentage',
        noshow_fee_value: 50,
        noshow_min_amount: 0,
        checkout_secret_key: '',
        checkout_webhook_secret: '',
      }),
    );

    const enable = (extra: object = {}) =>
      setSettings(t, admin.token, {
        noshow_enabled: 1,
        checkout_secret_key: checkout.secretKey,
        checkout_webhook_secret: WEBHOOK_SECRET,
        ...extra,
      });
    const book = async (clientId = client.id) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: clientId, staff_id: staff.id, service_id: service.id, ...pastSlot() },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number; start_at: string };
    };
    const setStatus = async (id: number, status: string) => {
      const response = await t.request({
        method: 'PUT',
        url: `/api/bookings/${id}`,
        token: admin.token,
        payload: { status },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    const feePayments = async (bookingId: number) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/payments?purpose=noshow_fee&reference_id=${bookingId}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Array<{
        id: number;
        status: string;
        amount: number;
        checkout_url: string | null;
        error: string | null;
        provider: string;
      }>;
    };
    const feeMails = (address: string) => t.mail.to(address).filter((m) => /No-show fee/.test(m.subject));
    const sessionsFor = (paymentId: number) =>
      [...checkout.sessions.values()].filter((s) => s.client_reference_id === String(paymentId));

    it('noshow_enabled off → no job, no payment', async () => {
      const booking = await book();
      await setStatus(booking.id, 'no-show');
      assert.deepEqual(await jobsNamed(t, admin.token, 'payments.noshow_fee', booking.id), []);
      await t.drain();
      assert.deepEqual(await feePayments(booking.id), []);
    });

    it('no-show with noshow_enabled: a fee job is enqueued in the same change, due now', async () => {
      await enable();
      const booking = await book();
      const before = Date.now();
      await setStatus(booking.id, 'no-show');
      const jobs = await jobsNamed(t, admin.token, 'payments.noshow_fee', booking.id);
      assert.equal(jobs.length, 1);
      assert.equal(jobs[0]!.status, 'queued');
      const runAt = await t.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('name', '=', 'payments.noshow_fee')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.ok(Date.parse(runAt.run_at) <= Date.now() && Date.parse(runAt.run_at) >= before - 1000);
      // Other transitions enqueue none.
      const completed = await book();
      await setStatus(completed.id, 'completed');
      assert.deepEqual(await jobsNamed(t, admin.token, 'payments.noshow_fee', completed.id), []);
    });

    it('percentage fee: checkout session for 50 % of the price, fee email with its link, visible to admins', async () => {
      await enable();
      const booking = await book();
      await setStatus(booking.id, 'no-show');
      await t.drain();
      const [payment] = await feePayments(booking.id);
      assert.ok(payment, 'a payment records the fee');
      assert.equal(payment.status, 'pending');
      assert.equal(payment.provider, 'checkout');
      assert.equal(payment.amount, 22.5);
      const [session] = sessionsFor(payment.id);
      assert.ok(session);
      assert.equal(session.amount_total, 2250);
      assert.equal(session.customer_email, client.email);
      assert.equal(payment.checkout_url, session.url);
      const mails = feeMails(client.email).filter((m) => m.text.includes(session.url));
      assert.equal(mails.length, 1, 'one email carrying the checkout link');
      assert.ok(mails[0]!.text.includes('22.50'));
    });

    it('percentage fee below noshow_min_amount is raised to it; fixed fee is the fixed amount', async () => {
      await enable({ noshow_fee_value: 10, noshow_min_amount: 15 });
      const floored = await book();
      await setStatus(floored.id, 'no-show');
      await t.drain(); // the fee is computed when the job runs, with the settings of then
      await enable({ noshow_fee_type: 'fixed', noshow_fee_value: 12.5 });
      const fixed = await book();
      await setStatus(fixed.id, 'no-show');
      await t.drain();
      assert.equal((await feePayments(floored.id))[0]!.amount, 15);
      assert.equal((await feePayments(fixed.id))[0]!.amount, 12.5);
    });

    it('noshow_email_enabled off: the session is created, no email', async () => {
      await enable({ noshow_email_enabled: 0 });
      const quiet = await createClient(t, admin.token, { name: 'Quiet Client' });
      const booking = await book(quiet.id);
      await setStatus(booking.id, 'no-show');
      await t.drain();
      const [payment] = await feePayments(booking.id);
      assert.equal(payment!.status, 'pending');
      assert.equal(sessionsFor(payment!.id).length, 1);
      assert.equal(feeMails(quiet.email!).length, 0);
    });

    it('no checkout provider configured: the fee is recorded failed with a clear error, admins told, no email', async () => {
      await setSettings(t, admin.token, { noshow_enabled: 1, checkout_secret_key: '' });
      const booking = await book();
      const mailsBefore = feeMails(client.email).length;
      await setStatus(booking.id, 'no-show');
      await t.drain();
      const [payment] = await feePayments(booking.id);
      assert.equal(payment!.status, 'failed');
      assert.match(payment!.error!, /No checkout provider is configured/);
      assert.equal(feeMails(client.email).length, mailsBefore);
      const jobs = await jobsNamed(t, admin.token, 'payments.noshow_fee', booking.id);
      assert.equal(jobs[0]!.status, 'done');
      const notices = await t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('type', '=', 'pos.payment_failed')
        .where('link', '=', `/payments/${payment!.id}`)
        .execute();
      assert.equal(notices.length, 1);
    });

    it('provider down: retried with backoff on the same payment (one session); dead and failed after the last attempt', async () => {
      await enable();
      const booking = await book();
      await setStatus(booking.id, 'no-show');
      checkout.failNext(1, { status: 500, json: { error: { message: 'An unknown error occurred' } } });
      await t.drain();
      let [job] = await jobsNamed(t, admin.token, 'payments.noshow_fee', booking.id);
      assert.equal(job!.status, 'failed');
      const [pending] = await feePayments(booking.id);
      assert.equal(pending!.status, 'pending');
      const makeDue = () =>
        t.ctx.db
          .updateTable('jobs')
          .set({ run_at: new Date(Date.now() - 1000).toISOString() })
          .where('name', '=', 'payments.noshow_fee')
          .where('status', '=', 'failed')
          .execute();
      await makeDue();
      await t.drain();
      [job] = await jobsNamed(t, admin.token, 'payments.noshow_fee', booking.id);
      assert.equal(job!.status, 'done');
      const payments = await feePayments(booking.id);
      assert.equal(payments.length, 1, 'the retry reused the payment');
      assert.equal(sessionsFor(payments[0]!.id).length, 1);
      assert.equal(feeMails(client.email).filter((m) => m.text.includes(payments[0]!.checkout_url!)).length, 1);

      // Down for every attempt: dead, and the fee recorded as failed.
      const doomed = await book();
      await setStatus(doomed.id, 'no-show');
      checkout.failNext(6, { status: 503, json: { error: { message: 'Service unavailable' } } });
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await makeDue();
        await t.drain();
      }
      [job] = await jobsNamed(t, admin.token, 'payments.noshow_fee', doomed.id);
      assert.equal(job!.status, 'dead');
      const [failed] = await feePayments(doomed.id);
      assert.equal(failed!.status, 'failed');
      assert.match(failed!.error!, /503/);
    });

    it('the provider’s signed completion webhook marks the fee paid; a forged one changes nothing', async () => {
      await enable();
      const booking = await book();
      await setStatus(booking.id, 'no-show');
      await t.drain();
      const [payment] = await feePayments(booking.id);
      const [session] = sessionsFor(payment!.id);
      const forged = checkout.event('checkout.session.completed', session!.id, 'whsec_forged');
      const post = (event: { body: string; signature: string }) =>
        t.request({
          method: 'POST',
          url: '/api/payments/webhooks/checkout',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          payload: event.body,
        });
      assert.equal((await post(forged)).status, 401);
      assert.equal((await feePayments(booking.id))[0]!.status, 'pending');
      assert.equal((await post(checkout.event('checkout.session.completed', session!.id, WEBHOOK_SECRET))).status, 200);
      assert.equal((await feePayments(booking.id))[0]!.status, 'paid');
      const notices = await t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', admin.id)
        .where('type', '=', 'pos.noshow_fee_paid')
        .where('link', '=', `/bookings/${booking.id}`)
        .execute();
      assert.equal(notices.length, 1, 'admins see the paid fee in-app, once');
      // Delivered again: settled once, announced once.
      assert.equal((await post(checkout.event('checkout.session.completed', session!.id, WEBHOOK_SECRET))).status, 200);
      const again = await t.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', 'pos.noshow_fee_paid')
        .where('link', '=', `/bookings/${booking.id}`)
        .execute();
      assert.equal(again.length, 1);
    });

    it('no-show again after a correction: no second session while one is open', async () => {
      await enable();
      const booking = await book();
      await setStatus(booking.id, 'no-show');
      await t.drain();
      await setStatus(booking.id, 'scheduled');
      await setStatus(booking.id, 'no-show');
      await t.drain();
      const payments = await feePayments(booking.id);
      assert.equal(payments.length, 1);
      assert.equal(sessionsFor(payments[0]!.id).length, 1);
    });

    it('a client without an email: the session is created, no email is attempted', async () => {
      await enable();
      const noMail = await createClient(t, admin.token, { name: 'No Mail', email: null });
      const booking = await book(noMail.id);
      const outboxBefore = await t.ctx.db
        .selectFrom('emails')
        .select('id')
        .where('template', '=', 'payments.noshow_fee')
        .execute();
      await setStatus(booking.id, 'no-show');
      await t.drain();
      assert.equal((await feePayments(booking.id))[0]!.status, 'pending');
      const outboxAfter = await t.ctx.db
        .selectFrom('emails')
        .select('id')
        .where('template', '=', 'payments.noshow_fee')
        .execute();
      assert.equal(outboxAfter.length, outboxBefore.length);
    });
  });
}
