import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../test/helpers/app.js';
import { createClient, createService, nextSlot, setSettings } from '../../test/helpers/bookings.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { FakePushServices } from '../../test/helpers/fake-push.js';
import { parseSubscription } from './web-push.js';

const apnsToken = () => randomBytes(32).toString('hex');
const fcmToken = () => `fcm-${randomBytes(12).toString('base64url')}`;

for (const dialect of DIALECTS) {
  describe(`push notifications [${dialect}]`, () => {
    let t: TestApp;
    let fake: FakePushServices;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      fake = await new FakePushServices().start();
      t = await createTestApp(dialect, { config: { push: fake.config() } });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = await createClient(t, admin.token, { name: 'Petra Push' });
      service = await createService(t, admin.token, { name: 'Balayage' });
    });
    after(async () => {
      await t.close();
      await fake.stop();
    });
    beforeEach(async () => {
      fake.received.length = 0;
      fake.answers.clear();
      await t.ctx.db.deleteFrom('device_tokens').execute();
      await t.ctx.db.deleteFrom('notification_preferences').execute();
      await t.ctx.db.deleteFrom('jobs').execute();
    });

    const register = async (token: string, platform: 'ios' | 'android' | 'web', user = staff) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/device',
        token: user.token,
        payload: { token, platform },
      });
      assert.ok(response.status < 300, JSON.stringify(response.body));
    };
    const book = async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot() },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number };
    };
    const pushJobs = () =>
      t.ctx.db
        .selectFrom('jobs')
        .select(['id', 'status', 'payload', 'last_error'])
        .where('name', '=', 'push.send')
        .execute();
    const devices = () => t.ctx.db.selectFrom('device_tokens').select(['token', 'user_id']).orderBy('id').execute();

    it('GET /auth/web-push-key gives the VAPID public key a browser subscribes with', async () => {
      const response = await t.request({ method: 'GET', url: '/api/auth/web-push-key', token: staff.token });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { public_key: fake.config().webPush!.publicKey });
    });

    it('a booking.new notification reaches every device of the staff member: web push, FCM and APNs', async () => {
      const web = fake.newWebSubscription();
      const android = fcmToken();
      const ios = apnsToken();
      await register(web.token, 'web');
      await register(android, 'android');
      await register(ios, 'ios');
      await book();
      await t.drain();

      const byService = Object.fromEntries(fake.received.map((push) => [push.service, push]));
      assert.deepEqual(Object.keys(byService).sort(), ['apns', 'fcm', 'web']);
      for (const push of fake.received) {
        assert.equal(push.type, 'booking.new');
        assert.equal(push.title, 'New booking');
        assert.match(push.body, /Petra Push: Balayage/);
      }
      assert.equal(byService.web!.token, web.id);
      assert.equal(byService.fcm!.token, android);
      assert.equal(byService.apns!.token, ios);
      assert.deepEqual(fake.rejectedAuth, []);
      assert.ok((await pushJobs()).every((job) => job.status === 'done'));
    });

    it('one push job per device, so a retry never repeats a push on devices that already got it', async () => {
      const web = fake.newWebSubscription();
      const ios = apnsToken();
      await register(web.token, 'web');
      await register(ios, 'ios');
      fake.answers.set(ios, 503);
      await book();
      await t.drain();

      const jobs = await pushJobs();
      assert.equal(jobs.length, 2);
      assert.deepEqual(jobs.map((job) => job.status).sort(), ['done', 'failed']);
      assert.match(jobs.find((job) => job.status === 'failed')!.last_error ?? '', /apns/);
      assert.equal(fake.received.length, 1);
      assert.equal(fake.received[0]!.service, 'web');
      assert.equal((await devices()).length, 2, 'a passing failure keeps the token');
    });

    it('tokens the provider reports dead are removed: web push 410, FCM UNREGISTERED, APNs 410', async () => {
      const web = fake.newWebSubscription();
      const android = fcmToken();
      const ios = apnsToken();
      const keptIos = apnsToken();
      await register(web.token, 'web');
      await register(android, 'android');
      await register(ios, 'ios');
      await register(keptIos, 'ios');
      fake.answers.set(web.id, 410);
      fake.answers.set(android, 404);
      fake.answers.set(ios, 410);
      await book();
      await t.drain();

      assert.deepEqual(
        (await devices()).map((device) => device.token),
        [keptIos],
      );
      assert.deepEqual(
        fake.received.map((push) => push.token),
        [keptIos],
      );
      assert.ok(
        (await pushJobs()).every((job) => job.status === 'done'),
        'a dead token is not retried',
      );
    });

    it('push preference off for the type: no push job at all; on for another type: pushed', async () => {
      await register(apnsToken(), 'ios');
      const off = await t.request({
        method: 'PUT',
        url: '/api/notifications/preferences',
        token: staff.token,
        payload: { 'booking.new': { email: false, push: false, in_app: true } },
      });
      assert.equal(off.status, 200);
      await book();
      await t.drain();
      assert.equal((await pushJobs()).length, 0);
      assert.equal(fake.received.length, 0);
    });

    it('admins get push per their preferences; booking_request_notify_push off sends none', async () => {
      const ios = apnsToken();
      await register(ios, 'ios', admin);
      await setSettings(t, admin.token, { booking_request_notify_push: 1 });
      const request = async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            service_id: service.id,
            provisional: true,
            ...nextSlot(),
          },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
      };
      await request();
      await t.drain();
      assert.deepEqual(
        fake.received.filter((push) => push.type === 'booking.request').map((push) => push.token),
        [ios],
      );

      fake.received.length = 0;
      await setSettings(t, admin.token, { booking_request_notify_push: 0 });
      await request();
      await t.drain();
      assert.equal(fake.received.filter((push) => push.type === 'booking.request').length, 0);
    });

    it('a token re-registered by another user since does not receive the first user’s push', async () => {
      const ios = apnsToken();
      await register(ios, 'ios');
      await book();
      // Before the worker runs, the device changes hands (POST /auth/device reassigns it).
      await register(ios, 'ios', admin);
      await t.drain();
      assert.equal(fake.received.length, 0);
      assert.deepEqual(await devices(), [{ token: ios, user_id: admin.id }]);
    });
  });
}

