import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertUser } from '../../../test/helpers/factories.js';

for (const dialect of DIALECTS) {
  describe(`services: processing time, resources, who performs them [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/services',
        token: admin.token,
        payload: { name: 'Colour', duration_min: 120, price: 80, ...payload },
      });
    const update = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/services/${id}`, token: admin.token, payload });
    const service = async (payload: object = {}) => {
      const response = await create(payload);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as {
        id: number;
        processing_after_min: number;
        processing_min: number;
        resource_ids: number[];
      };
    };
    const resource = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/resources',
        token: admin.token,
        payload: { name: 'Basin', capacity: 2, ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number };
    };
    const listed = async (id: number) => {
      const response = await t.request({ method: 'GET', url: '/api/services', token: staff.token });
      return response.body.find((s: { id: number }) => s.id === id);
    };

    describe('processing time', () => {
      it('a service has no processing time by default (0 and 0)', async () => {
        const created = await service();
        assert.equal(created.processing_after_min, 0);
        assert.equal(created.processing_min, 0);
      });

      it('processing_after_min and processing_min are saved and shown in every service response', async () => {
        const created = await service({ processing_after_min: 30, processing_min: 45 });
        assert.equal(created.processing_after_min, 30);
        assert.equal(created.processing_min, 45);
        const row = await listed(created.id);
        assert.equal(row.processing_after_min, 30);
        assert.equal(row.processing_min, 45);
      });

      it('processing: exactly one of the two being 0 is a 400 naming the one that is 0', async () => {
        assertInvalid(await create({ processing_after_min: 30 }), 'processing_min');
        assertInvalid(await create({ processing_min: 30 }), 'processing_after_min');
        assertInvalid(await create({ processing_after_min: 30, processing_min: 0 }), 'processing_min');
      });

      it('processing: after + processing must be less than duration_min (finishing work follows), else 400', async () => {
        assertInvalid(
          await create({ duration_min: 60, processing_after_min: 30, processing_min: 30 }),
          'processing_min',
        );
        assertInvalid(
          await create({ duration_min: 60, processing_after_min: 60, processing_min: 10 }),
          'processing_min',
        );
        assert.equal((await create({ duration_min: 60, processing_after_min: 20, processing_min: 39 })).status, 201);
      });

      it('processing: whole minutes, not negative (400 validation_failed)', async () => {
        assertInvalid(await create({ processing_after_min: -1, processing_min: 10 }), 'processing_after_min');
        assertInvalid(await create({ processing_after_min: 10, processing_min: 1.5 }), 'processing_min');
      });

      it('processing on update: checked against the stored values; duration_min alone is re-checked and named', async () => {
        const created = await service({ duration_min: 120, processing_after_min: 30, processing_min: 45 });
        assertInvalid(await update(created.id, { duration_min: 75 }), 'duration_min');
        assertInvalid(await update(created.id, { processing_min: 90 }), 'processing_min');
        assertInvalid(await update(created.id, { processing_after_min: 0 }), 'processing_after_min');
        const ok = await update(created.id, { duration_min: 76 });
        assert.equal(ok.status, 200);
        const none = await update(created.id, { processing_after_min: 0, processing_min: 0 });
        assert.equal(none.status, 200);
        assert.equal(none.body.processing_min, 0);
        const row = await t.ctx.db
          .selectFrom('services')
          .select(['duration_min', 'processing_after_min', 'processing_min'])
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(row, { duration_min: 76, processing_after_min: 0, processing_min: 0 });
      });
    });

    describe('resource_ids', () => {
      it('resource_ids are settable on POST and PUT and shown in every service response, by id', async () => {
        const room = await resource({ name: 'Room' });
        const basin = await resource({ name: 'Basin' });
        const created = await service({ resource_ids: [basin.id, room.id] });
        assert.deepEqual(
          created.resource_ids,
          [room.id, basin.id].sort((a, b) => a - b),
        );
        assert.deepEqual((await listed(created.id)).resource_ids, created.resource_ids);
        const changed = await update(created.id, { resource_ids: [room.id] });
        assert.deepEqual(changed.body.resource_ids, [room.id], 'PUT replaces the list');
        const cleared = await update(created.id, { resource_ids: [] });
        assert.deepEqual(cleared.body.resource_ids, []);
        assert.deepEqual((await service()).resource_ids, [], 'none by default');
      });

      it('resource_ids: an unknown or archived resource is a 400 unknown_resource naming resource_ids[i]', async () => {
        const room = await resource();
        const archived = await resource();
        await t.request({
          method: 'PUT',
          url: `/api/resources/${archived.id}`,
          token: admin.token,
          payload: { active: 0 },
        });
        for (const bad of [999_999, archived.id]) {
          const response = await create({ resource_ids: [room.id, bad] });
          assertError(response, 400, 'unknown_resource');
          assert.deepEqual(response.body.details, [{ field: 'resource_ids[1]', message: 'is not an active resource' }]);
        }
        const created = await service({ resource_ids: [room.id] });
        assertError(await update(created.id, { resource_ids: [999_999] }), 400, 'unknown_resource');
        assert.deepEqual((await listed(created.id)).resource_ids, [room.id], 'nothing changed');
      });

      it('resource_ids: at most 10, no duplicates (400 validation_failed)', async () => {
        const ids = Array.from({ length: 11 }, (_, i) => i + 1);
        assertInvalid(await create({ resource_ids: ids }), 'resource_ids');
        const room = await resource();
        assertInvalid(await create({ resource_ids: [room.id, room.id] }), 'resource_ids');
      });

      it('GET /services: an archived resource is no longer in a service resource_ids', async () => {
        const room = await resource();
        const created = await service({ resource_ids: [room.id] });
        await t.request({
          method: 'PUT',
          url: `/api/resources/${room.id}`,
          token: admin.token,
          payload: { active: 0 },
        });
        assert.deepEqual((await listed(created.id)).resource_ids, []);
      });
    });

    describe('GET /services/:id/staff', () => {
      it('lists who performs the service by name, with the service duration and price', async () => {
        const created = await service({ duration_min: 50, price: 60 });
        const zed = await insertUser(t.ctx, { name: 'Zed Stylist' });
        const amy = await insertUser(t.ctx, { name: 'amy Stylist' });
        const response = await t.request({
          method: 'GET',
          url: `/api/services/${created.id}/staff`,
          token: staff.token,
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const ours = response.body.filter((p: { staff_id: number }) => [zed.id, amy.id].includes(p.staff_id));
        assert.deepEqual(ours, [
          { staff_id: amy.id, name: 'amy Stylist', duration_min: 50, price: 60 },
          { staff_id: zed.id, name: 'Zed Stylist', duration_min: 50, price: 60 },
        ]);
      });

      it('members who are not bookable, deactivated, or do not perform it are left out', async () => {
        const created = await service();
        const owner = await insertUser(t.ctx, { name: 'Owner' });
        const gone = await insertUser(t.ctx, { name: 'Gone' });
        const specialist = await insertUser(t.ctx, { name: 'Specialist' });
        await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', owner.id).execute();
        await t.ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', gone.id).execute();
        await t.ctx.db.updateTable('users').set({ all_services: 0 }).where('id', '=', specialist.id).execute();
        const response = await t.request({
          method: 'GET',
          url: `/api/services/${created.id}/staff`,
          token: staff.token,
        });
        const ids = response.body.map((p: { staff_id: number }) => p.staff_id);
        for (const left of [owner.id, gone.id, specialist.id]) assert.ok(!ids.includes(left), String(left));
        assert.ok(ids.includes(staff.id));
      });

      it('an unknown service is a 404; an archived one is performed by nobody ([]); no token 401', async () => {
        assertError(
          await t.request({ method: 'GET', url: '/api/services/999999/staff', token: staff.token }),
          404,
          'not_found',
        );
        const created = await service();
        await t.ctx.db.updateTable('services').set({ active: 0 }).where('id', '=', created.id).execute();
        const response = await t.request({
          method: 'GET',
          url: `/api/services/${created.id}/staff`,
          token: staff.token,
        });
        assert.deepEqual(response.body, []);
        assertError(
          await t.request({ method: 'GET', url: `/api/services/${created.id}/staff` }),
          401,
          'unauthenticated',
        );
      });
    });
  });
}
