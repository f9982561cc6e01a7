import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, nextSlot, pastSlot } from '../../test/helpers/bookings.js';
import { DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * The office's clients list and a client's card in chromium, by keyboard alone: a desk member
 * signs in, finds a client by a phone number typed with spaces (stored as +31…), opens the card
 * and goes back to the same search; axe on every state, in English and in Dutch, on a desktop
 * and on a phone.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    clients: 'Clients',
    search: 'Search clients',
    found: (n: number, q: string) => `${n} ${n === 1 ? 'client matches' : 'clients match'} “${q}”`,
    none: (q: string) => `No clients match “${q}”`,
    since: 'Client since',
    details: 'Details',
    upcoming: 'Upcoming',
    past: 'Past',
    back: 'Back to the clients',
    yes: 'Yes',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    clients: 'Klanten',
    search: 'Klanten zoeken',
    found: (n: number, q: string) => `${n} ${n === 1 ? 'klant' : 'klanten'} gevonden voor “${q}”`,
    none: (q: string) => `Geen klanten gevonden voor “${q}”`,
    since: 'Klant sinds',
    details: 'Gegevens',
    upcoming: 'Komend',
    past: 'Geweest',
    back: 'Terug naar de klanten',
    yes: 'Ja',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** The client to find, their phone as a desk member reads it off a note, and a service they had. */
const NOOR = { name: 'Noor Vermeulen', phone: '06 1234 5678', stored: '+31612345678' };
const TYPED_PHONE = '06 1234 5678';

for (const dialect of BROWSER_DIALECTS) {
  describe(`clients list and card in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let desk: { email: string; password: string };
    let serviceName: string;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const admin = await setupSalon(h.t);
      desk = await createStaff(h.t, 'staff');
      const staff = await createStaff(h.t, 'staff');
      // Enough clients for more than one page, none of whose numbers holds Noor's.
      for (let i = 1; i <= 30; i++) {
        await createClient(h.t, admin.token, {
          name: `Client ${String(i).padStart(2, '0')} Jansen`,
          phone: `+3162000${String(1000 + i)}`,
        });
      }
      const noor = await createClient(h.t, admin.token, {
        name: NOOR.name,
        phone: NOOR.phone,
        notes: 'Prefers the window seat',
        labels: ['VIP'],
        sms_consent: 1,
      });
      assert.equal(
        (await h.t.request({ method: 'GET', url: `/api/clients/${noor.id}`, token: admin.token })).body.phone,
        NOOR.stored,
        'the phone is stored in E.164',
      );
      const service = await createService(h.t, admin.token, { name: 'Cut and colour' });
      serviceName = service.name;
      for (const slot of [nextSlot(), pastSlot()]) {
        const made = await h.t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: { client_id: noor.id, staff_id: staff.id, service_id: service.id, ...slot },
        });
        assert.equal(made.status, 200, JSON.stringify(made.body));
      }
    });
    after(() => h.close());

    /** Signs in on /login by keyboard and reaches the clients list through the navigation. */
    async function signInToClients(page: Page, watch: PageWatch, words: Words): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).focus();
      await page.keyboard.type(desk.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(desk.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      // The office asks for a session as it loads; without one yet, the browser logs the 401 as a
      // failed resource. Only that is let through, before anything of the clients area happens.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
      // On a phone the navigation's links fold behind its "Menu" button: opened by keyboard first.
      const toggle = page.getByRole('navigation').getByRole('button', { name: 'Menu' });
      if (await toggle.isVisible()) {
        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
      }
      const nav = page.getByRole('navigation').getByRole('link', { name: words.clients });
      await tabTo(page, nav);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.clients }).waitFor();
      await page.getByRole('status').getByText(/31/).waitFor();
    }

    /** Types a search into the box by keyboard and waits for the list to answer it. */
    async function search(page: Page, words: Words, text: string, expect: string): Promise<void> {
      const box = page.getByRole('searchbox', { name: words.search });
      await tabTo(page, box);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await page.getByRole('status').getByText(expect).waitFor();
    }

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`finds a client by a phone typed with spaces and opens their card, by keyboard (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInToClients(page, watch, words);
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        await page.getByRole('row', { name: /Client 01 Jansen/ }).waitFor();
        await assertAccessible(page, `the clients list (${language}, ${label})`);

        // A search that matches nobody says so.
        await search(page, words, 'zzz', words.none('zzz'));
        await assertAccessible(page, `no client found (${language}, ${label})`);

        // The phone as written on a note, with spaces: the stored +31 number is found.
        await search(page, words, TYPED_PHONE, words.found(1, TYPED_PHONE));
        const row = page.getByRole('row', { name: new RegExp(NOOR.name) });
        await row.waitFor();
        assert.equal(await page.getByRole('row').count(), 2, 'the header and Noor only');
        assert.equal(new URL(page.url()).searchParams.get('q'), TYPED_PHONE, 'the search is in the address');
        await assertAccessible(page, `a client found by phone (${language}, ${label})`);

        // Into the table (one tab stop), down to the row, Enter opens the card.
        await page.keyboard.press('Tab');
        for (let i = 0; i < 5 && !(await row.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowDown');
        assert.equal(await row.evaluate(HAS_FOCUS), true, 'the row has the focus');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: NOOR.name }).waitFor();
        assert.match(new URL(page.url()).pathname, /^\/clients\/\d+$/);
        const details = page.getByRole('region', { name: words.details });
        await details.getByText(NOOR.stored).waitFor();
        await details.getByText('VIP').waitFor();
        await details.getByText('Prefers the window seat').waitFor();
        // The visits come with the history, after the details: waited for, then counted.
        await page.getByRole('heading', { level: 3, name: words.upcoming }).waitFor();
        await page.getByRole('heading', { level: 3, name: words.past }).waitFor();
        const visitLists = page.getByRole('list').filter({ hasText: serviceName });
        assert.equal(await visitLists.count(), 2, 'one upcoming and one past visit listed');
        await assertAccessible(page, `the client's card (${language}, ${label})`);

        // Back to the list by keyboard: the same search, the same result.
        const back = page.getByRole('link', { name: words.back });
        await tabTo(page, back);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: words.clients }).waitFor();
        assert.equal(await page.getByRole('searchbox', { name: words.search }).inputValue(), TYPED_PHONE);
        await page.getByRole('status').getByText(words.found(1, TYPED_PHONE)).waitFor();
        watch.assertClean();
      });
    }

    it('sorts by client-since from the keyboard, pages, and a reload keeps the list as it was', async () => {
      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInToClients(page, watch, words);
      await page.getByRole('row', { name: /Client 01 Jansen/ }).waitFor();
      // Into the grid, up to the header row, right to "Client since", Enter twice: newest first.
      const since = page.getByRole('columnheader', { name: words.since });
      await tabTo(page, page.getByRole('row', { name: /Client 01 Jansen/ }));
      await page.keyboard.press('ArrowUp');
      for (let i = 0; i < 4 && !(await since.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowRight');
      assert.equal(await since.evaluate(HAS_FOCUS), true, 'the column header has the focus');
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]sort=created_at(&|$)/);
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]sort=-created_at(&|$)/);
      assert.equal(await since.getAttribute('aria-sort'), 'descending');
      // Newest first: Noor was added last.
      await page.getByRole('row').nth(1).getByText(NOOR.name).waitFor();
      await assertAccessible(page, 'the list newest first');

      await tabTo(page, page.getByRole('button', { name: 'Next page' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]page=2(&|$)/);
      await page.getByText('26–31 of 31').waitFor();
      await page.reload();
      await page.getByText('26–31 of 31').waitFor();
      assert.equal(await since.getAttribute('aria-sort'), 'descending');
      await page.getByRole('row', { name: /Client 01 Jansen/ }).waitFor();
      watch.assertClean();
    });
  });
}
