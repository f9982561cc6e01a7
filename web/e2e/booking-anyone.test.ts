import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { after, before, describe, it } from 'node:test';
import { createClient, setSettings } from '../../test/helpers/bookings.js';
import { createWorkingStaff, setupBookingSalon } from '../../test/helpers/public.js';
import { uniqueEmail } from '../../test/helpers/app.js';
import { choose, dayButton, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * "Anyone" on the booking page, on a phone: the booking lands on the free member whose week is
 * least booked (the salon's `fewest_minutes_week` rule), never simply the first of the list.
 * The fixtures leave the rule one answer: the first member has three hours booked that week,
 * the second none, and both are free at the chosen time. Dates are a whole Monday-to-Sunday
 * week derived from today, so the week the rule counts is the same on any day the test runs.
 */

const ZONE = 'Europe/Amsterdam';

/** The seven dates of the first Monday-to-Sunday week starting at least `after` days from today. */
function weekAhead(after: number): string[] {
  const start = DateTime.now().setZone(ZONE).plus({ days: after });
  const monday = start.plus({ days: (8 - start.weekday) % 7 });
  return [0, 1, 2, 3, 4, 5, 6].map((day) => monday.plus({ days: day }).toFormat('yyyy-MM-dd'));
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`booking page, "anyone" (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let busy: { id: number; name: string };
    let quiet: { id: number; name: string };
    let service: { id: number; name: string };
    const week = weekAhead(8);

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const salon = await setupBookingSalon(h.t);
      service = salon.service;
      const second = await createWorkingStaff(h.t, salon.admin.token);
      const nameOf = async (id: number) =>
        (await h.t.ctx.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
      busy = { id: salon.staff.id, name: await nameOf(salon.staff.id) };
      quiet = { id: second.id, name: await nameOf(second.id) };
      await setSettings(h.t, salon.admin.token, {
        calendar_slot_min: 60,
        booking_min_lead_hours: 0,
        booking_anyone_rule: 'fewest_minutes_week',
      });
      // Three hours of the first member's week booked at the desk, on the Monday.
      const client = await createClient(h.t, salon.admin.token, { name: 'Bea Busy' });
      for (const hour of ['09:00', '10:00', '11:00']) {
        const booked = await h.t.request({
          method: 'POST',
          url: '/api/bookings',
          token: salon.admin.token,
          payload: {
            client_id: client.id,
            staff_id: busy.id,
            service_id: service.id,
            start_at: `${week[0]} ${hour}:00`,
          },
        });
        assert.equal(booked.status, 200, JSON.stringify(booked.body));
      }
    });
    after(() => h.close());

    it('on a phone: "Anyone" on the Wednesday at 09:00 lands on the member whose week is least booked, and the page names them', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: ZONE });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await choose(page.getByRole('radio', { name: 'Anyone' }));
      const wednesday = week[2]!;
      await (await dayButton(page, wednesday, 'en-GB', 'Next month')).click();
      await page
        .getByRole('status')
        .filter({ hasText: /free times? on/ })
        .waitFor();
      await choose(page.getByRole('radio', { name: /09:00 to/ }));
      const email = uniqueEmail('anyone');
      await page.getByLabel('Name', { exact: true }).fill('Anna Anyone');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: "You're booked" }).waitFor();
      await page.getByText(`With ${quiet.name}.`).waitFor();
      await assertAccessible(page, 'booked with anyone');

      const booking = await h.t.ctx.db
        .selectFrom('bookings')
        .innerJoin('clients', 'clients.id', 'bookings.client_id')
        .select(['bookings.staff_id', 'bookings.start_at'])
        .where('clients.email', '=', email)
        .executeTakeFirstOrThrow();
      assert.equal(booking.staff_id, quiet.id, `not ${busy.name}, whose week has three hours booked`);
      assert.equal(booking.start_at.slice(0, 16), `${wednesday} 09:00`);
      watch.assertClean();
    });
  });
}
