import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeTwilio } from '../../../test/helpers/fake-twilio.js';
import { queueSms } from './service.js';

const FROM = '+3197010203040';

for (const dialect of DIALECTS) {
  describe(`SMS through Twilio [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let serviceBase: string;
    const twilio = new FakeTwilio();

    const configure = () =>
      setSettings(t, admin.token, {
        sms_enabled: 1,
        sms_provider: 'twilio',
        sms_account_sid: twilio.accountSid,
        sms_auth_token: twilio.authToken,
        sms_from: FROM,
      });
    const outbox = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/system/sms/${id}`, token: admin.token })).body as {
        status: string;
        error: string | null;
        provider_id: string | null;
        to: string;
        delivered_at: string | null;
      };
    const createClient = async (payload: object) => {
      const response = await t.request({ method: 'POST', url: '/api/clients', token: admin.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; phone: string; sms_consent: number };
    };
    const queueTo = (to: string, clientId: number | null = null) =>
      t.ctx.db
        .transaction()
        .execute((trx) => queueSms(trx, { to, body: 'Your visit is tomorrow', template: 'test', clientId }));
    /** A job waiting for its retry is made due now, as time passing would. */
    const makeRetriesDue = () =>
      t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(0).toISOString() })
        .where('status', '=', 'failed')
        .execute();

    before(async () => {
      await twilio.start();
      t = await createTestApp(dialect, { config: { twilioApiBaseUrl: twilio.url } });
      admin = await setupSalon(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      serviceBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await t.close();
      await twilio.stop();
    });
    beforeEach(configure);

    it('an SMS goes to the provider and its signed status callback marks it delivered', async () => {
      const queued = await t.request({
        method: 'POST',
        url: '/api/settings/test-sms',
        token: admin.token,
        payload: { to: '06 1234 5678' },
      });
      assert.equal(queued.status, 202, JSON.stringify(queued.body));
      assert.equal((await outbox(queued.body.id)).status, 'queued');
      await t.drain();

      const sent = await outbox(queued.body.id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.to, '+31612345678');
      const message = twilio.messages.find((m) => m.sid === sent.provider_id);
      assert.ok(message, 'the provider received it');
      assert.equal(message.from, FROM);
      assert.equal(message.statusCallback, `${PUBLIC_BASE_URL}/api/webhooks/sms/twilio`);

      const report = await twilio.report(serviceBase, message.sid, 'delivered');
      assert.equal(report.status, 200);
      const delivered = await outbox(queued.body.id);
      assert.equal(delivered.status, 'delivered');
      assert.ok(delivered.delivered_at);
      // Repeated and late reports change nothing.
      assert.equal((await twilio.report(serviceBase, message.sid, 'delivered')).status, 200);
      assert.equal((await twilio.report(serviceBase, message.sid, 'sent')).status, 200);
      assert.equal((await outbox(queued.body.id)).status, 'delivered');

      const listed = await t.request({ method: 'GET', url: '/api/system/sms?to=0612345678', token: admin.token });
      assert.equal(listed.status, 200);
      assert.equal(listed.body[0].id, queued.body.id, 'newest first, found by any notation of the number');
    });

    it('a forged or unsigned status callback is 403 and changes nothing', async () => {
      const id = await queueTo('+31612345679');
      await t.drain();
      const { provider_id } = await outbox(id);
      const forged = await twilio.report(serviceBase, provider_id!, 'failed', { authToken: 'not-the-token' });
      assert.equal(forged.status, 403);
      assert.equal(((await forged.json()) as { code: string }).code, 'invalid_signature');
      const unsigned = await twilio.report(serviceBase, provider_id!, 'failed', { signature: null });
      assert.equal(unsigned.status, 403);
      assert.equal((await outbox(id)).status, 'sent');

      const undelivered = await twilio.report(serviceBase, provider_id!, 'undelivered', { errorCode: '30003' });
      assert.equal(undelivered.status, 200);
      const failed = await outbox(id);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error, 'twilio error 30003');
    });

    it('a provider 400 marks the SMS failed without retry', async () => {
      twilio.failNext(1, {
        status: 400,
        json: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
      });
      const id = await queueTo('+31612345670');
      await t.drain();
      const failed = await outbox(id);
      assert.equal(failed.status, 'failed');
      assert.match(failed.error!, /twilio 400: 21610/);
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('name', '=', 'sms.send')
        .where('payload', '=', JSON.stringify({ smsId: id }))
        .executeTakeFirstOrThrow();
      assert.equal(job.status, 'done');
      assert.equal(job.attempts, 1);
    });

    it('a provider 500 or 429 is retried with last_error, then sent', async () => {
      twilio.failNext(1, { status: 500, json: { code: 20500, message: 'Internal Server Error', status: 500 } });
      twilio.failNext(1, { status: 429, json: { code: 20429, message: 'Too Many Requests', status: 429 } });
      const id = await queueTo('+31612345671');
      await t.drain();
      const retried = await outbox(id);
      assert.equal(retried.status, 'queued');
      assert.match(retried.error!, /twilio 500/);
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('payload', '=', JSON.stringify({ smsId: id }))
        .executeTakeFirstOrThrow();
      assert.equal(job.status, 'failed');
      assert.match(job.last_error!, /twilio 500/);
      await makeRetriesDue();
      await t.drain();
      assert.match((await outbox(id)).error!, /twilio 429/);
      await makeRetriesDue();
      await t.drain();
      assert.equal((await outbox(id)).status, 'sent');
    });

    it('STOP opts the client out and a later SMS is not sent; START opts back in', async () => {
      const client = await createClient({ name: 'Sam Stop', phone: '06-2345 6789', sms_consent: 1 });
      assert.equal(client.phone, '+31623456789');
      assert.equal(client.sms_consent, 1);
      const inboundUrl = `${PUBLIC_BASE_URL}/api/webhooks/sms/twilio/inbound`;

      const stop = await twilio.inbound(serviceBase, inboundUrl, '+31623456789', ' stop ');
      assert.equal(stop.status, 200);
      // Twilio reads the answer as TwiML: an empty <Response> sends nothing back.
      assert.match(stop.headers.get('content-type') ?? '', /^text\/xml/);
      assert.equal(await stop.text(), '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      const read = await t.request({ method: 'GET', url: `/api/clients/${client.id}`, token: admin.token });
      assert.equal(read.body.sms_consent, 0);

      const before = twilio.messages.length;
      const id = await queueTo(client.phone, client.id);
      await t.drain();
      const refused = await outbox(id);
      assert.equal(refused.status, 'failed');
      assert.equal(refused.error, 'no_consent');
      assert.equal(twilio.messages.length, before, 'nothing reached the provider');

      assert.equal((await twilio.inbound(serviceBase, inboundUrl, '+31623456789', 'Start')).status, 200);
      const again = await t.request({ method: 'GET', url: `/api/clients/${client.id}`, token: admin.token });
      assert.equal(again.body.sms_consent, 1);
    });

    it('an unsigned inbound STOP is 403 and changes nothing', async () => {
      const client = await createClient({ name: 'Una Signed', phone: '+31 6 3456 7890', sms_consent: true });
      const response = await fetch(`${serviceBase}/api/webhooks/sms/twilio/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
        body: new URLSearchParams({ From: '+31634567890', Body: 'STOP' }),
      });
      assert.equal(response.status, 403);
      const read = await t.request({ method: 'GET', url: `/api/clients/${client.id}`, token: admin.token });
      assert.equal(read.body.sms_consent, 1);
    });

    it('an invalid phone is 400 invalid_phone on clients, public bookings and test SMS; numbers are stored in E.164', async () => {
      const created = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        payload: { name: 'Bad Phone', phone: '12' },
      });
      assertError(created, 400, 'invalid_phone');
      const client = await createClient({ name: 'Good Phone', phone: '020 123 4567' });
      assert.equal(client.phone, '+31201234567');
      assert.equal(client.sms_consent, 0, 'no SMS consent unless given');
      const updated = await t.request({
        method: 'PUT',
        url: `/api/clients/${client.id}`,
        token: admin.token,
        payload: { phone: 'call me' },
      });
      assertError(updated, 400, 'invalid_phone');
      const cleared = await t.request({
        method: 'PUT',
        url: `/api/clients/${client.id}`,
        token: admin.token,
        payload: { phone: '' },
      });
      assert.equal(cleared.body.phone, '');
      const booked = await t.request({
        method: 'POST',
        url: '/api/public/bookings',
        payload: {
          service_id: 1,
          start_at: '2030-05-14 14:30:00',
          client_name: 'Web Client',
          client_email: 'web@example.com',
          client_phone: '0000',
        },
      });
      assertError(booked, 400, 'invalid_phone');
      const test = await t.request({
        method: 'POST',
        url: '/api/settings/test-sms',
        token: admin.token,
        payload: { to: 'x1' },
      });
      assertError(test, 400, 'invalid_phone');
    });

    it('without SMS settings a message is kept as unsent', async () => {
      await setSettings(t, admin.token, { sms_enabled: 0 });
      const id = await queueTo('+31612345672');
      await t.drain();
      assert.equal((await outbox(id)).status, 'unsent');
    });

    it('a text carrying a secret is redacted and erased once sent where MAIL_PREVIEW is off', async () => {
      const config = t.ctx.config as { mailPreview?: boolean };
      config.mailPreview = false;
      try {
        const id = await t.ctx.db.transaction().execute((trx) =>
          queueSms(trx, {
            to: '+31612345673',
            body: 'Sign in: https://salon.test/x?token=s3cret',
            template: 'test',
            sensitive: true,
          }),
        );
        const queued = (await t.request({ method: 'GET', url: `/api/system/sms/${id}`, token: admin.token })).body;
        assert.equal(queued.redacted, true);
        assert.equal(queued.body, null);
        await t.drain();
        assert.equal(
          twilio.messages.at(-1)!.body,
          'Sign in: https://salon.test/x?token=s3cret',
          'the provider got the text',
        );
        const stored = await t.ctx.db
          .selectFrom('sms_messages')
          .select('body')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        assert.equal(stored.body, '', 'erased at rest once sent');
      } finally {
        config.mailPreview = true;
      }
      const plain = await queueTo('+31612345674');
      const shown = (await t.request({ method: 'GET', url: `/api/system/sms/${plain}`, token: admin.token })).body;
      assert.equal(shown.redacted, false);
      assert.equal(shown.body, 'Your visit is tomorrow');
    });

    it('sms_auth_token comes back as ******** and is stored encrypted', async () => {
      const read = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.equal(read.body.sms_auth_token, '********');
      assert.equal(read.body.sms_auth_token_set, 1);
      assert.equal(read.body.sms_account_sid, twilio.accountSid);
      const stored = await t.ctx.db.selectFrom('settings').select('sms_auth_token').executeTakeFirstOrThrow();
      assert.notEqual(stored.sms_auth_token, twilio.authToken);
      assert.ok(!stored.sms_auth_token.includes(twilio.authToken));
      assert.equal(t.ctx.secrets.open(stored.sms_auth_token), twilio.authToken);
      const badFrom = await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { sms_from: 'not a valid sender id' },
      });
      assertError(badFrom, 400, 'validation_failed');
    });
  });
}
