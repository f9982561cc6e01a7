import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, pastSlot } from '../../test/helpers/bookings.js';
import { FakeCardpayProvider } from '../../test/helpers/fake-cardpay.js';
import { insertProduct } from '../../test/helpers/factories.js';
import { DESKTOP, HAS_FOCUS, PHONE } from './actions.js';
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
 * The till in chromium: a booking checked out from the calendar's panel, paid part by gift
 * card and the rest on the card terminal (the provider's fake, its callback as the provider
 * sends it), its deposit paid online deducted; a cash sale of a product found by its scanned
 * barcode, with the change to give; a split payment, €20 cash and the rest on the card terminal,
 * its receipt showing both. Axe on every state; English on a desktop, Dutch on a phone.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    checkOut: 'Check out',
    till: 'Till',
    giftCard: 'Gift card code',
    card: 'Card (terminal)',
    cash: 'Cash',
    pay: 'Pay',
    waiting: 'Waiting for the card terminal',
    paid: 'Paid',
    receipt: 'Receipt',
    next: 'New sale',
    client: 'Client',
    search: 'Search or scan',
    received: 'Cash received',
    deposit: 'Deposit paid online: €10.00, deducted.',
    change: '€7.50',
    lines: 'Items in the sale',
    cancel: 'Cancel on the terminal',
    failed: 'The payment failed',
    split: 'Split: part cash',
    cashPart: 'Paid in cash',
    rest: 'Rest by card: €25.00',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    checkOut: 'Afrekenen',
    till: 'Kassa',
    giftCard: 'Code van de cadeaukaart',
    card: 'Pin (betaalautomaat)',
    cash: 'Contant',
    pay: 'Afrekenen',
    waiting: 'Wachten op de betaalautomaat',
    paid: 'Betaald',
    receipt: 'Bon',
    next: 'Nieuwe verkoop',
    client: 'Klant',
    search: 'Zoeken of scannen',
    received: 'Contant ontvangen',
    deposit: 'Online betaalde aanbetaling: € 10,00, gaat eraf.',
    change: '€ 7,50',
    lines: 'Artikelen in de verkoop',
    cancel: 'Annuleren op de betaalautomaat',
    failed: 'De betaling is mislukt',
    split: 'Deels contant',
    cashPart: 'Contant betaald',
    rest: 'Rest te pinnen: € 25,00',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

const EAN = '8712345678906';

