import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertInvalid } from '../../../test/helpers/assertions.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService, insertUser } from '../../../test/helpers/factories.js';

// A Tuesday (weekday 2) far ahead.
const DATE = '2031-06-10';

type Staff = {
  id: number;
  name: string;
  working: Array<{ start_time: string; end_time: string }>;
  time_off: unknown[];
};

for (const dialect of DIALECTS) {
  describe(`GET /bookings/day [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    const staff: Record<string, { id: number; token: string }> = {};
    const booking: Record<string, number> = {};
    let north: number;
    let south: number;
    let basin: number;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      const db = t.ctx.db;
      const now = new Date().toISOString();
      for (const name of ['Ann', 'Bob', 'Cay', 'Dan', 'Eve', 'Fay', 'Gus']) {
        const user = await insertUser(t.ctx, { name });
        staff[name] = { id: user.id, token: user.token };
      }
      await db.updateTable('users').set({ bookable: 0 }).where('id', 'in', [staff.Dan!.id, admin.id]).execute();
      const location = async (name: string) =>
        (
          await db
            .insertInto('locations')
            .values({
              name,
              address: '',
              phone: '',
              email: '',
              is_default: 0,
              active: 1,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      north = await location('North');
      south = await location('South');
      await db
        .insertInto('opening_hours')
        .values({ day_of_week: 2, open_time: '09:00', close_time: '18:00', is_closed: 0 })
        .execute();
      const shift = (who: string, start: string, end: string, at: number | null) =>
        db
          .insertInto('shifts')
          .values({
            staff_id: staff[who]!.id,
            date: DATE,
            start_time: start,
            end_time: end,
            location_id: at,
            created_at: now,
            updated_at: now,
          })
          .execute();
      await shift('Ann', '15:00', '18:00', north);
      await shift('Ann', '10:00', '14:00', north);
      await shift('Fay', '09:00', '17:00', south);
      await db
        .insertInto('default_shifts')
        .values({ staff_id: staff.Bob!.id, day_of_week: 2, start_time: '09:00', end_time: '13:00', created_at: now })
        .execute();
      await db
        .insertInto('time_off')
        .values({
          staff_id: staff.Eve!.id,
          start_date: '2031-06-09',
          end_date: '2031-06-11',
          reason: 'Holiday',
          created_at: now,
        })
        .execute();

      const client = (await insertClient(db)).id;
      const service = (await insertService(db)).id;
      const book = async (
        key: string,
        who: string,
        start: string,
        end: string,
        status = 'scheduled',
        at: number | null = null,
      ) => {
        booking[key] = await insertBooking(db, {
          client_id: client,
          staff_id: staff[who]!.id,
          service_id: service,
          start_at: start,
          end_at: end,
          status: status as 'scheduled',
          price: 4500,
          location_id: at,
        });
      };
      await book('ann', 'Ann', `${DATE} 10:00:00`, `${DATE} 11:00:00`, 'scheduled', north);
      await book('bob_cancelled', 'Bob', `${DATE} 11:00:00`, `${DATE} 12:00:00`, 'cancelled');
      await book('cay_overnight', 'Cay', '2031-06-09 23:30:00', `${DATE} 00:30:00`);
      await book('cay_done', 'Cay', `${DATE} 16:00:00`, `${DATE} 17:00:00`, 'completed');
      await book('fay_tomorrow', 'Fay', '2031-06-11 10:00:00', '2031-06-11 11:00:00', 'scheduled', south);
      basin = (
        await db
          .insertInto('resources')
          .values({
            name: 'Colour basin',
            capacity: 2,
            location_id: north,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('resources')
        .values({ name: 'South room', capacity: 1, location_id: south, active: 1, created_at: now, updated_at: now })
        .execute();
      await db
        .insertInto('booking_resources')
        .values({
          booking_id: booking.ann!,
          resource_id: basin,
          start_at: `${DATE} 10:00:00`,
          end_at: `${DATE} 11:00:00`,
        })
        .execute();
    });
    after(() => t.close());

    const day = async (qs: string, token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/bookings/day?${qs}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const byName = (body: { staff: Staff[] }) => Object.fromEntries(body.staff.map((member) => [member.name, member]));

    it('answers the bookings of the date (not cancelled, also one running in from the day before), by start_at', async () => {
      const body = await day(`date=${DATE}`);
      assert.equal(body.date, DATE);
      assert.equal(body.timezone, 'Europe/Amsterdam');
      assert.deepEqual(
        body.bookings.map((b: { id: number }) => b.id),
        [booking.cay_overnight, booking.ann, booking.cay_done],
      );
      assert.equal(body.bookings[1].staff_name, 'Ann');
      assert.equal(body.holiday, null);
      assert.deepEqual(body.opening_hours, { open_time: '09:00', close_time: '18:00', is_closed: 0 });
    });

    it('working windows: dated shifts, else default shifts, else opening hours; none on time off; not-bookable members left out', async () => {
      const staffOf = byName(await day(`date=${DATE}`));
      assert.deepEqual(Object.keys(staffOf), ['Ann', 'Bob', 'Cay', 'Eve', 'Fay', 'Gus']);
      assert.deepEqual(staffOf.Ann!.working, [
        { start_time: '10:00', end_time: '14:00' },
        { start_time: '15:00', end_time: '18:00' },
      ]);
      assert.deepEqual(staffOf.Bob!.working, [{ start_time: '09:00', end_time: '13:00' }]);
      assert.deepEqual(staffOf.Cay!.working, [{ start_time: '09:00', end_time: '18:00' }]);
      assert.deepEqual(staffOf.Eve!.working, []);
      assert.deepEqual(
        staffOf.Eve!.time_off.map((entry) => ({ ...(entry as object), id: 0 })),
        [{ id: 0, start_date: '2031-06-09', end_date: '2031-06-11', reason: 'Holiday' }],
      );
      assert.deepEqual(staffOf.Fay!.working, [{ start_time: '09:00', end_time: '17:00' }]);
    });

    it('resources come with the ids of the bookings holding them that day', async () => {
      const body = await day(`date=${DATE}`);
      assert.deepEqual(body.resources, [
        { id: basin, name: 'Colour basin', capacity: 2, bookings: [booking.ann] },
        { id: body.resources[1].id, name: 'South room', capacity: 1, bookings: [] },
      ]);
    });

    it('location_id narrows bookings, resources and staff working only elsewhere', async () => {
      const body = await day(`date=${DATE}&location_id=${north}`);
      assert.deepEqual(
        body.bookings.map((b: { id: number }) => b.id),
        [booking.ann],
      );
      assert.deepEqual(
        body.resources.map((r: { name: string }) => r.name),
        ['Colour basin'],
      );
      assert.deepEqual(Object.keys(byName(body)), ['Ann', 'Bob', 'Cay', 'Eve', 'Gus']);
    });

    it('staff_id narrows the columns and the bookings (several, comma-separated)', async () => {
      const body = await day(`date=${DATE}&staff_id=${staff.Cay!.id},${staff.Dan!.id}&staff_id=${staff.Bob!.id}`);
      assert.deepEqual(Object.keys(byName(body)), ['Bob', 'Cay']);
      assert.deepEqual(
        body.bookings.map((b: { id: number }) => b.id),
        [booking.cay_overnight, booking.cay_done],
      );
    });

    it('hide_unscheduled_staff leaves out members with no shift or default shift that date and no booking that day', async () => {
      await setSettings(t, admin.token, { hide_unscheduled_staff: 1 });
      try {
        assert.deepEqual(Object.keys(byName(await day(`date=${DATE}`))), ['Ann', 'Bob', 'Cay', 'Fay']);
      } finally {
        await setSettings(t, admin.token, { hide_unscheduled_staff: 0 });
      }
    });

    it('staff_personal_agenda_enabled: a staff member sees their own column and bookings only', async () => {
      await setSettings(t, admin.token, { staff_personal_agenda_enabled: 1 });
      try {
        const body = await day(`date=${DATE}`, staff.Cay!.token);
        assert.deepEqual(Object.keys(byName(body)), ['Cay']);
        assert.deepEqual(
          body.bookings.map((b: { id: number }) => b.id),
          [booking.cay_overnight, booking.cay_done],
        );
      } finally {
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: 0 });
      }
    });

    it('a holiday is named and nobody works; a closed weekday has no working windows either', async () => {
      const now = new Date().toISOString();
      await t.ctx.db
        .insertInto('holidays')
        .values({ name: 'Pinksteren', date: '2031-06-03', created_at: now })
        .execute();
      const holiday = await day('date=2031-06-03');
      assert.deepEqual(holiday.holiday, { name: 'Pinksteren' });
      assert.ok(holiday.staff.every((member: Staff) => member.working.length === 0));
      await t.ctx.db
        .insertInto('opening_hours')
        .values({ day_of_week: 0, open_time: null, close_time: null, is_closed: 1 })
        .execute();
      const sunday = await day('date=2031-06-08');
      assert.deepEqual(sunday.opening_hours, { open_time: null, close_time: null, is_closed: 1 });
      assert.ok(sunday.staff.every((member: Staff) => member.working.length === 0));
    });

    it('bad input is 400 naming the field', async () => {
      const bad = (qs: string) => t.request({ method: 'GET', url: `/api/bookings/day?${qs}`, token: admin.token });
      assertInvalid(await bad(''), 'date');
      assertInvalid(await bad('date=2031-02-30'), 'date');
      assertInvalid(await bad(`date=${DATE}&staff_id=x`), 'staff_id');
      assertInvalid(await bad(`date=${DATE}&location_id=0`), 'location_id');
    });
  });
}