describe('push provider configuration', () => {
  it('no provider for a platform: the push is skipped and the token kept', async () => {
    const t = await createTestApp(DIALECTS[0]!);
    try {
      const admin = await setupSalon(t);
      const staff = await createStaff(t);
      const token = apnsToken();
      await t.request({
        method: 'POST',
        url: '/api/auth/device',
        token: staff.token,
        payload: { token, platform: 'ios' },
      });
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token);
      const booked = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot() },
      });
      assert.equal(booked.status, 200);
      await t.drain();
      const jobs = await t.ctx.db.selectFrom('jobs').select('status').where('name', '=', 'push.send').execute();
      assert.deepEqual(
        jobs.map((job) => job.status),
        ['done'],
      );
      const kept = await t.ctx.db.selectFrom('device_tokens').select('token').execute();
      assert.deepEqual(kept, [{ token }]);
    } finally {
      await t.close();
    }
  });

  it('web push endpoints must be https: a token pointing elsewhere is refused as dead', () => {
    const keys = { p256dh: 'x', auth: 'y' };
    assert.equal(typeof parseSubscription(JSON.stringify({ endpoint: 'http://10.0.0.1/x', keys }), false), 'string');
    assert.equal(typeof parseSubscription(JSON.stringify({ endpoint: 'file:///etc/passwd', keys }), true), 'string');
    assert.equal(typeof parseSubscription('not json', false), 'string');
    assert.equal(typeof parseSubscription(JSON.stringify({ endpoint: 'https://push.example/x' }), false), 'string');
    assert.deepEqual(parseSubscription(JSON.stringify({ endpoint: 'https://push.example/x', keys }), false), {
      endpoint: 'https://push.example/x',
      keys,
    });
  });
});
