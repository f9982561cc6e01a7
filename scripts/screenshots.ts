import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { choose, dayButton, DESKTOP, PHONE } from '../web/e2e/actions.js';
import { createTestApp } from '../test/helpers/app.js';
import { DEMO_ADMIN, DEMO_TIMEZONE, startDemoSalon } from './demo-salon.js';
import { bookDeskDay, deskApi } from './desk-day.js';
import { addStock } from './stock-demo.js';

/*
 * `npm run screenshots`: photographs the booking page and the back office (set-up, Today, the
 * calendar's day, week and a booking's panel, notifications, clients) of the demo salon
 * (scripts/demo-salon.ts) in Debian's chromium, into docs/screenshots/, so that the pictures in
 * docs/web.md show the pages as they are. Run it after a change to how a page looks and commit
 * the images.
 *
 *   npm run screenshots
 *   SCREENSHOTS_ONLY=manage- npm run screenshots   # only the pictures whose file name holds it
 *   SCREENSHOTS_ONLY=campaigns,agenda- npm run screenshots   # or any of several, comma-separated
 */

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Retakes only the pictures whose file name contains one of its comma-separated parts (one area's, while working on it). */
const ONLY = (process.env.SCREENSHOTS_ONLY ?? '').split(',');
const wanted = (file: string) => ONLY.some((part) => file.includes(part));

interface Shot {
  file: string;
  context: BrowserContextOptions;
  /** Brings the page to the state to photograph. */
  steps(page: Page, openDay: string): Promise<void>;
  /** The screen in view only, not the whole page: a modal dialog dims the screen, not what is scrolled away. */
  inView?: boolean;
}

// The first booking of the desk's busy day (set when the salon starts, below).
let deskBooking = 0;
// A paid cash sale and the Z report of the day it was rung up in (set below).
let sale = 0;
let zReport = 0;
// The demo's purchase order (ordered, waiting to be received) and a low product (set below).
let stockOrder = 0;
let stockProduct = 0;

async function servicesAndTimes(page: Page, openDay: string, texts: { service: RegExp; next: string }): Promise<void> {
  await choose(page.getByRole('checkbox', { name: texts.service }));
  await (await dayButton(page, openDay, String(await page.evaluate(() => navigator.language)), texts.next)).click();
  await page.getByRole('radiogroup').last().getByRole('radio').first().waitFor();
}

/** The desk signs in on /login (the office keeps its session in memory and a cookie of its own). */
async function signIn(page: Page, language: 'en' | 'nl'): Promise<void> {
  await page.goto(`/login?lang=${language}`);
  await page.locator('input[type=email]').fill(DEMO_ADMIN.email);
  await page.locator('input[type=password]').fill(DEMO_ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

/** The office's clients list, with `query` (`?q=…`), its rows shown. */
async function clientsList(page: Page, language: 'en' | 'nl', query = ''): Promise<void> {
  await signIn(page, language);
  await page.goto(`/clients${query}`);
  await page.getByRole('grid').getByRole('row').nth(1).waitFor();
  await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
}

/** The card of the demo's client with visits, opened from the list. */
async function clientCard(page: Page, language: 'en' | 'nl'): Promise<void> {
  await clientsList(page, language, `?q=${encodeURIComponent(CARD_CLIENT)}`);
  await page.getByRole('row', { name: new RegExp(CARD_CLIENT) }).click();
  await page.getByRole('heading', { level: 1, name: CARD_CLIENT }).waitFor();
  await page.getByRole('heading', { level: 3 }).last().waitFor();
}

const CARD_CLIENT = 'Noor Vermeulen';

/** The back office's Today, signed in as the demo salon's owner. */
async function today(page: Page, heading: string): Promise<void> {
  await signIn(page, heading === 'Vandaag' ? 'nl' : 'en');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  await page
    .getByText(/Loading|Laden/)
    .first()
    .waitFor({ state: 'detached' });
}

/** A screen of the manager's area, signed in as the demo salon's owner, its lists loaded. */
async function manageScreen(page: Page, language: 'en' | 'nl', path: string, heading: string): Promise<void> {
  await signIn(page, language);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
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
  {
    file: 'clients-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => clientsList(page, 'en'),
  },
  {
    file: 'clients-phone-nl-search.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => clientsList(page, 'nl', `?q=${encodeURIComponent('06 1234 5678')}`),
  },
  {
    file: 'client-card-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => clientCard(page, 'en'),
  },
  {
    file: 'client-card-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => clientCard(page, 'nl'),
  },
  {
    file: 'notifications-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await page
        .getByRole('status')
        .getByText(/notification/)
        .waitFor();
    },
  },
  {
    file: 'notifications-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/notifications');
      await page.getByRole('heading', { level: 1, name: 'Meldingen' }).waitFor();
      await page
        .getByRole('status')
        .getByText(/melding/)
        .waitFor();
    },
  },
  {
    file: 'calendar-day-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signIn(page, 'en');
      await page.goto(`/calendar?date=${openDay}`);
      await page.locator('.booking').first().waitFor();
    },
  },
  {
    file: 'calendar-week-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signIn(page, 'en');
      await page.goto(`/calendar?view=week&date=${openDay}`);
      await page.locator('.week-grid .day-column').nth(6).waitFor();
      await page.locator('.week-grid .booking').first().waitFor();
    },
  },
  {
    file: 'calendar-booking-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signIn(page, 'en');
      await page.goto(`/bookings/${deskBooking}?date=${openDay}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Complete' }).waitFor();
      await page.getByRole('dialog').getByRole('listitem').first().waitFor();
    },
    inView: true,
  },
  {
    file: 'calendar-booking-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page, openDay) => {
      await signIn(page, 'nl');
      await page.goto(`/bookings/${deskBooking}?date=${openDay}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Afronden' }).waitFor();
      await page.getByRole('dialog').getByRole('listitem').first().waitFor();
    },
    inView: true,
  },
  {
    file: 'calendar-rebook-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page, openDay) => {
      await signIn(page, 'en');
      await page.goto(`/bookings/${deskBooking}?date=${openDay}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Rebook' }).click();
      await page
        .getByRole('dialog', { name: /^Rebook / })
        .getByLabel('Day', { exact: true })
        .waitFor();
    },
    inView: true,
  },
  {
    file: 'till-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      // The calendar panel's "Check out": the booking's services and member brought in.
      await page.goto(`/till?booking=${deskBooking}`);
      await page.getByRole('list', { name: 'Items in the sale' }).getByRole('listitem').first().waitFor();
      await page.getByLabel('Cash', { exact: true }).check();
      await page.getByLabel('Cash received').fill('100');
    },
  },
  {
    file: 'till-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto(`/till?booking=${deskBooking}`);
      await page.getByRole('list', { name: 'Artikelen in de verkoop' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    file: 'receipt-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto(`/till/receipts/${sale}`);
      await page.locator('.till-record').getByText('Change').waitFor();
    },
  },
  {
    file: 'z-report-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto(`/till/drawer/z-reports/${zReport}`);
      await page.locator('.till-record').first().waitFor();
    },
  },
  {
    file: 'manage-reports-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/reports/vat');
      await page.getByRole('table', { name: 'VAT per rate' }).waitFor();
    },
  },
  {
    file: 'manage-reports-heatmap-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/reports/heatmap');
      await page.locator('table.heatmap').waitFor();
    },
  },
  {
    file: 'manage-reports-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/manage/reports/revenue');
      await page
        .getByRole('img', { name: /^Omzet per maand of week/ })
        .locator('svg')
        .first()
        .waitFor();
    },
  },
  {
    file: 'manage-offers-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await seedOffers();
      await signIn(page, 'en');
      await page.goto('/manage/offers/promotions');
      await page.getByRole('row', { name: /SPRING/ }).waitFor();
    },
  },
  {
    file: 'manage-offers-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      const { giftCode } = await seedOffers();
      await signIn(page, 'nl');
      await page.goto('/manage/offers/gift-cards');
      await page.getByLabel('Code van de cadeaubon').fill(giftCode);
      await page.getByLabel('Code van de cadeaubon').press('Enter');
      await page.getByRole('heading', { level: 3, name: 'Geschiedenis' }).waitFor();
    },
  },
  {
    file: 'manage-imports-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => importPreview(page, 'en'),
  },
  {
    file: 'manage-imports-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => importPreview(page, 'nl'),
  },
  {
    file: 'manage-staff-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => staffMember(page, 'en'),
  },
  {
    file: 'manage-staff-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => staffMember(page, 'nl'),
  },
  {
    file: 'manage-staff-roster-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => roster(page, 'en'),
  },
  {
    file: 'manage-staff-roster-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => roster(page, 'nl'),
  },
  // The manager's services (categories and services in their order), a service's page, the rooms.
  {
    file: 'manage-services-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: (page) => manageScreen(page, 'en', '/manage/services', 'Services'),
  },
  {
    file: 'manage-services-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => manageScreen(page, 'nl', '/manage/services', 'Behandelingen'),
  },
  {
    file: 'manage-services-service-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await manageScreen(page, 'en', '/manage/services', 'Services');
      await page.getByRole('link', { name: 'Full colour' }).click();
      await page.getByRole('heading', { level: 1, name: 'Full colour' }).waitFor();
      await page
        .getByRole('checkbox', { name: /performs this service/ })
        .first()
        .waitFor();
    },
  },
  {
    file: 'manage-services-resources-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: (page) => manageScreen(page, 'nl', '/manage/resources', 'Ruimtes en apparatuur'),
  },
  // The manager's stock and suppliers: the products, low stock first, and a product's card;
  // a purchase order with its lines, ordered and waiting to be received.
  {
    file: 'manage-products-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/products');
      await page.getByRole('grid').getByRole('row').nth(1).waitFor();
      await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
    },
  },
  {
    file: 'manage-products-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto(`/manage/products/${stockProduct}`);
      await page.getByRole('grid').getByRole('row').nth(1).waitFor();
    },
  },
  {
    file: 'manage-suppliers-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto(`/manage/suppliers/orders/${stockOrder}`);
      await page.locator('.stock-lines').waitFor();
    },
  },
  {
    file: 'manage-suppliers-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/manage/suppliers');
      await page.getByRole('grid').first().getByRole('row').nth(1).waitFor();
    },
  },
  {
    file: 'manage-settings-desktop-en.png',
    context: { viewport: { width: 1280, height: 1400 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/settings/booking');
      await page.getByRole('button', { name: 'Save' }).waitFor();
    },
  },
  {
    file: 'manage-settings-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/manage/settings/payments');
      await page.getByRole('button', { name: 'Opslaan' }).waitFor();
    },
  },
  // The manager's reviews and the system's views.
  {
    file: 'manage-reviews-desktop-en.png',
    context: { viewport: { width: 1280, height: 1200 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/reviews');
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    file: 'manage-reviews-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/manage/reviews');
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    file: 'manage-system-desktop-en.png',
    context: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/system/jobs');
      await page.locator('table.system-table').waitFor();
    },
  },
  {
    file: 'manage-system-email-desktop-en.png',
    context: { viewport: { width: 1280, height: 1100 }, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/system/emails');
      await page.getByRole('grid').getByRole('row').nth(1).click();
      await page.frameLocator('iframe.system-email-frame').locator('body').waitFor();
    },
  },
  {
    file: 'manage-system-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await signIn(page, 'nl');
      await page.goto('/manage/system/emails');
      await page.getByRole('grid').getByRole('row').nth(1).waitFor();
    },
  },
  // The settings beside the record: client messages (the Dutch reminder and its preview), a
  // webhook endpoint with its log, loyalty, VAT rates, locations.
  ...(['en', 'nl'] as const).flatMap((language): Shot[] => {
    const [context, form] =
      language === 'en' ? [{ ...DESKTOP, locale: 'en-GB' }, 'desktop'] : [{ ...PHONE, locale: 'nl-NL' }, 'phone'];
    const dutch = language === 'en' ? 'Dutch' : 'Nederlands';
    const reminder = language === 'en' ? 'Reminder email' : 'Herinneringsmail';
    return [
      {
        file: `manage-settings-messages-${form}-${language}.png`,
        context,
        steps: async (page) => {
          await signIn(page, language);
          await page.goto('/manage/settings/messages');
          await page.locator('select').first().selectOption({ label: reminder });
          await choose(page.getByRole('radio', { name: dutch }));
          await page.getByTestId('preview-text').getByText(/Anna/).waitFor();
        },
      },
      {
        file: `manage-settings-webhooks-${form}-${language}.png`,
        context,
        steps: async (page) => {
          const endpoint = await seedWebhook();
          await signIn(page, language);
          await page.goto(`/manage/settings/webhooks/${endpoint}`);
          await page.locator('.webhooks-deliveries li').first().waitFor();
        },
      },
    ];
  }),
  {
    file: 'manage-settings-loyalty-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await desk('PUT', '/api/loyalty/settings', {
        loyalty_enabled: 1,
        points_per_euro: 1,
        reward_thresholds: [
          { points: 100, discount: 5, description: '€5 korting' },
          { points: 250, discount: 15, description: 'Gratis föhnen' },
        ],
      });
      await signIn(page, 'nl');
      await page.goto('/manage/settings/loyalty');
      await page.locator('.loyalty-row').nth(1).waitFor();
    },
  },
  {
    file: 'manage-settings-vat-desktop-en.png',
    context: { ...DESKTOP, locale: 'en-GB' },
    steps: async (page) => {
      await signIn(page, 'en');
      await page.goto('/manage/settings/vat');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
    },
  },
  {
    file: 'manage-settings-locations-phone-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      const existing = (await desk('GET', '/api/locations')) as unknown as unknown[];
      if (existing.length === 0)
        await desk('POST', '/api/locations', {
          name: 'Studio Olivia Oudegracht',
          address: 'Oudegracht 112, Utrecht',
          phone: '+31 30 231 44 55',
          is_default: 1,
        });
      await signIn(page, 'nl');
      await page.goto('/manage/settings/locations');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
    },
  },
  // The manager's campaigns: a draft in the block editor beside the service's preview, its
  // audience counted (the demo's VIP clients who agreed to marketing mail).
  ...(['en', 'nl'] as const).map((language): Shot => ({
    file: language === 'en' ? 'manage-campaigns-desktop-en.png' : 'manage-campaigns-phone-nl.png',
    context: language === 'en' ? { ...DESKTOP, locale: 'en-GB' } : { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      const id = await seedCampaign();
      await signIn(page, language);
      await page.goto(`/manage/campaigns/${id}`);
      await page.frameLocator('iframe.campaign-preview-frame').getByText('Book your colour').waitFor();
      await page
        .getByText(language === 'en' ? /would receive it now/ : /hem nu ontvangen/)
        .first()
        .waitFor();
      if (language === 'en') return;
      // On the phone, the preview at a phone's width, in view: a whole-page picture of a phone
      // leaves the frame's email out (chromium draws it blank when the page is stretched).
      await choose(page.getByRole('radio', { name: 'Telefoon' }));
      const frame = page.locator('iframe.campaign-preview-frame[data-width="phone"]');
      await frame.scrollIntoViewIfNeeded();
      await page.frameLocator('iframe.campaign-preview-frame').getByText('Book your colour').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Voorbeeld' }).scrollIntoViewIfNeeded();
    },
    inView: language === 'nl',
  })),
  // The stylist's phone: the signed-in person's own agenda, online and from the phone's copy offline.
  {
    file: 'agenda-phone-en.png',
    context: { ...PHONE, locale: 'en-GB' },
    steps: async (page) => {
      await agendaOfToday();
      await signIn(page, 'en');
      await page.goto('/agenda');
      await page.getByRole('heading', { level: 1, name: 'My agenda' }).waitFor();
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
    },
  },
  {
    file: 'agenda-phone-offline-nl.png',
    context: { ...PHONE, locale: 'nl-NL' },
    steps: async (page) => {
      await agendaOfToday();
      await signIn(page, 'nl');
      await page.goto('/agenda');
      await page.getByRole('heading', { level: 1, name: 'Mijn agenda' }).waitFor();
      await page
        .getByRole('button', { name: /^Acties voor / })
        .first()
        .waitFor();
      // Polled by evaluate: waitForFunction compiles its predicate in the page, which the office's CSP refuses.
      for (let i = 0; i < 100 && !(await page.evaluate('navigator.serviceWorker.controller !== null')); i++)
        await page.waitForTimeout(100);
      // The copy is written once the agenda is shown; then the network goes.
      await page.waitForTimeout(500);
      await page.context().setOffline(true);
      await page.reload();
      await page.getByText(/^Offline — stand van/).waitFor();
      await page
        .getByRole('button', { name: /^Acties voor / })
        .first()
        .waitFor();
    },
  },
];

/** Two bookings of the demo's owner today (once), for the agenda's pictures. */
let agendaBooked = false;
async function agendaOfToday(): Promise<void> {
  if (agendaBooked) return;
  agendaBooked = true;
  const me = (await desk('GET', '/api/auth/me')) as { id: number };
  const [client] = (await desk('GET', '/api/clients?search=Noor')) as unknown as { id: number }[];
  const [service] = (await desk('GET', '/api/services')) as unknown as { id: number }[];
  const day = DateTime.now().setZone(DEMO_TIMEZONE).toISODate()!;
  for (const [start, notes] of [
    ['21:00', 'Bring the photo of last time'],
    ['22:30', ''],
  ] as const) {
    await desk('POST', '/api/bookings', {
      client_id: client!.id,
      staff_id: me.id,
      service_id: service!.id,
      start_at: `${day} ${start}`,
      notes,
      override: true,
    });
  }
}

let campaign: Promise<number> | null = null;

/** A draft campaign, once: campaigns turned on, a heading, a text with a merge tag and a button, for the VIP label. */
function seedCampaign(): Promise<number> {
  campaign ??= (async () => {
    await desk('PUT', '/api/settings', { bulk_campaigns_enabled: 1 });
    const created = (await desk('POST', '/api/campaigns', {
      name: 'Autumn colours',
      subject: 'Autumn at {salon_name}',
      blocks: [
        { type: 'heading', text: 'Warm tones for the cold months' },
        { type: 'text', text: 'Hello {client_first_name}, our autumn colours are here: copper, chestnut and caramel.' },
        { type: 'button', label: 'Book your colour', href: 'https://salon.example/book', color: '#7a2e5a' },
      ],
      segment_filters: { labels: ['VIP'] },
    })) as { id: number };
    return created.id;
  })();
  return campaign;
}

let offers: Promise<{ giftCode: string }> | null = null;

let webhook: Promise<number> | null = null;

/** A webhook endpoint on this machine, once, with one event for its log (a client added; nothing is sent). */
function seedWebhook(): Promise<number> {
  webhook ??= (async () => {
    const endpoint = (await desk('POST', '/api/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/salon',
      description: 'Agenda sync',
      event_types: ['client.created', 'booking.created', 'booking.cancelled'],
    })) as { id: number };
    await desk('POST', '/api/clients', { name: 'Eva Webhook', email: 'eva.webhook@example.com' });
    return endpoint.id;
  })();
  return webhook;
}

/** The manager's offers, once: a package, promotions in each state, and a gift card sent to someone. */
function seedOffers(): Promise<{ giftCode: string }> {
  offers ??= (async () => {
    const services = (await desk('GET', '/api/services')) as unknown as { id: number }[];
    await desk('POST', '/api/packages', {
      name: 'Five blow-dries',
      price: 140,
      services: [{ service_id: services[0]!.id, quantity: 5 }],
    });
    const year = DateTime.now().year;
    for (const [code, from, to] of [
      ['WELCOME10', null, null],
      ['SPRING15', `${year + 1}-03-01`, `${year + 1}-05-31`],
      ['SUMMER20', `${year - 1}-06-01`, `${year - 1}-08-31`],
    ] as const) {
      await desk('POST', '/api/promotions', {
        code,
        name: code.replace(/\d+/, ''),
        discount_type: 'percentage',
        discount_value: Number(code.replace(/\D+/, '')),
        valid_from: from,
        valid_to: to,
        usage_limit: code === 'WELCOME10' ? 100 : null,
      });
    }
    const card = (await desk('POST', '/api/giftcards', {
      amount: 50,
      recipient_name: 'Sanne',
      recipient_email: 'sanne@example.com',
      message: 'Gefeliciteerd!',
    })) as unknown as { code: string };
    return { giftCode: card.code };
  })();
  return offers;
}

/** The imports page with a client list checked: rows to add and one refused with its reason. */
async function importPreview(page: Page, language: 'en' | 'nl'): Promise<void> {
  await signIn(page, language);
  await page.goto('/manage/imports');
  const csv = [
    'Voornaam;Achternaam;E-mailadres;Telefoonnummer',
    `Lotte;de Wit;lotte.${language}@example.com;06 2345 6789`,
    `Ruben;Smit;ruben.${language}@example.com;06 3456 7890`,
    `Fleur;Bakker;fleur@example;`,
  ].join('\r\n');
  await page.getByLabel(language === 'en' ? 'Column names from' : 'Kolomnamen uit').selectOption('nl');
  await page
    .getByLabel(language === 'en' ? 'CSV file' : 'CSV-bestand')
    .setInputFiles({ name: 'klanten.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) });
  await page.getByRole('button', { name: language === 'en' ? 'Check the file' : 'Bestand controleren' }).click();
  await page
    .getByRole('heading', { level: 2, name: language === 'en' ? 'What the import would do' : 'Wat de import zou doen' })
    .waitFor();
}

/** A demo member's page in the manager's staff section, with an introduction and their default week. */
async function staffMember(page: Page, language: 'en' | 'nl'): Promise<void> {
  const members = (await desk('GET', '/api/staff/staff')) as unknown as { id: number; bookable: number }[];
  const member = members.filter((candidate) => candidate.bookable === 1).at(-1)!;
  await desk('PUT', `/api/staff/staff/${member.id}`, {
    bio: 'Colour specialist; ten years of balayage and soft blondes.',
  });
  await signIn(page, language);
  await page.goto(`/manage/staff/${member.id}`);
  await page.locator('.staff-week-row').first().waitFor();
  await page
    .getByText(/Loading|Laden/)
    .first()
    .waitFor({ state: 'detached' });
}

/** The roster's week grid of a demo member, this week's shifts made from their default week. */
async function roster(page: Page, language: 'en' | 'nl'): Promise<void> {
  const today = DateTime.now().setZone(DEMO_TIMEZONE);
  await desk('POST', '/api/staff/default-shifts/apply', {
    start_date: today.startOf('week').toISODate()!,
    end_date: today.endOf('week').toISODate()!,
  });
  await signIn(page, language);
  await page.goto('/manage/staff/roster');
  await page.locator('.roster-shift').first().waitFor();
}

/**
 * The demo's clients as a desk would have them: names, phones in any notation (stored in
 * E.164), labels and notes, and one client with visits past and to come.
 */
async function addClients(base: string, openDay: string): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const call = async (url: string, body: object) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const people: [string, string, string, string[]][] = [
    ['Anouk de Boer', 'anouk.deboer@example.com', '06 2345 6789', ['VIP']],
    ['Bram Hendriks', 'bram@example.com', '+31 6 3456 7890', []],
    ['Chloé Martin', 'chloe.martin@example.com', '06-45678901', ['Colour']],
    ['Daan Smit', '', '0612 398 741', []],
    ['Emma Visser', 'emma.visser@example.com', '', ['VIP', 'Colour']],
    ['Fatima El Amrani', 'fatima@example.com', '06 5678 9012', []],
    ['Jasper Mulder', 'jasper.mulder@example.com', '06 6789 0123', []],
    ['Lotte Bakker', 'lotte@example.com', '+31 6 7890 1234', ['Colour']],
  ];
  for (const [name, email, phone, labels] of people) await call('/api/clients', { name, email, phone, labels });
  const noor = await call('/api/clients', {
    name: CARD_CLIENT,
    email: 'noor.vermeulen@example.com',
    phone: '06 1234 5678',
    notes: 'Sensitive scalp: ammonia-free colour.\nLikes the window seat.',
    labels: ['VIP', 'Colour'],
    marketing_consent: 1,
    sms_consent: 1,
  });
  const services = (await (
    await fetch(`${base}/api/services`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number }[];
  const visit = (day: string, service: number, extra: object = {}) =>
    call('/api/bookings', {
      client_id: noor.id,
      staff_id: user.id,
      service_id: service,
      start_at: `${day} 10:00:00`,
      end_at: `${day} 10:45:00`,
      ...extra,
    });
  await visit(openDay, services[0]!.id);
  // Past visits, done: a booking in the past is the desk's to enter (`override`).
  const today = DateTime.now().setZone(DEMO_TIMEZONE);
  for (const [index, weeksAgo] of [6, 19, 37].entries()) {
    const day = today.minus({ weeks: weeksAgo }).set({ weekday: 2 }).toISODate()!;
    const past = await visit(day, services[(index + 1) % services.length]!.id, { override: true });
    const done = await fetch(`${base}/api/bookings/${past.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'completed' }),
    });
    if (!done.ok) throw new Error(`completed: ${done.status} ${await done.text()}`);
  }
}

