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
 * A day at the desk in chromium, by keyboard: a visit of two services, each with its own
 * member, booked from an empty slot; a client who came early completed before the booking's
 * start (completing has no condition of time; only a no-show waits for the start). The day is
 * far ahead, so nothing depends on today.
 */

const DAY = '2031-03-18'; // a Tuesday

for (const dialect of BROWSER_DIALECTS) {
  describe(`a day at the desk in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; token: string; id: number };
    const staff: Record<string, number> = {};
    let ada: { id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      await api(h.t, admin.token, 'PUT', `/api/staff/staff/${admin.id}`, { bookable: false });
      for (const name of ['Ana', 'Ben']) {
        const member = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
          name,
          email: uniqueEmail(name.toLowerCase()),
          password: 'staff-password-1',
        });
        staff[name] = member.id;
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: member.id,
          date: DAY,
          start_time: '09:00',
          end_time: '17:00',
        });
      }
      await createService(h.t, admin.token, { name: 'Cut', duration_min: 60 });
      await createService(h.t, admin.token, { name: 'Colour', duration_min: 30 });
      ada = await createClient(h.t, admin.token, { name: 'Ada Client' });
    });
    after(() => h.close());

    it('books a visit of two services with two members from an empty slot, then completes a part before its start', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${DAY}`);

      await page.getByRole('button', { name: 'Book with Ana at 10:00', exact: true }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New booking' });
      await dialog.getByLabel('Find a client').fill('Ada');
      await dialog.getByRole('radio', { name: /Ada Client/ }).check();
      await dialog.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Cut' });
      await dialog.getByRole('button', { name: 'Add a service' }).press('Enter');
      await dialog.getByLabel('Service 2', { exact: true }).selectOption({ label: 'Colour' });
      await dialog.getByLabel('Staff member for service 2').selectOption({ label: 'Ben' });
      await assertAccessible(page, 'a visit of two services in the new-booking dialog');
      await dialog.getByRole('button', { name: 'Book', exact: true }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');

      // Both parts on the day, one after the other, each with its member.
      const cut = page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, confirmed' });
      await cut.waitFor();
      await page.getByRole('button', { name: '11:00 to 11:30, Ada Client, Colour, with Ben, confirmed' }).waitFor();
      const day = await api(h.t, admin.token, 'GET', `/api/bookings/day?date=${DAY}`);
      const parts = (day.bookings as { visit_id: number | null; staff_id: number; client_id: number }[]).filter(
        (booking) => booking.client_id === ada.id,
      );
      assert.equal(parts.length, 2);
      assert.ok(parts[0]!.visit_id !== null && parts[0]!.visit_id === parts[1]!.visit_id, 'one visit');
      assert.deepEqual(parts.map((part) => part.staff_id).sort(), [staff.Ana, staff.Ben].sort());

      // The client came early: completed years before the start.
      await cut.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Booking of Ada Client' });
      await panel.getByRole('button', { name: 'Complete' }).press('Enter');
      await panel.getByText('completed', { exact: true }).waitFor();
      await assertAccessible(page, 'a booking completed before its start');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '10:00 to 11:00, Ada Client, Cut, with Ana, completed' }).waitFor();
      assertClean(watch);
    });

    it("the focus is never hidden under the staff's names or the hours kept in view: a slot reached by an arrow key while under them is scrolled clear", async () => {
      // A small phone: the day scrolls both ways in its box.
      const { page, watch } = await h.open({ locale: 'en-GB', viewport: { width: 320, height: 640 } });
      await signInAtDesk(page, admin.email);
      await page.goto(`/calendar?date=${DAY}`);
      await page.getByRole('button', { name: 'Book with Ben at 10:00', exact: true }).focus();

      // Run in the page, as source (these tests have no DOM types): the focused slot, the slot
      // `key` moves to from it, and what covers that one's top (its column's names) or start (the hours).
      const next = (columnStep: number, rowStep: number) => `const box = document.querySelector('.day-scroll');
        const focused = document.activeElement;
        const target = box.querySelector('.day-slot[data-col="' + (Number(focused.dataset.col) + ${columnStep}) +
          '"][data-row="' + (Number(focused.dataset.row) + ${rowStep}) + '"]');
        const head = target.closest('.day-column').querySelector('.day-head').getBoundingClientRect();
        const axis = box.querySelector('.day-axis').getBoundingClientRect();`;
      const seenAfter = async (key: 'ArrowUp' | 'ArrowLeft', columnStep: number, rowStep: number) => {
        await page.evaluate(`(() => { ${next(columnStep, rowStep)}
          target.dataset.expected = 'yes'; })()`);
        await page.keyboard.press(key);
        return page.evaluate<{ focused: boolean; clear: boolean }>(`(() => {
          const target = document.querySelector('[data-expected]');
          const box = document.querySelector('.day-scroll');
          const slot = target.getBoundingClientRect();
          const head = target.closest('.day-column').querySelector('.day-head').getBoundingClientRect();
          const axis = box.querySelector('.day-axis').getBoundingClientRect();
          delete target.dataset.expected;
          return { focused: document.activeElement === target, clear: slot.top >= head.bottom - 0.5 && slot.left >= axis.right - 0.5 };
        })()`);
      };

      // The slot above put under the names, as the desk may have scrolled the box.
      const coveredTop = await page.evaluate<boolean>(`(() => { ${next(0, -1)}
        box.scrollTop += target.getBoundingClientRect().top - head.top;
        const slot = target.getBoundingClientRect();
        return document.elementFromPoint(slot.left + slot.width / 2, slot.top + slot.height / 2).closest('.day-head') !== null; })()`);
      assert.equal(coveredTop, true, 'the slot above is under the names before the key');
      assert.deepEqual(await seenAfter('ArrowUp', 0, -1), { focused: true, clear: true }, 'ArrowUp: below the names');

      // Ana's slot beside it put under the hours, the box scrolled to its end.
      const coveredStart = await page.evaluate<boolean>(`(() => { ${next(-1, 0)}
        box.scrollLeft = box.scrollWidth;
        const slot = target.getBoundingClientRect();
        return slot.left < axis.right; })()`);
      assert.equal(coveredStart, true, "Ana's slot is partly under the hours before the key");
      assert.deepEqual(
        await seenAfter('ArrowLeft', -1, 0),
        { focused: true, clear: true },
        'ArrowLeft: beside the hours',
      );
      assertClean(watch);
    });
  });
}
