import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });
const put = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url, payload: payload as object, ...(token ? { token } : {}) });
const get = (t: TestApp, url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });
const del = (t: TestApp, url: string, token?: string) =>
  t.request({ method: 'DELETE', url, ...(token ? { token } : {}) });

interface Member {
  id: number;
  name: string;
  token: string;
}

/** Creates a member through POST /staff/staff and signs them in. */
async function addMember(t: TestApp, adminToken: string, name = 'Sam Stylist'): Promise<Member> {
  const email = uniqueEmail('staff');
  const password = 'member-pass-1';
  const created = await post(t, '/api/staff/staff', { name, email, password }, adminToken);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const login = await post(t, '/api/auth/login', { email, password });
  return { id: created.body.id, name, token: login.body.token };
}

async function addLocation(t: TestApp, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('locations')
    .values({ name, address: '', phone: '', email: '', is_default: 0, active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const shiftsOf = async (t: TestApp, token: string, staffId: number, from?: string, to?: string) => {
  const query = new URLSearchParams({ staff_id: String(staffId), ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const response = await get(t, `/api/staff/shifts?${query.toString()}`, token);
  assert.equal(response.status, 200);
  return response.body as Array<{ date: string; start_time: string; end_time: string }>;
};

for (const dialect of DIALECTS) {
  describe(`roster: shifts and default shifts [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string; id: number };
    let staff: Member;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await addMember(t, admin.token, 'Reader Staff');
    });
    after(() => t.close());

    describe('auth levels', () => {
      it('reads need a signed-in user (any role); writes need an admin: 401 without a token, 403 for staff', async () => {
        for (const url of ['/api/staff/shifts', '/api/staff/default-shifts']) {
          assertError(await get(t, url), 401, 'unauthenticated');
          assert.equal((await get(t, url, staff.token)).status, 200);
        }
        const shift = { staff_id: staff.id, date: '2031-01-06', start_time: '09:00', end_time: '10:00' };
        const writes: Array<['POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
          ['POST', '/api/staff/shifts', shift],
          ['PUT', '/api/staff/shifts/1', { start_time: '08:00' }],
          ['DELETE', '/api/staff/shifts/1', undefined],
          ['POST', '/api/staff/default-shifts/save-week', { staff_id: staff.id, shifts: [] }],
          ['POST', '/api/staff/default-shifts/apply', { start_date: '2031-01-01', end_date: '2031-01-02' }],
          ['DELETE', `/api/staff/default-shifts/${staff.id}`, undefined],
        ];
        for (const [method, url, payload] of writes) {
          const options = { method, url, ...(payload ? { payload } : {}) };
          assertError(await t.request(options), 401, 'unauthenticated');
          assertError(await t.request({ ...options, token: staff.token }), 403, 'forbidden');
        }
      });
    });

    describe('shifts', () => {
      it('POST creates a shift: 201 { id, staff_id, staff_name, date, start_time, end_time, location_id, location_name }', async () => {
        const member = await addMember(t, admin.token, 'Shift Maker');
        const locationId = await addLocation(t, 'Studio Noord');
        const withLocation = await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2031-02-03', start_time: '09:00', end_time: '13:30', location_id: locationId },
          admin.token,
        );
        assert.equal(withLocation.status, 201);
        assert.deepEqual(withLocation.body, {
          id: withLocation.body.id,
          staff_id: member.id,
          staff_name: 'Shift Maker',
          date: '2031-02-03',
          start_time: '09:00',
          end_time: '13:30',
          location_id: locationId,
          location_name: 'Studio Noord',
        });
        const without = await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2031-02-04', start_time: '00:00', end_time: '23:59' },
          admin.token,
        );
        assert.equal(without.status, 201);
        assert.equal(without.body.location_id, null);
        assert.equal(without.body.location_name, null);
      });

      it('validates: a real date, times HH:MM from 00:00 to 23:59, start before end; 400 with details', async () => {
        const valid = { staff_id: staff.id, date: '2031-02-10', start_time: '09:00', end_time: '17:00' };
        const cases: Array<[object, string]> = [
          [{ ...valid, date: '2031-02-30' }, 'date'],
          [{ ...valid, date: '2031-2-10' }, 'date'],
          [{ ...valid, date: undefined }, 'date'],
          [{ ...valid, start_time: '24:00' }, 'start_time'],
          [{ ...valid, start_time: '9:00' }, 'start_time'],
          [{ ...valid, end_time: '12:60' }, 'end_time'],
          [{ ...valid, end_time: '17:00:00' }, 'end_time'],
          [{ ...valid, start_time: '17:00', end_time: '17:00' }, 'end_time'],
          [{ ...valid, start_time: '18:00', end_time: '09:00' }, 'end_time'],
          [{ ...valid, staff_id: undefined }, 'staff_id'],
          [{ ...valid, staff_id: 'one' }, 'staff_id'],
          [{ ...valid, location_id: 'main' }, 'location_id'],
        ];
        for (const [body, field] of cases) {
          assertInvalid(await post(t, '/api/staff/shifts', body, admin.token), field);
        }
        assert.equal((await shiftsOf(t, admin.token, staff.id, '2031-02-10', '2031-02-10')).length, 0);
      });

      it('the staff member must exist and be active (400 unknown_staff); the location must exist (400 unknown_location)', async () => {
        const valid = { date: '2031-02-11', start_time: '09:00', end_time: '17:00' };
        assertError(
          await post(t, '/api/staff/shifts', { ...valid, staff_id: 765432 }, admin.token),
          400,
          'unknown_staff',
        );
        const inactive = await addMember(t, admin.token, 'Inactive');
        await put(t, `/api/staff/staff/${inactive.id}`, { active: false }, admin.token);
        const response = await post(t, '/api/staff/shifts', { ...valid, staff_id: inactive.id }, admin.token);
        assertError(response, 400, 'unknown_staff');
        assert.equal(response.body.details[0].field, 'staff_id');
        assertError(
          await post(t, '/api/staff/shifts', { ...valid, staff_id: staff.id, location_id: 765432 }, admin.token),
          400,
          'unknown_location',
        );
      });

      it('a shift overlapping another shift of the same member on that date: 409 shift_overlap; touching, other dates and other members are fine', async () => {
        const member = await addMember(t, admin.token);
        const other = await addMember(t, admin.token);
        const shift = (staffId: number, date: string, start_time: string, end_time: string) =>
          post(t, '/api/staff/shifts', { staff_id: staffId, date, start_time, end_time }, admin.token);
        assert.equal((await shift(member.id, '2031-03-03', '09:00', '12:00')).status, 201);
        for (const [start, end] of [
          ['11:00', '13:00'],
          ['08:00', '09:30'],
          ['09:00', '12:00'],
          ['10:00', '11:00'],
          ['07:00', '18:00'],
        ] as const) {
          assertError(await shift(member.id, '2031-03-03', start, end), 409, 'shift_overlap');
        }
        assert.equal((await shift(member.id, '2031-03-03', '12:00', '17:00')).status, 201, 'touching');
        assert.equal((await shift(member.id, '2031-03-03', '07:00', '09:00')).status, 201, 'touching');
        assert.equal((await shift(member.id, '2031-03-04', '09:00', '12:00')).status, 201, 'another date');
        assert.equal((await shift(other.id, '2031-03-03', '09:00', '12:00')).status, 201, 'another member');
        assert.equal((await shiftsOf(t, admin.token, member.id, '2031-03-03', '2031-03-03')).length, 3);
      });

      it('concurrent overlapping creations for one member: exactly one is created', async () => {
        const member = await addMember(t, admin.token);
        // Several rounds: a race that a single round may miss by luck shows up in one of them.
        for (const date of ['2031-03-10', '2031-03-11', '2031-03-12']) {
          const results = await Promise.all(
            ['09:00', '09:30', '10:00', '10:30', '11:00'].map((start) =>
              post(
                t,
                '/api/staff/shifts',
                { staff_id: member.id, date, start_time: start, end_time: '13:00' },
                admin.token,
              ),
            ),
          );
          assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
          assert.equal((await shiftsOf(t, admin.token, member.id, date, date)).length, 1);
        }
      });

      it('GET lists shifts ordered by date, start time, staff member and id; staff_id, from and to filter (inclusive)', async () => {
        const first = await addMember(t, admin.token, 'First');
        const second = await addMember(t, admin.token, 'Second');
        const locationId = await addLocation(t, 'Studio Zuid');
        const made: Array<[number, string, string, string]> = [
          [second.id, '2032-05-04', '09:00', '12:00'],
          [first.id, '2032-05-04', '09:00', '12:00'],
          [first.id, '2032-05-03', '13:00', '17:00'],
          [second.id, '2032-05-03', '08:00', '12:00'],
          [first.id, '2032-05-05', '09:00', '12:00'],
          [first.id, '2032-05-02', '09:00', '12:00'],
        ];
        for (const [staffId, date, start, end] of made) {
          const response = await post(
            t,
            '/api/staff/shifts',
            { staff_id: staffId, date, start_time: start, end_time: end, location_id: locationId },
            admin.token,
          );
          assert.equal(response.status, 201);
        }
        const list = await get(t, '/api/staff/shifts?from=2032-05-03&to=2032-05-04', staff.token);
        assert.equal(list.status, 200);
        assert.deepEqual(
          list.body.map((s: any) => [s.staff_name, s.date, s.start_time]),
          [
            ['Second', '2032-05-03', '08:00'],
            ['First', '2032-05-03', '13:00'],
            ['First', '2032-05-04', '09:00'],
            ['Second', '2032-05-04', '09:00'],
          ],
        );
        assert.deepEqual(Object.keys(list.body[0]).sort(), [
          'date',
          'end_time',
          'id',
          'location_id',
          'location_name',
          'staff_id',
          'staff_name',
          'start_time',
        ]);
        assert.equal(list.body[0].location_name, 'Studio Zuid');
        assert.deepEqual(
          (await shiftsOf(t, admin.token, first.id)).map((s) => s.date),
          ['2032-05-02', '2032-05-03', '2032-05-04', '2032-05-05'],
        );
        assert.deepEqual(
          (await shiftsOf(t, admin.token, first.id, '2032-05-04')).map((s) => s.date),
          ['2032-05-04', '2032-05-05'],
        );
      });

      it('GET validates from and to: real dates, to not before from', async () => {
        assertInvalid(await get(t, '/api/staff/shifts?from=2031-02-30', admin.token), 'from');
        assertInvalid(await get(t, '/api/staff/shifts?to=tomorrow', admin.token), 'to');
        assertInvalid(await get(t, '/api/staff/shifts?from=2031-05-02&to=2031-05-01', admin.token), 'to');
        assertInvalid(await get(t, '/api/staff/shifts?staff_id=x', admin.token), 'staff_id');
      });

      it('PUT changes only the fields given, checks the result as on create, and ignores the shift itself for overlap', async () => {
        const member = await addMember(t, admin.token, 'Mover');
        const locationId = await addLocation(t, 'Studio West');
        const morning = await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2031-04-07', start_time: '09:00', end_time: '12:00', location_id: locationId },
          admin.token,
        );
        const afternoon = await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2031-04-07', start_time: '13:00', end_time: '17:00' },
          admin.token,
        );
        const url = `/api/staff/shifts/${morning.body.id}`;

        const earlier = await put(t, url, { start_time: '08:00' }, admin.token);
        assert.equal(earlier.status, 200);
        assert.deepEqual(earlier.body, { ...morning.body, start_time: '08:00' });

        assertError(await put(t, url, { end_time: '13:30' }, admin.token), 409, 'shift_overlap');
        assertInvalid(await put(t, url, { start_time: '12:30' }, admin.token), 'start_time');
        assertInvalid(await put(t, url, { end_time: '07:00' }, admin.token), 'end_time');
        assertInvalid(await put(t, url, { date: '2031-04-31' }, admin.token), 'date');
        assertError(await put(t, url, { location_id: 765432 }, admin.token), 400, 'unknown_location');

        const cleared = await put(t, url, { location_id: null, date: '2031-04-08', end_time: '13:30' }, admin.token);
        assert.equal(cleared.status, 200);
        assert.equal(cleared.body.location_id, null);
        assert.equal(cleared.body.location_name, null);
        assert.equal(cleared.body.date, '2031-04-08');
        assert.equal((await put(t, `/api/staff/shifts/${afternoon.body.id}`, {}, admin.token)).status, 200);

        const other = await addMember(t, admin.token, 'Other');
        await post(
          t,
          '/api/staff/shifts',
          { staff_id: other.id, date: '2031-04-08', start_time: '10:00', end_time: '11:00' },
          admin.token,
        );
        assertError(await put(t, url, { staff_id: other.id }, admin.token), 409, 'shift_overlap');
        await put(t, `/api/staff/staff/${other.id}`, { active: false }, admin.token);
        assertError(await put(t, url, { staff_id: other.id }, admin.token), 400, 'unknown_staff');
      });

      it('PUT answers 404 for an unknown shift', async () => {
        assertError(await put(t, '/api/staff/shifts/765432', { start_time: '08:00' }, admin.token), 404, 'not_found');
      });

      it('DELETE removes a shift: 200 { ok: true }, then 404', async () => {
        const created = await post(
          t,
          '/api/staff/shifts',
          { staff_id: staff.id, date: '2031-04-20', start_time: '09:00', end_time: '10:00' },
          admin.token,
        );
        const url = `/api/staff/shifts/${created.body.id}`;
        const response = await del(t, url, admin.token);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assertError(await del(t, url, admin.token), 404, 'not_found');
        assert.equal((await shiftsOf(t, admin.token, staff.id, '2031-04-20', '2031-04-20')).length, 0);
      });
    });

    describe('default shifts', () => {
      const saveWeek = (staffId: number, shifts: object[]) =>
        post(t, '/api/staff/default-shifts/save-week', { staff_id: staffId, shifts }, admin.token);
      const apply = (body: object) => post(t, '/api/staff/default-shifts/apply', body, admin.token);

      it("save-week replaces all of a member's default shifts atomically and answers the saved week", async () => {
        const member = await addMember(t, admin.token, 'Weekly');
        const bystander = await addMember(t, admin.token, 'Bystander');
        await saveWeek(bystander.id, [{ day_of_week: 2, start_time: '09:00', end_time: '17:00' }]);
        const first = await saveWeek(member.id, [
          { day_of_week: 1, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 3, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 5, start_time: '09:00', end_time: '17:00' },
        ]);
        assert.equal(first.status, 200);
        assert.equal(first.body.length, 3);

        const second = await saveWeek(member.id, [
          { day_of_week: 6, start_time: '10:00', end_time: '16:00' },
          { day_of_week: 0, start_time: '12:00', end_time: '16:00' },
        ]);
        assert.equal(second.status, 200);
        assert.deepEqual(
          second.body.map((s: any) => ({ ...s, id: 0 })),
          [
            {
              id: 0,
              staff_id: member.id,
              staff_name: 'Weekly',
              day_of_week: 0,
              start_time: '12:00',
              end_time: '16:00',
            },
            {
              id: 0,
              staff_id: member.id,
              staff_name: 'Weekly',
              day_of_week: 6,
              start_time: '10:00',
              end_time: '16:00',
            },
          ],
        );
        const stored = await get(t, `/api/staff/default-shifts?staff_id=${member.id}`, staff.token);
        assert.deepEqual(stored.body, second.body);
        const untouched = await get(t, `/api/staff/default-shifts?staff_id=${bystander.id}`, admin.token);
        assert.equal(untouched.body.length, 1, "another member's week is untouched");
      });

      it('several shifts per day are allowed when they do not overlap; overlapping ones give 400 and change nothing', async () => {
        const member = await addMember(t, admin.token);
        const split = await saveWeek(member.id, [
          { day_of_week: 2, start_time: '13:00', end_time: '17:00' },
          { day_of_week: 2, start_time: '09:00', end_time: '13:00' },
        ]);
        assert.equal(split.status, 200);
        assert.deepEqual(
          split.body.map((s: any) => s.start_time),
          ['09:00', '13:00'],
        );
        const overlapping = await saveWeek(member.id, [
          { day_of_week: 4, start_time: '09:00', end_time: '13:00' },
          { day_of_week: 4, start_time: '12:00', end_time: '17:00' },
        ]);
        assertInvalid(overlapping, 'shifts.1.start_time');
        const stored = await get(t, `/api/staff/default-shifts?staff_id=${member.id}`, admin.token);
        assert.deepEqual(stored.body, split.body);
      });

      it('an empty list clears the week', async () => {
        const member = await addMember(t, admin.token);
        await saveWeek(member.id, [{ day_of_week: 1, start_time: '09:00', end_time: '17:00' }]);
        const cleared = await saveWeek(member.id, []);
        assert.equal(cleared.status, 200);
        assert.deepEqual(cleared.body, []);
        assert.deepEqual((await get(t, `/api/staff/default-shifts?staff_id=${member.id}`, admin.token)).body, []);
      });

      it('save-week validates: day_of_week 0-6, HH:MM times with start before end, at most 21 entries, an active member', async () => {
        const member = await addMember(t, admin.token);
        const day = { day_of_week: 1, start_time: '09:00', end_time: '10:00' };
        assertInvalid(await saveWeek(member.id, [{ ...day, day_of_week: 7 }]), 'shifts.0.day_of_week');
        assertInvalid(await saveWeek(member.id, [{ ...day, start_time: '25:00' }]), 'shifts.0.start_time');
        assertInvalid(
          await saveWeek(member.id, [day, { ...day, day_of_week: 2, end_time: '08:00' }]),
          'shifts.1.end_time',
        );
        const tooMany = Array.from({ length: 22 }, (_, i) => ({
          day_of_week: i % 7,
          start_time: `${String(Math.floor(i / 7) * 3 + 6).padStart(2, '0')}:00`,
          end_time: `${String(Math.floor(i / 7) * 3 + 8).padStart(2, '0')}:00`,
        }));
        assertInvalid(await saveWeek(member.id, tooMany), 'shifts');
        assert.equal((await saveWeek(member.id, tooMany.slice(0, 21))).status, 200, '21 entries are fine');
        assertInvalid(
          await post(t, '/api/staff/default-shifts/save-week', { staff_id: member.id }, admin.token),
          'shifts',
        );
        assertError(await saveWeek(765432, []), 400, 'unknown_staff');
      });

      it('GET lists { id, staff_id, staff_name, day_of_week, start_time, end_time } ordered by member, weekday, start time', async () => {
        const a = await addMember(t, admin.token, 'Alpha');
        const b = await addMember(t, admin.token, 'Beta');
        await saveWeek(b.id, [
          { day_of_week: 3, start_time: '09:00', end_time: '12:00' },
          { day_of_week: 1, start_time: '13:00', end_time: '17:00' },
        ]);
        await saveWeek(a.id, [
          { day_of_week: 5, start_time: '13:00', end_time: '17:00' },
          { day_of_week: 5, start_time: '08:00', end_time: '12:00' },
        ]);
        const list = await get(t, '/api/staff/default-shifts', staff.token);
        assert.equal(list.status, 200);
        const ours = list.body.filter((s: any) => s.staff_id === a.id || s.staff_id === b.id);
        assert.deepEqual(
          ours.map((s: any) => [s.staff_name, s.day_of_week, s.start_time]),
          [
            ['Alpha', 5, '08:00'],
            ['Alpha', 5, '13:00'],
            ['Beta', 1, '13:00'],
            ['Beta', 3, '09:00'],
          ],
        );
        const keys = ['day_of_week', 'end_time', 'id', 'staff_id', 'staff_name', 'start_time'];
        for (const item of list.body) assert.deepEqual(Object.keys(item).sort(), keys);
        const staffIds = list.body.map((s: any) => s.staff_id);
        assert.deepEqual(
          staffIds,
          [...staffIds].sort((x, y) => x - y),
        );
      });

      it("apply creates each weekday's default shifts on every date of the range: 200 { created, skipped }", async () => {
        const member = await addMember(t, admin.token, 'Applied');
        await saveWeek(member.id, [
          { day_of_week: 1, start_time: '09:00', end_time: '13:00' },
          { day_of_week: 1, start_time: '14:00', end_time: '18:00' },
          { day_of_week: 3, start_time: '10:00', end_time: '16:00' },
        ]);
        // 2033-01-03 is a Monday, 2033-01-16 a Sunday: two whole weeks.
        const response = await apply({ start_date: '2033-01-03', end_date: '2033-01-16', staff_id: member.id });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { created: 6, skipped: 0 });
        const created = await shiftsOf(t, admin.token, member.id);
        assert.deepEqual(
          created.map((s) => `${s.date} ${s.start_time}-${s.end_time}`),
          [
            '2033-01-03 09:00-13:00',
            '2033-01-03 14:00-18:00',
            '2033-01-05 10:00-16:00',
            '2033-01-10 09:00-13:00',
            '2033-01-10 14:00-18:00',
            '2033-01-12 10:00-16:00',
          ],
        );
      });

      it('apply never duplicates: a date where the member already has any shift is skipped, and applying twice creates 0', async () => {
        const member = await addMember(t, admin.token);
        await saveWeek(member.id, [
          { day_of_week: 1, start_time: '09:00', end_time: '13:00' },
          { day_of_week: 1, start_time: '14:00', end_time: '18:00' },
          { day_of_week: 2, start_time: '09:00', end_time: '17:00' },
        ]);
        // A hand-made shift on Monday 2034-06-05 that does not even overlap the defaults.
        await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2034-06-05', start_time: '19:00', end_time: '20:00' },
          admin.token,
        );
        const range = { start_date: '2034-06-05', end_date: '2034-06-13', staff_id: member.id };
        const first = await apply(range);
        assert.deepEqual(first.body, { created: 4, skipped: 2 });
        const second = await apply(range);
        assert.equal(second.status, 200);
        assert.deepEqual(second.body, { created: 0, skipped: 6 });
        const shifts = await shiftsOf(t, admin.token, member.id);
        assert.deepEqual(
          shifts.map((s) => `${s.date} ${s.start_time}`),
          ['2034-06-05 19:00', '2034-06-06 09:00', '2034-06-12 09:00', '2034-06-12 14:00', '2034-06-13 09:00'],
        );
      });

      it('concurrent applies of one range create each shift once', async () => {
        const member = await addMember(t, admin.token);
        await saveWeek(member.id, [{ day_of_week: 4, start_time: '09:00', end_time: '17:00' }]);
        const range = { start_date: '2035-01-01', end_date: '2035-03-31', staff_id: member.id };
        const results = await Promise.all([apply(range), apply(range), apply(range)]);
        assert.deepEqual(
          results.map((r) => r.status),
          [200, 200, 200],
        );
        const total = results.reduce((sum, r) => sum + (r.body.created as number), 0);
        const shifts = await shiftsOf(t, admin.token, member.id);
        assert.equal(shifts.length, 13, 'thirteen Thursdays in the first quarter of 2035');
        assert.equal(total, 13);
      });

      it('apply without staff_id covers every active member with default shifts; deactivated members are left out', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const owner = await setupSalon(fresh);
          const names = ['Ann', 'Ben', 'Cas'];
          const members: number[] = [];
          for (const name of names) {
            const response = await post(
              fresh,
              '/api/staff/staff',
              { name, email: uniqueEmail(), password: 'long-enough' },
              owner.token,
            );
            members.push(response.body.id);
          }
          for (const id of members) {
            await post(
              fresh,
              '/api/staff/default-shifts/save-week',
              { staff_id: id, shifts: [{ day_of_week: 1, start_time: '09:00', end_time: '17:00' }] },
              owner.token,
            );
          }
          await put(fresh, `/api/staff/staff/${members[2]}`, { active: false }, owner.token);
          const response = await post(
            fresh,
            '/api/staff/default-shifts/apply',
            { start_date: '2033-01-03', end_date: '2033-01-09' },
            owner.token,
          );
          assert.deepEqual(response.body, { created: 2, skipped: 0 });
          const list = await get(fresh, '/api/staff/shifts', owner.token);
          assert.deepEqual(
            list.body.map((s: any) => [s.staff_name, s.date]),
            [
              ['Ann', '2033-01-03'],
              ['Ben', '2033-01-03'],
            ],
          );
        } finally {
          await fresh.close();
        }
      });

      it('apply validates the range: real dates, end not before start, at most 366 days; the member must be active', async () => {
        const member = await addMember(t, admin.token);
        assertInvalid(await apply({ start_date: '2033-02-29', end_date: '2033-03-01' }), 'start_date');
        assertInvalid(await apply({ start_date: '2033-03-01', end_date: '2033-13-01' }), 'end_date');
        assertInvalid(await apply({ start_date: '2033-03-02', end_date: '2033-03-01' }), 'end_date');
        assertInvalid(await apply({ start_date: '2032-01-01', end_date: '2033-01-01' }), 'end_date');
        assertInvalid(await apply({ end_date: '2033-01-01' }), 'start_date');
        const leapYear = await apply({ start_date: '2032-01-01', end_date: '2032-12-31', staff_id: member.id });
        assert.equal(leapYear.status, 200, '366 days are fine');
        assert.deepEqual(leapYear.body, { created: 0, skipped: 0 });
        assertError(
          await apply({ start_date: '2033-03-01', end_date: '2033-03-02', staff_id: 765432 }),
          400,
          'unknown_staff',
        );
      });

      it("DELETE /default-shifts/:staffId removes all of that member's default shifts: 200 { ok: true, deleted }; created shifts stay", async () => {
        const member = await addMember(t, admin.token);
        await saveWeek(member.id, [
          { day_of_week: 1, start_time: '09:00', end_time: '13:00' },
          { day_of_week: 2, start_time: '09:00', end_time: '13:00' },
        ]);
        await apply({ start_date: '2033-05-02', end_date: '2033-05-03', staff_id: member.id });
        const response = await del(t, `/api/staff/default-shifts/${member.id}`, admin.token);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true, deleted: 2 });
        assert.deepEqual((await get(t, `/api/staff/default-shifts?staff_id=${member.id}`, admin.token)).body, []);
        assert.equal((await shiftsOf(t, admin.token, member.id)).length, 2);
        assert.deepEqual((await del(t, `/api/staff/default-shifts/${member.id}`, admin.token)).body, {
          ok: true,
          deleted: 0,
        });
        assertError(await del(t, '/api/staff/default-shifts/765432', admin.token), 404, 'not_found');
        assertInvalid(await del(t, '/api/staff/default-shifts/abc', admin.token), 'staffId');
      });
    });
  });
}
