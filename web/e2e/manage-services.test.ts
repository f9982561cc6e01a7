import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { TINY_PNG } from '../../test/helpers/multipart.js';
import { DESKTOP, PHONE, tabTo, watchForHeading } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';
import { createService } from '../../test/helpers/bookings.js';
import { api } from './desk.js';

/*
 * The manager's services and rooms in chromium, on a category, two services and a room made
 * through the API: the colour service's page reached by keyboard through the office's
 * navigation, a refusal on its field that keeps what was typed, its description and photo (a
 * wrong file refused before sending), and the booking page showing them; axe on every state
 * reached. Then the same screens on a phone in Dutch. Making the category, the services, who
 * performs them (one member at a price of her own) and the room in these screens, and the
 * reorder by keyboard, are the owner's first week (owner-first-week.test.ts).
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    manage: 'Manage',
    services: 'Services',
    resources: 'Rooms and equipment',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    manage: 'Beheer',
    services: 'Behandelingen',
    resources: 'Ruimtes en apparatuur',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const DESCRIPTION = 'Full colour from root to tip, with a gloss.';

for (const dialect of BROWSER_DIALECTS) {
  describe(`manager's services and rooms in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let colourId = 0;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      const hair = await api(h.t, admin.token, 'POST', '/api/services/categories', { name: 'Hair' });
      await createService(h.t, admin.token, { name: 'Cut', category_id: hair.id, duration_min: 30, price: 25 });
      colourId = (
        await createService(h.t, admin.token, { name: 'Colour', category_id: hair.id, duration_min: 90, price: 50 })
      ).id;
      await api(h.t, admin.token, 'POST', '/api/resources', {
        name: 'Colour bar',
        capacity: 2,
        service_ids: [colourId],
      });
    });
    after(() => h.close());

    async function signInAndOpen(page: Page, watch: PageWatch, words: Words, section: string): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).focus();
      await page.keyboard.type(admin.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
      const toggle = page.getByRole('navigation').getByRole('button', { name: 'Menu' });
      if (await toggle.isVisible()) {
        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
      }
      const nav = page.getByRole('navigation').getByRole('link', { name: words.manage });
      await tabTo(page, nav);
      await page.keyboard.press('Enter');
      const link = page.getByRole('main').getByRole('link', { name: section, exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: section }).waitFor();
    }

    async function serviceList() {
      const list = await h.t.request({ method: 'GET', url: '/api/services', token: admin.token });
      return list.body as Array<{
        id: number;
        name: string;
        position: number;
        description: string | null;
        photo_url: string | null;
        resource_ids: number[];
      }>;
    }

    it("the colour service's page by keyboard: a refusal on its field, its description and photo; /book shows them (en, desktop)", async () => {
      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAndOpen(page, watch, words, words.services);
      await page.getByRole('link', { name: 'Colour', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Colour' }).waitFor();

      // A refusal lands on its field and keeps what was typed: processing longer than the service.
      await page.getByLabel('Work before processing (minutes)').fill('30');
      await page.getByLabel('Processing time (minutes)').fill('80');
      await page.getByLabel('Description on the booking page').fill(DESCRIPTION);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      assert.equal(await page.getByLabel('Processing time (minutes)').getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByLabel('Description on the booking page').inputValue(), DESCRIPTION);
      await assertAccessible(page, 'a service refused on its field');
      // The browser logs the refusal's 400 as a failed resource: expected here, and only that.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('400')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
      // Retyped by keyboard, as a person corrects a field; then saved by keyboard.
      await page.getByLabel('Processing time (minutes)').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('40');
      await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Saved.').waitFor();

      // The photo: a text file is refused before sending; a PNG is sent and shown.
      const photoInput = page.getByLabel('Choose a photo');
      await photoInput.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await page.getByText('This file is not a PNG, JPEG or WebP image. Nothing was sent.').waitFor();
      await photoInput.setInputFiles({ name: 'colour.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByRole('img', { name: 'Photo of Colour' }).waitFor();
      await assertAccessible(page, 'a service with its photo');

      assert.equal((await serviceList()).find((service) => service.id === colourId)!.description, DESCRIPTION);
      watch.assertClean();

      // The booking page shows the description and the photo.
      const visitor = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await visitor.page.goto('/book');
      const choice = visitor.page.getByRole('checkbox', { name: /Colour/ });
      await choice.waitFor();
      await visitor.page.getByText(DESCRIPTION).waitFor();
      assert.equal(
        (await choice.getAttribute('aria-describedby')) !== null,
        true,
        'the description describes the choice',
      );
      const photo = visitor.page.locator('img.service-photo');
      await photo.waitFor();
      assert.equal(await photo.getAttribute('loading'), 'lazy');
      await assertAccessible(visitor.page, 'the booking page with a description and photo');
      visitor.watch.assertClean();

      // A service no booking uses is deleted; its page never says "not found" on the way out.
      const trial = await createService(h.t, admin.token, { name: 'Trial treatment', duration_min: 15, price: 10 });
      await page.goto(`/manage/services/${trial.id}`);
      await page.getByRole('heading', { level: 1, name: 'Trial treatment' }).waitFor();
      const notFoundSeen = await watchForHeading(page, 'Service not found');
      await page.getByRole('button', { name: 'Delete service' }).click();
      await page.getByRole('button', { name: 'Yes, delete Trial treatment' }).click();
      await page.waitForURL((url) => url.pathname === '/manage/services');
      await page.getByRole('heading', { level: 1, name: words.services }).waitFor();
      assert.equal(await notFoundSeen(), false, 'no "not found" flashed while the service was deleted');
      assert.ok(!(await serviceList()).some((service) => service.id === trial.id), 'the service is deleted');
      watch.assertClean();
    });

    it('the same screens on a phone in Dutch', async () => {
      const words = WORDS.nl;
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAndOpen(page, watch, words, words.services);
      await page
        .getByRole('grid', { name: 'Behandelingen' })
        .getByRole('row', { name: /Colour/ })
        .waitFor();
      await assertAccessible(page, 'de behandelingen (telefoon)');
      await page.getByRole('link', { name: 'Colour' }).click();
      await page.getByRole('heading', { level: 1, name: 'Colour' }).waitFor();
      await page.getByRole('heading', { name: 'Wie voert het uit' }).waitFor();
      await page.getByRole('img', { name: 'Foto van Colour' }).waitFor();
      await assertAccessible(page, 'een behandeling (telefoon)');
      await page.getByRole('link', { name: 'Terug naar de behandelingen' }).click();
      await page.getByRole('link', { name: 'Terug naar beheer' }).click();
      await page.getByRole('link', { name: words.resources }).click();
      await page.getByRole('heading', { level: 1, name: words.resources }).waitFor();
      await page.getByText('Colour bar').first().waitFor();
      await assertAccessible(page, 'de ruimtes (telefoon)');
      watch.assertClean();
    });
  });
}
