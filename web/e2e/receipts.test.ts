import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  browserSkip,
  startBrowserHarness,
  type BrowserHarness,
  type PageWatch,
} from './browser.js';
import { api, assertClean } from './desk.js';

/*
 * The till's records in chromium: a sale's receipt shown, printed (print media emulated: the
 * 80 mm roll's stylesheet applies, the office's header and the controls stay off the paper)
 * and emailed (the SMTP server receives it, in Dutch for a Dutch client, whatever the page's
 * language); then the day closed with a blind count €5 over what is expected and a reason, the
 * Z report shown. axe on every state; English on a desktop, Dutch on a phone. Browser tests
 * run on SQLite (no live updates here).
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    receipt: (id: number) => `Receipt of order ${id}`,
    a4: 'A4',
    roll: 'Receipt printer (80 mm)',
    send: 'Email receipt',
    sent: (to: string) => `The receipt is on its way to ${to}.`,
    drawer: 'Cash drawer',
    float: 'Float',
    open: 'Open the day',
    close: 'Close the day',
    perNote: 'Per note and coin',
    count: (note: string) => `Number of ${note}`,
    reason: 'Reason for a difference',
    reasonNeeded: 'The count differs from what is expected: give the reason.',
    closed: 'Day closed',
    difference: 'Difference',
    btw: 'VAT number NL123456789B01',
    kvk: 'Chamber of Commerce 12345678',
    locale: 'en-GB',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    receipt: (id: number) => `Kassabon van bestelling ${id}`,
    a4: 'A4',
    roll: 'Bonprinter (80 mm)',
    send: 'Bon mailen',
    sent: (to: string) => `De bon is onderweg naar ${to}.`,
    drawer: 'Kassalade',
    float: 'Wisselgeld bij opening',
    open: 'Dag openen',
    close: 'Dag afsluiten',
    perNote: 'Per biljet en munt',
    count: (note: string) => `Aantal van ${note}`,
    reason: 'Reden van een verschil',
    reasonNeeded: 'De telling wijkt af van wat er verwacht werd: geef de reden.',
    closed: 'Dag afgesloten',
    difference: 'Verschil',
    btw: 'Btw-nummer NL123456789B01',
    kvk: 'KvK-nummer 12345678',
    locale: 'nl-NL',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** 80 mm in CSS pixels. */
const ROLL_PX = (80 * 96) / 25.4;
const EUR_CENTS = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1];

/** The page's constructed style sheets' rules (where the print page size is set). */
const pageRulesOf = (page: Page) =>
  page.evaluate<string[]>(
    '[...document.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))',
  );

