import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The manager's offers and imports in chromium: the owner creates a package (a refused number
 * of sessions shown on its field first), a promotion (a code in use said on the code, a last
 * day before the first on its field), looks a gift card up by its code typed loosely and sees
 * its history, resends its email, and has a spreadsheet refused by the import before anything
 * is sent (the import after its dry run is the owner's first week, owner-first-week.test.ts): in
 * English on a desktop. On a phone in Dutch a short check (a gift card looked up). Axe on every
 * state.
 */

const WORDS = {
  en: {
    manage: 'Manage the salon',
    offers: 'Packages, promotions and gift cards',
    packages: 'Packages',
    newPackage: 'New package',
    name: 'Name',
    price: 'Price (VAT included)',
    service1: 'Service 1',
    sessions: 'Sessions',
    validDays: 'Valid for (days)',
    days90: '90 days',
    create: 'Create',
    promotions: 'Promotions',
    newPromotion: 'New promotion',
    code: 'Code',
    value: 'Discount (percent or amount)',
    from: 'First day',
    to: 'Last day',
    codeTaken: 'Another promotion already has this code.',
    scheduled: 'Scheduled',
    giftCards: 'Gift cards',
    lookup: 'Gift card code',
    find: 'Look up',
    notFound: 'No gift card has this code.',
    issued: 'Issued',
    redeemed: 'Redeemed',
    resend: /Send the email again/,
    resent: 'The email is on its way',
    imports: 'Imports',
    file: 'CSV file',
    notCsv: 'This is not a CSV file',
  },
  // The phone's short check in Dutch.
  nl: {
    giftCards: 'Cadeaubonnen',
    lookup: 'Code van de cadeaubon',
    find: 'Opzoeken',
    issued: 'Uitgegeven',
    redeemed: 'Ingewisseld',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`the manager's offers and imports in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let serviceName: string;
    let giftCode: string;

    before(async () => {
      // An outbox without a mail server: the gift card's email is queued, never sent.
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      const staff = await createStaff(h.t, 'staff');
      const service = await createService(h.t, admin.token, { name: 'Blow-dry', price: 20 });
      serviceName = service.name;
      await api(h.t, admin.token, 'POST', '/api/promotions', {
        code: 'TAKEN10',
        name: 'Taken',
        discount_type: 'percentage',
        discount_value: 10,
      });
      // A card issued to someone and partly spent at the till: its history has both.
      const card = await api(h.t, admin.token, 'POST', '/api/giftcards', {
        amount: 50,
        recipient_name: 'Rosa',
        recipient_email: 'rosa@example.com',
      });
      giftCode = card.code;
      const client = await createClient(h.t, admin.token);
      await api(h.t, admin.token, 'POST', '/api/pos', {
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        gift_card_code: giftCode,
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
    });
    after(() => h.close());

    // The flows in English on a desktop; Dutch on a phone is the short check at the end.
    {
      const [language, locale, viewport, label] = ['en', 'en-GB', DESKTOP, 'desktop'] as const;
      const words = WORDS[language];
      const where = `(${language}, ${label})`;

      it(`creates a package and a promotion, refusals on their fields ${where}`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage');
        await page.getByRole('heading', { level: 1, name: words.manage }).waitFor();
        await page.getByRole('link', { name: words.offers }).click();
        await page.getByRole('heading', { level: 1, name: words.packages }).waitFor();
        assert.equal(new URL(page.url()).pathname, '/manage/offers/packages');
        await assertAccessible(page, `the packages ${where}`);

        // A package of 0 sessions: the service refuses it, said on the sessions field.
        await page.getByRole('button', { name: words.newPackage }).click();
        const dialog = page.getByRole('dialog', { name: words.newPackage });
        const packageName = `Five blow-dries ${language}`;
        await dialog.getByLabel(words.name, { exact: true }).fill(packageName);
        await dialog.getByLabel(words.price).fill('80');
        await dialog.getByLabel(words.service1).selectOption({ label: serviceName });
        await dialog.getByLabel(words.sessions).fill('0');
        // Credits usable for 90 days after the sale.
        await dialog.getByLabel(words.validDays).fill('90');
        await dialog.getByRole('button', { name: words.create }).click();
        await invalid(dialog.getByLabel(words.sessions));
        assert.equal(
          await dialog.getByLabel(words.name, { exact: true }).inputValue(),
          packageName,
          'what was typed stays',
        );
        await assertAccessible(page, `a package refused on its sessions ${where}`);
        await dialog.getByLabel(words.sessions).fill('5');
        // Leaving the field first: its error line goes on blur, and the taller form moved the
        // button under a pointer pressing it.
        await dialog.getByLabel(words.sessions).press('Tab');
        await dialog.getByRole('button', { name: words.create }).click();
        await dialog.waitFor({ state: 'detached' });
        const row = page.getByRole('row', { name: new RegExp(packageName) });
        await row.waitFor();
        // (On a phone the list leaves the services out, so a row fits the screen.)
        await row.getByText(`5 × ${serviceName}`).waitFor();
        await row.getByText(words.days90, { exact: true }).waitFor();
        const packages = await api(h.t, admin.token, 'GET', '/api/packages');
        assert.equal(packages.find((p: { name: string }) => p.name === packageName).valid_days, 90);
        await assertAccessible(page, `the package listed ${where}`);

        // Promotions: a code in use (409) on the code; a last day before the first (400) on it.
        await page.getByRole('link', { name: words.promotions }).click();
        await page.getByRole('heading', { level: 1, name: words.promotions }).waitFor();
        await page.getByRole('button', { name: words.newPromotion }).click();
        const promo = page.getByRole('dialog', { name: words.newPromotion });
        await promo.getByLabel(words.code, { exact: true }).fill('taken10');
        await promo.getByLabel(words.name, { exact: true }).fill(`Spring ${language}`);
        await promo.getByLabel(words.value).fill('15');
        await promo.getByLabel(words.from).fill('2099-03-01');
        await promo.getByLabel(words.to).fill('2099-05-31');
        await promo.getByRole('button', { name: words.create }).click();
        await invalid(promo.getByLabel(words.code, { exact: true }));
        await promo.getByText(words.codeTaken).first().waitFor();
        await assertAccessible(page, `a promotion's code in use ${where}`);
        const code = `SPRING-${language.toUpperCase()}`;
        await promo.getByLabel(words.code, { exact: true }).fill(code);
        await promo.getByLabel(words.to).fill('2099-02-01');
        await promo.getByRole('button', { name: words.create }).click();
        await invalid(promo.getByLabel(words.to));
        await assertAccessible(page, `a promotion's last day refused ${where}`);
        await promo.getByLabel(words.to).fill('2099-05-31');
        await promo.getByRole('button', { name: words.create }).click();
        await promo.waitFor({ state: 'detached' });
        await page
          .getByRole('row', { name: new RegExp(code) })
          .getByText(words.scheduled)
          .waitFor();
        await assertAccessible(page, `the promotion listed, scheduled ${where}`);
        assertClean(watch, [400, 401, 409]);
      });

      it(`looks a gift card up by its code and sees its history; resends its email ${where}`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage/offers/gift-cards');
        await page.getByRole('heading', { level: 1, name: words.giftCards }).waitFor();
        await assertAccessible(page, `the gift cards ${where}`);

        const box = page.getByLabel(words.lookup);
        await box.fill('NOPE-NOPE-NOPE-NOPE');
        await box.press('Enter');
        await invalid(box);
        await page.getByText(words.notFound).waitFor();
        await assertAccessible(page, `a code that is no card ${where}`);

        // As a scanner or a hurried hand types it: lower case, no dashes.
        await box.fill(giftCode.replace(/-/g, '').toLowerCase());
        await page.getByRole('button', { name: words.find }).click();
        const card = page.getByRole('region', { name: new RegExp(giftCode) });
        await card.getByRole('heading', { level: 2, name: new RegExp(giftCode) }).waitFor();
        await card.getByRole('cell', { name: words.issued }).waitFor();
        await card.getByRole('cell', { name: words.redeemed }).waitFor();
        await assertAccessible(page, `a gift card and its history ${where}`);

        await card.getByRole('button', { name: words.resend }).click();
        await card.getByRole('status').getByText(words.resent).waitFor();
        await assertAccessible(page, `the email resent ${where}`);
        assertClean(watch, [401, 404]);
      });

      // The import after its dry run (the refused row with its reason, then the run) is the
      // owner's first week (owner-first-week.test.ts); here the refusal before anything is sent.
      it(`refuses a spreadsheet before sending it to the import ${where}`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage/imports');
        await page.getByRole('heading', { level: 1, name: words.imports }).waitFor();
        await assertAccessible(page, `the imports page ${where}`);

        const file = page.getByLabel(words.file);
        let sent = 0;
        page.on('request', (request) => {
          if (request.url().includes('/api/imports/clients')) sent += 1;
        });
        await file.setInputFiles({
          name: 'clients.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from('PK\u0003\u0004'),
        });
        await page.getByText(words.notCsv).waitFor();
        await invalid(file);
        assert.equal(sent, 0, 'nothing was uploaded');
        await assertAccessible(page, `a spreadsheet refused before sending ${where}`);
        assertClean(watch, [401]);
      });
    }

    it('a gift card looked up by its code on a phone in Dutch', async () => {
      const words = WORDS.nl;
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAtDesk(page, admin.email);
      await page.goto('/manage/offers/gift-cards');
      await page.getByRole('heading', { level: 1, name: words.giftCards }).waitFor();
      await assertAccessible(page, 'the gift cards (nl, phone)');
      await page.getByLabel(words.lookup).fill(giftCode);
      await page.getByRole('button', { name: words.find }).click();
      const card = page.getByRole('region', { name: new RegExp(giftCode) });
      await card.getByRole('cell', { name: words.issued }).waitFor();
      await card.getByRole('cell', { name: words.redeemed }).waitFor();
      await assertAccessible(page, 'a gift card and its history (nl, phone)');
      assertClean(watch, [401]);
    });
  });
}

/** A field the page marks invalid (React Aria's or the page's own `aria-invalid`). */
async function invalid(field: Locator): Promise<void> {
  await field
    .page()
    .waitForFunction((element) => element?.getAttribute('aria-invalid') === 'true', await field.elementHandle());
}
