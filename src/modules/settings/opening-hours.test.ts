import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff, offeredStarts, salonDate } from '../../../test/helpers/public.js';
import { weekdayOf } from '../availability/loader.js';

/*
 * The salon's opening hours after setup: read by any member, replaced as a whole week by an
 * admin with the set-up's rules, and followed at once by availability and the booking page.
 */

const week = (open: string, close: string) =>
  [1, 2, 3, 4, 5, 6, 0].map((day) =>
    day === 0 ? { day_of_week: 0, is_closed: true } : { day_of_week: day, open_time: open, close_time: close },
  );

for (const dialect of DIALECTS) {
  describe(`opening hours after setup [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const replace = (payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: '/api/settings/opening-hours', token, payload });
    const read = (token = admin.token) => t.request({ method: 'GET', url: '/api/settings/opening-hours', token });

    it('a salon set up without hours reads an empty week', async () => {
      await t.ctx.db.deleteFrom('opening_hours').execute();
      const response = await read();
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { opening_hours: [] });
    });

    it('an admin replaces the whole week: answered and read back Sunday first, closed days without times', async () => {
      const response = await replace({ opening_hours: week('09:00', '17:30') });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const expected = [
        { day_of_week: 0, open_time: null, close_time: null, is_closed: 1 },
        ...[1, 2, 3, 4, 5, 6].map((day) => ({
          day_of_week: day,
          open_time: '09:00',
          close_time: '17:30',
          is_closed: 0,
        })),
      ];
      assert.deepEqual(response.body, { opening_hours: expected });
      assert.deepEqual((await read()).body, { opening_hours: expected });
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.deepEqual(settings.body.opening_hours, expected);
    });

    it('a weekday left out of the replacement has no hours afterwards', async () => {
      await replace({ opening_hours: week('09:00', '17:00') });
      const response = await replace({ opening_hours: [{ day_of_week: 2, open_time: '10:00', close_time: '14:00' }] });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.opening_hours, [
        { day_of_week: 2, open_time: '10:00', close_time: '14:00', is_closed: 0 },
      ]);
    });

    it('an open day closing before it opens is 400 on that entry’s close_time, and nothing changes', async () => {
      await replace({ opening_hours: week('09:00', '17:00') });
      const before = (await read()).body;
      const bad = week('09:00', '17:00');
      bad[2] = { day_of_week: 3, open_time: '18:00', close_time: '08:00' };
      assertInvalid(await replace({ opening_hours: bad }), 'opening_hours.2.close_time');
      assert.deepEqual((await read()).body, before);
    });

    it('a weekday given twice is 400 on the second entry’s day_of_week', async () => {
      assertInvalid(
        await replace({
          opening_hours: [
            { day_of_week: 1, open_time: '09:00', close_time: '17:00' },
            { day_of_week: 1, is_closed: true },
          ],
        }),
        'opening_hours.1.day_of_week',
      );
    });

    it('a time that is not HH:MM and a weekday out of 0–6 are 400 on their fields', async () => {
      assertInvalid(
        await replace({ opening_hours: [{ day_of_week: 1, open_time: '9am', close_time: '17:00' }] }),
        'opening_hours.0.open_time',
      );
      assertInvalid(
        await replace({ opening_hours: [{ day_of_week: 7, is_closed: true }] }),
        'opening_hours.0.day_of_week',
      );
    });

    it('a staff member reads the hours (200) but may not replace them (403)', async () => {
      assert.equal((await read(staff.token)).status, 200);
      assertError(await replace({ opening_hours: week('08:00', '12:00') }, staff.token), 403, 'forbidden');
    });

    it('availability follows the replaced hours for a member without a shift that day, and the booking page shows them', async () => {
      await setSettings(t, admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', admin.id).execute();
      const service = await createService(t, admin.token, { duration_min: 60 });
      const member = await createWorkingStaff(t, admin.token);
      await t.ctx.db.deleteFrom('default_shifts').where('staff_id', '=', member.id).execute();
      const date = salonDate(3);
      const day = weekdayOf(date);
      const hours = (open: string, close: string) => ({
        opening_hours: [{ day_of_week: day, open_time: open, close_time: close }],
      });
      await replace(hours('09:00', '12:00'));
      assert.deepEqual(await offeredStarts(t, { date, service_id: service.id, staff_id: member.id }), [
        '09:00',
        '10:00',
        '11:00',
      ]);
      await replace(hours('13:00', '15:00'));
      assert.deepEqual(await offeredStarts(t, { date, service_id: service.id, staff_id: member.id }), [
        '13:00',
        '14:00',
      ]);
      const page = await t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal(page.status, 200);
      const info = JSON.stringify(page.body);
      assert.ok(info.includes('13:00') && info.includes('15:00'), info);
    });
  });
}
