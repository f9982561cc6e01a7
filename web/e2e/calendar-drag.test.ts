import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { PHONE } from './actions.js';
import { api, openCalendarLive, signInAtDesk } from './desk.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * Moving and resizing bookings on the desk's day by dragging them with the mouse, in chromium:
 * to another time and another member's column, the target and its conflicts shown while
 * dragging, a refused drop back where it was with its reason (and the override the API allows),
 * a resize by the bottom edge, a booking changed meanwhile refused by its version, and a press
 * that does not travel still opening the panel; on a phone, a booking held still and moved by a
 * finger (touch events, as a touch screen sends them). Axe on the states reached. A day far
 * ahead, so nothing depends on today.
 */

const AHEAD = '2031-03-04'; // a Tuesday
/** Tall enough for the whole day to be in view: a drag near the grid's edge scrolls it, on purpose. */
const VIEWPORT = { width: 1280, height: 1200 };

/** The box of an element on the page, which must be there. */
async function boxOf(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  assert.ok(box, `${name} is drawn`);
  return box;
}

/**
 * The boxes of a booking and a slot once the day holds still: two reads a frame apart that agree.
 * A drag measured while the day still settles (its refetch as the live stream starts, a notice
 * above the grid) would carry the booking by the wrong distance.
 */
async function settledBoxes(page: Page, booking: string, slot: string) {
  let previous = '';
  for (let read = 0; read < 50; read++) {
    const boxes = [await boxOf(page, booking), await boxOf(page, slot)] as const;
    const seen = JSON.stringify(boxes);
    if (seen === previous) return boxes;
    previous = seen;
    await page.waitForTimeout(100);
  }
  assert.fail(`the day did not hold still around ${booking}`);
}

/**
 * Presses the mouse on a booking (at `grab` pixels below its top, or on its bottom edge) and
 * moves it in steps so that its top (or its bottom edge) comes to the top of a slot, without
 * letting go: the caller looks at the preview, then calls the returned function to drop.
 */
