import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
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
  email: string;
  password: string;
  token: string;
}

/** Creates a member through POST /staff/staff and signs them in. */
async function addMember(
  t: TestApp,
  adminToken: string,
  options: { role?: 'admin' | 'staff'; name?: string } = {},
): Promise<Member> {
  const email = uniqueEmail(options.role ?? 'staff');
  const password = 'member-pass-1';
  const name = options.name ?? 'Sam Stylist';
  const created = await post(t, '/api/staff/staff', { name, email, password, role: options.role }, adminToken);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const login = await post(t, '/api/auth/login', { email, password });
  assert.equal(login.status, 200);
  return { id: created.body.id, name, email, password, token: login.body.token };
}

for (const dialect of DIALECTS) {
  describe(`staff members [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    describe('auth levels', () => {
      it('GET /staff/staff needs a signed-in user; any role may read it', async () => {
        assertError(await get(t, '/api/staff/staff'), 401, 'unauthenticated');
        const member = await addMember(t, admin.token);
        assert.equal((await get(t, '/api/staff/staff', member.token)).status, 200);
      });
    });

    describe('GET /staff/staff', () => {
      it('lists active members as { id, name, email, role, bookable, all_services }, ordered by name (case-insensitive) then id', async () => {
        const zoe = await addMember(t, admin.token, { name: 'zoë Zander' });
        const anna1 = await addMember(t, admin.token, { name: 'Anna Ash' });
        const bob = await addMember(t, admin.token, { name: 'bob Birch', role: 'admin' });
        const anna2 = await addMember(t, admin.token, { name: 'anna ash' });
        const list = await get(t, '/api/staff/staff', anna1.token);
        assert.equal(list.status, 200);
        for (const item of list.body)
          assert.deepEqual(Object.keys(item).sort(), ['all_services', 'bookable', 'email', 'id', 'name', 'role']);
        const ours = list.body.filter((m: { id: number }) => [zoe.id, anna1.id, bob.id, anna2.id].includes(m.id));
        assert.deepEqual(
          ours.map((m: { id: number }) => m.id),
          [anna1.id, anna2.id, bob.id, zoe.id],
        );
        assert.deepEqual(ours[2], {
          id: bob.id,
          name: 'bob Birch',
          email: bob.email,
          role: 'admin',
          bookable: 1,
          all_services: 1,
        });
      });

      it('a deactivated member is left out; include_inactive=true (admin) adds them with an active field', async () => {
        const gone = await addMember(t, admin.token, { name: 'Gone Member' });
        assert.equal((await put(t, `/api/staff/staff/${gone.id}`, { active: false }, admin.token)).status, 200);
        const list = await get(t, '/api/staff/staff', admin.token);
        assert.ok(!list.body.some((m: { id: number }) => m.id === gone.id));

        const all = await get(t, '/api/staff/staff?include_inactive=true', admin.token);
        assert.equal(all.status, 200);
        assert.deepEqual(
          all.body.find((m: { id: number }) => m.id === gone.id),
          {
            id: gone.id,
            name: 'Gone Member',
            email: gone.email,
            role: 'staff',
            bookable: 1,
            all_services: 1,
            active: 0,
          },
        );
        assert.equal(all.body.find((m: { id: number }) => m.id === admin.id).active, 1);
        assert.deepEqual(
          all.body.filter((m: { active: number }) => m.active === 1).map((m: { id: number }) => m.id),
          list.body.map((m: { id: number }) => m.id),
          'the same order, the active ones being exactly the default list',
        );
      });

      it('include_inactive is for admins only: 403 for a staff caller', async () => {
        const member = await addMember(t, admin.token);
        assertError(await get(t, '/api/staff/staff?include_inactive=true', member.token), 403, 'forbidden');
        assert.equal((await get(t, '/api/staff/staff?include_inactive=false', member.token)).status, 200);
        assertInvalid(await get(t, '/api/staff/staff?include_inactive=maybe', admin.token), 'include_inactive');
      });
    });

    describe('POST /staff/staff', () => {
      it('creates a member with role staff by default: 201 { id, name, email, role, bookable, all_services }', async () => {
        const email = uniqueEmail('New.Member');
        const response = await post(
          t,
          '/api/staff/staff',
          { name: '  Nina New ', email: email.toUpperCase(), password: 'chosen-pass' },
          admin.token,
        );
        assert.equal(response.status, 201);
        assert.deepEqual(response.body, {
          id: response.body.id,
          name: 'Nina New',
          email: email.toLowerCase(),
          role: 'staff',
          bookable: 1,
          all_services: 1,
        });
      });

      it('the new member can sign in with the password the admin chose, without a forced change', async () => {
        const email = uniqueEmail('signin');
        const created = await post(
          t,
          '/api/staff/staff',
          { name: 'Ivo', email, password: 'admin-chose-it', role: 'admin' },
          admin.token,
        );
        assert.equal(created.status, 201);
        assert.equal(created.body.role, 'admin');
        const login = await post(t, '/api/auth/login', { email, password: 'admin-chose-it' });
        assert.equal(login.status, 200);
        assert.deepEqual(login.body.user, {
          id: created.body.id,
          name: 'Ivo',
          email,
          role: 'admin',
          require_password_change: false,
        });
        await t.drain();
        assert.equal(t.mail.to(email).length, 0, 'no welcome email: the admin hands over the password');
      });

      it('validates: name, email and password required, password at least 8, role admin or staff', async () => {
        const valid = { name: 'Val', email: uniqueEmail(), password: 'long-enough' };
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, password: 'short' }, admin.token), 'password');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, name: undefined }, admin.token), 'name');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, name: '   ' }, admin.token), 'name');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, name: 'nul\u0000name' }, admin.token), 'name');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, email: undefined }, admin.token), 'email');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, email: 'not-an-email' }, admin.token), 'email');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, password: undefined }, admin.token), 'password');
        assertInvalid(await post(t, '/api/staff/staff', { ...valid, role: 'owner' }, admin.token), 'role');
      });

      it('an email in use gives 409 email_taken, also in another letter case', async () => {
        const member = await addMember(t, admin.token);
        const response = await post(
          t,
          '/api/staff/staff',
          { name: 'Copy', email: member.email.toUpperCase(), password: 'long-enough' },
          admin.token,
        );
        assertError(response, 409, 'email_taken');
      });

      it('concurrent creations with one email create one member', async () => {
        const email = uniqueEmail('race');
        const results = await Promise.all(
          Array.from({ length: 4 }, () =>
            post(t, '/api/staff/staff', { name: 'Racer', email, password: 'long-enough' }, admin.token),
          ),
        );
        assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409]);
        const rows = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
        assert.equal(rows.length, 1);
      });

      it('ignores fields a client may not set', async () => {
        const email = uniqueEmail('mass');
        const response = await post(
          t,
          '/api/staff/staff',
          { name: 'Mass', email, password: 'long-enough', id: 999_999, active: 0, require_password_change: true },
          admin.token,
        );
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        assert.equal(row.active, 1);
        assert.equal(row.require_password_change, 0);
      });
    });

    describe('PUT /staff/staff/:id', () => {
      it('changes only the given fields and answers 200 { id, name, email, role, active }', async () => {
        const member = await addMember(t, admin.token, { name: 'Before' });
        const renamed = await put(t, `/api/staff/staff/${member.id}`, { name: 'After' }, admin.token);
        assert.equal(renamed.status, 200);
        assert.deepEqual(renamed.body, {
          id: member.id,
          name: 'After',
          email: member.email,
          role: 'staff',
          bookable: 1,
          all_services: 1,
          active: 1,
        });

        const email = uniqueEmail('moved');
        const changed = await put(
          t,
          `/api/staff/staff/${member.id}`,
          { email: email.toUpperCase(), role: 'admin' },
          admin.token,
        );
        assert.deepEqual(changed.body, {
          id: member.id,
          name: 'After',
          email,
          role: 'admin',
          bookable: 1,
          all_services: 1,
          active: 1,
        });
        assert.equal((await post(t, '/api/auth/login', { email, password: member.password })).status, 200);
        assert.equal((await get(t, '/api/auth/users', member.token)).status, 200, 'the new role applies at once');
      });

      it('404 for an unknown id; 400 for an id that is not a positive integer', async () => {
        assertError(await put(t, '/api/staff/staff/987654', { name: 'X' }, admin.token), 404, 'not_found');
        assertInvalid(await put(t, '/api/staff/staff/abc', { name: 'X' }, admin.token), 'id');
        assertInvalid(await put(t, '/api/staff/staff/99999999999', { name: 'X' }, admin.token), 'id');
      });

      it('409 email_taken when the email belongs to another member; its own email in another case is fine', async () => {
        const one = await addMember(t, admin.token);
        const two = await addMember(t, admin.token);
        assertError(
          await put(t, `/api/staff/staff/${one.id}`, { email: two.email.toUpperCase() }, admin.token),
          409,
          'email_taken',
        );
        const same = await put(t, `/api/staff/staff/${one.id}`, { email: one.email.toUpperCase() }, admin.token);
        assert.equal(same.status, 200);
        assert.equal(same.body.email, one.email);
      });

      it('validates like create: password at least 8, role admin or staff, active 0/1 or boolean', async () => {
        const member = await addMember(t, admin.token);
        const url = `/api/staff/staff/${member.id}`;
        assertInvalid(await put(t, url, { password: 'short' }, admin.token), 'password');
        assertInvalid(await put(t, url, { role: 'boss' }, admin.token), 'role');
        assertInvalid(await put(t, url, { active: 2 }, admin.token), 'active');
        assertInvalid(await put(t, url, { email: 'nope' }, admin.token), 'email');
        assertInvalid(await put(t, url, { name: '' }, admin.token), 'name');
      });

      it("a new password works at once, the old one no longer, and the member's refresh tokens are revoked", async () => {
        const member = await addMember(t, admin.token);
        const mobile = await post(t, '/api/auth/login', {
          email: member.email,
          password: member.password,
          mobile: true,
        });
        const response = await put(t, `/api/staff/staff/${member.id}`, { password: 'reset-by-admin' }, admin.token);
        assert.equal(response.status, 200);
        assert.equal(
          (await post(t, '/api/auth/login', { email: member.email, password: 'reset-by-admin' })).status,
          200,
        );
        assert.equal(
          (await post(t, '/api/auth/login', { email: member.email, password: member.password })).status,
          401,
        );
        assert.equal(
          (await post(t, '/api/auth/refresh', { refresh_token: mobile.body.refresh_token })).status,
          401,
          'refresh token revoked',
        );
      });

      it('active false: the member cannot sign in and their token stops working; active true restores them', async () => {
        const member = await addMember(t, admin.token);
        const off = await put(t, `/api/staff/staff/${member.id}`, { active: false }, admin.token);
        assert.equal(off.status, 200);
        assert.equal(off.body.active, 0);
        assert.equal(
          (await post(t, '/api/auth/login', { email: member.email, password: member.password })).status,
          401,
        );
        assertError(await get(t, '/api/staff/staff', member.token), 401, 'invalid_token');

        const on = await put(t, `/api/staff/staff/${member.id}`, { active: 1 }, admin.token);
        assert.equal(on.body.active, 1);
        assert.equal(
          (await post(t, '/api/auth/login', { email: member.email, password: member.password })).status,
          200,
        );
      });
    });

    describe('the last active admin', () => {
      it('cannot be demoted, deactivated or deleted: 409 last_admin', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const owner = await setupSalon(fresh);
          const url = `/api/staff/staff/${owner.id}`;
          assertError(await put(fresh, url, { role: 'staff' }, owner.token), 409, 'last_admin');
          assertError(await put(fresh, url, { active: false }, owner.token), 409, 'last_admin');
          assertError(await del(fresh, url, owner.token), 409, 'last_admin');
          assert.equal((await put(fresh, url, { name: 'Still Owner', role: 'admin' }, owner.token)).status, 200);

          // An inactive admin does not count as the other admin.
          const sleeper = await addMember(fresh, owner.token, { role: 'admin' });
          await put(fresh, `/api/staff/staff/${sleeper.id}`, { active: false }, owner.token);
          assertError(await put(fresh, url, { role: 'staff' }, owner.token), 409, 'last_admin');

          // With a second active admin, one of them can step down; then the other is the last.
          const second = await addMember(fresh, owner.token, { role: 'admin' });
          const demoted = await put(fresh, url, { role: 'staff' }, owner.token);
          assert.equal(demoted.status, 200);
          assert.equal(demoted.body.role, 'staff');
          assertError(
            await put(fresh, `/api/staff/staff/${second.id}`, { role: 'staff' }, second.token),
            409,
            'last_admin',
          );
          assertError(await del(fresh, `/api/staff/staff/${second.id}`, second.token), 409, 'last_admin');
        } finally {
          await fresh.close();
        }
      });

      it('two admins stepping down at the same time: exactly one succeeds, one active admin remains', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const owner = await setupSalon(fresh);
          // Each admin changes their own account, so both callers stay authorised until their
          // own change commits; only the last-admin rule can refuse one of them. Several
          // rounds: a race that one round may miss by luck shows up in another.
          for (let round = 0; round < 3; round++) {
            const one = await addMember(fresh, owner.token, { role: 'admin' });
            const two = await addMember(fresh, owner.token, { role: 'admin' });
            await put(fresh, `/api/staff/staff/${owner.id}`, { active: false }, one.token);
            const results = await Promise.all([
              put(fresh, `/api/staff/staff/${one.id}`, { role: 'staff' }, one.token),
              put(fresh, `/api/staff/staff/${two.id}`, { active: false }, two.token),
            ]);
            assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
            const admins = await fresh.ctx.db
              .selectFrom('users')
              .select('id')
              .where('role', '=', 'admin')
              .where('active', '=', 1)
              .execute();
            assert.equal(admins.length, 1);
            // Back to the owner as the only admin for the next round.
            const survivor = results[0].status === 200 ? two : one;
            assert.equal(
              (await put(fresh, `/api/staff/staff/${owner.id}`, { active: true }, survivor.token)).status,
              200,
            );
            assert.equal((await del(fresh, `/api/staff/staff/${survivor.id}`, owner.token)).status, 200);
          }
        } finally {
          await fresh.close();
        }
      });
    });

    describe('DELETE /staff/staff/:id', () => {
      it('deletes the member with their shifts, default shifts, time off, refresh and device tokens: 200 { ok: true }, then 404', async () => {
        const member = await addMember(t, admin.token);
        await post(t, '/api/auth/login', { email: member.email, password: member.password, mobile: true });
        await post(t, '/api/auth/device', { token: `device-${member.email}`, platform: 'ios' }, member.token);
        const shift = await post(
          t,
          '/api/staff/shifts',
          { staff_id: member.id, date: '2031-03-03', start_time: '09:00', end_time: '17:00' },
          admin.token,
        );
        assert.equal(shift.status, 201);
        const week = await post(
          t,
          '/api/staff/default-shifts/save-week',
          { staff_id: member.id, shifts: [{ day_of_week: 1, start_time: '09:00', end_time: '17:00' }] },
          admin.token,
        );
        assert.equal(week.status, 200);
        const off = await post(
          t,
          '/api/staff/time-off',
          { staff_id: member.id, start_date: '2031-04-01', end_date: '2031-04-02' },
          member.token,
        );
        assert.equal(off.status, 201);

        const response = await del(t, `/api/staff/staff/${member.id}`, admin.token);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });

        const db = t.ctx.db;
        const left = await Promise.all([
          db.selectFrom('users').select('id').where('id', '=', member.id).execute(),
          db.selectFrom('shifts').select('id').where('staff_id', '=', member.id).execute(),
          db.selectFrom('default_shifts').select('id').where('staff_id', '=', member.id).execute(),
          db.selectFrom('time_off').select('id').where('staff_id', '=', member.id).execute(),
          db.selectFrom('refresh_tokens').select('id').where('user_id', '=', member.id).execute(),
          db.selectFrom('device_tokens').select('id').where('user_id', '=', member.id).execute(),
        ]);
        assert.deepEqual(
          left.map((rows) => rows.length),
          [0, 0, 0, 0, 0, 0],
        );
        assertError(await del(t, `/api/staff/staff/${member.id}`, admin.token), 404, 'not_found');
        assertError(await get(t, '/api/staff/staff', member.token), 401, 'invalid_token');
      });

      it('404 for an unknown id', async () => {
        assertError(await del(t, '/api/staff/staff/876543', admin.token), 404, 'not_found');
      });

      it('a member still referenced by records that must survive is not deleted: 409 staff_in_use, deactivate instead', async () => {
        const member = await addMember(t, admin.token);
        // Stands in for the bookings, POS orders … of later modules: a foreign key without cascade.
        await sql`create table staff_reference_probe (id integer primary key, staff_id integer not null references users (id))`.execute(
          t.ctx.db,
        );
        try {
          await sql`insert into staff_reference_probe (id, staff_id) values (1, ${member.id})`.execute(t.ctx.db);
          const response = await del(t, `/api/staff/staff/${member.id}`, admin.token);
          assertError(response, 409, 'staff_in_use');
          assert.match(response.body.error, /deactivate/i);
          const still = await t.ctx.db.selectFrom('users').select('id').where('id', '=', member.id).execute();
          assert.equal(still.length, 1, 'nothing deleted');
          assert.equal(
            (await post(t, '/api/auth/login', { email: member.email, password: member.password })).status,
            200,
          );
          assert.equal((await put(t, `/api/staff/staff/${member.id}`, { active: false }, admin.token)).status, 200);

          await sql`delete from staff_reference_probe`.execute(t.ctx.db);
          assert.equal((await del(t, `/api/staff/staff/${member.id}`, admin.token)).status, 200);
        } finally {
          await sql`drop table staff_reference_probe`.execute(t.ctx.db);
        }
      });
    });

    describe('malformed input', () => {
      it('every staff endpoint answers malformed input with 400 and the error body, never 500', async () => {
        const member = await addMember(t, admin.token);
        const endpoints: Array<[string, string]> = [
          ['POST', '/api/staff/staff'],
          ['PUT', `/api/staff/staff/${member.id}`],
          ['POST', '/api/staff/shifts'],
          ['POST', '/api/staff/default-shifts/save-week'],
          ['POST', '/api/staff/default-shifts/apply'],
          ['POST', '/api/staff/time-off'],
        ];
        const bodies: unknown[] = [
          [],
          'text',
          42,
          null,
          { name: 5, email: [], password: 12345678, role: {}, active: 'yes' },
          {
            staff_id: 'one',
            date: 20310101,
            start_time: 9,
            end_time: null,
            shifts: {},
            start_date: true,
            active: 'no',
          },
          { staff_id: 0, shifts: [{ day_of_week: -1 }], start_date: '2031-1-1', name: 'x'.repeat(5000) },
        ];
        for (const [method, url] of endpoints) {
          for (const body of bodies) {
            const response = await t.request({
              method: method,
              url,
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
              token: admin.token,
            });
            assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`);
            assert.equal(typeof response.body.error, 'string');
            assert.equal(typeof response.body.code, 'string');
          }
        }
      });
    });
  });
}
