import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../test/helpers/bookings.js';
import { FakePushServices } from '../../test/helpers/fake-push.js';
import { PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { assertClean, signInAtDesk } from './desk.js';

/*
 * Web push in chromium: a staff member turns notifications on for this device; a booking made
 * for them leaves the service through the Web Push protocol (VAPID, aes128gcm) to a push service
 * fake that decrypts it; the office's service worker shows it; signing out unregisters the
 * browser and ends its subscription. Axe on every state, in English and Dutch.
 *
 * The one thing faked in the browser is where a subscription comes from: Chromium subscribes
 * through Google's push service, which this machine cannot reach, so `PushManager.subscribe`
 * answers with a subscription of the fake (its endpoint and keys, whose private half the fake
 * holds). What the push service would hand the browser is then handed to the worker through
 * the DevTools protocol (`ServiceWorker.deliverPushMessage`), as the push service would.
 */

/** The browser's PushManager answering with `token`'s subscription (kept across pages in localStorage). */
async function fakeSubscriptions(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(`(() => {
    const given = ${JSON.stringify(token)};
    const parsed = JSON.parse(given);
    const KEY = 'test-push-subscription';
    const subscription = () => ({
      endpoint: parsed.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: parsed.endpoint, expirationTime: null, keys: parsed.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return subscription();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(KEY) ? subscription() : null;
    };
  })();`);
}

/** The notifications the office's worker shows: title, body and link. */
function shownNotifications(page: Page): Promise<{ title: string; body: string; link: string }[]> {
  return page.evaluate(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((list) => list.map((n) => ({ title: n.title, body: n.body, link: n.data.link })))`);
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`web push in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let fake: FakePushServices;
    let admin: { token: string; id: number };
    let ann: { id: number; email: string; password: string };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      fake = await new FakePushServices().start();
      h = await startBrowserHarness(dialect, { smtp: false, config: { push: fake.config() } });
      admin = await setupSalon(h.t);
      ann = await createStaff(h.t);
      client = await createClient(h.t, admin.token, { name: 'Petra Push' });
      service = await createService(h.t, admin.token, { name: 'Balayage' });
    });
    after(async () => {
      await h.close();
      await fake.stop();
    });

    const annsDevices = () =>
      h.t.ctx.db.selectFrom('device_tokens').select(['token', 'platform']).where('user_id', '=', ann.id).execute();

    it('turned on for this phone, a new booking arrives through the push service and is shown; signing out unregisters it (en)', async () => {
      const subscription = fake.newWebSubscription();
      const { context, page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await context.grantPermissions(['notifications'], { origin: h.base });
      await fakeSubscriptions(context, subscription.token);
      await signInAtDesk(page, ann.email, ann.password);
      await page.goto('/notifications/preferences');
      const section = page.getByRole('region', { name: 'Notifications on this device' });
      await section.getByText('This device does not receive notifications.').waitFor();
      await assertAccessible(page, 'push on this device, off');

      await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
      await section.getByText('This device receives your notifications, also with the office closed.').waitFor();
      await assertAccessible(page, 'push on this device, on');
      const devices = await annsDevices();
      assert.equal(devices.length, 1);
      assert.equal(devices[0]!.platform, 'web');
      assert.equal(
        (JSON.parse(devices[0]!.token) as { endpoint: string }).endpoint,
        JSON.parse(subscription.token).endpoint,
      );

      // A booking for Ann: the service's push, encrypted for this browser, decrypted by the push service's fake.
      const made = await h.t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: ann.id, service_id: service.id, ...nextSlot() },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await h.t.drain();
      const pushed = fake.received.filter((push) => push.service === 'web' && push.token === subscription.id);
      assert.equal(pushed.length, 1);
      assert.equal(pushed[0]!.title, 'New booking');
      assert.match(pushed[0]!.body, /Petra Push: Balayage/);

      // The push service hands it to the browser: the office's worker shows it.
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on(
          'ServiceWorker.workerRegistrationUpdated',
          (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
            const office = event.registrations.find((registration) => registration.scopeURL === `${h.base}/`);
            if (office) resolve(office.registrationId);
          },
        );
      });
      await cdp.send('ServiceWorker.enable');
      const { type, title, body, link } = pushed[0]!;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: h.base,
        registrationId: await registrationId,
        data: JSON.stringify({ type, title, body, link }),
      });
      let shown: { title: string; body: string; link: string }[] = [];
      for (let tries = 0; tries < 50 && shown.length === 0; tries += 1) {
        shown = await shownNotifications(page);
        if (shown.length === 0) await page.waitForTimeout(100);
      }
      assert.deepEqual(shown, [{ title: 'New booking', body, link: link ?? '/' }]);
      await cdp.detach();

      // Signing out unregisters this browser and ends its subscription.
      await page.getByRole('button', { name: /^Account menu of / }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      assert.deepEqual(await annsDevices(), []);
      assert.equal(await page.evaluate("localStorage.getItem('test-push-subscription')"), null);
      assertClean(watch);
    });

    it('without the browser’s permission it says how to allow it (nl, phone)', async () => {
      const { context, page, watch } = await h.open({ ...PHONE, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await context.addInitScript("Object.defineProperty(Notification, 'permission', { get: () => 'denied' });");
      await signInAtDesk(page, ann.email, ann.password);
      await page.goto('/notifications/preferences');
      const section = page.getByRole('region', { name: 'Meldingen op dit apparaat' });
      await section.getByText(/^Meldingen zijn voor deze site geblokkeerd/).waitFor();
      assert.equal(await section.getByRole('button').count(), 0);
      await assertAccessible(page, 'push on this device, blocked, in Dutch');
      assertClean(watch);
    });
  });
}