mkdirSync(OUT, { recursive: true });
const salon = await startDemoSalon();
const desk = await deskApi(salon.base);
// Full colour develops for half an hour between its two halves: the day shows a processing phase.
const services = (await desk('GET', '/api/services')) as unknown as { id: number; name: string }[];
const colour = services.find((service) => service.name === 'Full colour');
if (colour) await desk('PUT', `/api/services/${colour.id}`, { processing_after_min: 30, processing_min: 30 });
deskBooking = (await bookDeskDay(desk, salon.openDay(3))).first;
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
  await addClients(salon.base, salon.openDay(5));
  ({ order: stockOrder, product: stockProduct } = await addStock(desk));
  // The till's day: opened with a float, one cash sale (€50 handed over), closed as counted.
  const me = (await desk('GET', '/api/auth/me')) as { id: number };
  const [client] = (await desk('GET', '/api/clients?search=Noor')) as unknown as { id: number }[];
  const priced = (await desk('GET', '/api/services')) as unknown as { id: number; price: number }[];
  const cheapest = priced.reduce((a, b) => (b.price < a.price ? b : a));
  await desk('POST', '/api/pos/drawer/open', { float: 150 });
  const paid = (await desk('POST', '/api/pos', {
    client_id: client!.id,
    staff_id: me.id,
    payment_method: 'cash',
    items: [{ type: 'service', id: cheapest.id, quantity: 1 }],
    cash_tendered: Math.ceil(cheapest.price / 10) * 10 + 10,
  })) as { id: number };
  sale = paid.id;
  zReport = (
    (await desk('POST', '/api/pos/drawer/close', { counted: { total: 150 + cheapest.price } })) as { id: number }
  ).id;
  for (const shot of SHOTS.filter((candidate) => wanted(candidate.file))) {
    const context = await browser.newContext({ baseURL: salon.base, timezoneId: DEMO_TIMEZONE, ...shot.context });
    const page = await context.newPage();
    await shot.steps(page, salon.openDay(3));
    // Fonts and images settled, no caret blinking in the picture.
    await page.evaluate('document.fonts.ready');
    await page.screenshot({
      path: join(OUT, shot.file),
      fullPage: !shot.inView,
      caret: 'hide',
      animations: 'disabled',
    });
    console.log(`docs/screenshots/${shot.file}`);
    await context.close();
  }
  // The set-up page: a service with no user yet.
  if (wanted('office-setup-desktop-en.png')) {
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
  }
} finally {
  await browser.close();
  await salon.close();
}
