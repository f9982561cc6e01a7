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
 * The new-booking dialog's repeat and waitlist in chromium: a weekly repeat whose dates are
 * listed with their conflicts before anything is saved (one taken), then the dates that fit
 * booked (desktop, English); a waitlist entry of the day chosen to fill the slot, the client and
 * service filled in and the entry marked booked (phone, Dutch). Axe on every state. The day is
 * fixed far ahead, so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday

/** The date `weeks` weeks after `date`. */
const weeksAfter = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

for (const dialect of BROWSER_DIALECTS) {
  describe(`the new booking's repeat and waitlist in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let cut: { id: number };
    let ada: { id: number };
    let cara: { id: number };
    let clash: { id: number };
    let entry: { id: number };

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
      ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
      cara = await createClient(h.t, admin.token, { name: 'Cara Waiting' });
      const bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      // Two weeks on, Ana already has a client at 10:00: the repeat's third date is taken.
      clash = await api(h.t, admin.token, 'POST', '/api/bookings', {
        client_id: bea.id,
        staff_id: ana.id,
        service_id: cut.id,
        start_at: `${weeksAfter(AHEAD, 2)} 10:00`,
      });
      entry = await api(h.t, admin.token, 'POST', '/api/waitlist', {
        client_id: cara.id,
        service_id: cut.id,
        date: AHEAD,
        time_from: '13:00',
        time_to: '16:00',
      });
    });
    after(() => h.close());

    it('a weekly repeat lists each date with its conflict before saving, then books the dates that fit (desktop, English)', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      await page.getByRole('button', { name: 'Book with Ana at 10:00', exact: true }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.waitFor();
      // The day's waitlist is offered, and not chosen unless the desk says so.
      await dialog.getByRole('radio', { name: 'Not from the waitlist' }).waitFor();
      await dialog.getByLabel('Find a client').fill('Ada');
      await dialog.getByRole('radio', { name: /Ada Client/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Cut' });
      // By keyboard, as the desk would.
      await dialog.getByRole('checkbox', { name: 'Repeat this booking every few weeks' }).press('Space');
      await dialog.getByRole('textbox', { name: 'Every how many weeks' }).fill('1');
      await dialog.getByRole('textbox', { name: 'Number of times' }).fill('4');
      await assertAccessible(page, 'a repeat being set');
      const before = await api(h.t, admin.token, 'GET', `/api/bookings?client_id=${ada.id}`);
      await dialog.getByRole('button', { name: 'Check the dates' }).press('Enter');

      await dialog.getByRole('heading', { name: '3 of 4 dates can be booked' }).waitFor();
      const items = await dialog.locator('.occurrences li').allInnerTexts();
      assert.equal(items.length, 4);
      assert.match(items[0]!, /^Tuesday(,)? 4 March 2031, 10:00: free$/);
      assert.match(
        items[2]!,
        /^Tuesday(,)? 18 March 2031, 10:00: cannot be booked: The staff member has another booking at that time\.$/,
      );
      // Nothing is saved by the check.
      assert.deepEqual(await api(h.t, admin.token, 'GET', `/api/bookings?client_id=${ada.id}`), before);
      await assertAccessible(page, "a repeat's dates with a conflict");

      await dialog.getByRole('button', { name: 'Book the 3 dates that fit' }).press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.waitFor();
      const booked = (await api(h.t, admin.token, 'GET', `/api/bookings?client_id=${ada.id}`)) as Array<{
        start_at: string;
        series_id: number | null;
      }>;
      assert.deepEqual(booked.map((b) => b.start_at).sort(), [
        `${AHEAD} 10:00:00`,
        `${weeksAfter(AHEAD, 1)} 10:00:00`,
        `${weeksAfter(AHEAD, 3)} 10:00:00`,
      ]);
      assert.equal(new Set(booked.map((b) => b.series_id)).size, 1);
      assert.notEqual(booked[0]!.series_id, null);
      // The booking already there is untouched.
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${clash.id}`)).status, 'scheduled');
      assertClean(watch);
    });

    it("a repeat breaking the desk's rules offers the override the API allows, and books against them once ticked", async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      // An hour from 16:30 runs past Ana's 17:00.
      await page.getByRole('button', { name: 'Book with Ana at 16:30', exact: true }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.getByLabel('Find a client').fill('Ada');
      await dialog.getByRole('radio', { name: /Ada Client/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Cut' });
      await dialog.getByRole('checkbox', { name: 'Repeat this booking every few weeks' }).press('Space');
      await dialog.getByRole('textbox', { name: 'Every how many weeks' }).fill('2');
      await dialog.getByRole('textbox', { name: 'Number of times' }).fill('2');
      await dialog.getByRole('button', { name: 'Check the dates' }).press('Enter');
      await dialog.getByRole('heading', { name: '0 of 2 dates can be booked' }).waitFor();
      const items = await dialog.locator('.occurrences li').allInnerTexts();
      assert.match(
        items[1]!,
        /^Tuesday(,)? 18 March 2031, 16:30: breaks the desk's rules \(it is outside the staff member's working time\)/,
      );
      await assertAccessible(page, "a repeat's dates breaking the desk's rules");
      await dialog.getByRole('checkbox', { name: 'Save anyway (override these rules)' }).press('Space');
      await dialog.getByRole('button', { name: 'Check the dates' }).press('Enter');
      await dialog.getByRole('heading', { name: '2 of 2 dates can be booked' }).waitFor();
      assert.match(
        (await dialog.locator('.occurrences li').allInnerTexts())[0]!,
        /16:30: free, booked against the desk's rules$/,
      );
      await dialog.getByRole('button', { name: 'Book the 2 dates that fit' }).press('Enter');
      await page.getByRole('dialog', { name: 'Booking of Ada Client' }).waitFor();
      const late = (
        (await api(h.t, admin.token, 'GET', `/api/bookings?client_id=${ada.id}`)) as Array<{
          start_at: string;
          overridden_rules: string[];
        }>
      ).filter((b) => b.start_at.endsWith('16:30:00'));
      assert.deepEqual(late.map((b) => b.start_at).sort(), [`${AHEAD} 16:30:00`, `${weeksAfter(AHEAD, 2)} 16:30:00`]);
      assert.ok(late.every((b) => b.overridden_rules.includes('outside_working_time')));
      assertClean(watch);
    });

    it('a waitlist entry of the day fills the slot: client and service filled in, the entry marked booked (phone, Dutch)', async () => {
      const { page, watch } = await h.open({
        locale: 'nl-NL',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      await page.getByRole('button', { name: 'Boek bij Ana om 14:00', exact: true }).tap();
      const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Cara Waiting, Cut, 13:00 tot 16:00' }).check();
      await dialog.getByText('Afspraak voor Cara Waiting van de wachtlijst', { exact: false }).waitFor();
      assert.equal(await dialog.getByLabel('Behandeling 1', { exact: true }).inputValue(), String(cut.id));
      // A waitlist entry is one booking: no repeat, no second service.
      assert.equal(await dialog.getByRole('checkbox', { name: /herhalen/ }).count(), 0);
      await assertAccessible(page, 'a waitlist entry chosen, in Dutch on a phone');
      await dialog.getByRole('button', { name: 'Boeken', exact: true }).tap();
      const panel = page.getByRole('dialog', { name: 'Afspraak van Cara Waiting' });
      await panel.waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const booking = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(booking.start_at, `${AHEAD} 14:00:00`);
      assert.equal(booking.service_id, cut.id);
      assert.equal(booking.waitlist_id, entry.id);
      assert.equal((await api(h.t, admin.token, 'GET', `/api/waitlist/${entry.id}`)).status, 'booked');
      await assertAccessible(page, 'the booking made from the waitlist, in Dutch on a phone');
      assertClean(watch);
    });
  });
}
