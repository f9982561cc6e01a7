import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { PHONE } from './actions.js';
import { api, assertClean, signInAtDesk } from './desk.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * A processing phase is free time, bookable by pointer as well as by keyboard, in chromium: a
 * click (desktop) or a tap (phone) on the phase drawn inside a booking starts a new booking at
 * the step of the grid under it, with that member; a press on the rest of the booking still opens
 * its panel, and a drag from the phase moves nothing. A day far ahead, so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday
const COLOUR =
  '10:00 to 11:30, Ada Client, Colour, with Ana, confirmed; processing 10:30 to 11:00, free for another client';

for (const dialect of BROWSER_DIALECTS) {
  describe(`booking into a processing phase in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let colour: number;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      ana = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
        name: 'Ana',
        email: uniqueEmail('ana'),
        password: 'staff-password-1',
      });
      await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
        staff_id: ana.id,
        date: AHEAD,
        start_time: '09:00',
        end_time: '17:00',
      });
      // Half an hour of work, half an hour developing (Ana is free), half an hour of work.
      const service = await createService(h.t, admin.token, {
        name: 'Colour',
        duration_min: 90,
        processing_after_min: 30,
        processing_min: 30,
      });
      await createService(h.t, admin.token, { name: 'Fringe', duration_min: 15 });
      const ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
      await createClient(h.t, admin.token, { name: 'Bea Booker' });
      colour = (
        await api(h.t, admin.token, 'POST', '/api/bookings', {
          service_id: service.id,
          client_id: ada.id,
          staff_id: ana.id,
          start_at: `${AHEAD} 10:00`,
        })
      ).id;
    });
    after(() => h.close());

    it('a click on the processing phase books there; a click on the rest of the booking opens its panel', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 1000 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      const block = page.getByRole('button', { name: COLOUR });
      const band = block.locator('.booking-processing');
      const box = await band.boundingBox();
      assert.ok(box, 'the processing phase is drawn');

      // A drag from the phase moves nothing: it is not the booking.
      await page.mouse.move(box.x + 20, box.y + box.height * 0.25);
      await page.mouse.down();
      await page.mouse.move(box.x + 20, box.y + box.height * 0.25 + 120, { steps: 8 });
      assert.equal(await page.locator('.drop-preview').count(), 0);
      await page.mouse.up();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The lower half of the phase is its second step of 15 minutes.
      await band.click({ position: { x: 20, y: box.height * 0.75 } });
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.getByText('Tuesday, 4 March 2031, from 10:45').waitFor();
      assert.equal(await dialog.getByLabel('Start time').inputValue(), '10:45');
      assert.equal(await dialog.getByLabel('Staff member for service 1').inputValue(), String(ana.id));
      await dialog.getByLabel('Find a client').fill('Bea');
      await dialog.getByRole('radio', { name: /Bea Booker/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Fringe' });
      await assertAccessible(page, 'booking into a processing phase');
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByRole('dialog', { name: 'Booking of Bea Booker' }).waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const booked = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(booked.start_at, `${AHEAD} 10:45:00`);
      assert.equal(booked.staff_id, ana.id);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^10:45 to 11:00, Bea Booker, Fringe, with Ana/ }).waitFor();

      // The booking's own time (above the phase) opens its panel.
      await block.click({ position: { x: 12, y: 8 } });
      await page.getByRole('dialog', { name: 'Booking of Ada Client' }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/bookings/${colour}`);
      await page.keyboard.press('Escape');

      // The keyboard's way is as it was: the slot under the phase, focused and Enter.
      await page.getByRole('button', { name: 'Book with Ana at 10:30', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'New booking' }).getByText('Tuesday, 4 March 2031, from 10:30').waitFor();
      await assertAccessible(page, 'the day with a booking in a processing phase');
      assertClean(watch);
    });

    it('on a phone a tap on the processing phase books there, in Dutch', async () => {
      const { page, watch } = await h.open({ locale: 'nl-NL', ...PHONE });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      const block = page.getByRole('button', {
        name: '10:00 tot 11:30, Ada Client, Colour, bij Ana, bevestigd; inwerktijd 10:30 tot 11:00, vrij voor een andere klant',
      });
      await block.scrollIntoViewIfNeeded();
      const band = block.locator('.booking-processing');
      const box = await band.boundingBox();
      assert.ok(box, 'the processing phase is drawn');
      await band.tap({ position: { x: 8, y: box.height * 0.25 } });
      const dialog = page.getByRole('dialog', { name: 'Nieuwe afspraak' });
      await dialog.getByText('dinsdag 4 maart 2031, vanaf 10:30').waitFor();
      assert.equal(await dialog.getByLabel('Begintijd').inputValue(), '10:30');
      await assertAccessible(page, 'booking into a processing phase on a phone, in Dutch');
      assertClean(watch);
    });
  });
}
