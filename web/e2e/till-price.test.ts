import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean } from './desk.js';

/*
 * A staff member's price change at the till follows the setting staff_price_changes_enabled:
 * with it on, a line's price is a field and the sale is charged what was typed; with it off,
 * the price is shown as text only. The service refuses the change anyway (409); the till
 * learns the rule from the signed-in user's can_change_prices, as staff cannot read the
 * settings. English on a desktop, Dutch on a phone; axe on each state.
 *
 * A service line paid with a package credit: the till offers the credit only for a client who has
 * credits left for that service, with how many; the sale then charges nothing for the line and
 * the client has one credit fewer.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    till: 'Till',
    client: 'Client',
    search: 'Search or scan',
    lines: 'Items in the sale',
    price: 'Price of Balayage',
    cash: 'Cash',
    pay: 'Pay',
    paid: 'Paid',
    shown: '€45.00',
    add: 'Add Balayage (service), €45.00',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    till: 'Kassa',
    client: 'Klant',
    search: 'Zoeken of scannen',
    lines: 'Artikelen in de verkoop',
    price: 'Prijs van Balayage',
    cash: 'Contant',
    pay: 'Afrekenen',
    paid: 'Betaald',
    shown: '€ 45,00',
    add: 'Balayage (behandeling) toevoegen, € 45,00',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

for (const dialect of BROWSER_DIALECTS) {
  describe(`the till's price change for staff in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let desk: { id: number; email: string; password: string; token: string };
    let adminToken: string;
    let credited: { clientId: number; serviceId: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const admin = await setupSalon(h.t);
      adminToken = admin.token;
      desk = await createStaff(h.t, 'staff');
      await createClient(h.t, admin.token, { name: 'Bea Booker', phone: '06 1234 5678' });
      await createService(h.t, admin.token, { name: 'Balayage', price: 45 });
      // A client who bought three cuts, and one who did not (also named Cut: the offer is per client).
      const buyer = await createClient(h.t, admin.token, { name: 'Carla Credit', phone: '06 5555 0101' });
      const cut = await createService(h.t, admin.token, { name: 'Short cut', price: 30 });
      const pkg = await api(h.t, admin.token, 'POST', '/api/packages', {
        name: 'Three cuts',
        price: 80,
        services: [{ service_id: cut.id, quantity: 3 }],
      });
      await api(h.t, admin.token, 'POST', '/api/pos', {
        client_id: buyer.id,
        staff_id: admin.id,
        payment_method: 'cash',
        items: [{ type: 'package', id: pkg.id, quantity: 1 }],
      });
      credited = { clientId: buyer.id, serviceId: cut.id };
    });
    after(async () => {
      await h.close();
    });

    async function signIn(page: Page, watch: PageWatch, words: Words): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).fill(desk.email);
      await page.getByLabel(words.password).fill(desk.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      watch.problems.splice(0, watch.problems.length);
    }

    async function ringUp(page: Page, words: Words): Promise<void> {
      await page.goto('/till');
      await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
      await page.getByRole('searchbox', { name: words.client }).fill('06 1234 5678');
      await page.getByRole('button', { name: /Bea Booker/ }).click();
      await page.getByRole('searchbox', { name: words.search }).fill('Balayage');
      await page.getByRole('button', { name: words.add }).click();
      await page.getByRole('list', { name: words.lines }).getByText('Balayage').first().waitFor();
    }

    async function setStaffPrices(enabled: boolean): Promise<void> {
      await api(h.t, adminToken, 'PUT', '/api/settings', { staff_price_changes_enabled: enabled });
    }

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`a staff member sees the price field while the setting allows it, not otherwise (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await setStaffPrices(true);
        await signIn(page, watch, words);

        await ringUp(page, words);
        const price = page.getByLabel(words.price);
        await price.waitFor();
        await price.fill('40');
        await assertAccessible(page, `a staff member's price field (${language}, ${label})`);
        await page.getByLabel(words.cash, { exact: true }).check();
        await page.getByRole('button', { name: words.pay, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.paid }).waitFor();
        const orders = await api(h.t, adminToken, 'GET', '/api/pos');
        const order = await api(h.t, adminToken, 'GET', `/api/pos/${orders[0].id}`);
        assert.equal(order.items[0].price, 40, 'the sale is charged the price the staff member typed');

        await setStaffPrices(false);
        await ringUp(page, words);
        const line = page.getByRole('list', { name: words.lines });
        await line.getByText(words.shown, { exact: true }).waitFor();
        assert.equal(await page.getByLabel(words.price).count(), 0, 'no price field with the setting off');
        await assertAccessible(page, `a staff member without the price field (${language}, ${label})`);
        assertClean(watch);
      });
    }

    it('a service line is paid with a package credit only for a client who has one (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await setStaffPrices(false);
      await signIn(page, watch, WORDS.en);
      const words = WORDS.en;
      const use = /Pay Short cut with a package credit \((\d+) left\)/;

      // Bea has no credits: no offer on her line.
      await page.goto('/till');
      await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
      await page.getByRole('searchbox', { name: words.client }).fill('06 1234 5678');
      await page.getByRole('button', { name: /Bea Booker/ }).click();
      await page.getByRole('searchbox', { name: words.search }).fill('Short cut');
      await page.getByRole('button', { name: 'Add Short cut (service), €30.00' }).click();
      await page.getByRole('list', { name: words.lines }).getByText('Short cut').first().waitFor();
      assert.equal(await page.getByRole('checkbox', { name: use }).count(), 0, 'no credit offered without credits');

      // Carla has three: the offer says so, and paying with it charges nothing for the line.
      await page.goto('/till');
      await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
      await page.getByRole('searchbox', { name: words.client }).fill('06 5555 0101');
      await page.getByRole('button', { name: /Carla Credit/ }).click();
      await page.getByRole('searchbox', { name: words.search }).fill('Short cut');
      await page.getByRole('button', { name: 'Add Short cut (service), €30.00' }).click();
      const offer = page.getByRole('checkbox', { name: 'Pay Short cut with a package credit (3 left)' });
      await offer.waitFor();
      // By keyboard, as the desk would tick it.
      await offer.focus();
      await page.keyboard.press('Space');
      assert.equal(await offer.isChecked(), true, 'the credit is ticked');
      await assertAccessible(page, 'a line paid with a package credit (en, desktop)');
      await page.getByLabel(words.cash, { exact: true }).check();
      await page.getByRole('button', { name: words.pay, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: words.paid }).waitFor();

      const orders = await api(h.t, adminToken, 'GET', `/api/pos?client_id=${credited.clientId}`);
      const sale = await api(h.t, adminToken, 'GET', `/api/pos/${orders[0].id}`);
      const line = sale.items.find((item: { item_type: string }) => item.item_type === 'service');
      assert.ok(line?.client_package_id, `the line names the package it spent: ${JSON.stringify(sale.items)}`);
      assert.equal(sale.total, 0, 'the line paid by a credit is charged nothing');
      const credits = await api(h.t, adminToken, 'GET', `/api/packages/credits?client_id=${credited.clientId}`);
      const left = credits
        .filter((credit: { service_id: number }) => credit.service_id === credited.serviceId)
        .reduce((sum: number, credit: { remaining: number }) => sum + credit.remaining, 0);
      assert.equal(left, 2, 'one credit is spent');
      assertClean(watch);
    });
  });
}
