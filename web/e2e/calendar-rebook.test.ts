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
 * "Rebook" in a booking's panel, in chromium: a completed booking booked again opens the new
 * booking's dialog with its client, service and member, at its time of day, on the same weekday
 * four weeks on (desktop, English); a visit booked again keeps its parts each with its member, on
 * a day the desk picks (a phone, Dutch); the dialog's rules as for any new booking (a refused
 * rule offered its override). Axe on every state. Days far ahead, so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday
const LATER = '2031-04-01'; // four weeks on
const PICKED = '2031-04-10'; // a Thursday the desk picks

for (const dialect of BROWSER_DIALECTS) {
  describe(`rebooking from a booking's panel in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let ben: { id: number };
    let cut: { id: number };
    let wash: { id: number };
    let ada: { id: number };
    let bea: { id: number };
    let done: number;
    let visitPart: number;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      const member = (name: string) =>
        api(h.t, admin.token, 'POST', '/api/staff/staff', {
          name,
          email: uniqueEmail(name.toLowerCase()),
          password: 'staff-password-1',
        });
      ana = await member('Ana');
      ben = await member('Ben');
      // Both work on the first day and four weeks on; on the day picked Ben only in the morning.
      for (const date of [AHEAD, LATER])
        for (const staff of [ana, ben])
          await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
            staff_id: staff.id,
            date,
            start_time: '09:00',
            end_time: '17:00',
          });
      for (const [staff, end_time] of [
        [ana, '17:00'],
        [ben, '12:00'],
      ] as const)
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: staff.id,
          date: PICKED,
          start_time: '09:00',
          end_time,
        });
      cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      wash = await createService(h.t, admin.token, { name: 'Wash', duration_min: 30 });
      ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
      bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      done = (
        await api(h.t, admin.token, 'POST', '/api/bookings', {
          service_id: cut.id,
          client_id: ada.id,
          staff_id: ana.id,
          start_at: `${AHEAD} 10:00`,
          notes: 'Bring the photo',
        })
      ).id;
      // Completing works at any time, before the start too.
      await api(h.t, admin.token, 'PUT', `/api/bookings/${done}`, { status: 'completed' });
      const visit = await api(h.t, admin.token, 'POST', '/api/bookings/visits', {
        client_id: bea.id,
        start_at: `${AHEAD} 14:00`,
        parts: [
          { service_id: wash.id, staff_id: ben.id },
          { service_id: cut.id, staff_id: ana.id },
        ],
      });
      visitPart = visit.bookings[1].id;
    });
    after(() => h.close());

    it('rebooks a completed booking: the same client, service and member, the same time four weeks on', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${AHEAD}`);
      await page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, completed' }).press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.getByRole('button', { name: 'Rebook' }).press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Rebook Ada Client' });
      await dialog.waitFor();
      assert.equal(await panel.count(), 0, 'the panel gave way to the dialog');
      await dialog.getByText('Again: Cut, as on Tuesday, 4 March 2031, from 10:00.').waitFor();
      await dialog.getByText('Booking for Ada Client.').waitFor();
      assert.equal(await dialog.getByLabel('Day', { exact: true }).inputValue(), LATER);
      assert.equal(await dialog.getByLabel('Start time').inputValue(), '10:00');
      assert.equal(await dialog.getByLabel('Service 1', { exact: true }).inputValue(), String(cut.id));
      assert.equal(await dialog.getByLabel('Staff member for service 1').inputValue(), String(ana.id));
      // The notes are the new booking's own; a rebooked client is no waitlist entry.
      assert.equal(await dialog.getByLabel('Notes', { exact: true }).inputValue(), '');
      assert.equal(await dialog.getByText('From the waitlist').count(), 0);
      await assertAccessible(page, 'the rebook dialog');

      await dialog.getByRole('button', { name: 'Book', exact: true }).press('Enter');
      const opened = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await opened.getByText(`Tuesday, 1 April 2031, 10:00 to 11:00`).waitFor();
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('date'), LATER, 'the calendar follows the new booking to its day');
      const id = Number(url.pathname.split('/').pop());
      assert.notEqual(id, done);
      const booked = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.equal(booked.client_id, ada.id);
      assert.equal(booked.service_id, cut.id);
      assert.equal(booked.staff_id, ana.id);
      assert.equal(booked.start_at, `${LATER} 10:00:00`);
      assert.equal(booked.status, 'scheduled');
      assert.equal(booked.notes, '');
      await assertAccessible(page, 'the booking booked again, in its panel');
      assertClean(watch);
    });

    it('rebooks a visit on a phone in Dutch: its parts each with its member, on a day the desk picks, a rule overridden', async () => {
      const { page, watch } = await h.open({ locale: 'nl-NL', ...PHONE });
      await signInAtDesk(page, admin.email);
      await page.goto(`/bookings/${visitPart}`);
      const panel = page.getByRole('dialog', { name: 'Afspraak van Bea Booker' });
      await panel.getByRole('button', { name: 'Opnieuw boeken' }).tap();

      const dialog = page.getByRole('dialog', { name: 'Bea Booker opnieuw boeken' });
      await dialog.getByText('Opnieuw: Wash, Cut, zoals op dinsdag 4 maart 2031, vanaf 14:00.').waitFor();
      assert.equal(await dialog.getByLabel('Dag', { exact: true }).inputValue(), LATER);
      assert.equal(await dialog.getByLabel('Begintijd').inputValue(), '14:00');
      assert.equal(await dialog.getByLabel('Behandeling 1', { exact: true }).inputValue(), String(wash.id));
      assert.equal(await dialog.getByLabel('Medewerker voor behandeling 1').inputValue(), String(ben.id));
      assert.equal(await dialog.getByLabel('Behandeling 2', { exact: true }).inputValue(), String(cut.id));
      assert.equal(await dialog.getByLabel('Medewerker voor behandeling 2').inputValue(), String(ana.id));
      await assertAccessible(page, 'the rebook dialog of a visit, in Dutch on a phone');

      // Another day, on which Ben is gone by 14:00: the desk's rule is named, and overridden.
      await dialog.getByLabel('Dag', { exact: true }).fill(PICKED);
      await dialog.getByRole('button', { name: 'Boeken', exact: true }).tap();
      await dialog.getByText('Dit gaat tegen de regels van de balie in:').waitFor();
      await assertAccessible(page, 'a rebooked visit refused by a desk rule');
      await dialog.getByRole('checkbox', { name: 'Toch opslaan (deze regels negeren)' }).press('Space');
      await dialog.getByRole('button', { name: 'Boeken', exact: true }).tap();

      await page
        .getByRole('dialog', { name: 'Afspraak van Bea Booker' })
        .getByText('Wash bij Ben', { exact: true })
        .waitFor();
      assert.equal(new URL(page.url()).searchParams.get('date'), PICKED);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const first = await api(h.t, admin.token, 'GET', `/api/bookings/${id}`);
      assert.notEqual(first.visit_id, null);
      const visit = await api(h.t, admin.token, 'GET', `/api/bookings/visits/${first.visit_id}`);
      assert.deepEqual(
        visit.bookings.map((part: { service_id: number; staff_id: number; start_at: string; client_id: number }) => [
          part.service_id,
          part.staff_id,
          part.start_at,
          part.client_id,
        ]),
        [
          [wash.id, ben.id, `${PICKED} 14:00:00`, bea.id],
          [cut.id, ana.id, `${PICKED} 14:30:00`, bea.id],
        ],
      );
      // The refusal before the override is the browser's own log of a 400: expected.
      assertClean(watch, [401, 400]);
    });
  });
}
