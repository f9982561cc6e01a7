import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, setupSalon, uniqueEmail } from '../../test/helpers/app.js';
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
 * The desk's calendar in chromium: the day with a column per working member, a booking's panel
 * opened by keyboard and its actions, booking from an empty slot by keyboard, a move through the
 * "Move…" dialog and one refused; in English and Dutch, on a desktop and a phone; axe on every
 * state. Days are fixed (one far ahead, one long past), so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday
const PAST = '2021-03-02'; // a Tuesday

for (const dialect of BROWSER_DIALECTS) {
  describe(`the desk's calendar in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let ben: { id: number };
    let cut: { id: number };
    let ada: { id: number };
    const ids: Record<string, number> = {};

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      // The owner takes no appointments: the day has the two stylists' columns.
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      const member = (name: string) =>
        api(h.t, admin.token, 'POST', '/api/staff/staff', {
          name,
          email: uniqueEmail(name.toLowerCase()),
          password: 'staff-password-1',
        });
      ana = await member('Ana');
      ben = await member('Ben');
      for (const date of [AHEAD, PAST]) {
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: ana.id,
          date,
          start_time: '09:00',
          end_time: '17:00',
        });
        // Ben has a lunch break.
        for (const [start_time, end_time] of [
          ['09:00', '12:00'],
          ['13:00', '17:00'],
        ])
          await api(h.t, admin.token, 'POST', '/api/staff/shifts', { staff_id: ben.id, date, start_time, end_time });
      }
      cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      ada = await createClient(h.t, admin.token, { name: 'Ada Client', phone: '+31612345678' });
      const bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      const book = async (key: string, payload: object) =>
        (ids[key] = (await api(h.t, admin.token, 'POST', '/api/bookings', { service_id: cut.id, ...payload })).id);
      await book('ahead', {
        client_id: ada.id,
        staff_id: ana.id,
        start_at: `${AHEAD} 10:00`,
        internal_notes: 'Allergic to ammonia',
      });
      await book('aheadBen', { client_id: bea.id, staff_id: ben.id, start_at: `${AHEAD} 15:00` });
      await book('complete', { client_id: ada.id, staff_id: ana.id, start_at: `${PAST} 10:00`, override: true });
      await book('noShow', { client_id: bea.id, staff_id: ben.id, start_at: `${PAST} 10:00`, override: true });
      await book('cancel', { client_id: bea.id, staff_id: ana.id, start_at: `${PAST} 14:00`, override: true });
    });
    after(() => h.close());

    it('the day has a column per working member, its bookings named in full; a booking opens its panel by keyboard', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.getByRole('link', { name: 'Calendar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      await page.goto(`/calendar?date=${AHEAD}`);
      await page.getByRole('heading', { level: 2, name: 'Ana' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Ben' }).waitFor();
      assert.equal(await page.locator('.day-column').count(), 2);
      await page.getByText('Tuesday, 4 March 2031').waitFor();
      // Ben's lunch is a slot outside his working time.
      await page.getByRole('button', { name: 'Book with Ben at 12:00, outside working time' }).waitFor();
      await page.getByRole('button', { name: 'Book with Ana at 12:00', exact: true }).waitFor();
      await assertAccessible(page, 'the day view');

      const booking = page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed' });
      await booking.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.waitFor();
      assert.equal(new URL(page.url()).pathname, `/bookings/${ids.ahead}`);
      await panel.getByText('+31612345678').waitFor();
      await panel.getByText('Allergic to ammonia').waitFor();
      await assertAccessible(page, "a booking's panel");
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/calendar');
      assert.equal(new URL(page.url()).searchParams.get('date'), AHEAD);

      // The day's navigation: the next day and back, the address following.
      await page.getByRole('button', { name: 'Next day' }).click();
      await page.getByText('Wednesday, 5 March 2031').waitFor();
      await page.goBack();
      await page.getByText('Tuesday, 4 March 2031').waitFor();
      assertClean(watch);
    });

    it('books from an empty slot by keyboard, then moves it through the dialog; a refused move stays put with its reason', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      // Into the grid by keyboard: the slots move with the arrow keys.
      await page.getByRole('button', { name: 'Book with Ana at 13:00', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      const focused = await page.locator(':focus').getAttribute('aria-label');
      assert.match(focused ?? '', /^Book with Ben at 13:(15|30)$/);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.waitFor();
      await dialog.getByLabel('Find a client').fill('Ada');
      await dialog.getByRole('radio', { name: /Ada Client/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Cut' });
      assert.equal(await dialog.getByLabel('Staff member for service 1').inputValue(), String(ben.id));
      await dialog.getByLabel('Notes', { exact: true }).fill('Bring the photo');
      await assertAccessible(page, 'booking from an empty slot');
      await dialog.getByRole('button', { name: 'Book', exact: true }).press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const created = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(created.staff_id, ben.id);
      assert.equal(created.start_at, `${AHEAD} 13:00:00`);
      assert.equal(created.notes, 'Bring the photo');

      // Moved onto Ben's 15:00 booking: refused, named, and the booking stays where it was.
      await panel.getByRole('button', { name: 'Move…' }).press('Enter');
      await panel.getByLabel('Start time').fill('15:00');
      await panel.getByRole('button', { name: 'Move', exact: true }).press('Enter');
      await panel.getByRole('alert').getByText('The staff member has another booking at that time.').waitFor();
      await assertAccessible(page, 'a refused move');
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${id}`)).start_at, `${AHEAD} 13:00:00`);

      // To Ana at 14:00 instead.
      await panel.getByLabel('Start time').fill('14:00');
      await panel.getByLabel('Staff member').selectOption({ label: 'Ana' });
      await panel.getByRole('button', { name: 'Move', exact: true }).press('Enter');
      await panel.getByText('Cut with Ana').waitFor();
      const moved = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(moved.start_at, `${AHEAD} 14:00:00`);
      assert.equal(moved.end_at, `${AHEAD} 15:00:00`);
      assert.equal(moved.staff_id, ana.id);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '14:00 to 15:00, Ada Client, Cut, with Ana, confirmed' }).waitFor();
      // The 409 is the browser's own log of the refusal: expected.
      assertClean(watch, [401, 409]);
    });

    it('completes, marks a no-show and cancels from the panel', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${PAST}`);
      await page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed' }).press('Enter');
      let panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.getByRole('button', { name: 'Complete' }).press('Enter');
      await panel.getByText('completed', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, completed' }).waitFor();

      await page.getByRole('button', { name: '10:00 to 11:00, Bea Booker, Cut, with Ben, confirmed' }).press('Enter');
      panel = page.getByRole('dialog', { name: 'Booking of Bea Booker' });
      await panel.getByRole('button', { name: 'No-show' }).press('Enter');
      await panel.getByText('no-show', { exact: true }).waitFor();
      await assertAccessible(page, 'a no-show in the panel');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '10:00 to 11:00, Bea Booker, Cut, with Ben, no-show' }).waitFor();
      await assertAccessible(page, 'the day with a completed booking and a no-show');

      await page.getByRole('button', { name: '14:00 to 15:00, Bea Booker, Cut, with Ana, confirmed' }).press('Enter');
      panel = page.getByRole('dialog', { name: 'Booking of Bea Booker' });
      await panel.getByRole('button', { name: 'Cancel the booking' }).press('Enter');
      await panel.getByRole('button', { name: 'Yes, cancel it' }).press('Enter');
      await panel.getByText('cancelled', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^14:00 to 15:00, Bea Booker/ }).waitFor({ state: 'detached' });

      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${ids.complete}`)).status, 'completed');
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${ids.noShow}`)).status, 'no-show');
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${ids.cancel}`)).status, 'cancelled');
      assertClean(watch);
    });

    it('reads in Dutch, and on a phone an emailed /bookings/:id opens the booking’s panel, after signing in when signed out', async () => {
      const { page, watch } = await h.open({
        locale: 'nl-NL',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      // The link of a booking-request email, opened signed out: the sign-in, then the booking.
      await page.goto(`/bookings/${ids.ahead}`);
      await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('return'), `/bookings/${ids.ahead}`);
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Wachtwoord').fill(ADMIN_PASSWORD);
      await page.getByLabel('Wachtwoord').press('Enter');
      const panel = page.getByRole('dialog', { name: 'Afspraak van Ada Client' });
      await panel.waitFor();
      assert.equal(new URL(page.url()).pathname, `/bookings/${ids.ahead}`);
      await panel.getByText('Cut bij Ana').waitFor();
      await assertAccessible(page, "a booking's panel in Dutch on a phone");
      await panel.getByRole('button', { name: 'Sluiten' }).tap();
      await page.waitForURL(`**/calendar?date=${AHEAD}`);

      await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
      await page.getByText('dinsdag 4 maart 2031').waitFor();
      await page.getByRole('button', { name: '10:00 tot 11:00, Ada Client, Cut, bij Ana, bevestigd' }).waitFor();
      await assertAccessible(page, 'the day view in Dutch on a phone');
      assertClean(watch);
    });
  });
}
