import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { api, assertClean, signInAtDesk } from './desk.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The desk's waitlist, visits and series in chromium (desktop, English, one flow): a client added
 * to the waitlist (a refused window shown on its field, then saved), the entry changed and
 * removed; a visit of two services moved whole (a clash refused naming the part, then a free
 * time) and cancelled whole; a weekly series read, moved from one occurrence (the later date
 * that clashes listed, nothing moved; then a free time) and ended from there, the earlier date
 * kept. On a phone in Dutch only the waitlist's screen and its add dialog. Axe on every state.
 * The days are fixed far ahead, so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday: the visit's day
const SERIES = '2031-03-05'; // a Wednesday: the series' first day

/** The date `weeks` weeks after `date`. */
const weeksAfter = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

for (const dialect of BROWSER_DIALECTS) {
  describe(`the desk's waitlist, visits and series in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let cut: { id: number };
    let dora: { id: number };
    let visit: { id: number; bookings: Array<{ id: number }> };
    let series: { id: number; bookings: Array<{ id: number }> };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      ana = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
        name: 'Ana',
        email: uniqueEmail('ana'),
        password: 'staff-password-1',
      });
      await api(h.t, admin.token, 'POST', '/api/staff/default-shifts/save-week', {
        staff_id: ana.id,
        shifts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, start_time: '09:00', end_time: '17:00' })),
      });
      cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      const colour = await createService(h.t, admin.token, { name: 'Colour', duration_min: 30 });
      const ada = await createClient(h.t, admin.token, { name: 'Ada Visit' });
      const bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      const cleo = await createClient(h.t, admin.token, { name: 'Cleo Series' });
      dora = await createClient(h.t, admin.token, { name: 'Dora Waiting' });
      visit = await api(h.t, admin.token, 'POST', '/api/bookings/visits', {
        client_id: ada.id,
        start_at: `${AHEAD} 10:00`,
        parts: [
          { service_id: cut.id, staff_id: ana.id },
          { service_id: colour.id, staff_id: ana.id },
        ],
      });
      series = await api(h.t, admin.token, 'POST', '/api/bookings/series', {
        client_id: cleo.id,
        staff_id: ana.id,
        service_id: cut.id,
        start_at: `${SERIES} 09:00`,
        every_weeks: 1,
        count: 4,
      });
      // Ana is taken at 14:00 on the visit's day and at 11:00 on the series' third day.
      for (const start of [`${AHEAD} 14:00`, `${weeksAfter(SERIES, 2)} 11:00`]) {
        await api(h.t, admin.token, 'POST', '/api/bookings', {
          client_id: bea.id,
          staff_id: ana.id,
          service_id: cut.id,
          start_at: start,
        });
      }
    });
    after(() => h.close());

    it('a waitlist entry added, changed and removed; a visit moved and cancelled whole; a series read, moved and ended (desktop, English)', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);

      // The waitlist, from the navigation.
      await page.getByRole('link', { name: 'Waitlist', exact: true }).click();
      await page.getByRole('heading', { name: 'Waitlist', level: 1 }).waitFor();
      await page.getByText('Nobody is on the waitlist with this status.').waitFor();
      await page.getByRole('button', { name: 'Add to the waitlist' }).click();
      const add = page.getByRole('dialog', { name: 'Add a client to the waitlist' });
      await add.getByLabel('Find a client').fill('Dora');
      await add.getByRole('radio', { name: /Dora Waiting/ }).check();
      await add.getByLabel('Service').selectOption({ label: 'Cut' });
      await add.getByLabel('Staff member').selectOption({ label: 'Ana' });
      await add.getByLabel('Day').fill(AHEAD);
      await add.getByLabel('From').fill('15:00');
      await add.getByLabel('Until').fill('12:00');
      await add.getByRole('button', { name: 'Add to the waitlist' }).click();
      // Refused on its field, as the API names it; what was typed stays.
      await add.getByRole('alert').filter({ hasText: 'The end must be after the start.' }).waitFor();
      assert.equal(await add.getByLabel('Until').getAttribute('aria-invalid'), 'true');
      assert.equal(await add.getByLabel('From').inputValue(), '15:00');
      await assertAccessible(page, 'a waitlist entry refused on its window');
      await add.getByLabel('Until').fill('17:00');
      await add.getByRole('button', { name: 'Add to the waitlist' }).click();
      await page.getByRole('heading', { name: 'Dora Waiting on the waitlist' }).waitFor();
      const entryId = Number(new URL(page.url()).pathname.split('/').pop());
      const added = await api(h.t, admin.token, 'GET', `/api/waitlist/${entryId}`);
      assert.equal(added.client_id, dora.id);
      assert.equal(added.service_id, cut.id);
      assert.equal(added.staff_id, ana.id);
      assert.deepEqual([added.date, added.time_from, added.time_to], [AHEAD, '15:00', '17:00']);
      await assertAccessible(page, 'a waitlist entry added');

      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByLabel('From').fill('13:00');
      await page.getByLabel('Notes').fill('Afternoons only');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('13:00–17:00').waitFor();
      const changed = await api(h.t, admin.token, 'GET', `/api/waitlist/${entryId}`);
      assert.deepEqual([changed.time_from, changed.notes], ['13:00', 'Afternoons only']);

      await page.getByRole('button', { name: 'Remove from the waitlist' }).click();
      await page.getByText('Remove Dora Waiting from the waitlist for Cut on 2031-03-04?').waitFor();
      await assertAccessible(page, "a waitlist entry's removal asked");
      await page.getByRole('button', { name: 'Yes, remove' }).click();
      await page.waitForURL((url) => url.pathname === '/waitlist');
      assert.equal(
        (await h.t.request({ method: 'GET', url: `/api/waitlist/${entryId}`, token: admin.token })).status,
        404,
      );

      // The visit: moved whole onto a clash (refused, naming the part), then to a free time.
      await page.goto(`/bookings/${visit.bookings[0]!.id}`);
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Visit' });
      await panel.getByRole('heading', { name: 'Visit of 2 services' }).waitFor();
      await panel.getByRole('button', { name: 'Move the visit' }).click();
      await panel.getByLabel('Start time').fill('13:30');
      await panel.getByRole('button', { name: 'Move every part' }).click();
      await panel.getByText('The part that cannot move: Cut with Ana.').waitFor();
      await panel.getByRole('alert').filter({ hasText: 'another booking at that time' }).waitFor();
      await assertAccessible(page, "a visit's move refused by a clash");
      await panel.getByLabel('Start time').fill('11:00');
      await panel.getByRole('button', { name: 'Move every part' }).click();
      await panel.getByRole('button', { name: 'Cancel the visit' }).waitFor();
      const moved = await api(h.t, admin.token, 'GET', `/api/bookings/visits/${visit.id}`);
      assert.deepEqual(
        moved.bookings.map((b: { start_at: string }) => b.start_at),
        [`${AHEAD} 11:00:00`, `${AHEAD} 12:00:00`],
      );
      await panel.getByRole('button', { name: 'Cancel the visit' }).click();
      await panel.getByText('Cancel the whole visit (Cut, Colour)?', { exact: false }).waitFor();
      await assertAccessible(page, "a visit's cancel asked, naming its services");
      await panel.getByRole('button', { name: 'Yes, cancel the visit' }).click();
      // The question hides the panel's buttons at once; only the parts' statuses say the cancel is done.
      for (const service of ['Cut', 'Colour']) {
        await panel
          .getByRole('listitem')
          .filter({ hasText: `${service} with Ana (cancelled)` })
          .waitFor();
      }
      const cancelled = await api(h.t, admin.token, 'GET', `/api/bookings/visits/${visit.id}`);
      assert.deepEqual(
        cancelled.bookings.map((b: { status: string }) => b.status),
        ['cancelled', 'cancelled'],
      );

      // The series, from its second occurrence: its rule and dates, a move onto a clash, a free one, the end.
      await page.goto(`/bookings/${series.bookings[1]!.id}`);
      const occurrence = page.getByRole('dialog', { name: 'Booking of Cleo Series' });
      await occurrence.getByRole('heading', { name: 'Repeating series' }).waitFor();
      await occurrence.getByText('Every week, 4 times').waitFor();
      await occurrence.getByText('The 4 dates to come:').waitFor();
      await assertAccessible(page, 'a series read in the panel');
      await occurrence.getByRole('button', { name: 'Move this and later dates' }).click();
      await occurrence.getByLabel('Start time').fill('11:00');
      await occurrence.getByRole('button', { name: 'Move the dates' }).click();
      const refused = occurrence.getByRole('list', { name: 'Dates that cannot be moved' });
      await refused.waitFor();
      assert.match(
        (await refused.getByRole('listitem').allInnerTexts()).join('\n'),
        /^Wednesday(,)? 19 March 2031, 11:00: The staff member has another booking at that time\.$/,
      );
      await assertAccessible(page, "a series' move refused, its clashing date listed");
      await occurrence.getByLabel('Start time').fill('12:00');
      await occurrence.getByRole('button', { name: 'Move the dates' }).click();
      await occurrence.getByRole('button', { name: 'End the series' }).waitFor();
      const after = await api(h.t, admin.token, 'GET', `/api/bookings/series/${series.id}`);
      assert.deepEqual(
        after.bookings.map((b: { start_at: string }) => b.start_at),
        [`${SERIES} 09:00:00`, ...[1, 2, 3].map((weeks) => `${weeksAfter(SERIES, weeks)} 12:00:00`)],
      );
      await occurrence.getByRole('button', { name: 'End the series' }).click();
      await occurrence.getByText('These 3 bookings are cancelled:', { exact: false }).waitFor();
      await occurrence.getByText('Earlier dates of the series stay as they are', { exact: false }).waitFor();
      await assertAccessible(page, "a series' end asked");
      await occurrence.getByRole('button', { name: 'Yes, end the series' }).click();
      await occurrence.getByText('The date to come:').waitFor();
      const ended = await api(h.t, admin.token, 'GET', `/api/bookings/series/${series.id}`);
      assert.deepEqual(
        ended.bookings.map((b: { status: string }) => b.status),
        ['scheduled', 'cancelled', 'cancelled', 'cancelled'],
      );
      assertClean(watch, [401, 400, 409]);
    });

    it("the waitlist's screen on a phone (Dutch): an entry listed, the add dialog open", async () => {
      await api(h.t, admin.token, 'POST', '/api/waitlist', { client_id: dora.id, service_id: cut.id, date: AHEAD });
      const { page, watch } = await h.open({
        locale: 'nl-NL',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signInAtDesk(page, admin.email);
      await page.goto('/waitlist');
      await page.getByRole('heading', { name: 'Wachtlijst', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Dora Waiting' }).waitFor();
      await assertAccessible(page, 'the waitlist on a phone, in Dutch');
      await page.getByRole('button', { name: 'Op de wachtlijst zetten' }).tap();
      await page.getByRole('dialog', { name: 'Klant op de wachtlijst zetten' }).getByLabel('Klant zoeken').waitFor();
      await assertAccessible(page, "the waitlist's add dialog on a phone, in Dutch");
      assertClean(watch);
    });
  });
}
