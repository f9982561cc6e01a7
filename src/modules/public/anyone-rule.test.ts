import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { availability, createWorkingStaff, publicBooking, setupBookingSalon } from '../../../test/helpers/public.js';

/*
 * booking_anyone_rule through the API as a client and a salon use it: the member availability
 * offers for a start is the member the booking gets, and a week of quiet days shares the first
 * bookings round the team. Dates are a whole Monday-to-Sunday week derived from today, so the
 * week the rule counts is the same whatever day the test runs.
 */

/** The seven dates of the first Monday-to-Sunday week starting at least `after` days from today. */
function weekAhead(after: number): string[] {
  const start = DateTime.now().setZone('Europe/Amsterdam').plus({ days: after });
  const monday = start.plus({ days: (8 - start.weekday) % 7 });
  return [0, 1, 2, 3, 4, 5, 6].map((day) => monday.plus({ days: day }).toFormat('yyyy-MM-dd'));
}

for (const dialect of DIALECTS) {
  describe(`booking_anyone_rule [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let team: number[];
    let service: { id: number };
    let network = 0;

    before(async () => {
      t = await createTestApp(dialect);
      const salon = await setupBookingSalon(t);
      admin = salon.admin;
      service = salon.service;
      team = [salon.staff.id];
      for (let i = 0; i < 3; i += 1) team.push((await createWorkingStaff(t, admin.token)).id);
      await setSettings(t, admin.token, { booking_min_lead_hours: 0 });
    });
    after(() => t.close());

    /** Books the first offered start of `date` for anyone; returns the offered and the booked member. */
    async function bookFirst(date: string) {
      const offered = await availability(t, { date, service_id: service.id });
      assert.equal(offered.status, 200, JSON.stringify(offered.body));
      const slot = offered.body[0] as { start_at: string; staff_id: number };
      network += 1;
      const booked = await publicBooking(
        t,
        { service_id: service.id, start_at: slot.start_at },
        { remoteAddress: `10.9.${network}.1` },
      );
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      return { offered: slot.staff_id, booked: booked.body.staff_id as number, start: slot.start_at };
    }

    it('fewest_minutes_week: a week of quiet days no longer sends every first booking to one member', async () => {
      await setSettings(t, admin.token, { booking_anyone_rule: 'fewest_minutes_week' });
      const got: number[] = [];
      for (const date of weekAhead(7)) {
        const { offered, booked, start } = await bookFirst(date);
        assert.equal(booked, offered, 'the booking gets the member availability offered');
        assert.equal(start.slice(11, 16), '09:00');
        got.push(booked);
      }
      // Each member once, then round again from the one whose booking is oldest.
      assert.deepEqual(got, [team[0], team[1], team[2], team[3], team[0], team[1], team[2]]);
    });

    it('smallest_gap: the member already booked next to the start takes it, availability and booking alike', async () => {
      const [date] = weekAhead(21);
      await setSettings(t, admin.token, { booking_anyone_rule: 'fewest_minutes_week' });
      const first = await bookFirst(date!);
      assert.equal(first.start.slice(11, 16), '09:00');
      await setSettings(t, admin.token, { booking_anyone_rule: 'smallest_gap' });
      const offered = await availability(t, { date: date!, service_id: service.id });
      const ten = (offered.body as Array<{ start_at: string; staff_id: number }>).find((slot) =>
        slot.start_at.endsWith('10:00:00'),
      )!;
      assert.equal(ten.staff_id, first.booked, 'right after their 09:00 booking, though their week is fullest');
      network += 1;
      const booked = await publicBooking(
        t,
        { service_id: service.id, start_at: ten.start_at },
        { remoteAddress: `10.9.${network}.1` },
      );
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.staff_id, first.booked);
    });

    it('salon_order: the first free member of the staff list, however full their week', async () => {
      await setSettings(t, admin.token, { booking_anyone_rule: 'salon_order' });
      const [date] = weekAhead(35);
      // A full morning elsewhere in that week for the first member: the other rules would pass them by.
      await bookFirst(weekAhead(35)[2]!);
      const first = await bookFirst(date!);
      assert.equal(first.booked, team[0]);
      const second = await bookFirst(date!);
      assert.equal(second.start.slice(11, 16), '09:00');
      assert.equal(second.booked, team[1], 'the first member is busy at 09:00 now');
    });

    it('the same rule chooses the members of a visit of several services', async () => {
      const cut = await createService(t, admin.token, { duration_min: 30 });
      await setSettings(t, admin.token, { booking_anyone_rule: 'salon_order' });
      const [date] = weekAhead(49);
      const parts = [{ service_id: service.id }, { service_id: cut.id }];
      const offered = await t.request({
        method: 'POST',
        url: '/api/public/visit-availability',
        payload: { date, parts },
      });
      assert.equal(offered.status, 200, JSON.stringify(offered.body));
      assert.deepEqual(
        offered.body[0].parts.map((part: { staff_id: number }) => part.staff_id),
        [team[0], team[0]],
      );
      await setSettings(t, admin.token, { booking_anyone_rule: 'fewest_minutes_week' });
      await bookFirst(weekAhead(49)[1]!);
      const fair = await t.request({ method: 'POST', url: '/api/public/visit-availability', payload: { date, parts } });
      // The others have no minutes in that week: the one whose latest booking is oldest goes next.
      const latest = await t.ctx.db
        .selectFrom('bookings')
        .select((eb) => ['staff_id', eb.fn.max('id').as('latest')])
        .where('staff_id', 'in', team.slice(1))
        .where('status', '<>', 'cancelled')
        .groupBy('staff_id')
        .execute();
      const next = team
        .slice(1)
        .map((id) => ({ id, latest: Number(latest.find((row) => row.staff_id === id)?.latest ?? 0) }))
        .sort((a, b) => a.latest - b.latest || a.id - b.id)[0]!.id;
      assert.deepEqual(
        fair.body[0].parts.map((part: { staff_id: number }) => part.staff_id),
        [next, next],
        'the first member has an hour in that week: the rotation picks among the others',
      );
    });

    it('PUT /api/settings refuses an unknown booking_anyone_rule with 400 and keeps the stored one', async () => {
      await setSettings(t, admin.token, { booking_anyone_rule: 'smallest_gap' });
      const refused = await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { booking_anyone_rule: 'least_booked_today' },
      });
      assertError(refused, 400, 'validation_failed');
      const read = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.equal(read.body.booking_anyone_rule, 'smallest_gap');
    });
  });
}
