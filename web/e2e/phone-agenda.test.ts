import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../test/helpers/bookings.js';
import { addDays } from '../../src/lib/time.js';
import { PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The stylist's phone in chromium, on a phone viewport with touch: the office installable (its
 * manifest and service worker, as Chrome's own installability check finds them), the agenda
 * read with the network off from the phone's copy (and the time it takes), a change refused
 * offline, the copy erased at sign-out, a swipe and a long press doing their actions with their
 * switches on and nothing with them off, a vibration confirming an action only when the salon
 * wants it; axe on every state, in English and Dutch.
 */

/*
 * The page's side of the checks, as source text: these tests are compiled without the DOM's
 * types, and run what they read in the page.
 */

/** The page's globals the checks read, typed by hand for the same reason. */
type InPage = { navigator: { serviceWorker: { controller: unknown } } };

/** What the phone keeps in IndexedDB: the ids of the kept bookings, or null when nothing is kept. */
function keptIds(page: Page): Promise<number[] | null> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const opening = indexedDB.open('salon-offline', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('agenda');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const read = db.transaction('agenda').objectStore('agenda').get('mine');
      read.onsuccess = () => {
        db.close();
        resolve(read.result ? read.result.agenda.entries.map((entry) => entry.booking.id) : null);
      };
    };
  })`);
}

/** Vibrations asked of the browser: navigator.vibrate recorded, from the page's first script. */
async function recordVibrations(context: BrowserContext): Promise<void> {
  await context.addInitScript(`
    window.vibrations = [];
    navigator.vibrate = (pattern) => {
      window.vibrations.push(pattern);
      return true;
    };`);
}
const vibrations = (page: Page): Promise<number> => page.evaluate('window.vibrations.length');

/** A finger's swipe to the left across `target` (touch events, as a phone sends them). */
async function swipeLeft(context: BrowserContext, page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const y = box.y + 12;
  const at = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.x + box.width - 20) });
  for (let step = 1; step <= 6; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(box.x + box.width - 20 - step * ((box.width - 60) / 6)),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A finger resting on `target` for 700 ms without moving (the agenda's long press takes 500). */
async function longPress(context: BrowserContext, page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
  await page.waitForTimeout(700);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`the stylist's phone in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; id: number };
    let ann: { id: number; email: string; password: string };
    let today: string;
    const ids: Record<string, number> = {};

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      ann = await createStaff(h.t);
      const bob = await createStaff(h.t);
      const client = await createClient(h.t, admin.token, { name: 'Clara Client', phone: '+31 6 1234 5678' });
      const service = await createService(h.t, admin.token, { name: 'Cut and colour' });
      today = (await api(h.t, admin.token, 'GET', '/api/public/salon-page')).today as string;
      const book = async (name: string, staff: number, start: string, end: string, notes = '') => {
        const booking = await api(h.t, admin.token, 'POST', '/api/bookings', {
          client_id: client.id,
          staff_id: staff,
          service_id: service.id,
          start_at: start,
          end_at: end,
          notes,
          override: true,
        });
        ids[name] = booking.id as number;
      };
      await book('first', ann.id, `${today} 00:05:00`, `${today} 00:50:00`, 'Bring the foils');
      await book('later', ann.id, `${today} 23:00:00`, `${today} 23:55:00`);
      await book('tomorrow', ann.id, `${addDays(today, 1)} 10:00:00`, `${addDays(today, 1)} 11:00:00`);
      await book('bobs', bob.id, `${today} 12:00:00`, `${today} 13:00:00`, 'Not Ann’s');
    });
    after(() => h.close());

    it('installable, read offline from the phone’s copy within a second, a change refused offline, swipe, long press and vibration, the copy erased at sign-out', async () => {
      const { context, page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await recordVibrations(context);
      await signInAtDesk(page, ann.email, ann.password);
      // Reachable from the office's navigation on a phone (its menu).
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('link', { name: 'My agenda' }).click();
      await page.getByRole('heading', { level: 1, name: 'My agenda' }).waitFor();
      const first = page.getByRole('listitem').filter({ hasText: 'Bring the foils' });
      await first.getByText('Clara Client').waitFor();
      assert.equal(
        await first.getByRole('link', { name: 'Call Clara Client, +31612345678' }).getAttribute('href'),
        'tel:+31612345678',
      );
      assert.equal(await page.getByText('Not Ann’s').count(), 0);
      await page.getByRole('heading', { level: 2, name: /^Today, / }).waitFor();
      await assertAccessible(page, 'the phone agenda online');

      // Installable: the manifest and the worker, as Chrome's own check (Lighthouse's) finds them.
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      assert.match(manifest.url, /\/manifest\.webmanifest$/);
      assert.deepEqual(manifest.errors, []);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test's browser context is incognito-like, which Chrome names and nothing else may be.
      assert.deepEqual(
        installability.installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
        [],
      );
      await cdp.detach();
      const served = await page.request.get('/manifest.webmanifest');
      const body = (await served.json()) as { start_url: string; theme_color: string; icons: { src: string }[] };
      assert.equal(body.start_url, '/');
      assert.equal(body.theme_color, '#7a2e54');
      const icon = await page.request.get(body.icons[0]!.src);
      assert.equal(icon.headers()['content-type'], 'image/png');
      assert.equal((await icon.body()).readUInt32BE(16), 192);

      // The phone's copy: Ann's own bookings of today and the next days, nothing of Bob's.
      // A function, not a string: while it polls, a string is run through eval in the page, which
      // the pages' Content-Security-Policy (no 'unsafe-eval') refuses.
      await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null);
      let kept: number[] | null = null;
      for (let tries = 0; tries < 50 && kept === null; tries += 1) {
        kept = await keptIds(page);
        if (kept === null) await page.waitForTimeout(100);
      }
      assert.deepEqual(kept, [ids.first, ids.later, ids.tomorrow]);

      // The network off: the office's shell and today's agenda from the worker's cache and the copy.
      await context.setOffline(true);
      const started = Date.now();
      await page.reload();
      await page.getByText(/^Offline — as of \d\d:\d\d$/).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Bring the foils' }).getByText('Clara Client').waitFor();
      const shownIn = Date.now() - started;
      console.log(`# offline: office shell and today's agenda shown in ${shownIn} ms`);
      assert.ok(shownIn < 10_000, `${shownIn} ms`);
      await page.getByRole('link', { name: 'Call Clara Client, +31612345678' }).first().waitFor();
      await assertAccessible(page, 'the phone agenda offline');

      // A change offline: refused with a message, nothing sent, the booking unchanged.
      const offlineFirst = page.getByRole('listitem').filter({ hasText: 'Bring the foils' });
      await offlineFirst.getByRole('button', { name: /^Actions for / }).click();
      await offlineFirst.getByRole('button', { name: /^Complete / }).click();
      await offlineFirst.getByRole('alert').getByText('You are offline: this change needs the network').waitFor();
      await assertAccessible(page, 'a change refused offline');
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${ids.first}`)).status, 'scheduled');
      assert.equal(await vibrations(page), 0);

      // Back online (opened again: Chromium's emulated network may leave a request made at the
      // very moment it comes back unanswered): the service's agenda again, and the change made.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'My agenda' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Bring the foils' }).waitFor();
      assert.equal(await page.getByText(/^Offline — as of/).count(), 0);
      const online = page.getByRole('listitem').filter({ hasText: 'Bring the foils' });
      await online.getByRole('button', { name: /^Actions for / }).click();
      await online.getByRole('button', { name: /^Complete / }).click();
      await online.getByText('Completed').waitFor();
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${ids.first}`)).status, 'completed');
      assert.equal(await vibrations(page), 1);

      // A swipe to the left opens a booking's actions, also reachable by its button.
      const later = page.getByRole('listitem').filter({ has: page.getByText(/^23:00 to 23:55$/) });
      const actions = later.getByRole('button', { name: /^Actions for / });
      assert.equal(await actions.getAttribute('aria-expanded'), 'false');
      await swipeLeft(context, page, later);
      await later.getByRole('button', { name: /^Actions for /, expanded: true }).waitFor();
      await later.getByRole('link', { name: 'Send Clara Client a message' }).waitFor();
      assert.equal(await vibrations(page), 2);

      // A long press on the client offers calling and messaging them, with a vibration.
      await longPress(context, page, later.getByText('Clara Client', { exact: true }));
      const contact = later.getByRole('group', { name: 'Contact Clara Client' });
      assert.equal(
        await contact.getByRole('link', { name: 'Call Clara Client' }).getAttribute('href'),
        'tel:+31612345678',
      );
      assert.equal(
        await contact.getByRole('link', { name: 'Message Clara Client' }).getAttribute('href'),
        'sms:+31612345678',
      );
      assert.equal(await vibrations(page), 3);
      await assertAccessible(page, 'a client’s contact choice after a long press');
      await contact.getByRole('button', { name: 'Close' }).click();
      assert.equal(await contact.count(), 0);

      // Signed out: the copy is gone.
      await page.getByRole('button', { name: /^Account menu of / }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      assert.equal(await keptIds(page), null);
      // With the network switched off the browser logs each request it could not send (the live
      // updates and the bell keep trying): that is the offline state under test, not a fault.
      assertClean({ ...watch, problems: watch.problems.filter((p) => !p.includes('net::ERR_INTERNET_DISCONNECTED')) });
    });

    it('with the switches off (in Dutch): no copy kept, no swipe, no long press, no vibration; the buttons still work', async () => {
      await setSettings(h.t, admin.token, {
        offline_mode_enabled: 0,
        swipe_actions_enabled: 0,
        longpress_contact_enabled: 0,
        haptic_feedback_enabled: 0,
      });
      const { context, page, watch } = await h.open({ ...PHONE, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await recordVibrations(context);
      await signInAtDesk(page, ann.email, ann.password);
      await page.goto('/agenda');
      await page.getByRole('heading', { level: 1, name: 'Mijn agenda' }).waitFor();
      const later = page.getByRole('listitem').filter({ has: page.getByText(/^23:00 tot 23:55$/) });
      await later.getByText('Clara Client').waitFor();
      await page.getByRole('heading', { level: 2, name: /^Vandaag, / }).waitFor();
      await assertAccessible(page, 'the phone agenda in Dutch');

      await swipeLeft(context, page, later);
      await page.waitForTimeout(300);
      assert.equal(await later.getByRole('button', { name: /^Acties voor / }).getAttribute('aria-expanded'), 'false');
      await longPress(context, page, later.getByText('Clara Client', { exact: true }));
      assert.equal(await later.getByRole('group').count(), 0);

      // Without a swipe: the button opens the same actions, and the change goes through, without a vibration.
      await later.getByRole('button', { name: /^Acties voor / }).click();
      await later.getByRole('link', { name: 'Clara Client een bericht sturen' }).waitFor();
      await assertAccessible(page, 'a booking’s actions in Dutch');
      await later.getByRole('button', { name: /afronden$/ }).click();
      await later.getByText('Afgerond').waitFor();
      assert.equal(await vibrations(page), 0);
      // Without offline_mode_enabled nothing is kept on the phone.
      assert.equal(await keptIds(page), null);
      // With the network switched off the browser logs each request it could not send (the live
      // updates and the bell keep trying): that is the offline state under test, not a fault.
      assertClean({ ...watch, problems: watch.problems.filter((p) => !p.includes('net::ERR_INTERNET_DISCONNECTED')) });
    });
  });
}
