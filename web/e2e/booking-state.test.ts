import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../../test/helpers/app.js';
import { createService, setSettings } from '../../test/helpers/bookings.js';
import { offeredStarts, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The booking's choices in the page's address (services, who, day, time): a reload and Back
 * bring them back, a step adds one history entry and no more, a shared link restores what still
 * holds and says politely what does not; nothing about the client ever goes in the address.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`the booking's state in the address, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let service: { id: number; name: string };
    let other: { id: number; name: string };
    let staff: { id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const salon = await setupBookingSalon(h.t);
      ({ service, staff } = salon);
      other = await createService(h.t, salon.admin.token, { duration_min: 30, price: 20 });
      await setSettings(h.t, salon.admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
    });
    after(() => h.close());

    const query = (page: Page) => new URL(page.url()).search;
    /** Waits until the address's query is `search` exactly. */
    const at = (page: Page, search: string) => page.waitForURL((url) => url.search === search);
    const historyLength = (page: Page) => page.evaluate(() => (globalThis as any).history.length as number);

    it('each choice goes in the address; a reload keeps them all, Back undoes one step at a time; the details typed never go there', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      const start = await historyLength(page);

      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await choose(page.getByRole('checkbox', { name: new RegExp(other.name) }));
      await at(page, `?services=${service.id},${other.id}`);
      // Who: replaces the entry, the steps do not change.
      await choose(page.getByRole('radio', { name: 'Anyone' }));
      assert.equal(await historyLength(page), start + 1);

      // Clicking through days adds one entry, for the first day only.
      for (const days of [1, 2, 3]) {
        await (await dayButton(page, salonDate(days), 'en-GB', 'Next month')).click();
        await at(page, `?services=${service.id},${other.id}&date=${salonDate(days)}`);
      }
      const date = salonDate(3);
      assert.equal(await historyLength(page), start + 2);
      await page
        .getByRole('status')
        .filter({ hasText: /free times? on/ })
        .waitFor();
      const times = page.getByRole('region', { name: '4. Choose a time' });
      const [, second] = await times.getByRole('radio').all();
      assert.ok(second, 'a second free time');
      const time = (await second.locator('xpath=ancestor::label[1]').textContent())!.trim();
      await choose(second);
      await at(page, `?services=${service.id},${other.id}&date=${date}&time=${time}`);
      assert.equal(await historyLength(page), start + 3);
      await page.getByLabel('Name', { exact: true }).fill('Rosa Reload');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('reload'));
      assert.doesNotMatch(page.url(), /Rosa|reload|%40|@/);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(service.name) }).isChecked(), true);
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(other.name) }).isChecked(), true);
      await page.getByRole('radio', { name: new RegExp(`${time} to`), checked: true }).waitFor();
      await page
        .locator('.summary')
        .getByText(new RegExp(`${service.name}, ${other.name} on .*${time} to`))
        .waitFor();
      await assertAccessible(page, 'the choices restored by a reload');

      await page.goBack();
      await at(page, `?services=${service.id},${other.id}&date=${date}`);
      await page.getByRole('region', { name: '4. Choose a time' }).waitFor();
      assert.equal(await page.getByRole('radio', { name: / to /, checked: true }).count(), 0);
      await page.goBack();
      await at(page, `?services=${service.id},${other.id}`);
      await page.getByRole('heading', { name: '3. Choose a day' }).waitFor();
      assert.equal(await page.getByRole('region', { name: '4. Choose a time' }).count(), 0);
      await page.goBack();
      await at(page, '');
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(service.name) }).isChecked(), false);
      await page.goForward();
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(service.name) }).isChecked(), true);
      watch.assertClean();
    });

    it('booked: the address starts afresh, so a reload begins a new booking', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      const date = salonDate(4);
      const [first] = await offeredStarts(h.t, { date, service_id: service.id });
      await page.goto(`/book?services=${service.id}&staff=${staff.id}&date=${date}&time=${first}`);
      await page.getByRole('radio', { name: new RegExp(`${first} to`), checked: true }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Lena Link');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('link'));
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: "You're booked" }).waitFor();
      assert.equal(query(page), '');
      await page.reload();
      await page.getByRole('heading', { name: '1. Choose one or more services' }).waitFor();
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(service.name) }).isChecked(), false);
      watch.assertClean();
    });

    it('a shared link, in Dutch: what still holds is restored; a service gone, someone unknown, a past day are left out with a note', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await page.goto(`/book?services=999999,${service.id}&staff=999999&date=${salonDate(-2)}&time=10:00`);
      await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
      assert.equal(await page.getByRole('checkbox', { name: new RegExp(service.name) }).isChecked(), true);
      await page.getByRole('status').filter({ hasText: 'Een dienst uit je eerdere keuze' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Degene die je eerder koos' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'De dag die je eerder koos' }).waitFor();
      // The who step renders after the notes (its members are fetched): waited for, then counted.
      const anyone = page.getByRole('radio', { name: 'Maakt niet uit', checked: true });
      await anyone.waitFor();
      assert.equal(await anyone.count(), 1);
      assert.equal(await page.getByRole('region', { name: '4. Kies een tijd' }).count(), 0);
      await assertAccessible(page, 'a shared link whose choices no longer hold');

      // The next choice writes the address anew, without what did not hold; the notes go.
      const date = salonDate(2);
      await (await dayButton(page, date, 'nl-NL', 'Volgende maand')).click();
      await at(page, `?services=${service.id}&date=${date}`);
      assert.equal(await page.getByRole('status').filter({ hasText: 'eerder koos' }).count(), 0);
      watch.assertClean();
    });

    it('a time that is no longer free is left out with a note, and the day keeps its other times', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      const date = salonDate(5);
      await page.goto(`/book?services=${service.id}&date=${date}&time=03:00`);
      await page.getByRole('status').filter({ hasText: 'The time you chose earlier is no longer free' }).waitFor();
      const [first] = await offeredStarts(h.t, { date, service_id: service.id });
      await page.getByRole('radio', { name: new RegExp(`${first} to`), checked: false }).waitFor();
      await page.getByText('Choose a day and a time first.').waitFor();
      await assertAccessible(page, 'a time no longer free');
      watch.assertClean();
    });
  });
}
