import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { offeredStarts, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The browser's time zone is not the salon's, on the day the salon's clocks change (summer time
 * begins or ends): every time the page offers is the salon's wall-clock time the API offers, and
 * the booking the API stores is exactly the time the visitor saw and chose.
 */

/** The next day (from tomorrow) on which `zone`'s clocks change: its offset at midnight differs from the next midnight's. */
function nextClockChange(zone: string): { date: string; daysAhead: number } {
  const today = DateTime.now().setZone(zone).startOf('day');
  for (let days = 1; days <= 400; days++) {
    const day = today.plus({ days });
    if (day.offset !== day.plus({ days: 1 }).offset) return { date: day.toISODate()!, daysAhead: days };
  }
  assert.fail(`${zone} changes its clocks on no day of the next 400`);
}

/** Moves the calendar month by month to `date` (YYYY-MM-DD), then picks it. */
async function pickDay(page: Page, date: string): Promise<void> {
  const name = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  const day = page.getByRole('button', { name: new RegExp(name) });
  const month = page.locator('.calendar .month');
  await month.waitFor();
  for (let i = 0; i < 14 && (await day.count()) === 0; i++) {
    const shown = (await month.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next month' }).click();
    await month.filter({ hasNotText: shown }).waitFor();
  }
  await day.click();
}

for (const dialect of BROWSER_DIALECTS) {
  describe(
    `booking on the day the salon's clocks change, from another time zone, in chromium (${dialect})`,
    {
      skip: browserSkip(),
    },
    () => {
      let h: BrowserHarness;
      let admin: { token: string };
      let service: { id: number; name: string };
      let change: { date: string; daysAhead: number };
      let salonZone: string;

      before(async () => {
        h = await startBrowserHarness(dialect, { smtp: false });
        ({ admin, service } = await setupBookingSalon(h.t));
        salonZone = (await h.t.request({ method: 'GET', url: '/api/public/salon-page' })).body.timezone as string;
        change = nextClockChange(salonZone);
        await setSettings(h.t, admin.token, {
          calendar_slot_min: 60,
          booking_min_lead_hours: 0,
          booking_max_future_days: change.daysAhead + 31,
        });
      });
      after(() => h.close());

      for (const [browserZone, viewport] of [
        ['America/New_York', DESKTOP],
        ['Asia/Tokyo', PHONE],
      ] as const) {
        it(`a browser in ${browserZone}: the times shown are the salon's, and the first morning time booked is stored as shown`, async () => {
          const { page, watch } = await h.open({ ...viewport, locale: 'en-GB', timezoneId: browserZone });
          await page.goto('/book');
          await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
          await pickDay(page, change.date);
          await page
            .getByRole('status')
            .filter({ hasText: /free times? on/ })
            .waitFor();
          await page.getByText(`Times are in the salon's time zone (${salonZone}).`).waitFor();

          const offered = await offeredStarts(h.t, { date: change.date, service_id: service.id });
          const radios = page.getByRole('region', { name: '4. Choose a time' }).getByRole('radio');
          const shown = await Promise.all(
            (await radios.all()).map(async (radio) =>
              ((await radio.locator('xpath=ancestor::label[1]').textContent()) ?? '').trim(),
            ),
          );
          assert.deepEqual(shown, offered, `on ${change.date} the page shows the salon's times`);
          const [first] = shown;
          assert.ok(first, `a free time on ${change.date}`);
          await assertAccessible(page, `the times of ${change.date}, from ${browserZone}`);

          await choose(page.getByRole('radio', { name: new RegExp(`${first} to`) }));
          const email = uniqueEmail('dst');
          await page.getByLabel('Name', { exact: true }).fill('Dana Daylight');
          await page.getByLabel('Email', { exact: true }).fill(email);
          await page.getByRole('button', { name: 'Book' }).click();
          await page.getByRole('heading', { name: "You're booked" }).waitFor();
          await page.getByText(new RegExp(`Your appointment: .*, ${first} to`)).waitFor();
          watch.assertClean();

          const client = await h.t.ctx.db
            .selectFrom('clients')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirst();
          assert.ok(client);
          const bookings = (await h.t.request({ method: 'GET', url: '/api/bookings', token: admin.token }))
            .body as Array<{
            client_id: number;
            start_at: string;
          }>;
          assert.deepEqual(
            bookings.filter((booking) => booking.client_id === client.id).map((booking) => booking.start_at),
            [`${change.date} ${first}:00`],
          );
        });
      }
    },
  );
}
