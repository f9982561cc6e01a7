import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService } from '../../../test/helpers/factories.js';

type Resource = {
  id: number;
  name: string;
  capacity: number;
  location_id: number | null;
  active: number;
  service_ids: number[];
};

const RESOURCE_KEYS = ['active', 'capacity', 'id', 'location_id', 'name', 'service_ids'];

for (const dialect of DIALECTS) {
  describe(`resources: rooms and equipment [${dialect}]`, () => {
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
      t.request({ method: 'POST', url: '/api/resources', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/resources/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/resources/${id}`, token });
    const get = (id: number, token = staff.token) => t.request({ method: 'GET', url: `/api/resources/${id}`, token });
    const list = async (query = '', token = staff.token) => {
      const response = await t.request({ method: 'GET', url: `/api/resources${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Resource[];
    };
    const resource = async (payload: object = {}) => {
      const response = await create({ name: 'Basin', capacity: 2, ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Resource;
    };
    const location = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/locations',
        token: admin.token,
        payload: { name: 'Centre', ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number };
    };

    describe('auth', () => {
      it('reads need a signed-in user (401 without a token); any role may read', async () => {
        const created = await resource();
        assertError(await t.request({ method: 'GET', url: '/api/resources' }), 401, 'unauthenticated');
        assertError(await t.request({ method: 'GET', url: `/api/resources/${created.id}` }), 401, 'unauthenticated');
        assert.equal((await get(created.id, staff.token)).status, 200);
      });

      it('create, update and delete need an admin (403 for staff; nothing changes)', async () => {
        const created = await resource({ name: 'Admin only' });
        assertError(await create({ name: 'By staff', capacity: 1 }, staff.token), 403, 'forbidden');
        assertError(await update(created.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(created.id, staff.token), 403, 'forbidden');
        assert.equal((await get(created.id)).body.name, 'Admin only');
      });
    });

    describe('POST /resources', () => {
      it('creates a resource: 201 { id, name, capacity, location_id, active, service_ids }', async () => {
        const place = await location();
        const service = await insertService(t.ctx.db);
        const response = await create({
          name: '  Colour bar ',
          capacity: 3,
          location_id: place.id,
          service_ids: [service.id],
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        assert.deepEqual(Object.keys(response.body).sort(), RESOURCE_KEYS);
        assert.deepEqual(response.body, {
          id: response.body.id,
          name: 'Colour bar',
          capacity: 3,
          location_id: place.id,
          active: 1,
          service_ids: [service.id],
        });
        assert.deepEqual((await get(response.body.id)).body, response.body);
        const services = await t.request({ method: 'GET', url: '/api/services', token: staff.token });
        const linked = services.body.find((s: { id: number }) => s.id === service.id);
        assert.deepEqual(linked.resource_ids, [response.body.id], 'the service requires it');
      });

      it('name is 1 to 200 visible characters; capacity a whole number from 1 to 100 (400)', async () => {
        assertInvalid(await create({ capacity: 1 }), 'name');
        assertInvalid(await create({ name: '   ', capacity: 1 }), 'name');
        assertInvalid(await create({ name: 'x'.repeat(201), capacity: 1 }), 'name');
        assertInvalid(await create({ name: 'Room' }), 'capacity');
        for (const capacity of [0, 101, 1.5, -1]) assertInvalid(await create({ name: 'Room', capacity }), 'capacity');
        assert.equal((await create({ name: 'x'.repeat(200), capacity: 100 })).status, 201);
      });

      it('location_id must be an active location: else 400 unknown_location', async () => {
        const closed = await location({ name: 'Closed', active: 0 });
        for (const bad of [999_999, closed.id]) {
          const response = await create({ name: 'Room', capacity: 1, location_id: bad });
          assertError(response, 400, 'unknown_location');
          assert.deepEqual(response.body.details, [{ field: 'location_id', message: 'is not an active location' }]);
        }
        assert.equal((await resource({ location_id: null })).location_id, null);
      });

      it('service_ids must be active services: else 400 unknown_service naming service_ids[i]', async () => {
        const service = await insertService(t.ctx.db);
        const archived = await insertService(t.ctx.db, { active: 0 });
        for (const bad of [999_999, archived.id]) {
          const response = await create({ name: 'Room', capacity: 1, service_ids: [service.id, bad] });
          assertError(response, 400, 'unknown_service');
          assert.deepEqual(response.body.details, [{ field: 'service_ids[1]', message: 'is not an active service' }]);
        }
        assertInvalid(
          await create({ name: 'Room', capacity: 1, service_ids: [service.id, service.id] }),
          'service_ids',
        );
      });
    });

    describe('GET /resources', () => {
      it('lists the active resources by name (case-insensitive), then id', async () => {
        const zulu = await resource({ name: 'zulu room' });
        const alpha = await resource({ name: 'Alpha room' });
        const bravo = await resource({ name: 'bravo room' });
        const ids = (await list()).map((r) => r.id).filter((id) => [zulu.id, alpha.id, bravo.id].includes(id));
        assert.deepEqual(ids, [alpha.id, bravo.id, zulu.id]);
      });

      it('archived resources are left out; include_inactive=true (admins only, else 403) adds them', async () => {
        const archived = await resource({ name: 'Old dryer' });
        assert.equal((await update(archived.id, { active: false })).status, 200);
        assert.ok(!(await list()).some((r) => r.id === archived.id));
        const all = await list('?include_inactive=true', admin.token);
        assert.equal(all.find((r) => r.id === archived.id)?.active, 0);
        assertError(
          await t.request({ method: 'GET', url: '/api/resources?include_inactive=true', token: staff.token }),
          403,
          'forbidden',
        );
      });

      it('GET /resources/:id: unknown id 404, non-numeric 400', async () => {
        assertError(await get(999_999), 404, 'not_found');
        assertInvalid(await get('abc' as unknown as number), 'id');
      });
    });

    describe('PUT /resources/:id', () => {
      it('only the fields present change; location_id null unties it; active 1 brings it back', async () => {
        const place = await location();
        const created = await resource({ name: 'Room', capacity: 1, location_id: place.id });
        const renamed = await update(created.id, { name: 'Treatment room' });
        assert.deepEqual(renamed.body, { ...created, name: 'Treatment room' });
        const untied = await update(created.id, { location_id: null, capacity: 4 });
        assert.equal(untied.body.location_id, null);
        assert.equal(untied.body.capacity, 4);
        await update(created.id, { active: 0 });
        assert.equal((await update(created.id, { active: true })).body.active, 1);
      });

      it('service_ids replaces the services that require it', async () => {
        const a = await insertService(t.ctx.db);
        const b = await insertService(t.ctx.db);
        const created = await resource({ service_ids: [a.id] });
        const changed = await update(created.id, { service_ids: [b.id] });
        assert.deepEqual(changed.body.service_ids, [b.id]);
        const cleared = await update(created.id, { service_ids: [] });
        assert.deepEqual(cleared.body.service_ids, []);
      });

      it('validation on update: bad capacity, unknown location or service are 400 and change nothing', async () => {
        const created = await resource({ capacity: 2 });
        assertInvalid(await update(created.id, { capacity: 0 }), 'capacity');
        assertError(await update(created.id, { location_id: 999_999 }), 400, 'unknown_location');
        assertError(await update(created.id, { capacity: 3, service_ids: [999_999] }), 400, 'unknown_service');
        assert.deepEqual((await get(created.id)).body, created);
      });

      it('capacity may be lowered below what future bookings already hold: they stay', async () => {
        const created = await resource({ capacity: 2 });
        const service = await insertService(t.ctx.db);
        const client = await insertClient(t.ctx.db);
        for (let i = 0; i < 2; i += 1) {
          const bookingId = await insertBooking(t.ctx.db, {
            client_id: client.id,
            staff_id: staff.id,
            service_id: service.id,
            start_at: '2099-05-14 10:00:00',
            end_at: '2099-05-14 11:00:00',
            status: 'scheduled',
            price: 4500,
          });
          await t.ctx.db
            .insertInto('booking_resources')
            .values({
              booking_id: bookingId,
              resource_id: created.id,
              start_at: '2099-05-14 10:00:00',
              end_at: '2099-05-14 11:00:00',
            })
            .execute();
        }
        const lowered = await update(created.id, { capacity: 1 });
        assert.equal(lowered.status, 200, JSON.stringify(lowered.body));
        assert.equal(lowered.body.capacity, 1);
        const held = await t.ctx.db
          .selectFrom('booking_resources')
          .select('booking_id')
          .where('resource_id', '=', created.id)
          .execute();
        assert.equal(held.length, 2);
      });

      it('an unknown id is a 404', async () => {
        assertError(await update(999_999, { name: 'Nope' }), 404, 'not_found');
      });
    });

    describe('DELETE /resources/:id', () => {
      it('a resource no booking holds is deleted: { ok: true, archived: false }, then 404; its service links go', async () => {
        const service = await insertService(t.ctx.db);
        const created = await resource({ service_ids: [service.id] });
        const response = await remove(created.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true, archived: false });
        assertError(await get(created.id), 404, 'not_found');
        const links = await t.ctx.db
          .selectFrom('service_resources')
          .selectAll()
          .where('resource_id', '=', created.id)
          .execute();
        assert.deepEqual(links, []);
        assertError(await remove(created.id), 404, 'not_found');
      });

      it('a resource a booking holds is archived instead: { ok: true, archived: true }, active 0, the booking keeps it', async () => {
        const service = await insertService(t.ctx.db);
        const created = await resource({ service_ids: [service.id] });
        const client = await insertClient(t.ctx.db);
        const bookingId = await insertBooking(t.ctx.db, {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: '2099-06-01 10:00:00',
          end_at: '2099-06-01 11:00:00',
          status: 'scheduled',
          price: 4500,
        });
        await t.ctx.db
          .insertInto('booking_resources')
          .values({
            booking_id: bookingId,
            resource_id: created.id,
            start_at: '2099-06-01 10:00:00',
            end_at: '2099-06-01 11:00:00',
          })
          .execute();
        const response = await remove(created.id);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body, { ok: true, archived: true });
        assert.equal((await get(created.id)).body.active, 0);
        assert.ok(!(await list()).some((r) => r.id === created.id), 'gone from the list');
        const services = await t.request({ method: 'GET', url: '/api/services', token: staff.token });
        assert.deepEqual(
          services.body.find((s: { id: number }) => s.id === service.id).resource_ids,
          [],
          'no longer required by its service',
        );
        const held = await t.ctx.db
          .selectFrom('booking_resources')
          .select('booking_id')
          .where('resource_id', '=', created.id)
          .execute();
        assert.deepEqual(held, [{ booking_id: bookingId }]);
      });

      it('an unknown id is a 404', async () => {
        assertError(await remove(999_999), 404, 'not_found');
      });
    });
  });
}