async function dragTo(page: Page, booking: string, slot: string, edge: 'top' | 'bottom' = 'top') {
  const [from, to] = await settledBoxes(page, booking, slot);
  const grab =
    edge === 'top'
      ? { x: from.x + from.width / 2, y: from.y + 8 }
      : { x: from.x + from.width / 2, y: from.y + from.height - 3 };
  const offset = grab.y - (edge === 'top' ? from.y : from.y + from.height);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + offset, { steps: 12 });
  return () => page.mouse.up();
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`dragging bookings on the desk's day in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    let ana: { id: number };
    let ben: { id: number };
    let ada: { id: number };
    let moving: number;

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
      await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
        staff_id: ana.id,
        date: AHEAD,
        start_time: '09:00',
        end_time: '17:00',
      });
      // Ben has a lunch break.
      for (const [start_time, end_time] of [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ])
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: ben.id,
          date: AHEAD,
          start_time,
          end_time,
        });
      const cut = await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
      const bea = await createClient(h.t, admin.token, { name: 'Bea Booker' });
      moving = (
        await api(h.t, admin.token, 'POST', '/api/bookings', {
          service_id: cut.id,
          client_id: ada.id,
          staff_id: ana.id,
          start_at: `${AHEAD} 10:00`,
        })
      ).id;
      await api(h.t, admin.token, 'POST', '/api/bookings', {
        service_id: cut.id,
        client_id: bea.id,
        staff_id: ben.id,
        start_at: `${AHEAD} 15:00`,
      });
    });
    after(() => h.close());

    it('drags a booking to another time in another column, the target shown while dragging; a press that does not travel opens the panel', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: VIEWPORT });
      await signInAtDesk(page, admin.email);
      await openCalendarLive(page, `/calendar?date=${AHEAD}`);
      const drop = await dragTo(page, '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed', 'Book with Ben at 13:00');
      await page.locator('.drop-preview').getByText('To 13:00–14:00, Ben').waitFor();
      assert.equal(await page.locator('.drop-conflict').count(), 0);
      await assertAccessible(page, 'a booking dragged over a free slot');
      await drop();
      await page.getByRole('button', { name: '13:00 to 14:00, Ada Client, Cut, with Ben, confirmed' }).waitFor();
      await page.getByRole('status').getByText("Ada Client's booking moved to 13:00–14:00, Ben.").waitFor();
      // The drop opened no panel: the calendar stays.
      assert.equal(new URL(page.url()).pathname, '/calendar');
      const moved = await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`);
      assert.equal(moved.staff_id, ben.id);
      assert.equal(moved.start_at, `${AHEAD} 13:00:00`);
      assert.equal(moved.end_at, `${AHEAD} 14:00:00`);
      await assertAccessible(page, 'the day after a drop');

      // A press without travel is a click: the booking's panel opens.
      await page.getByRole('button', { name: '13:00 to 14:00, Ada Client, Cut, with Ben, confirmed' }).click();
      await page.getByRole('dialog', { name: 'Booking of Ada Client' }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/bookings/${moving}`);
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('status of 401')),
        [],
      );
    });

    it('a drop onto another booking shows the conflict before the drop, is refused and goes back with its reason', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: VIEWPORT });
      await signInAtDesk(page, admin.email);
      await openCalendarLive(page, `/calendar?date=${AHEAD}`);
      const booking = '13:00 to 14:00, Ada Client, Cut, with Ben, confirmed';
      const drop = await dragTo(page, booking, 'Book with Ben at 14:30');
      const preview = page.locator('.drop-preview');
      await preview.getByText('To 14:30–15:30, Ben').waitFor();
      await preview.getByText('overlaps another booking: refused').waitFor();
      await assertAccessible(page, 'a booking dragged onto another');
      await drop();
      await page.getByRole('alert').getByText('The staff member has another booking at that time.').waitFor();
      await page.getByText("Ada Client's booking was not moved to 14:30–15:30, Ben: it stays where it was.").waitFor();
      await page.getByRole('button', { name: booking }).waitFor();
      assert.equal(await preview.count(), 0);
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`)).start_at, `${AHEAD} 13:00:00`);
      await assertAccessible(page, 'a refused drop');
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByRole('alert').waitFor({ state: 'detached' });
      assert.deepEqual(
        watch.problems.filter((problem) => !/status of (401|409|503)/.test(problem)),
        [],
      );
    });

    it('a drop into a break is outside working time: shown before, refused with the rule, then moved anyway by the override', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: VIEWPORT });
      await signInAtDesk(page, admin.email);
      await openCalendarLive(page, `/calendar?date=${AHEAD}`);
      const drop = await dragTo(
        page,
        '13:00 to 14:00, Ada Client, Cut, with Ben, confirmed',
        'Book with Ben at 12:00, outside working time',
      );
      await page.locator('.drop-preview').getByText('outside working time').waitFor();
      await drop();
      await page.getByText("it is outside the staff member's working time").first().waitFor();
      await page.getByRole('button', { name: '13:00 to 14:00, Ada Client, Cut, with Ben, confirmed' }).waitFor();
      await assertAccessible(page, 'a drop refused by a rule that may be overridden');
      await page.getByRole('button', { name: 'Move anyway' }).click();
      await page.getByRole('button', { name: '12:00 to 13:00, Ada Client, Cut, with Ben, confirmed' }).waitFor();
      const moved = await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`);
      assert.equal(moved.start_at, `${AHEAD} 12:00:00`);
      assert.equal(moved.override, 1);
      assert.deepEqual(
        watch.problems.filter((problem) => !/status of (401|400)/.test(problem)),
        [],
      );
    });

    it('resizes a booking by its bottom edge: a longer booking, the same start', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: VIEWPORT });
      await signInAtDesk(page, admin.email);
      await openCalendarLive(page, `/calendar?date=${AHEAD}`);
      // Back to Ana at 10:00 first, through the API, then 30 minutes longer by its edge.
      await api(h.t, admin.token, 'PUT', `/api/bookings/${moving}`, {
        staff_id: ana.id,
        start_at: `${AHEAD} 10:00`,
        end_at: `${AHEAD} 11:00`,
      });
      await page.reload();
      const drop = await dragTo(
        page,
        '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed',
        'Book with Ana at 11:30',
        'bottom',
      );
      await page.locator('.drop-preview').getByText('To 10:00–11:30, Ana').waitFor();
      await drop();
      await page.getByRole('button', { name: '10:00 to 11:30, Ada Client, Cut, with Ana, confirmed' }).waitFor();
      const resized = await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`);
      assert.equal(resized.start_at, `${AHEAD} 10:00:00`);
      assert.equal(resized.end_at, `${AHEAD} 11:30:00`);
      assert.equal(resized.staff_id, ana.id);
      await assertAccessible(page, 'the day after a resize');
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('status of 401')),
        [],
      );
    });

    it('a drop made from a stale view is refused by the booking’s version, and the day shows the booking as it now is', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: VIEWPORT });
      await signInAtDesk(page, admin.email);
      // This desk hears nothing live (its stream refused), so it keeps showing what it read.
      await page.route('**/api/bookings/events*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down","code":"unavailable"}' }),
      );
      await page.goto(`/calendar?date=${AHEAD}`);
      const shown = '10:00 to 11:30, Ada Client, Cut, with Ana, confirmed';
      await page.getByRole('button', { name: shown }).waitFor();
      // Another desk shortens it meanwhile: the booking's version moves on.
      await api(h.t, admin.token, 'PUT', `/api/bookings/${moving}`, { end_at: `${AHEAD} 11:15` });
      const drop = await dragTo(page, shown, 'Book with Ana at 14:00');
      await drop();
      await page
        .getByRole('alert')
        .getByText(
          'This booking was changed meanwhile (at another desk or by the client), so nothing was changed; the calendar shows it as it now is.',
        )
        .waitFor();
      await page.getByRole('button', { name: '10:00 to 11:15, Ada Client, Cut, with Ana, confirmed' }).waitFor();
      assert.equal((await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`)).start_at, `${AHEAD} 10:00:00`);
      await assertAccessible(page, 'a drop refused as stale');
      assert.deepEqual(
        watch.problems.filter((problem) => !/status of (401|409|503)/.test(problem)),
        [],
      );
    });

    it('on a phone a booking held still under a finger, then moved, goes to another time and column', async () => {
      const { context, page, watch } = await h.open({ locale: 'en-GB', ...PHONE });
      // Ana's afternoon booking, moved to Ben an hour later (his 15:00 is taken, 16:00 is free).
      const held = (
        await api(h.t, admin.token, 'POST', '/api/bookings', {
          service_id: (await api(h.t, admin.token, 'GET', `/api/bookings/${moving}`)).service_id,
          client_id: ada.id,
          staff_id: ana.id,
          start_at: `${AHEAD} 15:00`,
        })
      ).id;
      await signInAtDesk(page, admin.email);
      await openCalendarLive(page, `/calendar?date=${AHEAD}`);
      const booking = page.getByRole('button', { name: '15:00 to 16:00, Ada Client, Cut, with Ana, confirmed' });
      const slot = page.getByRole('button', { name: 'Book with Ben at 16:00', exact: true });
      await slot.scrollIntoViewIfNeeded();
      await booking.scrollIntoViewIfNeeded();
      const from = await booking.boundingBox();
      const to = await slot.boundingBox();
      assert.ok(from && to, 'the booking and the slot are drawn');
      // The finger lands 8 px below the booking's top and brings that point to the slot's top.
      const start = { x: from.x + from.width / 2, y: from.y + 8 };
      const end = { x: to.x + to.width / 2, y: to.y + 8 };
      const touch = await context.newCDPSession(page);
      const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
        touch.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: point ? [{ x: Math.round(point.x), y: Math.round(point.y), id: 1 }] : [],
        });
      await finger('touchStart', start);
      // Held still past the 0.4 s a drag waits for (moved sooner, the finger would scroll the day).
      await page.waitForTimeout(700);
      for (let step = 1; step <= 12; step++)
        await finger('touchMove', {
          x: start.x + ((end.x - start.x) * step) / 12,
          y: start.y + ((end.y - start.y) * step) / 12,
        });
      await page.locator('.drop-preview').getByText('To 16:00–17:00, Ben').waitFor();
      await assertAccessible(page, 'a booking dragged by a finger');
      await finger('touchEnd');
      await page.getByRole('button', { name: '16:00 to 17:00, Ada Client, Cut, with Ben, confirmed' }).waitFor();
      const moved = await api(h.t, admin.token, 'GET', `/api/bookings/${held}`);
      assert.equal(moved.staff_id, ben.id);
      assert.equal(moved.start_at, `${AHEAD} 16:00:00`);
      assert.equal(moved.end_at, `${AHEAD} 17:00:00`);
      // The drop opened no panel.
      assert.equal(new URL(page.url()).pathname, '/calendar');
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('status of 401')),
        [],
      );
    });
  });
}
