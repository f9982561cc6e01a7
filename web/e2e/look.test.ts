import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { offeredStarts, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { parseHex } from '../src/lib/contrast.js';
import { accentTokens, PAGE_COLOURS, type Scheme } from '../src/lib/look.js';
import { choose, dayButton, DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The salon's look in chromium: its brand colour and `dark_mode` on the booking page and the
 * back office, in the visitor's light and dark preference, with axe (colour contrast included)
 * on every state; and its `time_format` and `first_day_of_week` wherever a time or a day shows.
 */

/** `#rrggbb` as the browser reports a computed colour. */
function cssRgb(hex: string): string {
  const [r, g, b] = parseHex(hex)!;
  return `rgb(${r}, ${g}, ${b})`;
}

/** What runs in the page: the tests' program has no DOM types, so the one call used is named here. */
type InPage = typeof globalThis & { getComputedStyle(element: unknown): { getPropertyValue(name: string): string } };

const computed = (page: Page, selector: string, property: 'background-color' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => (globalThis as InPage).getComputedStyle(element).getPropertyValue(name), property);

for (const dialect of BROWSER_DIALECTS) {
  describe(`the salon's look and formats in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string };
    let service: { id: number; name: string };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      ({ admin, service } = await setupBookingSalon(h.t));
      await setSettings(h.t, admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
    });
    after(() => h.close());

    /** Books through every step, running axe at each: the ticked box, chosen day and time are accent fills. */
    async function bookWithAxe(page: Page, scheme: Scheme, day: number, onTicked?: () => Promise<void>) {
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      await assertAccessible(page, `${scheme}: the booking page at first`);
      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await page.getByRole('heading', { name: '3. Choose a day' }).waitFor();
      await assertAccessible(page, `${scheme}: a service ticked`);
      await onTicked?.();
      const date = salonDate(day);
      await (await dayButton(page, date, 'en-GB', 'Next month')).click();
      await page
        .getByRole('status')
        .filter({ hasText: /free times? on/ })
        .waitFor();
      const [start] = await offeredStarts(h.t, { date, service_id: service.id });
      await choose(page.getByRole('radio', { name: new RegExp(`${start} to`) }));
      await page.getByLabel('Name', { exact: true }).fill('Dora Dark');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('look'));
      await choose(page.getByRole('checkbox', { name: /news and offers/ }));
      await assertAccessible(page, `${scheme}: a day, a time and the details chosen`);
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: "You're booked" }).waitFor();
      await assertAccessible(page, `${scheme}: booked`);
    }

    it('system: a yellow brand colour follows the visitor’s light and dark preference, readable (axe) in every state of both', async () => {
      await setSettings(h.t, admin.token, { dark_mode: 'system', brand_color: '#ffff00' });
      try {
        let day = 2;
        for (const scheme of ['light', 'dark'] as const) {
          const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', colorScheme: scheme });
          await page.goto('/book');
          await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
          assert.equal(await page.locator('html').getAttribute('data-theme'), null, 'system sets no theme');
          assert.equal(await computed(page, 'html', 'background-color'), cssRgb(PAGE_COLOURS[scheme].bg));
          // The accent is the salon's yellow where it reads (a fill on dark pages), darkened where it does not.
          const tokens = accentTokens('#ffff00', scheme);
          await bookWithAxe(page, scheme, (day += 1), async () =>
            assert.equal(
              await computed(page, '.checkbox[data-selected] .box', 'background-color'),
              cssRgb(tokens.accent),
            ),
          );
          assert.equal(
            await computed(page, '.button[data-variant="secondary"]', 'color'),
            cssRgb(tokens['accent-ink']),
          );
          watch.assertClean();
        }
      } finally {
        await setSettings(h.t, admin.token, { dark_mode: 'system', brand_color: '#7a2e54' });
      }
    });

    it('dark and light impose their scheme whatever the visitor prefers, on the booking page and the back office', async () => {
      try {
        for (const [darkMode, preference, brand] of [
          ['dark', 'light', '#000000'],
          ['light', 'dark', '#777777'],
        ] as const) {
          await setSettings(h.t, admin.token, { dark_mode: darkMode, brand_color: brand });
          const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', colorScheme: preference });
          await page.goto('/book');
          await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
          await page.locator(`html[data-theme="${darkMode}"]`).waitFor({ state: 'attached' });
          assert.equal(await computed(page, 'html', 'background-color'), cssRgb(PAGE_COLOURS[darkMode].bg));
          await bookWithAxe(page, darkMode, darkMode === 'dark' ? 6 : 7);

          await page.goto('/login');
          await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
          await page.locator(`html[data-theme="${darkMode}"]`).waitFor({ state: 'attached' });
          assert.equal(
            await computed(page, 'button[type="submit"]', 'background-color'),
            cssRgb(accentTokens(brand, darkMode).accent),
          );
          await assertAccessible(page, `the back office's sign-in, ${darkMode}`);
          // The back office asks for a session on load; without one the 401 is logged as a failed resource.
          assert.deepEqual(
            watch.problems.filter((problem) => !problem.includes('401')),
            [],
          );
        }
      } finally {
        await setSettings(h.t, admin.token, { dark_mode: 'system', brand_color: '#7a2e54' });
      }
    });

    it('the next visit starts in the salon’s look at once: the look last seen is put on before the page renders', async () => {
      await setSettings(h.t, admin.token, { dark_mode: 'dark', brand_color: '#0000ff' });
      try {
        const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', colorScheme: 'light' });
        await page.goto('/book');
        await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
        // The salon page's answer held back: the stored look must come on without it.
        let release = () => {};
        const answered = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/public/salon-page', async (route) => {
          await answered;
          await route.continue();
        });
        await page.reload({ waitUntil: 'load' });
        await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
        assert.equal(
          await page.evaluate("document.documentElement.style.getPropertyValue('--accent-dark')"),
          accentTokens('#0000ff', 'dark').accent,
        );
        release();
        await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
        watch.assertClean();
      } finally {
        await setSettings(h.t, admin.token, { dark_mode: 'system', brand_color: '#7a2e54' });
      }
    });

    it('time_format 12h: opening hours and free times read "2:00 pm"; first_day_of_week orders the hours and the calendar', async () => {
      await setSettings(h.t, admin.token, { time_format: '12h', first_day_of_week: 0 });
      // Opening hours to show (days the salon is closed are not bookable, so only its Mondays are listed).
      await h.t.ctx.db
        .insertInto('opening_hours')
        .values([
          { day_of_week: 1, open_time: '09:00', close_time: '17:30', is_closed: 0 },
          { day_of_week: 0, open_time: '13:00', close_time: '17:00', is_closed: 0 },
        ])
        .execute();
      try {
        const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB' });
        await page.goto('/book');
        // On a phone the hours are at the page's end, behind "Opening hours and address".
        const hours = page.locator('.salon-more-end dl');
        await hours.waitFor();
        assert.deepEqual(await hours.locator('dt').allTextContents(), ['Sunday', 'Monday']);
        assert.deepEqual(await hours.locator('dd').allTextContents(), ['1:00 pm to 5:00 pm', '9:00 am to 5:30 pm']);

        await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
        await page.getByRole('grid').waitFor();
        // The calendar's weeks start on Sunday: a full week's row begins with one.
        const firstOfWeek = page.locator('[role="grid"] tbody tr:nth-child(2) td:first-child [role="button"]');
        assert.match((await firstOfWeek.getAttribute('aria-label')) ?? '', /Sunday/);

        const date = salonDate(8);
        await (await dayButton(page, date, 'en-GB', 'Next month')).click();
        const times = page.getByRole('radiogroup', { name: '4. Choose a time' }).getByRole('radio');
        await times.first().waitFor({ state: 'attached' });
        const labels = await page.getByRole('region', { name: '4. Choose a time' }).locator('.radio').allTextContents();
        assert.ok(labels.length > 0);
        for (const label of labels) assert.match(label, /^\d{1,2}:\d{2}\s?[ap]m$/i, label);
        const starts = await offeredStarts(h.t, { date, service_id: service.id });
        assert.ok(starts.includes('14:00'), starts.join());
        assert.ok(
          labels.some((label) => /^2:00\s?pm$/i.test(label)),
          labels.join(),
        );
        assert.match(
          (await times.first().getAttribute('aria-label')) ?? '',
          /\d:\d{2}\s?[ap]m to \d{1,2}:\d{2}\s?[ap]m$/i,
        );
        await assertAccessible(page, '12-hour times');
        watch.assertClean();
      } finally {
        await h.t.ctx.db.deleteFrom('opening_hours').execute();
        await setSettings(h.t, admin.token, { time_format: '24h', first_day_of_week: 1 });
      }
    });

    it('first_day_of_week Monday: the opening hours and the calendar start on Monday, in Dutch too', async () => {
      await setSettings(h.t, admin.token, { first_day_of_week: 1 });
      await h.t.ctx.db
        .insertInto('opening_hours')
        .values([
          { day_of_week: 0, open_time: '13:00', close_time: '17:00', is_closed: 0 },
          { day_of_week: 1, open_time: '09:00', close_time: '17:30', is_closed: 0 },
        ])
        .execute();
      try {
        const { page, watch } = await h.open({ ...DESKTOP, locale: 'nl-NL' });
        await page.goto('/book');
        const hours = page.locator('.salon-intro dl');
        await hours.waitFor();
        assert.deepEqual(await hours.locator('dt').allTextContents(), ['maandag', 'zondag']);
        assert.deepEqual(await hours.locator('dd').allTextContents(), ['09:00 tot 17:30', '13:00 tot 17:00']);
        await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
        await page.getByRole('grid').waitFor();
        const firstOfWeek = page.locator('[role="grid"] tbody tr:nth-child(2) td:first-child [role="button"]');
        assert.match((await firstOfWeek.getAttribute('aria-label')) ?? '', /maandag/);
        watch.assertClean();
      } finally {
        await h.t.ctx.db.deleteFrom('opening_hours').execute();
      }
    });
  });
}
