import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, jobsNamed } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff } from '../../../test/helpers/public.js';

interface Occurrence {
  id: number;
  staff_id: number;
  start_at: string;
  end_at: string;
  status: string;
}

/** The date `weeks` weeks after `date`. */
function weeksAfter(date: string, weeks: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}

let firstDay = 0;
/** A Tuesday far ahead, a fresh one per test. */
function nextStartDate(): string {
  firstDay += 1;
  return weeksAfter('2033-01-04', firstDay * 30);
}

for (const dialect of DIALECTS) {
  describe(`repeating bookings (series) [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      client = await createClient(t, admin.token);
      service = await createService(t, admin.token, { duration_min: 45 });
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings/series',
        token: admin.token,
        payload: { client_id: client.id, service_id: service.id, every_weeks: 1, ...payload },
      });
    const single = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, service_id: service.id, ...payload },
      });
    const seriesBookings = async () => (await t.ctx.db.selectFrom('booking_series').select('id').execute()).length;

    it('a series books every occurrence every N weeks at the same time, each lasting the service', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const response = await create({ staff_id: staff.id, start_at: `${date} 10:00`, every_weeks: 2, count: 6 });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.every_weeks, 2);
      assert.equal(response.body.count, 6);
      assert.equal(response.body.until, null);
      assert.deepEqual(
        response.body.bookings.map((b: Occurrence) => [b.start_at, b.end_at, b.staff_id, b.status]),
        [0, 2, 4, 6, 8, 10].map((w) => [
          `${weeksAfter(date, w)} 10:00:00`,
          `${weeksAfter(date, w)} 10:45:00`,
          staff.id,
          'scheduled',
        ]),
      );
      const ids = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('series_id', '=', response.body.id)
        .orderBy('start_at')
        .execute();
      assert.deepEqual(
        ids.map((row) => row.id),
        response.body.bookings.map((b: Occurrence) => b.id),
      );
      const read = await t.request({
        method: 'GET',
        url: `/api/bookings/series/${response.body.id}`,
        token: admin.token,
      });
      assert.deepEqual(read.body, response.body);

      const until = await create({
        staff_id: staff.id,
        start_at: `${date} 12:00`,
        end_at: `${date} 13:00`,
        every_weeks: 4,
        until: weeksAfter(date, 9),
      });
      assert.equal(until.status, 201, JSON.stringify(until.body));
      assert.equal(until.body.until, weeksAfter(date, 9));
      assert.deepEqual(
        until.body.bookings.map((b: Occurrence) => b.start_at.slice(0, 10)),
        [0, 4, 8].map((w) => weeksAfter(date, w)),
      );
    });

    it('a 12-week series with one conflict reports that occurrence (409 series_conflicts) and saves nothing', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const clash = await single({
        staff_id: staff.id,
        start_at: `${weeksAfter(date, 4)} 10:30`,
        end_at: `${weeksAfter(date, 4)} 11:30`,
      });
      assert.equal(clash.status, 200);
      const before = {
        series: await seriesBookings(),
        bookings: (await t.ctx.db.selectFrom('bookings').select('id').execute()).length,
      };
      const response = await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 12 });
      assertError(response, 409, 'series_conflicts');
      assert.equal(response.body.details.length, 1);
      assert.equal(response.body.details[0].field, 'occurrences[4]');
      assert.match(
        response.body.details[0].message,
        new RegExp(`^${weeksAfter(date, 4)} 10:00:00: booking_overlap .*${clash.body.id}`),
      );
      assert.deepEqual(
        {
          series: await seriesBookings(),
          bookings: (await t.ctx.db.selectFrom('bookings').select('id').execute()).length,
        },
        before,
      );
    });

    it('every refused occurrence is reported at once, in order, each with its rule', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      for (const week of [1, 3]) {
        const r = await single({
          staff_id: staff.id,
          start_at: `${weeksAfter(date, week)} 10:00`,
          end_at: `${weeksAfter(date, week)} 10:45`,
        });
        assert.equal(r.status, 200);
      }
      const holiday = await t.request({
        method: 'POST',
        url: '/api/settings/holidays',
        token: admin.token,
        payload: { date: weeksAfter(date, 5), name: 'Closed' },
      });
      assert.equal(holiday.status, 201, JSON.stringify(holiday.body));
      const response = await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 6 });
      assertError(response, 409, 'series_conflicts');
      const fields = response.body.details.map((d: { field: string }) => d.field);
      assert.deepEqual(fields, ['occurrences[1]', 'occurrences[3]', 'occurrences[5]']);
      assert.match(response.body.details[0].message, /booking_overlap/);
      assert.match(response.body.details[2].message, new RegExp(`^${weeksAfter(date, 5)} 10:00:00: holiday `));
    });

    it('the desk rules judge every occurrence: outside working time is reported per occurrence; override: true books them', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const refused = await create({ staff_id: staff.id, start_at: `${date} 18:00`, count: 3 });
      assertError(refused, 409, 'series_conflicts');
      assert.deepEqual(
        refused.body.details.map((d: { field: string; message: string }) => [d.field, d.message.split(' ')[2]]),
        [0, 1, 2].map((k) => [`occurrences[${k}]`, 'outside_working_time']),
      );
      const booked = await create({ staff_id: staff.id, start_at: `${date} 18:00`, count: 3, override: true });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.ok(
        booked.body.bookings.every(
          (b: { overridden_rules: string[]; series_id: number }) =>
            b.overridden_rules.includes('outside_working_time') && b.series_id === booked.body.id,
        ),
      );
    });

    const check = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings/series/check',
        token: admin.token,
        payload: { client_id: client.id, service_id: service.id, every_weeks: 1, ...payload },
      });
    const counts = async () => ({
      series: await seriesBookings(),
      bookings: (await t.ctx.db.selectFrom('bookings').select('id').execute()).length,
      jobs: (await t.ctx.db.selectFrom('jobs').select('id').execute()).length,
      changes: (await t.ctx.db.selectFrom('booking_changes').select('seq').execute()).length,
    });

    it('series dry run: each occurrence with what saving would meet (overlap, holiday, desk rules), and nothing written', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const clash = await single({
        staff_id: staff.id,
        start_at: `${weeksAfter(date, 1)} 10:30`,
        end_at: `${weeksAfter(date, 1)} 11:30`,
      });
      assert.equal(clash.status, 200);
      const holiday = await t.request({
        method: 'POST',
        url: '/api/settings/holidays',
        token: admin.token,
        payload: { date: weeksAfter(date, 2), name: 'Closed' },
      });
      assert.equal(holiday.status, 201, JSON.stringify(holiday.body));
      const before = await counts();
      const response = await check({ staff_id: staff.id, start_at: `${date} 10:00`, count: 4 });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        response.body.occurrences.map((o: { date: string; status: string; codes: string[]; overridable: boolean }) => [
          o.date,
          o.status,
          o.codes,
          o.overridable,
        ]),
        [
          [date, 'free', [], false],
          [weeksAfter(date, 1), 'refused', ['booking_overlap'], false],
          [weeksAfter(date, 2), 'refused', ['holiday'], false],
          [weeksAfter(date, 3), 'free', [], false],
        ],
      );
      assert.equal(response.body.occurrences[0].start_at, `${date} 10:00:00`);
      assert.match(response.body.occurrences[1].message, new RegExp(`${clash.body.id}`));
      assert.deepEqual(await counts(), before);

      // Outside working time: every broken desk rule named, overridable; with override, free and overridden.
      const late = await check({ staff_id: staff.id, start_at: `${weeksAfter(date, 8)} 18:00`, count: 2 });
      assert.equal(late.status, 200, JSON.stringify(late.body));
      assert.deepEqual(
        late.body.occurrences.map((o: { status: string; codes: string[]; overridable: boolean }) => [
          o.status,
          o.codes,
          o.overridable,
        ]),
        [0, 1].map(() => ['refused', ['outside_working_time'], true]),
      );
      const overridden = await check({
        staff_id: staff.id,
        start_at: `${weeksAfter(date, 8)} 18:00`,
        count: 2,
        override: true,
      });
      assert.deepEqual(
        overridden.body.occurrences.map((o: { status: string; overridden: string[] }) => [o.status, o.overridden]),
        [0, 1].map(() => ['free', ['outside_working_time']]),
      );
      assert.deepEqual(await counts(), before);
      // Bad input is refused as by the save.
      assertInvalid(await check({ staff_id: staff.id, start_at: `${date} 10:00`, count: 2, until: date }), 'until');
    });

    it('skip_dates: the occurrences of those dates are left out and the others booked; a date of no occurrence is 400', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const clash = await single({
        staff_id: staff.id,
        start_at: `${weeksAfter(date, 1)} 10:00`,
        end_at: `${weeksAfter(date, 1)} 10:45`,
      });
      assert.equal(clash.status, 200);
      const payload = { staff_id: staff.id, start_at: `${date} 10:00`, count: 3 };
      const checked = await check({ ...payload, skip_dates: [weeksAfter(date, 1)] });
      assert.deepEqual(
        checked.body.occurrences.map((o: { status: string }) => o.status),
        ['free', 'skipped', 'free'],
      );
      const booked = await create({ ...payload, skip_dates: [weeksAfter(date, 1)] });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.count, 3);
      assert.deepEqual(
        booked.body.bookings.map((b: Occurrence) => b.start_at),
        [`${date} 10:00:00`, `${weeksAfter(date, 2)} 10:00:00`],
      );
      assertInvalid(await create({ ...payload, skip_dates: [weeksAfter(date, 1), '2040-01-01'] }), 'skip_dates[1]');
      assertInvalid(
        await create({ ...payload, skip_dates: [date, weeksAfter(date, 1), weeksAfter(date, 2)] }),
        'skip_dates',
      );
    });

    it('exactly one of until and count; at most 104 occurrences; bad input is 400', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      assertInvalid(await create({ staff_id: staff.id, start_at: `${date} 10:00` }), 'until');
      assertInvalid(
        await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 3, until: weeksAfter(date, 3) }),
        'until',
      );
      assertInvalid(
        await create({ staff_id: staff.id, start_at: `${date} 10:00`, until: weeksAfter(date, 200) }),
        'until',
      );
      assertInvalid(await create({ staff_id: staff.id, start_at: `${date} 10:00`, until: date }), 'until');
      assertInvalid(await create({ staff_id: staff.id, start_at: `${date} 10:00`, until: '2033-02-30' }), 'until');
      assertError(
        await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 105 }),
        400,
        'validation_failed',
      );
      assertError(
        await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 2, every_weeks: 53 }),
        400,
        'validation_failed',
      );
      assertInvalid(
        await create({ staff_id: staff.id, start_at: `${date} 10:00`, end_at: `${date} 09:00`, count: 2 }),
        'end_at',
      );
      assertError(await create({ staff_id: 999_999, start_at: `${date} 10:00`, count: 2 }), 400, 'unknown_staff');
      assertError(
        await create({ staff_id: staff.id, client_id: 999_999, start_at: `${date} 10:00`, count: 2 }),
        400,
        'unknown_client',
      );
      assertError(
        await t.request({ method: 'GET', url: '/api/bookings/series/999999', token: admin.token }),
        404,
        'not_found',
      );
    });

    it('moving from an occurrence moves it and every later one by the same amount; earlier ones stay', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const other = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const series = (await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 5 })).body;
      const from = series.bookings[2] as Occurrence;
      const response = await t.request({
        method: 'PUT',
        url: `/api/bookings/series/${series.id}`,
        token: admin.token,
        payload: { from_booking_id: from.id, start_at: `${weeksAfter(date, 2)} 14:00`, staff_id: other.id },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        response.body.bookings.map((b: Occurrence) => [b.start_at, b.staff_id]),
        [
          [`${date} 10:00:00`, staff.id],
          [`${weeksAfter(date, 1)} 10:00:00`, staff.id],
          [`${weeksAfter(date, 2)} 14:00:00`, other.id],
          [`${weeksAfter(date, 3)} 14:00:00`, other.id],
          [`${weeksAfter(date, 4)} 14:00:00`, other.id],
        ],
      );
      assert.equal((await jobsNamed(t, admin.token, 'booking.updated', from.id)).length, 1);

      // A week later each: every occurrence lands on its neighbour's old place, which moves too.
      const weekLater = await t.request({
        method: 'PUT',
        url: `/api/bookings/series/${series.id}`,
        token: admin.token,
        payload: { from_booking_id: series.bookings[0].id, start_at: `${weeksAfter(date, 1)} 10:00` },
      });
      assert.equal(weekLater.status, 200, JSON.stringify(weekLater.body));
      assert.deepEqual(
        weekLater.body.bookings.map((b: Occurrence) => b.start_at),
        [1, 2, 3, 4, 5].map((w) => `${weeksAfter(date, w)} ${w <= 2 ? '10:00' : '14:00'}:00`),
      );
    });

    it('a series move with a conflict reports every refused occurrence and moves nothing', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const series = (await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 4 })).body;
      const blocker = await single({
        staff_id: staff.id,
        start_at: `${weeksAfter(date, 3)} 15:00`,
        end_at: `${weeksAfter(date, 3)} 16:00`,
      });
      assert.equal(blocker.status, 200);
      const response = await t.request({
        method: 'PUT',
        url: `/api/bookings/series/${series.id}`,
        token: admin.token,
        payload: { from_booking_id: series.bookings[1].id, start_at: `${weeksAfter(date, 1)} 15:00` },
      });
      assertError(response, 409, 'series_conflicts');
      assert.deepEqual(
        response.body.details.map((d: { field: string }) => d.field),
        ['occurrences[3]'],
      );
      const read = await t.request({ method: 'GET', url: `/api/bookings/series/${series.id}`, token: admin.token });
      assert.deepEqual(read.body, series, 'nothing moved');
      const foreign = await t.request({
        method: 'PUT',
        url: `/api/bookings/series/${series.id}`,
        token: admin.token,
        payload: { from_booking_id: blocker.body.id, start_at: `${date} 10:00` },
      });
      assertInvalid(foreign, 'from_booking_id');
    });

    it('cancelling from an occurrence cancels it and every later one; without one, every future one', async () => {
      const staff = await createWorkingStaff(t, admin.token);
      const date = nextStartDate();
      const series = (await create({ staff_id: staff.id, start_at: `${date} 10:00`, count: 5 })).body;
      // One occurrence alone is cancelled through /bookings/:id.
      const one = await t.request({
        method: 'DELETE',
        url: `/api/bookings/${series.bookings[0].id}`,
        token: admin.token,
      });
      assert.equal(one.status, 200);
      const response = await t.request({
        method: 'DELETE',
        url: `/api/bookings/series/${series.id}?from_booking_id=${series.bookings[3].id}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        response.body.bookings.map((b: Occurrence) => b.status),
        ['cancelled', 'scheduled', 'scheduled', 'cancelled', 'cancelled'],
      );
      for (const b of response.body.bookings.slice(3) as Occurrence[]) {
        assert.equal((await jobsNamed(t, admin.token, 'booking.cancelled', b.id)).length, 1);
      }
      const rest = await t.request({ method: 'DELETE', url: `/api/bookings/series/${series.id}`, token: admin.token });
      assert.equal(rest.status, 200);
      assert.ok(rest.body.bookings.every((b: Occurrence) => b.status === 'cancelled'));
      assertError(
        await t.request({ method: 'DELETE', url: `/api/bookings/series/${series.id}`, token: admin.token }),
        409,
        'already_cancelled',
      );
    });
  });
}
