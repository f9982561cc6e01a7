import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { formatInstant } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

for (const dialect of DIALECTS) {
  describe(`locations [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/locations', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/locations/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/locations/${id}`, token });
    const get = (id: number, token = admin.token) => t.request({ method: 'GET', url: `/api/locations/${id}`, token });
    const list = async (query = '') => {
      const response = await t.request({ method: 'GET', url: `/api/locations${query}`, token: admin.token });
      assert.equal(response.status, 200);
      return response.body as Array<{ id: number; name: string; is_default: number; active: number }>;
    };

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list and read locations (200)', async () => {
        const { body: location } = await create({ name: 'Staff readable' });
        const listed = await t.request({ method: 'GET', url: '/api/locations', token: staff.token });
        assert.equal(listed.status, 200);
        assert.ok(listed.body.some((l: { id: number }) => l.id === location.id));
        const one = await get(location.id, staff.token);
        assert.equal(one.status, 200);
        assert.equal(one.body.name, 'Staff readable');
      });

      it('a staff member may not create, update or delete a location (403)', async () => {
        const { body: location } = await create({ name: 'Admin only' });
        assertError(await create({ name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await update(location.id, { name: 'Renamed by staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(location.id, staff.token), 403, 'forbidden');
        assert.equal((await get(location.id)).body.name, 'Admin only');
      });
    });

    describe('POST /locations', () => {
      it('creates a location: 201 with { id, name, address, phone, email, is_default, active, created_at, updated_at }', async () => {
        const response = await create({
          name: '  Salon Centrum ',
          address: 'Damstraat 1, Amsterdam',
          phone: '+31 20 123 4567',
          email: 'centrum@salon.example',
        });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), [
          'active',
          'address',
          'created_at',
          'email',
          'id',
          'is_default',
          'name',
          'phone',
          'updated_at',
        ]);
        assert.equal(response.body.name, 'Salon Centrum', 'trimmed');
        assert.equal(response.body.address, 'Damstraat 1, Amsterdam');
        assert.equal(response.body.phone, '+31 20 123 4567');
        assert.equal(response.body.email, 'centrum@salon.example');
        assert.equal(response.body.is_default, 0);
        assert.equal(response.body.active, 1, 'active defaults to 1');
        assert.match(response.body.created_at, DATETIME);
        assert.match(response.body.updated_at, DATETIME);
        assert.deepEqual((await get(response.body.id)).body, response.body);
      });

      it('optional fields default to empty strings', async () => {
        const response = await create({ name: 'Bare' });
        assert.equal(response.status, 201);
        assert.equal(response.body.address, '');
        assert.equal(response.body.phone, '');
        assert.equal(response.body.email, '');
      });

      it('datetimes are written YYYY-MM-DD HH:MM:SS in the salon time zone', async () => {
        const response = await create({ name: 'Zoned' });
        const row = await t.ctx.db
          .selectFrom('locations')
          .selectAll()
          .where('id', '=', response.body.id)
          .executeTakeFirstOrThrow();
        assert.equal(response.body.created_at, formatInstant(row.created_at, 'Europe/Amsterdam'));
        await t.ctx.db.updateTable('settings').set({ timezone: 'America/New_York' }).where('id', '=', 1).execute();
        try {
          assert.equal(
            (await get(response.body.id)).body.created_at,
            formatInstant(row.created_at, 'America/New_York'),
          );
        } finally {
          await t.ctx.db.updateTable('settings').set({ timezone: 'Europe/Amsterdam' }).where('id', '=', 1).execute();
        }
      });

      it('0/1 fields accept true/false and are returned as integers', async () => {
        const inactive = await create({ name: 'Booleans', active: false, is_default: false });
        assert.equal(inactive.status, 201);
        assert.equal(inactive.body.active, 0);
        assert.equal(inactive.body.is_default, 0);
        const flagged = await create({ name: 'Booleans 2', active: true, is_default: true });
        assert.equal(flagged.body.active, 1);
        assert.equal(flagged.body.is_default, 1);
        const numeric = await create({ name: 'Numbers', active: 0, is_default: 1 });
        assert.equal(numeric.body.active, 0);
        assert.equal(numeric.body.is_default, 1);
      });

      it('name is required and may not be blank (400 with details)', async () => {
        assertInvalid(await create({}), 'name');
        assertInvalid(await create({ name: '' }), 'name');
        assertInvalid(await create({ name: '   ' }), 'name');
      });

      it('email is validated when not empty; an empty email is allowed', async () => {
        assertInvalid(await create({ name: 'Bad email', email: 'not-an-email' }), 'email');
        assert.equal((await create({ name: 'No email', email: '' })).status, 201);
      });

      it('wrong types are a 400, never coerced', async () => {
        assertInvalid(await create({ name: 42 }), 'name');
        assertInvalid(await create({ name: 'Typed', is_default: 'yes' }), 'is_default');
        assertInvalid(await create({ name: 'Typed', active: 2 }), 'active');
        assertInvalid(await create({ name: 'Typed', address: 5 }), 'address');
        assertInvalid(await create({ name: 'Typed', phone: ['x'] }), 'phone');
        for (const payload of ['[]', '"text"', '42', 'null']) {
          const response = await t.request({
            method: 'POST',
            url: '/api/locations',
            token: admin.token,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          assert.equal(response.status, 400, payload);
          assert.equal(typeof response.body.code, 'string');
        }
      });

      it('unknown fields and fields the client may not set are ignored', async () => {
        const response = await create({ name: 'Mass', id: 999_999, created_at: '2000-01-01 00:00:00', colour: 'red' });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.ok(!response.body.created_at.startsWith('2000'));
        assert.ok(!('colour' in response.body));
      });
    });

    describe('GET /locations and GET /locations/:id', () => {
      it('the list is a plain array ordered by name (case-insensitive), then id', async () => {
        await create({ name: 'zeta order' });
        await create({ name: 'Alpha order' });
        await create({ name: 'beta order' });
        await create({ name: 'Alpha order' });
        const rows = await list();
        const byNameThenId = (a: { name: string; id: number }, b: { name: string; id: number }) => {
          const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
          return x < y ? -1 : x > y ? 1 : a.id - b.id;
        };
        const expected = [...rows].sort(byNameThenId);
        assert.deepEqual(
          rows.map((r) => r.id),
          expected.map((r) => r.id),
        );
        const mine = rows.filter((r) => r.name.endsWith(' order')).map((r) => r.name);
        assert.deepEqual(mine, ['Alpha order', 'Alpha order', 'beta order', 'zeta order']);
      });

      it('active=true lists only active locations; active=false only inactive ones', async () => {
        const { body: on } = await create({ name: 'Filter on' });
        const { body: off } = await create({ name: 'Filter off', active: 0 });
        const active = await list('?active=true');
        assert.ok(active.every((l) => l.active === 1));
        assert.ok(active.some((l) => l.id === on.id));
        assert.ok(!active.some((l) => l.id === off.id));
        const inactive = await list('?active=false');
        assert.ok(inactive.every((l) => l.active === 0));
        assert.ok(inactive.some((l) => l.id === off.id));
        const all = await list();
        assert.ok(all.some((l) => l.id === on.id) && all.some((l) => l.id === off.id));
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/locations?active=maybe', token: admin.token }),
          'active',
        );
      });

      it('an unknown id is a 404 { error, code: not_found }; a non-numeric id a 400', async () => {
        const response = await get(987_654);
        assertError(response, 404, 'not_found');
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assertError(await get('abc' as unknown as number), 400, 'validation_failed');
      });
    });

    describe('PUT /locations/:id', () => {
      it('only the fields present change', async () => {
        const { body: created } = await create({
          name: 'Partial',
          address: 'Street 1',
          phone: '0101',
          email: 'partial@salon.example',
        });
        const response = await update(created.id, { phone: '0202' });
        assert.equal(response.status, 200);
        assert.deepEqual({ ...response.body, updated_at: created.updated_at }, { ...created, phone: '0202' });
        const renamed = await update(created.id, { name: 'Partial renamed', active: false, email: '' });
        assert.equal(renamed.body.name, 'Partial renamed');
        assert.equal(renamed.body.active, 0);
        assert.equal(renamed.body.email, '');
        assert.equal(renamed.body.address, 'Street 1');
        assert.equal(renamed.body.phone, '0202');
        assert.deepEqual((await get(created.id)).body, renamed.body);
      });

      it('an empty body changes nothing', async () => {
        const { body: created } = await create({ name: 'Untouched' });
        const response = await update(created.id, {});
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, created);
      });

      it('an unknown id is a 404', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('validation on update: blank name, bad email, wrong types are 400', async () => {
        const { body: created } = await create({ name: 'Validated' });
        assertInvalid(await update(created.id, { name: '  ' }), 'name');
        assertInvalid(await update(created.id, { email: 'nope' }), 'email');
        assertInvalid(await update(created.id, { is_default: 'true' }), 'is_default');
        assertInvalid(await update(created.id, { address: null }), 'address');
        assert.equal((await get(created.id)).body.name, 'Validated');
      });
    });

    describe('DELETE /locations/:id', () => {
      it('removes the location: 200 { ok: true }, 404 afterwards', async () => {
        const { body: location } = await create({ name: 'Doomed' });
        const response = await remove(location.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assertError(await get(location.id), 404, 'not_found');
        assertError(await remove(location.id), 404, 'not_found');
        assertError(await update(location.id, { name: 'Back' }), 404, 'not_found');
      });

      it('shifts at a deleted location keep existing, with no location', async () => {
        const { body: location } = await create({ name: 'Shift place' });
        const now = new Date().toISOString();
        const shift = await t.ctx.db
          .insertInto('shifts')
          .values({
            staff_id: staff.id,
            date: '2030-01-07',
            start_time: '09:00',
            end_time: '17:00',
            location_id: location.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        assert.equal((await remove(location.id)).status, 200);
        const row = await t.ctx.db
          .selectFrom('shifts')
          .selectAll()
          .where('id', '=', shift.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.location_id, null);
      });

      it('a location still referenced is a 409 location_in_use and is kept', async () => {
        // Stands in for a later table whose foreign key to locations does not cascade.
        await sql`create table location_refs (id integer primary key, location_id integer not null references locations(id))`.execute(
          t.ctx.db,
        );
        const { body: location } = await create({ name: 'Referenced' });
        await sql`insert into location_refs (id, location_id) values (1, ${location.id})`.execute(t.ctx.db);
        const response = await remove(location.id);
        assertError(response, 409, 'location_in_use');
        assert.match(response.body.error, /deactivate/);
        assert.equal((await get(location.id)).status, 200);
        // Deactivating it is the way out.
        assert.equal((await update(location.id, { active: 0 })).body.active, 0);
      });
    });
  });
}
