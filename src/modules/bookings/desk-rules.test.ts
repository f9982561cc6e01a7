import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import {
  createClient,
  createService,
  jobsNamed,
  nextSlot,
  pastSlot,
  setSettings,
} from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff, salonDate } from '../../../test/helpers/public.js';

/*
 * The desk's booking rules (POST/PUT /bookings): each refused with 400 naming it, each
 * accepted with `override: true` and recorded; end_at from the member's duration; the
 * 24-hour limit; completing before the start (allowed) and no-showing before it (refused);
 * the location.
 */

for (const dialect of DIALECTS) {
  describe(`desk booking rules [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let worker: { id: number };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      worker = await createWorkingStaff(t, admin.token); // 09:00–17:00 every day
      client = await createClient(t, admin.token);
      service = await createService(t, admin.token, { duration_min: 60, price: 45 });
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: worker.id, service_id: service.id, ...payload },
      });
    const update = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: admin.token, payload });

    /** 400 named after the rule, with a detail on `field`; then accepted with override, recorded. */
    async function refusedThenOverridden(payload: object, rule: string, field: string) {
      const refused = await create(payload);
      assertError(refused, 400, rule);
      assert.ok(
        refused.body.details.some(
          (d: { field: string; message: string }) => d.field === field && d.message.startsWith(rule),
        ),
        JSON.stringify(refused.body),
      );
      const accepted = await create({ ...payload, override: true });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal(accepted.body.override, 1);
      assert.deepEqual(accepted.body.overridden_rules, [rule]);
      return accepted.body;
    }

    it('a booking within the rules answers override 0 and no overridden_rules', async () => {
      const { date } = nextSlot();
      const response = await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.override, 0);
      assert.deepEqual(response.body.overridden_rules, []);
    });

    it('outside_working_time: outside the member’s shifts is 400, accepted with override', async () => {
      const { date } = nextSlot();
      await refusedThenOverridden(
        { start_at: `${date} 18:00`, end_at: `${date} 19:00` },
        'outside_working_time',
        'start_at',
      );
      // Running past the end of the shift counts too.
      await refusedThenOverridden(
        { start_at: `${date} 16:30`, end_at: `${date} 17:30` },
        'outside_working_time',
        'start_at',
      );
    });

    it('outside_working_time: a day of time off is outside working time', async () => {
      const { date } = nextSlot();
      await t.ctx.db
        .insertInto('time_off')
        .values({
          staff_id: worker.id,
          start_date: date,
          end_date: date,
          reason: 'Holiday',
          created_at: new Date().toISOString(),
        })
        .execute();
      await refusedThenOverridden(
        { start_at: `${date} 10:00`, end_at: `${date} 11:00` },
        'outside_working_time',
        'start_at',
      );
    });

    it('outside_working_time: no shifts and no opening hours that day is unknown working time, not refused', async () => {
      const unscheduled = await createStaff(t);
      const { date } = nextSlot();
      const response = await create({ staff_id: unscheduled.id, start_at: `${date} 22:00`, end_at: `${date} 23:00` });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.override, 0);
    });

    it('in_the_past: a start before now is 400, accepted with override', async () => {
      const date = salonDate(-1);
      await refusedThenOverridden({ start_at: `${date} 10:00`, end_at: `${date} 11:00` }, 'in_the_past', 'start_at');
    });

    it('shorter_than_service: shorter than the member’s duration is 400, accepted with override', async () => {
      const { date } = nextSlot();
      await refusedThenOverridden(
        { start_at: `${date} 10:00`, end_at: `${date} 10:30` },
        'shorter_than_service',
        'end_at',
      );
      // The member's own, longer duration counts.
      const senior = await createWorkingStaff(t, admin.token);
      await t.ctx.db
        .insertInto('staff_services')
        .values({
          staff_id: senior.id,
          service_id: service.id,
          duration_min: 90,
          price: 6000,
          created_at: new Date().toISOString(),
        })
        .execute();
      await refusedThenOverridden(
        { staff_id: senior.id, start_at: `${date} 12:00`, end_at: `${date} 13:00` },
        'shorter_than_service',
        'end_at',
      );
    });

    it('staff_not_bookable: a member who takes no appointments is 400, accepted with override', async () => {
      const owner = await createWorkingStaff(t, admin.token);
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', owner.id).execute();
      const { date } = nextSlot();
      await refusedThenOverridden(
        { staff_id: owner.id, start_at: `${date} 10:00`, end_at: `${date} 11:00` },
        'staff_not_bookable',
        'staff_id',
      );
    });

    it('service_not_performed: a member who does not perform the service is 400, accepted with override', async () => {
      const colourist = await createWorkingStaff(t, admin.token);
      await t.ctx.db.updateTable('users').set({ all_services: 0 }).where('id', '=', colourist.id).execute();
      const { date } = nextSlot();
      await refusedThenOverridden(
        { staff_id: colourist.id, start_at: `${date} 10:00`, end_at: `${date} 11:00` },
        'service_not_performed',
        'service_id',
      );
      await t.ctx.db
        .insertInto('staff_services')
        .values({
          staff_id: colourist.id,
          service_id: service.id,
          duration_min: null,
          price: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const performed = await create({ staff_id: colourist.id, start_at: `${date} 12:00`, end_at: `${date} 13:00` });
      assert.equal(performed.status, 200, JSON.stringify(performed.body));
    });

    it('several desk rules broken: the first names the error, details list each; override records them all', async () => {
      const date = salonDate(-2);
      const payload = { start_at: `${date} 20:00`, end_at: `${date} 20:15` };
      const refused = await create(payload);
      assertError(refused, 400, 'in_the_past');
      assert.deepEqual(
        refused.body.details.map((d: { field: string }) => d.field),
        ['start_at', 'start_at', 'end_at'],
      );
      const accepted = await create({ ...payload, override: true });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.deepEqual(accepted.body.overridden_rules, ['in_the_past', 'outside_working_time', 'shorter_than_service']);
      const read = await t.request({ method: 'GET', url: `/api/bookings/${accepted.body.id}`, token: admin.token });
      assert.deepEqual(read.body.overridden_rules, accepted.body.overridden_rules);
    });

    it('desk rules on PUT: moving outside working time is 400 unless override; moving back clears the record', async () => {
      const { date } = nextSlot();
      const booking = (await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
      assertError(
        await update(booking.id, { start_at: `${date} 20:00`, end_at: `${date} 21:00` }),
        400,
        'outside_working_time',
      );
      const moved = await update(booking.id, { start_at: `${date} 20:00`, end_at: `${date} 21:00`, override: true });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(moved.body.overridden_rules, ['outside_working_time']);
      const back = await update(booking.id, { start_at: `${date} 10:00`, end_at: `${date} 11:00` });
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.equal(back.body.override, 0);
      assert.deepEqual(back.body.overridden_rules, []);
      // A notes change judges nothing.
      assert.equal((await update(booking.id, { notes: 'quiet chair' })).status, 200);
    });

    it('in_the_past on PUT: only a change of start_at is judged; a running appointment can be lengthened', async () => {
      const date = salonDate(-1);
      const booking = (await create({ start_at: `${date} 13:00`, end_at: `${date} 14:00`, override: true })).body;
      const longer = await update(booking.id, { end_at: `${date} 14:30` });
      assert.equal(longer.status, 200, JSON.stringify(longer.body));
      assert.deepEqual(longer.body.overridden_rules, ['in_the_past'], 'the start it kept stays recorded');
      assertError(await update(booking.id, { start_at: `${date} 13:15`, end_at: `${date} 14:15` }), 400, 'in_the_past');
    });

    it('staff_not_bookable and service_not_performed on PUT: changing to such a member needs override', async () => {
      const { date } = nextSlot();
      const booking = (await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
      const receptionist = await createWorkingStaff(t, admin.token);
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', receptionist.id).execute();
      assertError(await update(booking.id, { staff_id: receptionist.id }), 400, 'staff_not_bookable');
      const moved = await update(booking.id, { staff_id: receptionist.id, override: true });
      assert.deepEqual(moved.body.overridden_rules, ['staff_not_bookable']);
    });

    it('end_at computed: absent, it is start_at plus the member’s duration (staff_services), with their price', async () => {
      const { date } = nextSlot();
      const plain = await create({ start_at: `${date} 10:00` });
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
      assert.equal(plain.body.end_at, `${date} 11:00:00`);
      assert.equal(plain.body.price, 45);
      const senior = await createWorkingStaff(t, admin.token);
      await t.ctx.db
        .insertInto('staff_services')
        .values({
          staff_id: senior.id,
          service_id: service.id,
          duration_min: 75,
          price: 5950,
          created_at: new Date().toISOString(),
        })
        .execute();
      const own = await create({ staff_id: senior.id, start_at: `${date} 10:00` });
      assert.equal(own.status, 200, JSON.stringify(own.body));
      assert.equal(own.body.end_at, `${date} 11:15:00`);
      assert.equal(own.body.price, 59.5);
      assert.equal(own.body.override, 0);
    });

    it('a booking lasts at most 24 hours: a longer end_at is 400 validation_failed, also with override', async () => {
      const unscheduled = await createStaff(t);
      const { date } = nextSlot();
      const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const base = { staff_id: unscheduled.id, start_at: `${date} 10:00`, override: true };
      assertInvalid(await create({ ...base, end_at: `${next} 10:01` }), 'end_at');
      const day = await create({ ...base, end_at: `${next} 10:00` });
      assert.equal(day.status, 200, JSON.stringify(day.body));
      assertInvalid(await update(day.body.id, { end_at: `${next} 11:00` }), 'end_at');
    });

    it('completing before the start is allowed: 200 with a feedback_token, the review request and follow-ups enqueued', async () => {
      await setSettings(t, admin.token, { followup_sequences_enabled: true });
      try {
        const { date } = nextSlot();
        const early = (await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
        const done = await update(early.id, { status: 'completed' });
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.equal(done.body.status, 'completed');
        assert.match(done.body.feedback_token, /^[A-Za-z0-9_-]{43}$/);
        assert.equal((await jobsNamed(t, admin.token, 'booking.review_request', early.id)).length, 1);
        assert.equal((await jobsNamed(t, admin.token, 'booking.followup', early.id)).length, 1);
      } finally {
        await setSettings(t, admin.token, { followup_sequences_enabled: false });
      }
    });

    it('not_started: no-showing a booking that has not started is 409; once started it is allowed', async () => {
      const { date } = nextSlot();
      const future = (await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
      assertError(await update(future.id, { status: 'no-show' }), 409, 'not_started');
      const read = await t.request({ method: 'GET', url: `/api/bookings/${future.id}`, token: admin.token });
      assert.equal(read.body.status, 'scheduled');
      const missed = (await create(pastSlot())).body;
      assert.equal((await update(missed.id, { status: 'no-show' })).status, 200);
    });

    it('location: an unknown or archived location_id is 400 unknown_location; absent, the member’s shift location, else the default', async () => {
      const now = new Date().toISOString();
      const location = (table: { name: string; is_default: number; active: number }) =>
        t.ctx.db
          .insertInto('locations')
          .values({ ...table, address: '', phone: '', email: '', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      const main = await location({ name: 'Main', is_default: 1, active: 1 });
      const branch = await location({ name: 'Branch', is_default: 0, active: 1 });
      const closed = await location({ name: 'Closed', is_default: 0, active: 0 });
      const { date } = nextSlot();
      await t.ctx.db
        .insertInto('shifts')
        .values({
          staff_id: worker.id,
          date,
          start_time: '09:00',
          end_time: '17:00',
          location_id: branch.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const slot = { start_at: `${date} 10:00`, end_at: `${date} 11:00` };
      assertError(await create({ ...slot, location_id: 999_999 }), 400, 'unknown_location');
      assertError(await create({ ...slot, location_id: closed.id }), 400, 'unknown_location');
      const atShift = await create(slot);
      assert.equal(atShift.body.location_id, branch.id);
      const other = nextSlot();
      const atDefault = await create({ start_at: `${other.date} 10:00`, end_at: `${other.date} 11:00` });
      assert.equal(atDefault.body.location_id, main.id);
      const moved = await update(atDefault.body.id, { location_id: branch.id });
      assert.equal(moved.body.location_id, branch.id);
      assertError(await update(atDefault.body.id, { location_id: closed.id }), 400, 'unknown_location');
    });
  });

  describe(`desk booking rules: the salon's opening hours [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    it('outside_working_time: a member without shifts works the opening hours; a closed weekday is outside', async () => {
      const staff = await createStaff(t);
      const client = await createClient(t, admin.token);
      const service = await createService(t, admin.token);
      const { date } = nextSlot();
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      await t.ctx.db
        .insertInto('opening_hours')
        .values([
          { day_of_week: weekday, open_time: '09:00', close_time: '18:00', is_closed: 0 },
          { day_of_week: (weekday + 1) % 7, open_time: null, close_time: null, is_closed: 1 },
        ])
        .execute();
      const create = (start: string, end: string, extra: object = {}) =>
        t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: {
            client_id: client.id,
            staff_id: staff.id,
            service_id: service.id,
            start_at: start,
            end_at: end,
            ...extra,
          },
        });
      assert.equal((await create(`${date} 09:00`, `${date} 10:00`)).status, 200);
      assertError(await create(`${date} 18:00`, `${date} 19:00`), 400, 'outside_working_time');
      const nextDay = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      assertError(await create(`${nextDay} 10:00`, `${nextDay} 11:00`), 400, 'outside_working_time');
      const overridden = await create(`${nextDay} 10:00`, `${nextDay} 11:00`, { override: true });
      assert.deepEqual(overridden.body.overridden_rules, ['outside_working_time']);
    });
  });
}