for (const dialect of BROWSER_DIALECTS) {
  describe(`the till in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let desk: { id: number; email: string; password: string; token: string };
    let adminToken: string;
    const cardpay = new FakeCardpayProvider();
    const bookings: number[] = [];
    const giftCards: string[] = [];

    before(async () => {
      await cardpay.start();
      h = await startBrowserHarness(dialect, {
        smtp: false,
        config: { paymentApiUrls: { cardpay: cardpay.url, onlinepay: cardpay.url, checkout: cardpay.url } },
      });
      const admin = await setupSalon(h.t);
      adminToken = admin.token;
      desk = await createStaff(h.t, 'staff');
      const client = await createClient(h.t, admin.token, { name: 'Bea Booker', phone: '06 1234 5678' });
      const service = await createService(h.t, admin.token, { name: 'Balayage', price: 45 });
      await insertProduct(h.t.ctx.db, { name: 'Argan oil', price: 1250, ean_code: EAN, quantity_on_hand: 10 });
      for (let i = 0; i < 2; i++) {
        const booking = await api(h.t, admin.token, 'POST', '/api/bookings', {
          client_id: client.id,
          service_id: service.id,
          // The desk member's own booking: a member may only see their own when the agenda is personal.
          staff_id: desk.id,
          ...pastSlot(),
        });
        // Its deposit paid online, as the checkout provider's webhook leaves it.
        await h.t.ctx.db
          .updateTable('bookings')
          .set({ deposit_amount: 1000, deposit_status: 'paid' })
          .where('id', '=', booking.id)
          .execute();
        bookings.push(booking.id);
        giftCards.push((await api(h.t, admin.token, 'POST', '/api/giftcards', { amount: 30 })).code);
      }
      await api(h.t, admin.token, 'PUT', '/api/settings', {
        cardpay_api_key: cardpay.apiKey,
        cardpay_merchant_code: cardpay.merchantCode,
        cardpay_reader_id: cardpay.readerId,
      });
    });
    after(async () => {
      await h.close();
      await cardpay.stop();
    });

    async function signIn(page: Page, watch: PageWatch, words: Words): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).fill(desk.email);
      await page.getByLabel(words.password).fill(desk.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      watch.problems.splice(0, watch.problems.length);
    }

    /** The card terminal reports the reader's checkout paid, as the provider calls back. */
    async function terminalPays(amountCents: number): Promise<void> {
      const [reference, checkout] = [...cardpay.checkouts.entries()].at(-1)!;
      const sent = JSON.parse(cardpay.requests.at(-1)!.body);
      assert.deepEqual(sent.total_amount, { value: amountCents, currency: 'EUR', minor_unit: 2 });
      cardpay.setStatus(reference, 'SUCCESSFUL');
      const answer = await h.t.request({
        method: 'POST',
        url: new URL(checkout.returnUrl).pathname,
        payload: cardpay.callbackBody(reference),
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    }

    for (const [index, [language, locale, viewport, label]] of (
      [
        ['en', 'en-GB', DESKTOP, 'desktop'],
        ['nl', 'nl-NL', PHONE, 'phone'],
      ] as const
    ).entries()) {
      const words = WORDS[language];

      it(`checks a booking out from the calendar: gift card, then the card terminal; cash with change for a scanned product (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signIn(page, watch, words);
        assert.equal(await page.locator('html').getAttribute('lang'), language);

        // The calendar's panel of the booking: "Check out" opens the till with it.
        await page.goto(`/bookings/${bookings[index]}`);
        const checkOut = page.getByRole('link', { name: words.checkOut });
        await checkOut.waitFor();
        await checkOut.click();
        await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
        await page.getByText(words.deposit).waitFor();
        await page.getByRole('list', { name: words.lines }).getByText('Balayage').first().waitFor();
        await assertAccessible(page, `the till with a booking (${language}, ${label})`);

        // 45.00 − 30.00 on the gift card − 10.00 deposit: the terminal is asked for 5.00.
        await page.getByLabel(words.giftCard).fill(giftCards[index]!);
        await page.getByLabel(words.card).check();
        await page.getByRole('button', { name: words.pay, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.waiting }).waitFor();
        await assertAccessible(page, `waiting for the card terminal (${language}, ${label})`);
        await terminalPays(500);
        await page.getByRole('heading', { level: 1, name: words.paid }).waitFor({ timeout: 10_000 });
        const receipt = page.getByRole('link', { name: words.receipt });
        assert.match((await receipt.getAttribute('href')) ?? '', /^\/till\/receipts\/\d+$/);
        await assertAccessible(page, `paid (${language}, ${label})`);
        const booking = await api(h.t, adminToken, 'GET', `/api/bookings/${bookings[index]}`);
        assert.equal(booking.status, 'completed');

        // A new sale: the client found by a phone typed with spaces, a product by its barcode.
        await page.getByRole('button', { name: words.next }).click();
        await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
        await page.getByRole('searchbox', { name: words.client }).fill('06 1234 5678');
        await page.getByRole('button', { name: /Bea Booker/ }).click();
        const search = page.getByRole('searchbox', { name: words.search });
        await search.focus();
        // A scanner types fast and presses Enter.
        await page.keyboard.type(EAN, { delay: 5 });
        await page.keyboard.press('Enter');
        await page.getByRole('list', { name: words.lines }).getByText('Argan oil').first().waitFor();
        assert.equal(await search.inputValue(), '', 'the field is cleared for the next scan');
        if (index === 0) {
          // Favourites: two added from the search, the second moved first with its button.
          for (const name of ['Balayage', 'Argan oil']) {
            await search.fill(name);
            await page.getByRole('button', { name: `Add ${name} to favourites` }).click();
            await page.getByRole('grid', { name: 'Favourites' }).getByText(name).waitFor();
          }
          // By keyboard: the item's row, then along its controls to "Move up", Enter.
          const row = page.getByRole('row', { name: /Argan oil/ });
          await row.focus();
          const up = page.getByRole('button', { name: 'Move Argan oil up' });
          for (let i = 0; i < 6 && !(await up.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowRight');
          assert.equal(await up.evaluate(HAS_FOCUS), true, 'the move button is reached by keyboard');
          await page.keyboard.press('Enter');
          for (let i = 0; i < 50; i++) {
            const saved = await api(h.t, desk.token, 'GET', '/api/pos/favorites');
            if (saved[0]?.name === 'Argan oil') break;
            await page.waitForTimeout(100);
          }
          const saved = await api(h.t, desk.token, 'GET', '/api/pos/favorites');
          assert.deepEqual(
            saved.map((item: { name: string }) => item.name),
            ['Argan oil', 'Balayage'],
          );
          await assertAccessible(page, `favourites (${language}, ${label})`);
          await search.fill('');
        }
        await page.getByLabel(words.cash, { exact: true }).check();
        await page.getByLabel(words.received).fill('20');
        await assertAccessible(page, `a cash sale rung up (${language}, ${label})`);
        await page.getByRole('button', { name: words.pay, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.paid }).waitFor();
        await page.getByText(words.change, { exact: true }).waitFor();
        await assertAccessible(page, `cash paid, the change shown (${language}, ${label})`);

        // Split: part cash, the rest on the card terminal (two oils, 25.00: 20.00 cash, 5.00 by card).
        await page.getByRole('button', { name: words.next }).click();
        await page.getByRole('searchbox', { name: words.client }).fill('06 1234 5678');
        await page.getByRole('button', { name: /Bea Booker/ }).click();
        for (let scan = 0; scan < 2; scan++) {
          await search.focus();
          await page.keyboard.type(EAN, { delay: 5 });
          await page.keyboard.press('Enter');
          await page.getByRole('list', { name: words.lines }).getByText('Argan oil').first().waitFor();
        }
        await page.getByLabel(words.card).check();
        await page.getByLabel(words.split).check();
        await page.getByText(words.rest, { exact: true }).waitFor();
        await assertAccessible(page, `a split payment (${language}, ${label})`);
        if (index === 0) {
          // The whole in cash leaves nothing for the card: the service's refusal on the field.
          await page.getByLabel(words.cashPart).fill('25');
          await page.getByRole('button', { name: words.pay, exact: true }).click();
          await page.getByText(/less than the 25 to be collected/).waitFor();
          assert.equal(await page.getByLabel(words.cashPart).getAttribute('aria-invalid'), 'true');
          const refused = watch.problems.filter((problem) => problem.includes('status of 400'));
          assert.equal(refused.length, 1, 'the one refusal asked for');
          watch.problems.splice(0, watch.problems.length, ...watch.problems.filter((p) => !refused.includes(p)));
          await assertAccessible(page, `a split refused on its field (${language}, ${label})`);
          await page.getByLabel(words.cashPart).fill('20');
          await page.getByText('Rest by card: €5.00', { exact: true }).waitFor();
          await page.getByLabel(words.received).fill('50');
          await page.getByText('Change from the cash part: €30.00', { exact: true }).waitFor();
          await page.getByRole('button', { name: words.pay, exact: true }).click();
          await page.getByRole('heading', { level: 1, name: words.waiting }).waitFor();
          await terminalPays(500);
          await page.getByRole('heading', { level: 1, name: words.paid }).waitFor({ timeout: 10_000 });
          await page.getByText('€30.00', { exact: true }).waitFor();
          await page.getByRole('link', { name: words.receipt }).click();
          const receipt = page.locator('.till-record');
          await receipt.waitFor();
          for (const [payment, amount] of [
            ['Paid in cash', '€20.00'],
            ['Paid by card', '€5.00'],
            ['Change', '€30.00'],
          ]) {
            const row = receipt.getByRole('row', { name: new RegExp(`^${payment}`) });
            assert.equal((await row.innerText()).replace(/\s+/g, ' ').trim(), `${payment} ${amount}`);
          }
          await assertAccessible(page, `a split payment's receipt (${language}, ${label})`);
          // Back to an empty till for the next sale.
          await page.goBack();
          await page.getByRole('heading', { level: 1, name: words.till }).waitFor();
          await page.getByRole('searchbox', { name: words.client }).fill('06 1234 5678');
          await page.getByRole('button', { name: /Bea Booker/ }).click();
          await search.focus();
          await page.keyboard.type(EAN, { delay: 5 });
          await page.keyboard.press('Enter');
          await page.getByRole('list', { name: words.lines }).getByText('Argan oil').first().waitFor();
        } else {
          // On the phone the same sale goes on whole by card.
          await page.getByLabel(words.split).uncheck();
        }

        // A card payment the client walks away from: stopped at the terminal from the till.
        await page.getByLabel(words.card).check();
        await page.getByRole('button', { name: words.pay, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.waiting }).waitFor();
        await page.getByRole('button', { name: words.cancel }).click();
        await page.getByRole('heading', { level: 1, name: words.failed }).waitFor();
        await assertAccessible(page, `a card payment cancelled (${language}, ${label})`);
        assertClean(watch);
      });
    }
  });
}
