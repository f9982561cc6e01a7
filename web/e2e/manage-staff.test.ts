import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createService, setSettings } from '../../test/helpers/bookings.js';
import { TINY_PNG } from '../../test/helpers/multipart.js';
import { choose, DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The manager's staff section in chromium: an owner registers a member (the welcome email
 * arrives), gives them an introduction and a photo (a wrong file refused before sending) and
 * makes their calendar link; the booking page then shows the member's photo and introduction.
 * Axe on every state, in English on a desktop and in Dutch on a phone. The default week applied
 * to next month, time off over a booking and a shift drawn by keyboard are the owner's first
 * week (owner-first-week.test.ts), on a desktop in English and a phone in Dutch.
 */

const WORDS = {
  en: {
    staff: 'Staff',
    register: 'Register a member',
    name: 'Name',
    email: 'Email',
    send: 'Register and send the welcome email',
    bio: 'Introduction for the booking page',
    save: 'Save',
    saved: 'Saved.',
    choosePhoto: 'Choose a photo',
    photoSaved: 'The photo is saved.',
    wrongType: 'This file is not a PNG, JPEG or WebP image.',
    makeFeed: 'Make a calendar link',
    feedUrl: 'Calendar link (shown once)',
    chooseWho: '2. Choose who',
  },
  nl: {
    staff: 'Medewerkers',
    register: 'Medewerker toevoegen',
    name: 'Naam',
    email: 'E-mail',
    send: 'Toevoegen en welkomstmail sturen',
    bio: 'Introductie voor de boekingspagina',
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    choosePhoto: 'Kies een foto',
    photoSaved: 'De foto is opgeslagen.',
    wrongType: 'Dit bestand is geen PNG-, JPEG- of WebP-afbeelding.',
    makeFeed: 'Agendalink maken',
    feedUrl: 'Agendalink (één keer getoond)',
    chooseWho: '2. Kies bij wie',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`manage › staff in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let service: { id: number; name: string };

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
      service = await createService(h.t, admin.token, { name: 'Balayage', duration_min: 60 });
      await setSettings(h.t, admin.token, { booking_allow_staff_choice: 1 });
    });
    after(() => h.close());

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`registers a member, with a bio, photo and calendar link, shown on /book (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale, timezoneId: 'Europe/Amsterdam' });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage/staff');
        await page.getByRole('heading', { level: 1, name: words.staff }).waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        await assertAccessible(page, `the staff list (${language}, ${label})`);

        // Register: the dialog, by keyboard; the welcome email reaches the member.
        const email = uniqueEmail(`member-${language}`);
        const name = language === 'en' ? 'Mila Janssen' : 'Sanne Bakker';
        await page.getByRole('button', { name: words.register }).click();
        const dialog = page.getByRole('dialog', { name: words.register });
        await dialog.getByLabel(words.name).fill(name);
        await dialog.getByLabel(words.email).fill(email);
        await assertAccessible(page, `the register dialog (${language}, ${label})`);
        await dialog.getByLabel(words.email).press('Enter');
        await page.getByRole('heading', { level: 1, name }).waitFor();
        const member = (await api(h.t, admin.token, 'GET', '/api/staff/staff')).find(
          (candidate: { email: string }) => candidate.email === email,
        ) as { id: number };
        assert.ok(member, 'the member is registered');
        // The email is queued with the registration; the test runs the queue as the worker would.
        await h.t.drain();
        await waitFor(() => h.t.mail.to(email).length > 0, 'the welcome email');
        assert.match(h.t.mail.to(email)[0]!.text, /Temporary password/);
        await assertAccessible(page, `a member's page (${language}, ${label})`);

        // The introduction for the booking page.
        const bio = language === 'en' ? 'Colour specialist who loves balayage.' : 'Kleurspecialist, dol op balayage.';
        await page.getByLabel(words.bio).fill(bio);
        await page.getByRole('button', { name: words.save, exact: true }).click();
        await page.getByRole('status').getByText(words.saved).first().waitFor();

        // A text file is refused before sending; a PNG named .jpg is taken (the service reads the bytes).
        const photo = page.getByLabel(words.choosePhoto);
        await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
        await page.getByRole('alert').getByText(words.wrongType).waitFor();
        await assertAccessible(page, `a wrong photo refused (${language}, ${label})`);
        await photo.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: TINY_PNG });
        await page.getByRole('status').getByText(words.photoSaved).waitFor();
        await page.locator('img.staff-photo-large').waitFor();

        // The calendar link, to copy.
        await page.getByRole('button', { name: words.makeFeed }).click();
        const url = await page.getByLabel(words.feedUrl).inputValue();
        assert.match(url, /\/api\/calendar-feeds\/[^/]+\/calendar\.ics$/);

        // The booking page shows the member's photo and introduction on the staff step.
        const book = (await h.open({ ...viewport, locale, timezoneId: 'Europe/Amsterdam' })).page;
        await book.goto('/book');
        await choose(book.getByRole('checkbox', { name: new RegExp(service.name) }));
        await book.getByRole('heading', { name: words.chooseWho }).waitFor();
        const choice = book.getByRole('radio', { name: new RegExp(name) });
        await choice.waitFor();
        const row = book.locator('.staff-choice', { hasText: name });
        await row.getByText(bio).waitFor();
        const src = await row.locator('img.staff-photo').getAttribute('src');
        assert.match(src ?? '', new RegExp(`^/api/staff/staff/${member.id}/photo\\?v=`));
        await assertAccessible(book, `the staff step with a photo and bio (${language}, ${label})`);
        assertClean(watch);
      });
    }
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
