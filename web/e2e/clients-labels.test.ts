import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, pastSlot } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE, choose } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean } from './desk.js';
import { SIGN_IN_WORDS, signInOwner } from './settings-signin.js';

/*
 * The salon's client labels and what the card does besides editing, in chromium, as an owner:
 * labels added (a name in use refused on its field, then changed and added at once), renamed and
 * deleted from the list's labels dialog; a client's labels ticked on their card; their points
 * corrected (taking off more than they have refused on the field, then taken off); a client with
 * a history refused deletion with the way to erase instead, one without deleted. English on a
 * desktop; on a phone in Dutch only the labels dialog opened and a label added. Besides, a client
 * message and a location each opened at their own address (settings). axe on each state.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`client labels, points and deleting a client in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: Awaited<ReturnType<typeof setupSalon>>;
    let lena: { id: number };
    let vera: { id: number };
    let dana: { id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', '/api/loyalty/settings', { loyalty_enabled: 1, points_per_euro: 1 });
      lena = await createClient(h.t, admin.token, { name: 'Lena Label' });
      vera = await createClient(h.t, admin.token, { name: 'Vera Visit' });
      dana = await createClient(h.t, admin.token, { name: 'Dana Duplicate' });
      const cut = await createService(h.t, admin.token, { name: 'Cut' });
      const { start_at } = pastSlot();
      await api(h.t, admin.token, 'POST', '/api/bookings', {
        service_id: cut.id,
        client_id: vera.id,
        staff_id: admin.id,
        start_at,
        override: true,
      });
    });
    after(() => h.close());

    const status = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();

    it('labels added, refused, renamed and deleted; a client labelled, their points corrected, deleted; a message and a location at their addresses (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInOwner(page, watch, SIGN_IN_WORDS.en, admin.email);
      await page.goto('/clients');
      await page.getByRole('button', { name: 'Labels…' }).click();
      const labels = page.getByRole('dialog', { name: 'Client labels' });
      await labels.getByText('No labels yet.').waitFor();
      await assertAccessible(page, 'the labels dialog, empty');

      const add = async (name: string) => {
        await labels.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
        await labels.getByRole('button', { name: 'Add label' }).click();
      };
      await add('VIP');
      await status(page, 'Label VIP added.');
      await add('Colour');
      await status(page, 'Label Colour added.');
      await add('vip');
      await labels.getByText('Another label already has this name.').waitFor();
      assert.equal(await labels.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'vip');
      await assertAccessible(page, 'a label name in use refused on its field');
      // Changed and added straight away: the refusal goes as the name is edited (ApiForm).
      await add('Regular');
      await status(page, 'Label Regular added.');

      await labels.getByRole('textbox', { name: 'Name of Regular' }).fill('Regulars');
      await labels.getByRole('button', { name: 'Save Regular' }).click();
      await status(page, 'Label Regulars saved.');
      await labels.getByRole('button', { name: 'Delete Colour' }).click();
      await labels.getByText('Delete the label Colour? It comes off no client; the clients themselves stay.').waitFor();
      await assertAccessible(page, 'deleting a label asked');
      await labels.getByRole('button', { name: 'Delete the label Colour' }).click();
      await status(page, 'Label Colour deleted.');
      const stored = (await api(h.t, admin.token, 'GET', '/api/clients/labels')) as Array<{ name: string }>;
      assert.deepEqual(
        stored.map((label) => label.name),
        ['Regulars', 'VIP'],
      );
      await labels.getByRole('button', { name: 'Close' }).click();
      await labels.waitFor({ state: 'detached' });

      // The card: a label ticked.
      await page.goto(`/clients/${lena.id}`);
      await page.getByRole('heading', { level: 1, name: 'Lena Label' }).waitFor();
      await page.getByRole('button', { name: 'Labels…' }).click();
      const ticks = page.getByRole('dialog', { name: 'Labels of Lena Label' });
      await choose(ticks.getByRole('checkbox', { name: 'VIP' }));
      await assertAccessible(page, "a client's labels");
      await ticks.getByRole('button', { name: 'Save labels' }).click();
      await status(page, 'The labels of Lena Label were saved.');
      await page.locator('.client-labels').getByText('VIP', { exact: true }).waitFor();
      assert.deepEqual((await api(h.t, admin.token, 'GET', `/api/clients/${lena.id}`)).labels, ['VIP']);

      // Points: 50 added, 80 taken off refused on the field, 20 taken off.
      const correct = async (points: string, reason?: string) => {
        const dialog = page.getByRole('dialog', { name: 'Correct the points of Lena Label' });
        if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Correct points…' }).click();
        await dialog.getByRole('textbox', { name: 'Points to add or take off' }).fill(points);
        if (reason) await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
        await dialog.getByRole('button', { name: 'Correct' }).click();
        return dialog;
      };
      await correct('50', 'Welcome gift');
      await status(page, 'The points of Lena Label were corrected: 50 points now.');
      const refused = await correct('-80');
      await refused.getByText('The balance cannot go below zero: at most 50 points can be taken off.').waitFor();
      await assertAccessible(page, 'taking off more points than the client has, refused on the field');
      await correct('-20');
      await status(page, 'The points of Lena Label were corrected: 30 points now.');
      assert.equal((await api(h.t, admin.token, 'GET', `/api/loyalty/clients/${lena.id}`)).balance, 30);

      // Deleting: a client with a history is refused (erase instead); one without is deleted.
      await page.goto(`/clients/${vera.id}`);
      await page.getByRole('button', { name: 'Delete client…' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Delete Vera Visit?' });
      await ask.getByRole('button', { name: 'Delete', exact: true }).click();
      await ask
        .getByText(
          'This client has appointments or sales, so they cannot be deleted. Erase their personal data instead.',
        )
        .waitFor();
      await assertAccessible(page, 'deleting a client with a history refused');
      await ask.getByRole('button', { name: 'Keep the client' }).click();
      await page.goto(`/clients/${dana.id}`);
      await page.getByRole('button', { name: 'Delete client…' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete Dana Duplicate?' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/clients');
      await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
      await assertAccessible(page, 'the list after a client was deleted');
      const gone = await h.t.request({ method: 'GET', url: `/api/clients/${dana.id}`, token: admin.token });
      assert.equal(gone.status, 404);

      // Settings: a client message and a location, each opened at its own address.
      const messages = (await api(h.t, admin.token, 'GET', '/api/settings/messages')) as Array<{ key: string }>;
      const second = messages[1]!.key;
      const place = await api(h.t, admin.token, 'POST', '/api/locations', { name: 'Canal side' });
      // Opened at its address (a reload, a shared link): read by its key; another chosen moves the address.
      await page.goto(`/manage/settings/messages/${second}`);
      await page.getByRole('textbox', { name: /^Text/ }).first().waitFor();
      const which = page.getByRole('combobox', { name: 'Message' });
      assert.equal(await which.inputValue(), second);
      await assertAccessible(page, 'a client message at its own address');
      await which.selectOption(messages[0]!.key);
      await page.waitForURL((url) => url.pathname === `/manage/settings/messages/${messages[0]!.key}`);

      await page.goto(`/manage/settings/locations/${place.id}`);
      await page.getByRole('heading', { level: 2, name: 'Canal side' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), 'Canal side');
      await assertAccessible(page, 'a location at its own address');
      assertClean(watch, [400, 409]);
    });

    it('the labels dialog on a phone, a label added (nl, phone)', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInOwner(page, watch, SIGN_IN_WORDS.nl, admin.email);
      await page.goto('/clients');
      await page.getByRole('button', { name: 'Labels…' }).click();
      const labels = page.getByRole('dialog', { name: 'Klantlabels' });
      await labels.getByRole('textbox', { name: 'Naam', exact: true }).fill('Nieuw');
      await labels.getByRole('button', { name: 'Label toevoegen' }).click();
      await status(page, 'Label Nieuw toegevoegd.');
      await assertAccessible(page, 'the labels dialog on a phone (nl)');
      assertClean(watch);
    });
  });
}