/** An amount as notes and coins, largest first (what a counter would find in the drawer). */
function notesAndCoins(amount: number): { cents: number; count: number }[] {
  let left = Math.round(amount * 100);
  return EUR_CENTS.flatMap((cents) => {
    const count = Math.floor(left / cents);
    left -= count * cents;
    return count > 0 ? [{ cents, count }] : [];
  });
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`receipts and the cash drawer in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let desk: { id: number; email: string; password: string; token: string };
    let cut: number;
    let dutch: { id: number; email: string | null };

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
      desk = await createStaff(h.t, 'staff');
      await setSettings(h.t, admin.token, {
        salon_address: 'Kerkstraat 1',
        salon_postcode: '1017 GA',
        salon_city: 'Amsterdam',
        btw_number: 'NL123456789B01',
        kvk_number: '12345678',
      });
      const rate = await api(h.t, admin.token, 'POST', '/api/settings/vat-rates', { name: 'High', percentage: 21 });
      cut = (await createService(h.t, admin.token, { name: 'Cut and blow-dry', price: 45, vat_rate_id: rate.id })).id;
      dutch = await createClient(h.t, admin.token, { name: 'Nina de Vries', language: 'nl' });
    });
    after(() => h.close());

    async function signIn(
      page: Page,
      watch: PageWatch,
      words: Words,
      who: { email: string; password: string } = desk,
    ): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).fill(who.email);
      await page.getByLabel(words.password).fill(who.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      assertClean(watch);
      watch.problems.splice(0, watch.problems.length);
    }

    /** A cash sale of one cut (€45.00: 21 % VAT is 7.81, net 37.19), €50 handed over. */
    const sell = () =>
      api(h.t, desk.token, 'POST', '/api/pos', {
        client_id: dutch.id,
        staff_id: desk.id,
        payment_method: 'cash',
        items: [{ type: 'service', id: cut, quantity: 1 }],
        cash_tendered: 50,
      }) as Promise<{ id: number; receipt_number: string }>;

    for (const [language, viewport, label] of [
      ['en', DESKTOP, 'desktop'],
      ['nl', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`a receipt printed on an 80 mm roll and emailed in the client's language (${language}, ${label})`, async () => {
        const sale = await sell();
        const { page, watch } = await h.open({ ...viewport, locale: words.locale });
        await signIn(page, watch, words);
        await page.goto(`/till/receipts/${sale.id}`);
        await page.getByRole('heading', { level: 1, name: words.receipt(sale.id) }).waitFor();
        const receipt = page.locator('.till-record');
        for (const text of [words.btw, words.kvk, sale.receipt_number]) await receipt.getByText(text).waitFor();
        const plain = (await receipt.innerText()).replace(/[\u00a0\u202f]/g, ' ');
        assert.match(
          plain,
          language === 'en' ? /21%\s+€37\.19\s+€7\.81\s+€45\.00/ : /21%\s+€ 37,19\s+€ 7,81\s+€ 45,00/,
        );
        assert.match(plain, language === 'en' ? /Change\s+€5\.00/ : /Wisselgeld\s+€ 5,00/);
        await assertAccessible(page, `a receipt (${language}, ${label})`);

        // On paper: the roll's width, nothing of the office around it, the page 80 mm wide.
        await page.emulateMedia({ media: 'print' });
        const width = (await receipt.boundingBox())!.width;
        assert.ok(Math.abs(width - ROLL_PX) < 1, `the receipt is 80 mm wide on paper (${width}px)`);
        assert.equal(await page.locator('.office-header').isVisible(), false, 'no header on paper');
        assert.equal(
          await page
            .getByRole('button', { name: 'Print' })
            .or(page.getByRole('button', { name: 'Afdrukken' }))
            .isVisible(),
          false,
        );
        const pageRules = await pageRulesOf(page);
        assert.ok(
          pageRules.some((rule) => /@page\s*\{\s*size: 80mm \d+mm;/.test(rule)),
          pageRules.join('\n'),
        );
        await page.emulateMedia({ media: 'screen' });
        // A4 instead: the page size follows the choice.
        const a4 = page.getByRole('radio', { name: words.a4 });
        await tabTo(page, page.getByRole('radio', { name: words.roll }));
        await page.keyboard.press('ArrowDown');
        assert.equal(await a4.isChecked(), true);
        const a4Rules = await pageRulesOf(page);
        assert.ok(
          a4Rules.some((rule) => /size: a4/i.test(rule)),
          a4Rules.join('\n'),
        );

        // Emailed to the client's own address: the mail server gets it in Dutch.
        const before = h.t.mail.to(dutch.email!).length;
        const send = page.getByRole('button', { name: words.send });
        await tabTo(page, send);
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.sent(dutch.email!)).waitFor();
        await h.t.drain();
        const mails = h.t.mail.to(dutch.email!);
        assert.equal(mails.length, before + 1);
        const mail = mails.at(-1)!;
        assert.equal(mail.subject, `Je kassabon ${sale.receipt_number} van Studio Test`);
        assert.match(mail.text.replace(/[\u00a0\u202f]/g, ' '), /Btw 21% over € 37,19\s+€ 7,81/);
        await assertAccessible(page, `a receipt emailed (${language}, ${label})`);
        assertClean(watch, []);
      });

      it(`closes the day with a blind count €5 over and a reason (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale: words.locale });
        await signIn(page, watch, words);
        await page.goto('/till/drawer');
        await page.getByRole('heading', { level: 1, name: words.drawer }).waitFor();
        await page.getByRole('heading', { level: 2, name: words.open }).waitFor();
        await assertAccessible(page, `no day open (${language}, ${label})`);
        await page.getByLabel(words.float).fill('100');
        await page.getByRole('button', { name: words.open }).press('Enter');
        await page.getByRole('heading', { level: 2, name: words.close }).waitFor();
        await sell();
        // What the drawer should hold, as only an admin may read it (the desk counts blind).
        const expected = (await api(h.t, admin.token, 'GET', '/api/pos/drawer')).expected_cash as number;
        const format = new Intl.NumberFormat(words.locale, { style: 'currency', currency: 'EUR' });
        const shown = (await page.locator('main').innerText()).replace(/[\u00a0\u202f]/g, ' ');
        assert.ok(
          !shown.includes(format.format(expected).replace(/[\u00a0\u202f]/g, ' ')),
          'nothing shows the expected cash',
        );
        await assertAccessible(page, `a day open (${language}, ${label})`);

        // The count per note and coin: €5 more than expected.
        const perNote = page.getByRole('radio', { name: words.perNote });
        assert.equal(await perNote.isChecked(), true);
        for (const { cents, count } of notesAndCoins(expected + 5)) {
          const note = new Intl.NumberFormat(words.locale, {
            style: 'currency',
            currency: 'EUR',
            minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
          }).format(cents / 100);
          await page.getByLabel(words.count(note), { exact: true }).fill(String(count));
        }
        await page
          .getByText(format.format(expected + 5).replace(/\u00a0/g, ' '))
          .or(page.getByText(format.format(expected + 5)))
          .waitFor();
        await page.getByRole('button', { name: words.close }).press('Enter');
        // A difference needs a reason: said on the reason field, the counts kept.
        await page.getByText(words.reasonNeeded).waitFor();
        await assertAccessible(page, `a reason asked for (${language}, ${label})`);
        const reason = page.getByLabel(words.reason);
        await tabTo(page, reason);
        await page.keyboard.type('A tip left in the drawer');
        await page.getByRole('button', { name: words.close }).press('Enter');
        await page.getByRole('heading', { level: 1, name: words.closed }).waitFor();
        const report = page.locator('.till-record');
        const difference = report.getByRole('row', { name: new RegExp(words.difference) });
        assert.match(
          (await difference.innerText()).replace(/[\u00a0\u202f]/g, ' '),
          language === 'en' ? /€5\.00/ : /€ 5,00/,
        );
        await report.getByText('A tip left in the drawer').waitFor();
        await assertAccessible(page, `the Z report (${language}, ${label})`);
        await page.emulateMedia({ media: 'print' });
        assert.equal(await page.locator('.office-header').isVisible(), false, 'no header on paper');
        await page.emulateMedia({ media: 'screen' });
        // Asked for before a day is open (404), and the count refused without a reason (400).
        assertClean(watch, [404, 400]);
      });
    }

    it('the accountant’s list of Z reports, newest first, each one opened and printable (admin)', async () => {
      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: words.locale });
      await signIn(page, watch, words, { email: admin.email, password: ADMIN_PASSWORD });
      await page.goto('/till/drawer/z-reports');
      await page.getByRole('heading', { level: 1, name: 'Z reports' }).waitFor();
      const year = new Date().getFullYear();
      const links = page.getByRole('link', { name: new RegExp(`^Z-${year}-\\d{4}$`) });
      await links.first().waitFor();
      assert.deepEqual(await links.allInnerTexts(), [`Z-${year}-0002`, `Z-${year}-0001`]);
      await page.getByText('1–2 of 2').waitFor();
      await assertAccessible(page, 'the Z reports');
      await links.first().press('Enter');
      await page.getByRole('heading', { level: 2, name: `Z report Z-${year}-0002` }).waitFor();
      await page.getByText('A tip left in the drawer').waitFor();
      await assertAccessible(page, 'one Z report');
      assertClean(watch, []);
    });
  });
}
