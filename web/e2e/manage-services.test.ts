import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, createStaff, setupSalon } from '../../test/helpers/app.js';
import { TINY_PNG } from '../../test/helpers/multipart.js';
import { DESKTOP, HAS_FOCUS, PHONE, moveByKeyboard, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * The manager's services and rooms in chromium: an owner sets up a category and two services,
 * who performs them (one member at a price of their own), a room the colour service needs, the
 * colour service's description and photo, reorders the services by keyboard, and the booking
 * page shows the description and the photo; axe on every state reached. Then the same screens
 * on a phone in Dutch.
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
    const members = { anna: 0, bram: 0 };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      for (const [key, name] of [
        ['anna', 'Anna Stylist'],
        ['bram', 'Bram Colourist'],
      ] as const) {
        const member = await createStaff(h.t);
        await h.t.ctx.db.updateTable('users').set({ name }).where('id', '=', member.id).execute();
        members[key] = member.id;
      }
      // The owner takes no appointments: the list of who performs shows the two stylists.
      await h.t.ctx.db.updateTable('users').set({ bookable: 0 }).where('email', '=', admin.email).execute();
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

    it('an owner sets up a category, two services, who performs them, a room, a description and a photo; reorders by keyboard; /book shows them (en, desktop)', async () => {
      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAndOpen(page, watch, words, words.services);
      await page.getByText('No services yet').waitFor();
      await assertAccessible(page, 'no services yet');

      // A category.
      await page.getByRole('button', { name: 'New category' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'New category' });
      await categoryDialog.getByLabel('Name').fill('Hair');
      await assertAccessible(page, 'the new category dialog');
      await categoryDialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('grid', { name: 'Categories' }).getByRole('row', { name: 'Hair' }).waitFor();

      // Two services, each opening its page once created.
      for (const [name, minutes, price] of [
        ['Cut', '30', '25'],
        ['Colour', '90', '50'],
      ] as const) {
        await page.getByRole('button', { name: 'New service' }).click();
        const dialog = page.getByRole('dialog', { name: 'New service' });
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByLabel('Category').selectOption({ label: 'Hair' });
        await dialog.getByLabel('Duration (minutes)').fill(minutes);
        await dialog.getByLabel('Price (VAT included)').fill(price);
        if (name === 'Cut') await assertAccessible(page, 'the new service dialog');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
        if (name === 'Cut') {
          await page.getByRole('link', { name: 'Back to the services' }).click();
          await page.getByRole('heading', { level: 1, name: words.services }).waitFor();
        }
      }
      const colour = (await serviceList()).find((service) => service.name === 'Colour')!;

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

      // Who performs it: Bram at a price of his own.
      const bram = page.getByRole('form', { name: 'Bram Colourist' });
      assert.equal(
        await bram.getByRole('checkbox', { name: 'Bram Colourist performs this service' }).isChecked(),
        true,
      );
      await bram.getByLabel('Price with Bram Colourist').fill('65');
      await bram.getByRole('button', { name: 'Save for Bram Colourist' }).click();
      await page.getByRole('status').getByText('Saved for Bram Colourist.').waitFor();
      const performers = await h.t.request({
        method: 'GET',
        url: `/api/services/${colour.id}/staff`,
        token: admin.token,
      });
      assert.deepEqual(
        (performers.body as Array<{ name: string; price: number }>).map(({ name, price }) => [name, price]),
        [
          ['Anna Stylist', 50],
          ['Bram Colourist', 65],
        ],
      );

      // A room the colour service needs, from the rooms screen.
      await page.getByRole('link', { name: 'Back to the services' }).click();
      await page.getByRole('heading', { level: 1, name: words.services }).waitFor();
      await page.getByRole('link', { name: 'Back to managing the salon' }).click();
      await page.getByRole('link', { name: words.resources }).click();
      await page.getByRole('heading', { level: 1, name: words.resources }).waitFor();
      await assertAccessible(page, 'no rooms yet');
      await page.getByRole('button', { name: 'New room or equipment' }).click();
      const roomDialog = page.getByRole('dialog', { name: 'New room or equipment' });
      await roomDialog.getByLabel('Name').fill('Colour bar');
      await roomDialog.getByLabel('Capacity').fill('2');
      await roomDialog.getByRole('checkbox', { name: 'Colour' }).check({ force: true });
      await assertAccessible(page, 'the new room dialog');
      await roomDialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('row', { name: /Colour bar/ }).waitFor();
      await assertAccessible(page, 'the rooms list');
      const withRoom = (await serviceList()).find((service) => service.id === colour.id)!;
      assert.equal(withRoom.resource_ids.length, 1, 'the colour service needs the room');

      // Reorder by keyboard: Colour's handle, Enter, up before Cut, Enter.
      await page.getByRole('link', { name: 'Back to managing the salon' }).click();
      await page.getByRole('main').getByRole('link', { name: words.services, exact: true }).click();
      const services = page.getByRole('grid', { name: 'Services' });
      await services.getByRole('row', { name: /Colour/ }).waitFor();
      await assertAccessible(page, 'the services in their order');
      // Into the list (one tab stop), down to Colour, right to its handle.
      const colourRow = services.getByRole('row', { name: /Colour/ });
      await tabTo(page, services);
      for (let i = 0; i < 3 && !(await colourRow.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const handle = colourRow.getByRole('button').first();
      assert.equal(await handle.evaluate(HAS_FOCUS), true, 'the drag handle has the focus');
      assert.match((await handle.getAttribute('aria-label')) ?? '', /Colour/);
      await moveByKeyboard(page, 'ArrowUp');
      await page.getByRole('status').getByText('Colour moved to place 1 of 2.').waitFor();
      for (let i = 0; i < 40; i++) {
        const order = (await serviceList()).map((service) => service.name);
        if (order[0] === 'Colour') break;
        await page.waitForTimeout(100);
      }
      assert.deepEqual(
        (await serviceList()).map((service) => service.name),
        ['Colour', 'Cut'],
      );
      await assertAccessible(page, 'the services reordered');
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
