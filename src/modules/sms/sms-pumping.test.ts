import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeTwilio } from '../../../test/helpers/fake-twilio.js';
import { offeredStarts, publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';
import { queueSms } from './service.js';

/*
 * SMS pumping: anyone can type a number on the booking page with `sms_consent: true`, and the
 * salon's SMS account then texts it (reminders). A fraudster earns from every message to a
 * premium range. Each test is one way of that attack, and the limit that stops it.
 */

const FROM = '+3197010203040';

for (const dialect of DIALECTS) {
  describe(`SMS pumping [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let service: { id: number };
    const twilio = new FakeTwilio();
    let day = 3;

    const outbox = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/system/sms/${id}`, token: admin.token })).body as {
        status: string;
        error: string | null;
      };
    const queueTo = (to: string, clientId: number | null = null) =>
      t.ctx.db.transaction().execute((trx) => queueSms(trx, { to, body: 'See you soon', template: 'test', clientId }));
    const deskClient = async (phone: string) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        payload: { name: 'Desk Client', email: uniqueEmail('desk'), phone, sms_consent: 1 },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; phone: string };
    };
    /** Books from the booking page as an anonymous visitor; the new client's row. */
    const bookAnonymously = async (phone: string) => {
      const date = salonDate((day += 1));
      const [start] = await offeredStarts(t, { date, service_id: service.id });
      const email = uniqueEmail('web');
      const response = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} ${start}:00`,
        client_email: email,
        client_phone: phone,
        sms_consent: true,
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const client = await t.ctx.db
        .selectFrom('clients')
        .select(['id', 'phone', 'sms_consent', 'phone_unconfirmed'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { ...client, email };
    };
    const clearCounters = () => t.ctx.db.deleteFrom('rate_limits').where('key', 'like', 'sms:%').execute();

    before(async () => {
      await twilio.start();
      t = await createTestApp(dialect, { config: { twilioApiBaseUrl: twilio.url } });
      ({ admin, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, {
        calendar_slot_min: 60,
        sms_enabled: 1,
        sms_provider: 'twilio',
        sms_account_sid: twilio.accountSid,
        sms_auth_token: twilio.authToken,
        sms_from: FROM,
      });
    });
    after(async () => {
      await t.close();
      await twilio.stop();
    });
    beforeEach(async () => {
      await clearCounters();
      await setSettings(t, admin.token, {
        sms_allowed_countries: [],
        sms_daily_limit: 200,
        sms_prefix_daily_limit: 10,
      });
    });

    it('the SMS limits are settings with defaults (the salon country, 200 a day, 10 a day per range) and validation', async () => {
      const settings = (await t.request({ method: 'GET', url: '/api/settings', token: admin.token })).body;
      assert.deepEqual(settings.sms_allowed_countries, []);
      assert.equal(settings.sms_daily_limit, 200);
      assert.equal(settings.sms_prefix_daily_limit, 10);

      const saved = await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { sms_allowed_countries: ['nl', 'BE'] },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.sms_allowed_countries, ['NL', 'BE']);
      for (const payload of [
        { sms_allowed_countries: ['XX'] },
        { sms_allowed_countries: ['NLD'] },
        { sms_daily_limit: -1 },
        { sms_prefix_daily_limit: 0 },
      ]) {
        const refused = await t.request({ method: 'PUT', url: '/api/settings', token: admin.token, payload });
        assertError(refused, 400, 'validation_failed');
      }
    });

    it('SMS pumping to a foreign premium number: no SMS consent recorded from the booking page, and never texted', async () => {
      const foreign = await bookAnonymously('+44 7400 123456');
      assert.equal(foreign.phone, '+447400123456', 'the booking and the number are kept');
      assert.equal(foreign.sms_consent, 0, 'a number outside the SMS countries gets no SMS consent');

      // Whoever queues a text to it (a desk client's reminder, a test SMS), it is not sent.
      const desk = await deskClient('+44 7400 123457');
      const id = await queueTo(desk.phone, desk.id);
      const test = await queueTo('+12025550123');
      const sentBefore = twilio.messages.length;
      await t.drain();
      const refused = await outbox(id);
      assert.deepEqual(
        { status: refused.status, error: refused.error },
        { status: 'failed', error: 'country_not_allowed' },
      );
      assert.equal((await outbox(test)).error, 'country_not_allowed');
      assert.equal(twilio.messages.length, sentBefore, 'nothing reached the provider');

      // The salon that does text the UK says so.
      await setSettings(t, admin.token, { sms_allowed_countries: ['NL', 'GB'] });
      const allowed = await queueTo(desk.phone, desk.id);
      await t.drain();
      assert.equal((await outbox(allowed)).status, 'sent', JSON.stringify(await outbox(allowed)));
      const local = await bookAnonymously('06 2345 6789');
      assert.equal(local.sms_consent, 1, 'a number of the salon country keeps its consent');
    });

    it('SMS pumping with a number typed on the booking page: not texted until a link of the salon email is used', async () => {
      const web = await bookAnonymously('06 1111 2222');
      assert.equal(web.sms_consent, 1);
      assert.equal(web.phone_unconfirmed, '+31611112222');
      const held = await queueTo(web.phone, web.id);
      await t.drain();
      const kept = await outbox(held);
      assert.deepEqual({ status: kept.status, error: kept.error }, { status: 'failed', error: 'phone_unconfirmed' });

      // The sign-in link reaches the client at their address: from then on their number is texted.
      assert.equal(
        (await t.request({ method: 'POST', url: '/api/public/client-magic-link', payload: { email: web.email } }))
          .status,
        200,
      );
      await t.drain();
      const text = t.mail.to(web.email).at(-1)?.text ?? '';
      const token = /\/client\/magic\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
      assert.ok(token, `a magic link in: ${text}`);
      const verified = await t.request({
        method: 'GET',
        url: `/api/public/client-verify-magic?token=${encodeURIComponent(decodeURIComponent(token))}`,
      });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      const confirmed = await queueTo(web.phone, web.id);
      await t.drain();
      assert.equal((await outbox(confirmed)).status, 'sent');

      // A number the desk enters is trusted at once, also for a client from the booking page.
      const other = await bookAnonymously('06 1111 3333');
      const changed = await t.request({
        method: 'PUT',
        url: `/api/clients/${other.id}`,
        token: admin.token,
        payload: { phone: '06 1111 4444' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const desk = await queueTo('+31611114444', other.id);
      await t.drain();
      assert.equal((await outbox(desk)).status, 'sent');
    });

    it('SMS pumping in volume: past the daily SMS budget messages stay unsent and the admins are alerted once', async () => {
      await setSettings(t, admin.token, { sms_daily_limit: 2 });
      const ids: number[] = [];
      for (const to of ['+31620000001', '+31630000001', '+31640000001', '+31650000001']) ids.push(await queueTo(to));
      await t.drain();
      const statuses = await Promise.all(ids.map(async (id) => outbox(id)));
      // The worker sends side by side: which two go first is its business.
      assert.deepEqual(statuses.map((sms) => sms.status).sort(), ['sent', 'sent', 'unsent', 'unsent']);
      for (const sms of statuses.filter((s) => s.status === 'unsent'))
        assert.equal(sms.error, 'sms_daily_limit_reached');
      await queueTo('+31660000001');
      await t.drain();

      const notifications = (await t.request({ method: 'GET', url: '/api/notifications?type=sms', token: admin.token }))
        .body as Array<{ type: string; message: string }>;
      assert.deepEqual(
        notifications.map((n) => n.type),
        ['sms.daily_limit_reached'],
        'one alert, however many messages are kept back',
      );
      const alerts = t.mail.to(admin.email).filter((mail) => mail.subject.startsWith('Daily SMS limit reached'));
      assert.equal(alerts.length, 1, 'one email to the admin');
      assert.match(alerts[0]!.text, /2 text messages/);
    });

    it('SMS pumping of one number range: at most sms_prefix_daily_limit messages a day to numbers sharing a prefix', async () => {
      await setSettings(t, admin.token, { sms_prefix_daily_limit: 2 });
      const range = await Promise.all(['+31687654001', '+31687654002', '+31687654999'].map((to) => queueTo(to)));
      const elsewhere = await queueTo('+31687655001');
      await t.drain();
      const statuses = await Promise.all(range.map(async (id) => (await outbox(id)).status));
      assert.deepEqual(statuses.sort(), ['sent', 'sent', 'unsent']);
      const refused = await Promise.all(range.map((id) => outbox(id)));
      assert.equal(refused.find((sms) => sms.status === 'unsent')!.error, 'sms_prefix_daily_limit_reached');
      assert.equal((await outbox(elsewhere)).status, 'sent', 'another range is not held back');
    });
  });
}
