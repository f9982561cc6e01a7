import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { choose, dayButton, DESKTOP, PHONE } from '../web/e2e/actions.js';
import { ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { bookDeskDay, deskApi } from './desk-day.js';

/*
 * `npm run screenshots`: photographs the booking page of the demo salon (scripts/demo-salon.ts)
 * in Debian's chromium, into docs/screenshots/, so that the pictures in docs/web.md show the
 * pages as they are. Run it after a change to how a page looks and commit the images.
 *
 *   npm run screenshots
 */

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Shot {
  file: string;
  context: BrowserContextOptions;
  /** Brings the page to the state to photograph. */
  steps(page: Page, openDay: string): Promise<void>;
}

/** Signs the demo's owner in to the back office. */
async function signInToOffice(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-mail)$/).fill(ADMIN.email);
  await page.getByLabel(/^(Password|Wachtwoord)$/).fill(ADMIN.password);
  await page.getByLabel(/^(Password|Wachtwoord)$/).press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

// The first booking of the desk's busy day (set when the salon starts, below).
let deskBooking = 0;

async function servicesAndTimes(page: Page, openDay: string, texts: { service: RegExp; next: string }): Promise<void> {
  await choose(page.getByRole('checkbox', { name: texts.service }));
  await (await dayButton(page, openDay, String(await page.evaluate(() => navigator.language)), texts.next)).click();
  await page.getByRole('radiogroup').last().getByRole('radio').first().waitFor();
}

const SHOTS: Shot[] = [
  {
    file: 'booking-phone-en.png',
    context: { ...PHONE, locale: 'en-GB' },
    steps: async (page) => {
      await page.goto('/book?lang=en');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('checkbox').first().waitFor();
    },
  },
  {
    file: 'booking-phone-nl-times.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page, openDay) => {
      await page.goto('/book?lang=nl');
      // Service names are the salon's own words; the calendar's are the page language's.
      await servicesAndTimes(page, openDay, { service: /Men's cut/, next: 'Volgende maand' });
    },
  },
  {
    file: 'booking-desktop-en-times.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await page.goto('/book?lang=en');
      await servicesAndTimes(page, openDay, { service: /Men's cut/, next: 'Next month' });
    },
  },
  {
    file: 'booking-desktop-nl-dark.png',
    context: { ...DESKTOP, locale: 'nl-NL', colorScheme: 'dark' },
    steps: async (page, openDay) => {
      await page.goto('/book?lang=nl');
      await servicesAndTimes(page, openDay, { service: /Men's cut/, next: 'Volgende maand' });
    },
  },
  {
    file: 'client-sign-in-phone-en.png',
    context: { ...PHONE, locale: 'en-GB' },
    steps: async (page) => {
      await page.goto('/client/sign-in?lang=en');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    file: 'calendar-day-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signInToOffice(page);
      await page.goto(`/calendar?date=${openDay}`);
      await page.locator('.booking').first().waitFor();
    },
  },
  {
    file: 'calendar-booking-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signInToOffice(page);
      await page.goto(`/bookings/${deskBooking}?date=${openDay}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Complete' }).waitFor();
    },
  },
  {
    file: 'calendar-booking-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page, openDay) => {
      await signInToOffice(page);
      await page.goto(`/bookings/${deskBooking}?date=${openDay}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Afronden' }).waitFor();
    },
  },
];

mkdirSync(OUT, { recursive: true });
const salon = await startDemoSalon();
deskBooking = (await bookDeskDay(await deskApi(salon.base), salon.openDay(3))).first;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ],
});
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ baseURL: salon.base, timezoneId: DEMO_TIMEZONE, ...shot.context });
    const page = await context.newPage();
    await shot.steps(page, salon.openDay(3));
    // Fonts and images settled, no caret blinking in the picture.
    await page.evaluate('document.fonts.ready');
    await page.screenshot({ path: join(OUT, shot.file), fullPage: true, caret: 'hide', animations: 'disabled' });
    console.log(`docs/screenshots/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await salon.close();
}
