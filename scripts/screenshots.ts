import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { choose, dayButton, DESKTOP, PHONE } from '../web/e2e/actions.js';
import { createTestApp } from '../test/helpers/app.js';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';

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

async function servicesAndTimes(page: Page, openDay: string, texts: { service: RegExp; next: string }): Promise<void> {
  await choose(page.getByRole('checkbox', { name: texts.service }));
  await (await dayButton(page, openDay, String(await page.evaluate(() => navigator.language)), texts.next)).click();
  await page.getByRole('radiogroup').last().getByRole('radio').first().waitFor();
}

/** The back office's Today, signed in as the demo salon's owner. */
async function today(page: Page, heading: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox').first().fill(DEMO_ADMIN.email);
  await page.locator('input[type="password"]').fill(DEMO_ADMIN.password);
  await page.locator('input[type="password"]').press('Enter');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  await page
    .getByText(/Loading|Laden/)
    .first()
    .waitFor({ state: 'detached' });
}

const SHOTS: Shot[] = [
  {
    file: 'office-today-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => today(page, 'Today'),
  },
  {
    file: 'office-today-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => today(page, 'Vandaag'),
  },
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
];

mkdirSync(OUT, { recursive: true });
const salon = await startDemoSalon();
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
  // The set-up page: a service with no user yet.
  const fresh = await createTestApp('sqlite');
  try {
    await fresh.app.listen({ port: 0, host: '127.0.0.1' });
    const address = fresh.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      timezoneId: DEMO_TIMEZONE,
      ...DESKTOP,
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Set up your salon' }).waitFor();
    await page.screenshot({ path: join(OUT, 'office-setup-desktop-en.png'), fullPage: true, caret: 'hide' });
    console.log('docs/screenshots/office-setup-desktop-en.png');
    await context.close();
  } finally {
    await fresh.close();
  }
} finally {
  await browser.close();
  await salon.close();
}
