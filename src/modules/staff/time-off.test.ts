import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatInstant } from '../../lib/time.js';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });
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

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

for (const dialect of DIALECTS) {
  describe(`time off [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const record = (token: string, body: object) => post(t, '/api/staff/time-off', body, token);
    const ids = (body: Array<{ id: number }>) => body.map((entry) => entry.id);

    it('a staff member records their own time off: 201 { id, staff_id, staff_name, start_date, end_date, reason, created_at }', async () => {
      const member = await addMember(t, admin.token, 'Tess Timeoff');
      const response = await record(member.token, {
        staff_id: member.id,
        start_date: '2031-07-01',
        end_date: '2031-07-14',
        reason: 'Summer holiday',
      });
      assert.equal(response.status, 201);
      const row = await t.ctx.db
        .selectFrom('time_off')
        .selectAll()
        .where('id', '=', response.body.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(response.body, {
        id: row.id,
        staff_id: member.id,
        staff_name: 'Tess Timeoff',
        start_date: '2031-07-01',
        end_date: '2031-07-14',
        reason: 'Summer holiday',
        created_at: formatInstant(row.created_at, 'Europe/Amsterdam'),
      });
      assert.match(response.body.created_at, DATETIME);

      const single = await record(member.token, {
        staff_id: member.id,
        start_date: '2031-08-01',
        end_date: '2031-08-01',
      });
      assert.equal(single.status, 201, 'a single day, without a reason');
      assert.equal(single.body.reason, '');
    });

    it('created_at is written in the salon time zone', async () => {
      const member = await addMember(t, admin.token);
      await t.ctx.db.updateTable('settings').set({ timezone: 'America/New_York' }).where('id', '=', 1).execute();
      try {
        const response = await record(admin.token, {
          staff_id: member.id,
          start_date: '2031-09-01',
          end_date: '2031-09-02',
        });
        const row = await t.ctx.db
          .selectFrom('time_off')
          .select('created_at')
          .where('id', '=', response.body.id)
          .executeTakeFirstOrThrow();
        assert.equal(response.body.created_at, formatInstant(row.created_at, 'America/New_York'));
      } finally {
        await t.ctx.db.updateTable('settings').set({ timezone: 'Europe/Amsterdam' }).where('id', '=', 1).execute();
      }
    });

    it('a staff member cannot record time off for another member: 403; an admin can for anyone', async () => {
      const member = await addMember(t, admin.token);
      const colleague = await addMember(t, admin.token);
      const body = { staff_id: colleague.id, start_date: '2031-10-01', end_date: '2031-10-02' };
      assertError(await record(member.token, body), 403, 'forbidden');
      assertError(await record(member.token, { ...body, staff_id: admin.id }), 403, 'forbidden');
      const byAdmin = await record(admin.token, body);
      assert.equal(byAdmin.status, 201);
      assert.equal(byAdmin.body.staff_id, colleague.id);
    });

    it('validates: staff_id, start_date and end_date required, real dates, end_date not before start_date', async () => {
      const member = await addMember(t, admin.token);
      const valid = { staff_id: member.id, start_date: '2031-11-02', end_date: '2031-11-03' };
      const cases: Array<[object, string]> = [
        [{ ...valid, staff_id: undefined }, 'staff_id'],
        [{ ...valid, start_date: undefined }, 'start_date'],
        [{ ...valid, end_date: undefined }, 'end_date'],
        [{ ...valid, start_date: '2031-11-31' }, 'start_date'],
        [{ ...valid, end_date: '2031-13-01' }, 'end_date'],
        [{ ...valid, start_date: '02-11-2031' }, 'start_date'],
        [{ ...valid, start_date: '2031-11-04' }, 'end_date'],
        [{ ...valid, reason: 'x'.repeat(501) }, 'reason'],
        [{ ...valid, reason: 42 }, 'reason'],
        [{ ...valid, reason: 'nul\u0000byte' }, 'reason'],
      ];
      for (const [body, field] of cases) assertInvalid(await record(member.token, body), field);
      assertInvalid(await record(admin.token, { ...valid, start_date: '2031-11-04' }), 'end_date');
    });

    it('an admin recording for an unknown or deactivated member: 400 unknown_staff', async () => {
      const body = { start_date: '2031-12-01', end_date: '2031-12-02' };
      assertError(await record(admin.token, { ...body, staff_id: 765432 }), 400, 'unknown_staff');
      const gone = await addMember(t, admin.token);
      await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${gone.id}`,
        payload: { active: 0 },
        token: admin.token,
      });
      assertError(await record(admin.token, { ...body, staff_id: gone.id }), 400, 'unknown_staff');
    });

    it('GET: a staff member sees only their own entries, an admin everyone’s, ordered by start_date then id', async () => {
      const member = await addMember(t, admin.token, 'Own');
      const colleague = await addMember(t, admin.token, 'Colleague');
      const later = await record(member.token, {
        staff_id: member.id,
        start_date: '2032-02-10',
        end_date: '2032-02-11',
      });
      const earlier = await record(member.token, {
        staff_id: member.id,
        start_date: '2032-02-01',
        end_date: '2032-02-20',
      });
      const sameDay = await record(member.token, {
        staff_id: member.id,
        start_date: '2032-02-10',
        end_date: '2032-02-10',
      });
      const theirs = await record(colleague.token, {
        staff_id: colleague.id,
        start_date: '2032-02-05',
        end_date: '2032-02-05',
        reason: 'private',
      });

      const own = await get(t, '/api/staff/time-off', member.token);
      assert.equal(own.status, 200);
      assert.deepEqual(ids(own.body), [earlier.body.id, later.body.id, sameDay.body.id]);
      assert.deepEqual(own.body[0], earlier.body);
      const asking = await get(t, `/api/staff/time-off?staff_id=${colleague.id}`, member.token);
      assert.deepEqual(asking.body, [], "another member's entries stay hidden, also when asked for");

      const all = await get(t, '/api/staff/time-off?from=2032-02-01&to=2032-02-28', admin.token);
      assert.deepEqual(ids(all.body), [earlier.body.id, theirs.body.id, later.body.id, sameDay.body.id]);
      const one = await get(t, `/api/staff/time-off?staff_id=${colleague.id}`, admin.token);
      assert.deepEqual(ids(one.body), [theirs.body.id]);
      assert.equal(one.body[0].reason, 'private');
    });

    it('GET from/to select the entries overlapping the range (inclusive) and are validated', async () => {
      const member = await addMember(t, admin.token);
      const a = await record(member.token, { staff_id: member.id, start_date: '2033-03-01', end_date: '2033-03-05' });
      const b = await record(member.token, { staff_id: member.id, start_date: '2033-03-10', end_date: '2033-03-12' });
      const c = await record(member.token, { staff_id: member.id, start_date: '2033-02-20', end_date: '2033-03-20' });
      const query = (q: string) => get(t, `/api/staff/time-off?${q}`, member.token);
      assert.deepEqual(ids((await query('from=2033-03-05&to=2033-03-09')).body), [c.body.id, a.body.id]);
      assert.deepEqual(ids((await query('from=2033-03-12')).body), [c.body.id, b.body.id]);
      assert.deepEqual(ids((await query('to=2033-03-01')).body), [c.body.id, a.body.id]);
      assert.deepEqual(ids((await query('from=2033-03-21&to=2033-04-01')).body), []);
      assertInvalid(await query('from=2033-02-30'), 'from');
      assertInvalid(await query('to=2033-3-1'), 'to');
      assertInvalid(await query('from=2033-03-02&to=2033-03-01'), 'to');
    });

    it('DELETE: a staff member deletes their own entry; another’s answers 404 as if absent; an admin deletes any', async () => {
      const member = await addMember(t, admin.token);
      const colleague = await addMember(t, admin.token);
      const mine = await record(member.token, {
        staff_id: member.id,
        start_date: '2034-01-01',
        end_date: '2034-01-02',
      });
      const theirs = await record(colleague.token, {
        staff_id: colleague.id,
        start_date: '2034-01-01',
        end_date: '2034-01-02',
      });

      const own = await del(t, `/api/staff/time-off/${mine.body.id}`, member.token);
      assert.equal(own.status, 200);
      assert.deepEqual(own.body, { ok: true });
      assertError(await del(t, `/api/staff/time-off/${mine.body.id}`, member.token), 404, 'not_found');

      const foreign = await del(t, `/api/staff/time-off/${theirs.body.id}`, member.token);
      assertError(foreign, 404, 'not_found');
      assertError(await del(t, '/api/staff/time-off/765432', member.token), 404, 'not_found');
      assert.deepEqual(foreign.body, (await del(t, '/api/staff/time-off/765432', member.token)).body);
      assert.deepEqual(ids((await get(t, '/api/staff/time-off', colleague.token)).body), [theirs.body.id]);

      assert.equal((await del(t, `/api/staff/time-off/${theirs.body.id}`, admin.token)).status, 200);
      assertError(await del(t, `/api/staff/time-off/${theirs.body.id}`, admin.token), 404, 'not_found');
      assertInvalid(await del(t, '/api/staff/time-off/0', admin.token), 'id');
    });
  });
}
