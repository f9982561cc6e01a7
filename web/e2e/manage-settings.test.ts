import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * The settings in chromium, as the owner uses them: the booking page put in request mode and
 * /book then asking for a request; a logo uploaded (a wrong file said before sending) and seen in
 * the office's header, on /book and in an email; the card terminal's key replaced without the old
 * one ever reaching the page; the opening hours changed and /book offering the new hours: in
 * English on a desktop. On a phone in Dutch a short check (the groups, request mode saved). Axe
 * on every state reached.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    settings: 'Settings',
    booking: 'The booking page',
    request: 'On request',
    direct: 'Booked at once',
    save: 'Save',
    saved: 'Saved.',
    sendRequest: 'Send request',
    book: 'Book an appointment',
    nextMonth: 'Next month',
    salon: 'The salon',
    chooseLogo: 'Choose an image',
    wrongType: /not a JPEG, PNG, GIF, SVG or WebP/,
    upload: 'Upload logo',
    uploaded: 'The logo is uploaded.',
    mail: 'Mail',
    sendTo: 'Send to',
    sendTest: 'Send test email',
    payments: 'Payments',
    cardKey: 'Card terminal API key',
    stored: /A value is stored/,
    hours: 'Opening hours',
    opens: (day: string) => `${day} opens at`,
    closes: (day: string) => `${day} closes at`,
    saveHours: 'Save opening hours',
  },
  // The phone's short check in Dutch.
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    settings: 'Instellingen',
    booking: 'De boekingspagina',
    request: 'Op aanvraag',
    save: 'Opslaan',
    saved: 'Opgeslagen.',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** A 1 × 1 PNG: the service decides the type by these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const dialect of BROWSER_DIALECTS) {
  describe(`the settings in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let salon: Awaited<ReturnType<typeof setupBookingSalon>>;

    before(async () => {
      h = await startBrowserHarness(dialect);
      salon = await setupBookingSalon(h.t);
      await setSettings(h.t, salon.admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
      // The owner takes no appointments: the one working member does.
      await h.t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', salon.admin.id).execute();
    });
    after(() => h.close());

    async function signIn(page: Page, watch: PageWatch, words: Words): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).fill(salon.admin.email);
      await page.getByLabel(words.password).fill(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      // The office asks for a session as it loads; the 401 before signing in is the one expected.
      watch.problems.splice(0, watch.problems.length);
    }

    async function openGroup(page: Page, words: Words, group: string): Promise<void> {
      await page.goto('/manage/settings');
      await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
      // In the page, not the office's navigation (which has a Payments of its own).
      await page.locator('#content').getByRole('link', { name: group, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: group }).waitFor();
    }

    /** /book up to the chosen day's times for the one service, with the member shown. */
    async function bookingTimes(page: Page, words: typeof WORDS.en, locale: string, date: string): Promise<void> {
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: words.book }).waitFor();
      await choose(page.getByRole('checkbox', { name: new RegExp(salon.service.name) }));
      await (await dayButton(page, date, locale, words.nextMonth)).click();
      await page.getByRole('radio', { name: /:00/ }).first().waitFor();
    }

    // The flows in English on a desktop; Dutch on a phone is the short check at the end.
    {
      const [language, locale, viewport, label] = ['en', 'en-GB', DESKTOP, 'desktop'] as const;
      const words = WORDS[language];

      it(`request mode set on the booking page's settings makes /book ask for a request (${language}, ${label})`, async () => {
        await setSettings(h.t, salon.admin.token, { booking_mode: 'direct' });
        const { page, watch } = await h.open({ ...viewport, locale });
        await signIn(page, watch, words);
        await assertAccessible(page, `Today (${language}, ${label})`);
        await page.goto('/manage/settings');
        await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
        await assertAccessible(page, `the settings' groups (${language}, ${label})`);
        await openGroup(page, words, words.booking);
        await assertAccessible(page, `the booking page's settings (${language}, ${label})`);
        await choose(page.getByRole('radio', { name: words.request }));
        await page.getByRole('button', { name: words.save }).click();
        await page.getByRole('status').getByText(words.saved).waitFor();
        await assertAccessible(page, `the booking page's settings saved (${language}, ${label})`);
        const stored = await h.t.ctx.db.selectFrom('settings').select('booking_mode').executeTakeFirstOrThrow();
        assert.equal(stored.booking_mode, 'request');

        await bookingTimes(page, words, locale, salonDate(2));
        await choose(page.getByRole('radio', { name: /:00/ }).first());
        await page.getByRole('button', { name: words.sendRequest }).waitFor();
        await assertAccessible(page, `/book in request mode (${language}, ${label})`);
        watch.assertClean();
      });

      it(`the card terminal's key is replaced without the old one ever reaching the page (${language}, ${label})`, async () => {
        const oldKey = `old-card-key-${language}-4f1c9a`;
        const newKey = `new-card-key-${language}-77b2e0`;
        await setSettings(h.t, salon.admin.token, { cardpay_api_key: oldKey });
        const { page, watch } = await h.open({ ...viewport, locale });
        const bodies: Promise<string>[] = [];
        const sent: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/')) sent.push(request.postData() ?? '');
        });
        page.on('response', (response) => {
          // Every answer of the API but the desk's live stream, which never ends.
          const stream = (response.headers()['content-type'] ?? '').includes('event-stream');
          if (response.url().includes('/api/') && !stream) bodies.push(response.text().catch(() => ''));
        });
        await signIn(page, watch, words);
        await openGroup(page, words, words.payments);
        const field = page.getByLabel(words.cardKey);
        assert.equal(await field.inputValue(), '', 'the secret field starts empty');
        await page.getByText(words.stored).first().waitFor();
        await assertAccessible(page, `the payments' settings (${language}, ${label})`);
        await field.fill(newKey);
        await page.getByRole('button', { name: words.save }).click();
        await page.getByRole('status').getByText(words.saved).waitFor();
        // The field is emptied by the save's own answer; on a loaded machine that render may
        // follow the status line's by a moment.
        for (let waited = 0; waited < 5000 && (await field.inputValue()) !== ''; waited += 100)
          await page.waitForTimeout(100);
        assert.equal(await field.inputValue(), '', 'emptied again after the save');
        await assertAccessible(page, `the payments' settings saved (${language}, ${label})`);

        const texts = await Promise.all(bodies);
        assert.ok(texts.length > 0);
        for (const text of texts) {
          assert.ok(!text.includes(oldKey), 'the old key is in no response');
          assert.ok(!text.includes(newKey), 'the new key is in no response');
        }
        const put = sent.filter((body) => body.includes('cardpay_api_key'));
        assert.equal(put.length, 1);
        assert.deepEqual(JSON.parse(put[0]!), { cardpay_api_key: newKey }, 'only the typed secret is sent');
        assert.ok(
          sent.every((body) => !body.includes('********')),
          'the mask is never sent back',
        );
        const stored = await h.t.ctx.db.selectFrom('settings').select('cardpay_api_key').executeTakeFirstOrThrow();
        assert.equal(h.t.ctx.secrets.open(stored.cardpay_api_key), newKey);
        watch.assertClean();
      });

      it(`a logo uploaded with a preview shows in the header, on /book and in an email; a wrong file is said before sending (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        const uploads: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/upload-logo')) uploads.push(request.url());
        });
        await signIn(page, watch, words);
        await openGroup(page, words, words.salon);
        await assertAccessible(page, `the salon's settings (${language}, ${label})`);
        const input = page.getByLabel(words.chooseLogo);
        await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
        await page.getByRole('alert').getByText(words.wrongType).waitFor();
        await assertAccessible(page, `a wrong logo file said (${language}, ${label})`);
        assert.equal(uploads.length, 0, 'nothing sent');

        await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
        await page.locator('img.settings-logo-image[src^="data:image/png"]').waitFor();
        await page.getByRole('button', { name: words.upload }).click();
        await page.getByRole('status').getByText(words.uploaded).waitFor();
        await assertAccessible(page, `the logo uploaded (${language}, ${label})`);
        await page.locator('header img.office-logo[src*="/api/settings/logo"]').waitFor();

        await page.goto('/book');
        await page.getByRole('heading', { level: 1, name: words.book }).waitFor();
        await page.locator('img[src*="/api/settings/logo"]').first().waitFor();

        const to = uniqueEmail(`logo-${language}`);
        await openGroup(page, words, words.mail);
        await page.getByLabel(words.sendTo).fill(to);
        await page.getByRole('button', { name: words.sendTest }).click();
        await page.getByRole('status').getByText(to).waitFor();
        await assertAccessible(page, `the test email sent (${language}, ${label})`);
        const [mail] = h.t.mail.to(to);
        assert.ok(mail, 'the test email arrived');
        assert.match(mail.html, /\/api\/settings\/logo\?v=/);
        watch.assertClean();
      });

      it(`opening hours changed for a weekday make /book offer the new hours (${language}, ${label})`, async () => {
        await setSettings(h.t, salon.admin.token, { booking_mode: 'direct' });
        const date = salonDate(3);
        const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
        // The member works by the salon's hours that day: no shift of their own.
        await h.t.ctx.db
          .deleteFrom('default_shifts')
          .where('staff_id', '=', salon.staff.id)
          .where('day_of_week', '=', weekday)
          .execute();
        const { page, watch } = await h.open({ ...viewport, locale });
        await signIn(page, watch, words);
        await openGroup(page, words, words.hours);
        await assertAccessible(page, `the opening hours (${language}, ${label})`);
        const day = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
          new Date(`${date}T12:00:00Z`),
        );
        await page.getByLabel(words.opens(day)).fill('13:00');
        await page.getByLabel(words.closes(day)).fill('15:00');
        await page.getByRole('button', { name: words.saveHours }).click();
        await page.getByRole('status').getByText(words.saved).waitFor();
        await assertAccessible(page, `the opening hours saved (${language}, ${label})`);

        await bookingTimes(page, words, locale, date);
        await page.getByRole('radio', { name: /13:00/ }).first().waitFor();
        assert.equal(await page.getByRole('radio', { name: /09:00/ }).count(), 0, 'no time before the new opening');
        watch.assertClean();
      });
    }

    it("the settings on a phone in Dutch: the groups and the booking page's, request mode saved", async () => {
      const words = WORDS.nl;
      await setSettings(h.t, salon.admin.token, { booking_mode: 'direct' });
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signIn(page, watch, words);
      await page.goto('/manage/settings');
      await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
      await assertAccessible(page, "the settings' groups (nl, phone)");
      await openGroup(page, words, words.booking);
      await choose(page.getByRole('radio', { name: words.request }));
      await page.getByRole('button', { name: words.save }).click();
      await page.getByRole('status').getByText(words.saved).waitFor();
      await assertAccessible(page, "the booking page's settings saved (nl, phone)");
      const stored = await h.t.ctx.db.selectFrom('settings').select('booking_mode').executeTakeFirstOrThrow();
      assert.equal(stored.booking_mode, 'request');
      watch.assertClean();
    });
  });
}
