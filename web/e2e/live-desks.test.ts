import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../test/helpers/bookings.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { api, assertClean, openCalendarLive, signInAtDesk } from './desk.js';
import { assertAccessible, browserSkip, startBrowserHarness, type BrowserHarness } from './browser.js';

/*
 * Live between desks, in chromium on each database: a change made elsewhere (another desk, a
 * phone, the booking page) reaches a desk's open day within two seconds without a reload; a
 * change made from a stale view is refused and the desk then shows the booking as it is; a
 * staff member with a personal agenda gets only their own column's changes. The other desk is
 * the API itself, called as any client would, so the time measured is the stream's and the
 * refetch's alone. The day is fixed far ahead, so nothing depends on today.
 */

const DAY = '2031-03-11'; // a Tuesday
const LIVE_WITHIN_MS = 2_000;

/** Signs in and opens the day; resolves once the calendar's own event stream is answered. */
async function openDay(page: Page, email: string, password: string) {
  await signInAtDesk(page, email, password);
  await openCalendarLive(page, `/calendar?date=${DAY}`);
}

for (const dialect of DIALECTS) {
  describe(`live between desks in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    const members: Record<'ana' | 'ben', { id: number; email: string }> = {} as never;
    let cut: { id: number };
    let ada: { id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      for (const name of ['Ana', 'Ben'] as const) {
        const email = uniqueEmail(name.toLowerCase());
        const member = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
          name,
          email,
          password: ADMIN_PASSWORD,
        });
        members[name.toLowerCase() as 'ana' | 'ben'] = { id: member.id, email };
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: member.id,
          date: DAY,
          start_time: '09:00',
          end_time: '17:00',
        });
      }
      cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
    });
    after(() => h.close());

    it(`a booking made and moved elsewhere reaches an open day within ${LIVE_WITHIN_MS} ms, without a reload`, async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await openDay(page, admin.email, ADMIN_PASSWORD);
      await page.getByRole('heading', { level: 2, name: 'Ana' }).waitFor();
      // A mark on this document: a reload would make a new one without it.
      await page.evaluate("document.documentElement.setAttribute('data-before-changes', '')");

      const booking = await api(h.t, admin.token, 'POST', '/api/bookings', {
        client_id: ada.id,
        staff_id: members.ana.id,
        service_id: cut.id,
        start_at: `${DAY} 10:00`,
      });
      let started = Date.now();
      await page
        .getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed' })
        .waitFor({ timeout: LIVE_WITHIN_MS });
      const created = Date.now() - started;

      await api(h.t, admin.token, 'PUT', `/api/bookings/${booking.id}`, {
        start_at: `${DAY} 14:00`,
        end_at: `${DAY} 15:00`,
        staff_id: members.ben.id,
      });
      started = Date.now();
      await page
        .getByRole('button', { name: '14:00 to 15:00, Ada Client, Cut, with Ben, confirmed' })
        .waitFor({ timeout: LIVE_WITHIN_MS });
      const moved = Date.now() - started;
      await page.getByRole('button', { name: /^10:00 to 11:00, Ada Client/ }).waitFor({ state: 'detached' });
      console.log(`live: a new booking drawn after ${created} ms, a move after ${moved} ms (${dialect})`);
      assert.equal(await page.locator('html[data-before-changes]').count(), 1, 'no reload');
      await assertAccessible(page, 'the day after live changes');
      assertClean(watch);
      await api(h.t, admin.token, 'DELETE', `/api/bookings/${booking.id}`);
    });

    it('a move made from a stale view is refused as changed meanwhile, and the panel then shows the booking as it is', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      // This desk hears nothing (its stream refused), so it keeps showing what it read.
      await page.route('**/api/bookings/events*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down","code":"unavailable"}' }),
      );
      await page.goto('/login');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL((url) => url.pathname === '/');
      const booking = await api(h.t, admin.token, 'POST', '/api/bookings', {
        client_id: ada.id,
        staff_id: members.ana.id,
        service_id: cut.id,
        start_at: `${DAY} 11:00`,
      });
      await page.goto(`/bookings/${booking.id}`);
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.getByRole('button', { name: 'Move…' }).press('Enter');
      await panel.getByLabel('Start time').fill('16:00');

      // Meanwhile another desk moves it to 12:00.
      await api(h.t, admin.token, 'PUT', `/api/bookings/${booking.id}`, {
        start_at: `${DAY} 12:00`,
        end_at: `${DAY} 13:00`,
      });
      await panel.getByRole('button', { name: 'Move', exact: true }).press('Enter');
      await panel.getByRole('alert').getByText('This booking was changed meanwhile').waitFor();
      await assertAccessible(page, 'a stale move refused');
      const now = await api(h.t, admin.token, 'GET', `/api/bookings/${booking.id}`);
      assert.equal(now.start_at, `${DAY} 12:00:00`, 'the newer change stands');
      await panel.getByRole('button', { name: 'Back' }).press('Enter');
      await panel.getByText(/12:00 to 13:00|12:00–13:00/).waitFor();
      assertClean(watch, [401, 409, 503]);
      await api(h.t, admin.token, 'DELETE', `/api/bookings/${booking.id}`);
    });

    it('with a personal agenda, a staff member’s phone (Dutch) shows only their column, and only their changes arrive', async () => {
      await setSettings(h.t, admin.token, { staff_personal_agenda_enabled: true });
      try {
        const { page, watch } = await h.open({
          locale: 'nl-NL',
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        await openDay(page, members.ben.email, ADMIN_PASSWORD);
        await page.getByRole('heading', { level: 2, name: 'Ben' }).waitFor();
        assert.equal(await page.getByRole('heading', { level: 2, name: 'Ana' }).count(), 0);
        const theirs = await api(h.t, admin.token, 'POST', '/api/bookings', {
          client_id: ada.id,
          staff_id: members.ana.id,
          service_id: cut.id,
          start_at: `${DAY} 09:00`,
        });
        const his = await api(h.t, admin.token, 'POST', '/api/bookings', {
          client_id: ada.id,
          staff_id: members.ben.id,
          service_id: cut.id,
          start_at: `${DAY} 09:00`,
        });
        await page
          .getByRole('button', { name: '09:00 tot 10:00, Ada Client, Cut, bij Ben, bevestigd' })
          .waitFor({ timeout: LIVE_WITHIN_MS });
        assert.equal(await page.getByRole('button', { name: /bij Ana/ }).count(), 0);
        await assertAccessible(page, 'a personal agenda on a phone, in Dutch');
        assertClean(watch);
        for (const id of [theirs.id, his.id]) await api(h.t, admin.token, 'DELETE', `/api/bookings/${id}`);
      } finally {
        await setSettings(h.t, admin.token, { staff_personal_agenda_enabled: false });
      }
    });
  });
}
