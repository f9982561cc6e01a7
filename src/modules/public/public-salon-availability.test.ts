import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking } from '../../../test/helpers/factories.js';
import {
  availability,
  createWorkingStaff,
  offeredStarts,
  publicBooking,
  salonDate,
} from '../../../test/helpers/public.js';
import { judgeVisit, loadVisitDay } from '../availability/service.js';
import { weekdayOf } from '../availability/loader.js';

/*
 * Availability as a salon has it: who does what (bookable, all_services, staff_services with
 * their own durations), processing phases, resources with a capacity, hide_unscheduled_staff,
 * and visits of several services. Setup rows the staff API owns elsewhere are written directly.
 */

for (const dialect of DIALECTS) {
  describe(`public availability: who does what, phases, resources, visits [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let client: { id: number };
    let day = 10;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await setSettings(t, admin.token, { calendar_slot_min: 15, booking_min_lead_hours: 0 });
      // The owner takes no appointments.
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', admin.id).execute();
      client = await createClient(t, admin.token);
    });
    after(() => t.close());

    /** A member working 09:00–17:00 every day who performs only `serviceIds` (own durations optional). */
    async function specialist(services: Array<{ id: number; duration_min?: number }>) {
      const member = await createWorkingStaff(t, admin.token);
      await t.ctx.db.updateTable('users').set({ all_services: 0 }).where('id', '=', member.id).execute();
      for (const service of services) {
        await t.ctx.db
          .insertInto('staff_services')
          .values({
            staff_id: member.id,
            service_id: service.id,
            duration_min: service.duration_min ?? null,
            price: null,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      return member;
    }

    async function book(staffId: number, serviceId: number, start: string, end: string, extra: object = {}) {
      return insertBooking(t.ctx.db, {
        client_id: client.id,
        staff_id: staffId,
        service_id: serviceId,
        start_at: start,
        end_at: end,
        status: 'scheduled',
        price: 0,
        ...extra,
      });
    }

    it("processing-time overlap: a second client's cut fits in the first client's processing gap; nothing else does", async () => {
      const date = nextDate();
      const colour = await createService(t, admin.token, { duration_min: 120 });
      await t.ctx.db
        .updateTable('services')
        .set({ processing_after_min: 45, processing_min: 45 })
        .where('id', '=', colour.id)
        .execute();
      const cut = await createService(t, admin.token, { duration_min: 30 });
      const long = await createService(t, admin.token, { duration_min: 60 });
      const member = await specialist([{ id: colour.id }, { id: cut.id }, { id: long.id }]);
      await book(member.id, colour.id, `${date} 10:00:00`, `${date} 12:00:00`, {
        processing_start_at: `${date} 10:45:00`,
        processing_end_at: `${date} 11:30:00`,
      });
      const morning = (starts: string[]) => starts.filter((s) => s >= '09:45' && s < '12:00');
      const query = (serviceId: number) => ({ date, service_id: serviceId, staff_id: member.id });
      assert.deepEqual(morning(await offeredStarts(t, query(cut.id))), ['10:45', '11:00']);
      assert.deepEqual(morning(await offeredStarts(t, query(long.id))), []);
    });

    it('not bookable member never offered: not in availability, not choosable, not in the staff list', async () => {
      const date = nextDate();
      const service = await createService(t, admin.token);
      const member = await createWorkingStaff(t, admin.token);
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', member.id).execute();
      const slots = (await availability(t, { date, service_id: service.id })).body as Array<{ staff_id: number }>;
      assert.ok(slots.every((slot) => slot.staff_id !== member.id));
      assertError(await availability(t, { date, service_id: service.id, staff_id: member.id }), 400, 'unknown_staff');
      const staff = (await t.request({ method: 'GET', url: '/api/public/staff' })).body as Array<{ id: number }>;
      assert.equal(
        staff.some((s) => s.id === member.id || s.id === admin.id),
        false,
      );
    });

    it('all_services=0 member offered only their services; services nobody performs leave the public list', async () => {
      const date = nextDate();
      const theirs = await createService(t, admin.token);
      const other = await createService(t, admin.token);
      const member = await specialist([{ id: theirs.id }]);
      assert.ok((await offeredStarts(t, { date, service_id: theirs.id, staff_id: member.id })).length > 0);
      assertError(
        await availability(t, { date, service_id: other.id, staff_id: member.id }),
        400,
        'service_not_performed',
      );
      const forOther = (await t.request({ method: 'GET', url: `/api/public/staff?service_id=${other.id}` })).body;
      assert.equal(
        forOther.some((s: { id: number }) => s.id === member.id),
        false,
      );
      const forTheirs = (await t.request({ method: 'GET', url: `/api/public/staff?service_id=${theirs.id}` })).body;
      assert.ok(forTheirs.some((s: { id: number }) => s.id === member.id));

      const orphan = await createService(t, admin.token);
      await t.ctx.db.deleteFrom('staff_services').where('service_id', '=', orphan.id).execute();
      const everyone = await t.ctx.db.selectFrom('users').select('id').where('all_services', '=', 1).execute();
      await t.ctx.db
        .updateTable('users')
        .set({ all_services: 0 })
        .where(
          'id',
          'in',
          everyone.map((u) => u.id),
        )
        .execute();
      const services = (await t.request({ method: 'GET', url: '/api/public/services' })).body as Array<{ id: number }>;
      assert.equal(
        services.some((s) => s.id === orphan.id),
        false,
        'nobody performs it',
      );
      assert.ok(services.some((s) => s.id === theirs.id));
      await t.ctx.db
        .updateTable('users')
        .set({ all_services: 1 })
        .where(
          'id',
          'in',
          everyone.map((u) => u.id),
        )
        .execute();
    });

    it('per-member duration gives longer slots', async () => {
      const date = nextDate();
      const service = await createService(t, admin.token, { duration_min: 60 });
      const senior = await specialist([{ id: service.id, duration_min: 90 }]);
      const slots = (await availability(t, { date, service_id: service.id, staff_id: senior.id })).body;
      assert.deepEqual(slots[0], { start_at: `${date} 09:00:00`, end_at: `${date} 10:30:00`, staff_id: senior.id });
      assert.equal(slots.at(-1).start_at, `${date} 15:30:00`);
      const booked = await publicBooking(t, { service_id: service.id, staff_id: senior.id, start_at: `${date} 09:00` });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.end_at, `${date} 10:30:00`, 'the booking lasts as long as the slot offered');
    });

    it('resource capacity 2: a third overlapping slot is not offered', async () => {
      const date = nextDate();
      const service = await createService(t, admin.token);
      const now = new Date().toISOString();
      const basin = await t.ctx.db
        .insertInto('resources')
        .values({ name: 'Colour bar', capacity: 2, location_id: null, active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('service_resources')
        .values({ service_id: service.id, resource_id: basin.id })
        .execute();
      const [a, b, c] = [
        await specialist([{ id: service.id }]),
        await specialist([{ id: service.id }]),
        await specialist([{ id: service.id }]),
      ];
      for (const [member, start, end] of [
        [a, '10:00', '11:00'],
        [b, '10:30', '11:30'],
      ] as const) {
        const id = await book(member.id, service.id, `${date} ${start}:00`, `${date} ${end}:00`);
        await t.ctx.db
          .insertInto('booking_resources')
          .values({
            booking_id: id,
            resource_id: basin.id,
            start_at: `${date} ${start}:00`,
            end_at: `${date} ${end}:00`,
          })
          .execute();
      }
      const starts = await offeredStarts(t, { date, service_id: service.id, staff_id: c.id });
      assert.deepEqual(
        starts.filter((s) => s >= '09:00' && s < '12:00'),
        ['09:00', '09:15', '09:30', '11:00', '11:15', '11:30', '11:45'],
        'from 09:45 to 10:45 a start overlaps both holders at 10:30',
      );
    });

    it('hide_unscheduled_staff: a member with neither a dated nor a default shift is not a candidate', async () => {
      const date = nextDate();
      const service = await createService(t, admin.token, { duration_min: 30 });
      const member = await createWorkingStaff(t, admin.token);
      await t.ctx.db.deleteFrom('default_shifts').where('staff_id', '=', member.id).execute();
      await t.ctx.db
        .insertInto('opening_hours')
        .values({ day_of_week: weekdayOf(date), open_time: '09:00', close_time: '12:00', is_closed: 0 })
        .execute();
      try {
        assert.ok((await offeredStarts(t, { date, service_id: service.id, staff_id: member.id })).length > 0);
        await setSettings(t, admin.token, { hide_unscheduled_staff: 1 });
        assert.deepEqual(await offeredStarts(t, { date, service_id: service.id, staff_id: member.id }), []);
      } finally {
        await setSettings(t, admin.token, { hide_unscheduled_staff: 0 });
        await t.ctx.db.deleteFrom('opening_hours').where('day_of_week', '=', weekdayOf(date)).execute();
      }
    });

    it('visit availability with two stylists: a colour by one, then a cut by the other, back to back', async () => {
      const date = nextDate();
      const colour = await createService(t, admin.token, { duration_min: 90 });
      const cut = await createService(t, admin.token, { duration_min: 30 });
      const colourist = await specialist([{ id: colour.id }]);
      const stylist = await specialist([{ id: cut.id, duration_min: 45 }]);
      await book(stylist.id, cut.id, `${date} 10:30:00`, `${date} 11:00:00`);
      const response = await t.request({
        method: 'POST',
        url: '/api/public/visit-availability',
        payload: { date, parts: [{ service_id: colour.id }, { service_id: cut.id }] },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const at = (start: string) =>
        response.body.find((slot: { start_at: string }) => slot.start_at === `${date} ${start}:00`);
      assert.deepEqual(at('09:30'), {
        start_at: `${date} 09:30:00`,
        end_at: `${date} 11:45:00`,
        parts: [
          { service_id: colour.id, staff_id: colourist.id, start_at: `${date} 09:30:00`, end_at: `${date} 11:00:00` },
          { service_id: cut.id, staff_id: stylist.id, start_at: `${date} 11:00:00`, end_at: `${date} 11:45:00` },
        ],
      });
      assert.equal(at('09:00'), undefined, 'the stylist is booked 10:30–11:00');
      assert.equal(response.body.at(-1).start_at, `${date} 14:45:00`);

      const ask = (parts: object[]) =>
        t.request({ method: 'POST', url: '/api/public/visit-availability', payload: { date, parts } });
      assertError(await ask([{ service_id: 999999 }]), 400, 'unknown_service');
      assertError(await ask([{ service_id: colour.id, staff_id: stylist.id }]), 400, 'service_not_performed');
      assert.equal((await ask([])).status, 400);
      assert.equal((await ask(Array(6).fill({ service_id: cut.id }))).status, 400);
      await setSettings(t, admin.token, { booking_allow_staff_choice: 0 });
      assertError(await ask([{ service_id: colour.id, staff_id: colourist.id }]), 400, 'staff_choice_disabled');
      await setSettings(t, admin.token, { booking_allow_staff_choice: 1 });
    });

    it('judgeVisit refusing with the part index: the part that cannot be placed and why', async () => {
      const date = nextDate();
      const colour = await createService(t, admin.token, { duration_min: 60 });
      const cut = await createService(t, admin.token, { duration_min: 30 });
      const colourist = await specialist([{ id: colour.id }]);
      const stylist = await specialist([{ id: cut.id }]);
      await book(stylist.id, cut.id, `${date} 11:00:00`, `${date} 11:30:00`);
      const loaded = await loadVisitDay(
        t.ctx.db,
        { date, parts: [{ serviceId: colour.id }, { serviceId: cut.id }] },
        false,
      );
      assert.deepEqual(judgeVisit(loaded, `${date} 10:00:00`), { ok: false, part: 1, reason: 'taken' });
      const verdict = judgeVisit(loaded, `${date} 09:00:00`);
      assert.ok(verdict.ok);
      assert.deepEqual(
        verdict.parts.map((part) => [part.serviceId, part.staffId, part.startAt, part.endAt]),
        [
          [colour.id, colourist.id, `${date} 09:00:00`, `${date} 10:00:00`],
          [cut.id, stylist.id, `${date} 10:00:00`, `${date} 10:30:00`],
        ],
      );
    });
  });
}
