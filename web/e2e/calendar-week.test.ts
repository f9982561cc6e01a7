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
 * The desk's week of one staff member in chromium: opened from the day by keyboard, seven days
 * with working time, a break, time off and a holiday, a booking holding a resource (named in
 * the day and the week), booking from a week slot, previous and next week and Back; a booking's
 * history in its panel; a staff member under the personal agenda sees only their own week. In
 * English on a desktop and Dutch on a phone, axe on every state. The week is far ahead, so
 * nothing depends on today.
 */

const MONDAY = '2031-03-03';
const TUESDAY = '2031-03-04';

for (const dialect of BROWSER_DIALECTS) {
  describe(`the desk's week in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let ben: { id: number; email: string };
    const ids: Record<string, number> = {};

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/settings`, { first_day_of_week: 1 });
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      const member = async (name: string) => {
        const email = uniqueEmail(name.toLowerCase());
        const made = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
          name,
          email,
          password: 'staff-password-1',
        });
        return { id: made.id as number, email };
      };
      ana = await member('Ana');
      ben = await member('Ben');
      // Ana's week: Monday whole, Tuesday with a lunch break, Wednesday afternoon, Thursday off, Friday a holiday.
      const shifts: [string, string, string][] = [
        [MONDAY, '09:00', '17:00'],
        [TUESDAY, '09:00', '12:00'],
        [TUESDAY, '13:00', '17:00'],
        ['2031-03-05', '12:00', '18:00'],
      ];
      for (const [date, start_time, end_time] of shifts) {
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', { staff_id: ana.id, date, start_time, end_time });
      }
      await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
        staff_id: ben.id,
        date: TUESDAY,
        start_time: '09:00',
        end_time: '17:00',
      });
      await api(h.t, admin.token, 'POST', '/api/staff/time-off', {
        staff_id: ana.id,
        start_date: '2031-03-06',
        end_date: '2031-03-06',
        reason: 'Course',
      });
      await api(h.t, admin.token, 'POST', '/api/settings/holidays', { name: 'Salon day out', date: '2031-03-07' });
      const cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      const colour = await createService(h.t, admin.token, { name: 'Colour', duration_min: 60 });
      await api(h.t, admin.token, 'POST', '/api/resources', {
        name: 'Colour basin',
        capacity: 1,
        service_ids: [colour.id],
      });
      const ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
      const bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      const book = async (key: string, payload: object) =>
        (ids[key] = (await api(h.t, admin.token, 'POST', '/api/bookings', payload)).id);
      await book('colour', {
        client_id: ada.id,
        staff_id: ana.id,
        service_id: colour.id,
        start_at: `${TUESDAY} 10:00`,
      });
      await book('ben', { client_id: bea.id, staff_id: ben.id, service_id: cut.id, start_at: `${TUESDAY} 14:00` });
      await book('moved', { client_id: bea.id, staff_id: ana.id, service_id: cut.id, start_at: `${MONDAY} 10:00` });
      // Moved and completed at the desk: the history the panel lists.
      await api(h.t, admin.token, 'PUT', `/api/bookings/${ids.moved}`, {
        start_at: `${MONDAY} 11:00`,
        end_at: `${MONDAY} 12:00`,
      });
      await api(h.t, admin.token, 'PUT', `/api/bookings/${ids.moved}`, { status: 'completed' });
    });
    after(() => h.close());

    it('the week opens from the day by keyboard: seven days, the resource named, a booking from a week slot with its history; Back returns', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${TUESDAY}`);
      // The day names the resource the colour holds.
      const inDay = page.getByRole('button', {
        name: '10:00 to 11:00, Ada Client, Colour, with Ana, confirmed; uses Colour basin',
      });
      await inDay.waitFor();
      await assertAccessible(page, 'the day with a resource');

      await page.getByRole('button', { name: 'Week', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel('Staff member').selectOption({ label: 'Ben' });
      await page.waitForURL((address) => address.searchParams.get('staff') === String(ben.id));
      await page.getByLabel('Staff member').selectOption({ label: 'Ana' });
      await page.waitForURL((address) => address.searchParams.get('staff') === String(ana.id));
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('view'), 'week');
      assert.equal(url.searchParams.get('staff'), String(ana.id));
      await page.getByText('Ana: Monday, 3 March 2031 to Sunday, 9 March 2031').waitFor();
      assert.equal(await page.locator('.week-grid .day-column').count(), 7);
      await page.getByRole('heading', { level: 2, name: 'Mon 3 Mar' }).waitFor();
      await page.getByText('Time off: Course').waitFor();
      await page.getByText('Holiday: Salon day out').waitFor();
      // Tuesday's lunch break is outside working time; Ben's booking is not in Ana's week.
      await page
        .getByRole('button', { name: 'Book with Ana, Tuesday, 4 March 2031, at 12:00, outside working time' })
        .waitFor();
      await page
        .getByRole('button', { name: '10:00 to 11:00, Ada Client, Colour, with Ana, confirmed; uses Colour basin' })
        .waitFor();
      await page.getByRole('button', { name: '11:00 to 12:00, Bea Booker, Cut, with Ana, completed' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /with Ben/ }).count(), 0);
      await assertAccessible(page, 'the week of one member');

      // Booking from a week slot by keyboard: Wednesday 14:00, one day right of Tuesday's.
      await page.getByRole('button', { name: 'Book with Ana, Tuesday, 4 March 2031, at 14:00', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      const focused = await page.locator(':focus').getAttribute('aria-label');
      assert.equal(focused, 'Book with Ana, Wednesday, 5 March 2031, at 14:00');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.waitFor();
      await dialog.getByLabel('Find a client').fill('Ada');
      await dialog.getByRole('radio', { name: /Ada Client/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Cut' });
      await dialog.getByRole('button', { name: 'Book', exact: true }).press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const created = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(created.start_at, '2031-03-05 14:00:00');
      assert.equal(created.staff_id, ana.id);
      await panel.getByText(/^Created by Olivia Owner, \d{1,2} \S+ \d{2}:\d{2}$/).waitFor();
      await assertAccessible(page, "a booking's panel with its history");
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).searchParams.get('view'), 'week');
      await page.getByRole('button', { name: '14:00 to 15:00, Ada Client, Cut, with Ana, confirmed' }).waitFor();

      // The next week and back; then Back to the day.
      await page.getByRole('button', { name: 'Next week' }).click();
      await page.getByText('Ana: Monday, 10 March 2031 to Sunday, 16 March 2031').waitFor();
      await page.getByRole('button', { name: 'Previous week' }).click();
      await page.getByText('Ana: Monday, 3 March 2031 to Sunday, 9 March 2031').waitFor();
      await page.goBack();
      await page.getByText('Ana: Monday, 10 March 2031 to Sunday, 16 March 2031').waitFor();
      assertClean(watch);
    });

    it('on a phone in Dutch: the week, and a booking’s history in its panel', async () => {
      const { page, watch } = await h.open({
        locale: 'nl-NL',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?view=week&staff=${ana.id}&date=${TUESDAY}`);
      await page.getByText('Ana: maandag 3 maart 2031 tot en met zondag 9 maart 2031').waitFor();
      await page.getByText('Vrij: Course').waitFor();
      await assertAccessible(page, 'the week in Dutch on a phone');
      await page.getByRole('button', { name: '11:00 tot 12:00, Bea Booker, Cut, bij Ana, afgerond' }).tap();
      const panel = page.getByRole('dialog', { name: 'Afspraak van Bea Booker' });
      await panel.waitFor();
      const history = panel.getByRole('region', { name: 'Geschiedenis' });
      await history.getByText(/^Gemaakt door Olivia Owner, /).waitFor();
      await history.getByText(/^Verplaatst van 10:00 naar 11:00 door Olivia Owner, /).waitFor();
      await history.getByText(/^Status bevestigd → afgerond door Olivia Owner, /).waitFor();
      await assertAccessible(page, "a booking's history in Dutch on a phone");
      assertClean(watch);
    });

    it('under the personal agenda a staff member sees their own week only', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, ben.email, 'staff-password-1');
      await page.goto(`/calendar?view=week&staff=${ana.id}&date=${TUESDAY}`);
      await page.getByText('You see your own agenda only.').waitFor();
      assert.equal(await page.getByRole('button', { name: /Ada Client/ }).count(), 0);
      await assertAccessible(page, 'another member’s week refused');
      await page.getByRole('button', { name: 'Show my week' }).press('Enter');
      await page.getByRole('button', { name: '14:00 to 15:00, Bea Booker, Cut, with Ben, confirmed' }).waitFor();
      assertClean(watch);
    });
  });
}
