import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeTwilio } from '../../../test/helpers/fake-twilio.js';

const INBOUND_URL = `${PUBLIC_BASE_URL}/api/webhooks/sms/twilio/inbound`;

for (const dialect of DIALECTS) {
  describe(`SMS inbound: each signed message acts once [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let serviceBase: string;
    const twilio = new FakeTwilio();

    const createClient = async (name: string, phone: string, smsConsent: number) => {
      const payload = { name, phone, sms_consent: smsConsent };
      const response = await t.request({ method: 'POST', url: '/api/clients', token: admin.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; phone: string };
    };
    const consentOf = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/clients/${id}`, token: admin.token })).body.sms_consent as number;

    before(async () => {
      await twilio.start();
      t = await createTestApp(dialect, { config: { twilioApiBaseUrl: twilio.url } });
      admin = await setupSalon(t);
      await setSettings(t, admin.token, {
        sms_enabled: 1,
        sms_provider: 'twilio',
        sms_account_sid: twilio.accountSid,
        sms_auth_token: twilio.authToken,
        sms_from: '+3197010203040',
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      serviceBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await t.close();
      await twilio.stop();
    });

    it('a replayed signed START after the client sent STOP is answered 200 and leaves the client opted out', async () => {
      const client = await createClient('Rita Replay', '+31 6 4567 8901', 0);
      const start = await twilio.inbound(serviceBase, INBOUND_URL, client.phone, 'START', 'SMreplayedstart0001');
      assert.equal(start.status, 200);
      assert.equal(await consentOf(client.id), 1);
      assert.equal((await twilio.inbound(serviceBase, INBOUND_URL, client.phone, 'STOP')).status, 200);
      assert.equal(await consentOf(client.id), 0);

      const replay = await twilio.inbound(serviceBase, INBOUND_URL, client.phone, 'START', 'SMreplayedstart0001');
      assert.equal(replay.status, 200);
      assert.equal(await replay.text(), '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      assert.equal(await consentOf(client.id), 0, 'the replay gave consent back');
    });

    it('copies of one signed message arriving at once are each answered 200 and act once', async () => {
      const client = await createClient('Cora Concurrent', '+31 6 5678 9012', 1);
      const eventsBefore = await t.ctx.db.selectFrom('webhook_events').select('id').execute();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          twilio.inbound(serviceBase, INBOUND_URL, client.phone, 'STOP', 'SMconcurrentstop001'),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200, 200, 200],
      );
      assert.equal(await consentOf(client.id), 0);
      const recorded = await t.ctx.db
        .selectFrom('sms_inbound_messages')
        .select('message_sid')
        .where('message_sid', '=', 'SMconcurrentstop001')
        .execute();
      assert.equal(recorded.length, 1);
      const eventsAfter = await t.ctx.db.selectFrom('webhook_events').select('id').execute();
      assert.ok(eventsAfter.length - eventsBefore.length <= 1, 'one client.updated at most');
    });

    it('a different message with the same text still acts: STOP, START, STOP from the client each count', async () => {
      const client = await createClient('Nina New', '+31 6 6789 0123', 1);
      for (const [word, consent] of [
        ['STOP', 0],
        ['START', 1],
        ['STOP', 0],
      ] as const) {
        assert.equal((await twilio.inbound(serviceBase, INBOUND_URL, client.phone, word)).status, 200);
        assert.equal(await consentOf(client.id), consent, word);
      }
    });
  });
}
