import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertService } from '../../../test/helpers/factories.js';

type Performed = {
  staff_id: number;
  all_services: number;
  services: Array<{
    service_id: number;
    service_name: string;
    duration_min: number;
    price: number;
    own_duration_min: number | null;
    own_price: number | null;
  }>;
};

for (const dialect of DIALECTS) {
  describe(`who does what: staff members and their services [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const member = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/staff/staff',
        token: admin.token,
        payload: { name: 'Sam Stylist', email: uniqueEmail('sam'), password: 'chosen-pass-1', ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; bookable: number; all_services: number };
    };
    const getServices = (id: number, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/staff/staff/${id}/services`, token });
    const putServices = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/staff/staff/${id}/services`, token, payload });
    const performed = async (id: number) => {
      const response = await getServices(id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Performed;
    };
    const ofService = (body: Performed, serviceId: number) => body.services.find((s) => s.service_id === serviceId);

    describe('bookable and all_services on staff members', () => {
      it('a new member is bookable and performs every service by default (1/1)', async () => {
        const created = await member();
        assert.equal(created.bookable, 1);
        assert.equal(created.all_services, 1);
      });

      it('POST /staff/staff sets bookable and all_services from true/false or 0/1', async () => {
        const owner = await member({ bookable: false, all_services: 0 });
        assert.equal(owner.bookable, 0);
        assert.equal(owner.all_services, 0);
        const row = await t.ctx.db
          .selectFrom('users')
          .select(['bookable', 'all_services'])
          .where('id', '=', owner.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(row, { bookable: 0, all_services: 0 });
      });

      it('PUT /staff/staff/:id changes bookable and all_services; the list shows them', async () => {
        const created = await member();
        const changed = await t.request({
          method: 'PUT',
          url: `/api/staff/staff/${created.id}`,
          token: admin.token,
          payload: { bookable: 0, all_services: false },
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.body));
        assert.equal(changed.body.bookable, 0);
        assert.equal(changed.body.all_services, 0);
        const list = await t.request({ method: 'GET', url: '/api/staff/staff', token: staff.token });
        const listed = list.body.find((m: { id: number }) => m.id === created.id);
        assert.equal(listed.bookable, 0);
        assert.equal(listed.all_services, 0);
      });

      it('bookable and all_services take only true/false or 0/1 (400 validation_failed)', async () => {
        const created = await member();
        const url = `/api/staff/staff/${created.id}`;
        assertInvalid(
          await t.request({ method: 'PUT', url, token: admin.token, payload: { bookable: 2 } }),
          'bookable',
        );
        assertInvalid(
          await t.request({ method: 'PUT', url, token: admin.token, payload: { all_services: 'yes' } }),
          'all_services',
        );
      });
    });

    describe('GET /staff/staff/:id/services', () => {
      it('all_services 1: every active service with the service own duration and price, own values null', async () => {
        const cut = await insertService(t.ctx.db, { duration_min: 30, price: 2500 });
        const archived = await insertService(t.ctx.db, { active: 0 });
        const created = await member();
        const body = await performed(created.id);
        assert.equal(body.staff_id, created.id);
        assert.equal(body.all_services, 1);
        assert.deepEqual(ofService(body, cut.id), {
          service_id: cut.id,
          service_name: cut.name,
          duration_min: 30,
          price: 25,
          own_duration_min: null,
          own_price: null,
        });
        assert.equal(ofService(body, archived.id), undefined, 'an archived service is performed by nobody');
      });

      it('any signed-in user may read it; unknown member 404; no token 401', async () => {
        const created = await member();
        assert.equal((await getServices(created.id, staff.token)).status, 200);
        assertError(await getServices(999_999), 404, 'not_found');
        assertError(
          await t.request({ method: 'GET', url: `/api/staff/staff/${created.id}/services` }),
          401,
          'unauthenticated',
        );
      });

      it('a member who is not bookable still shows what they would perform', async () => {
        const service = await insertService(t.ctx.db);
        const receptionist = await member({ bookable: false });
        assert.ok(ofService(await performed(receptionist.id), service.id));
      });
    });

    describe('PUT /staff/staff/:id/services', () => {
      it('all_services 0: the member performs exactly the listed services, with their own duration and price', async () => {
        const cut = await insertService(t.ctx.db, { duration_min: 30, price: 2500 });
        const colour = await insertService(t.ctx.db, { duration_min: 90, price: 8000 });
        const other = await insertService(t.ctx.db);
        const created = await member();
        const response = await putServices(created.id, {
          all_services: false,
          services: [{ service_id: cut.id }, { service_id: colour.id, duration_min: 120, price: 99.95 }],
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const body = response.body as Performed;
        assert.equal(body.all_services, 0);
        assert.deepEqual(
          body.services.map((s) => s.service_id).sort((a, b) => a - b),
          [cut.id, colour.id].sort((a, b) => a - b),
        );
        assert.equal(ofService(body, other.id), undefined);
        assert.deepEqual(ofService(body, colour.id), {
          service_id: colour.id,
          service_name: colour.name,
          duration_min: 120,
          price: 99.95,
          own_duration_min: 120,
          own_price: 99.95,
        });
        const row = await t.ctx.db
          .selectFrom('staff_services')
          .selectAll()
          .where('staff_id', '=', created.id)
          .where('service_id', '=', colour.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.price, 9995, 'stored in cents');
        assert.deepEqual(await performed(created.id), body, 'GET answers the same');
      });

      it('effective values with own duration and price: GET /services/:id/staff shows them too', async () => {
        const service = await insertService(t.ctx.db, { duration_min: 45, price: 4000 });
        const senior = await member({ name: 'Senior Stylist' });
        assert.equal(
          (await putServices(senior.id, { services: [{ service_id: service.id, duration_min: 60, price: 55 }] }))
            .status,
          200,
        );
        const body = await performed(senior.id);
        assert.equal(body.all_services, 1, 'all_services unchanged when absent');
        assert.deepEqual(ofService(body, service.id), {
          service_id: service.id,
          service_name: service.name,
          duration_min: 60,
          price: 55,
          own_duration_min: 60,
          own_price: 55,
        });
        const staffOf = await t.request({
          method: 'GET',
          url: `/api/services/${service.id}/staff`,
          token: staff.token,
        });
        assert.deepEqual(
          staffOf.body.find((p: { staff_id: number }) => p.staff_id === senior.id),
          { staff_id: senior.id, name: 'Senior Stylist', duration_min: 60, price: 55 },
        );
      });

      it('replace semantics: rows not listed again are gone; [] with all_services 0 performs nothing', async () => {
        const a = await insertService(t.ctx.db);
        const b = await insertService(t.ctx.db);
        const created = await member();
        await putServices(created.id, { all_services: 0, services: [{ service_id: a.id, price: 10 }] });
        const replaced = await putServices(created.id, { services: [{ service_id: b.id }] });
        assert.equal(replaced.status, 200);
        assert.deepEqual(
          replaced.body.services.map((s: { service_id: number }) => s.service_id),
          [b.id],
        );
        const rows = await t.ctx.db
          .selectFrom('staff_services')
          .select('service_id')
          .where('staff_id', '=', created.id)
          .execute();
        assert.deepEqual(rows, [{ service_id: b.id }]);
        const none = await putServices(created.id, { services: [] });
        assert.deepEqual(none.body.services, []);
      });

      it('an unknown or archived service is a 400 unknown_service naming services[i].service_id; nothing changes', async () => {
        const a = await insertService(t.ctx.db);
        const archived = await insertService(t.ctx.db, { active: 0 });
        const created = await member();
        await putServices(created.id, { all_services: 0, services: [{ service_id: a.id }] });
        for (const bad of [999_999, archived.id]) {
          const response = await putServices(created.id, {
            all_services: 1,
            services: [{ service_id: a.id }, { service_id: bad }],
          });
          assertError(response, 400, 'unknown_service');
          assert.deepEqual(response.body.details, [
            { field: 'services[1].service_id', message: 'is not an active service' },
          ]);
        }
        const body = await performed(created.id);
        assert.equal(body.all_services, 0, 'all or nothing');
        assert.deepEqual(
          body.services.map((s) => s.service_id),
          [a.id],
        );
      });

      it('a service listed twice is a 400 naming the second one', async () => {
        const a = await insertService(t.ctx.db);
        const created = await member();
        const response = await putServices(created.id, { services: [{ service_id: a.id }, { service_id: a.id }] });
        assertInvalid(response, 'services[1].service_id');
      });

      it('own duration is 5 to 1440 minutes and own price at least 0 (400 validation_failed)', async () => {
        const a = await insertService(t.ctx.db);
        const created = await member();
        for (const duration of [4, 1441, 30.5]) {
          assertInvalid(
            await putServices(created.id, { services: [{ service_id: a.id, duration_min: duration }] }),
            'services.0.duration_min',
          );
        }
        assertInvalid(
          await putServices(created.id, { services: [{ service_id: a.id, price: -1 }] }),
          'services.0.price',
        );
        assertInvalid(await putServices(created.id, {}), 'services');
        const ok = await putServices(created.id, { services: [{ service_id: a.id, duration_min: 5, price: 0 }] });
        assert.equal(ok.status, 200);
        assert.equal(ofService(ok.body, a.id)?.price, 0);
        const cleared = await putServices(created.id, {
          services: [{ service_id: a.id, duration_min: null, price: null }],
        });
        assert.equal(ofService(cleared.body, a.id)?.own_duration_min, null, 'null: the service own duration again');
      });

      it('concurrent replaces of one member run one after the other: each 200, the rows are one whole list', async () => {
        const services = await Promise.all(Array.from({ length: 5 }, () => insertService(t.ctx.db)));
        const created = await member();
        const lists = services.map((service, i) => services.slice(0, i + 1).map((s) => ({ service_id: s.id })));
        const answers = await Promise.all(lists.map((list) => putServices(created.id, { services: list })));
        assert.deepEqual(
          answers.map((a) => a.status),
          lists.map(() => 200),
        );
        const rows = await t.ctx.db
          .selectFrom('staff_services')
          .select('service_id')
          .where('staff_id', '=', created.id)
          .orderBy('service_id')
          .execute();
        const saved = rows.map((row) => row.service_id);
        assert.ok(
          lists.some(
            (list) => JSON.stringify(list.map((e) => e.service_id).sort((a, b) => a - b)) === JSON.stringify(saved),
          ),
          JSON.stringify(saved),
        );
      });

      it('an unknown member is a 404; staff may not change it (403)', async () => {
        assertError(await putServices(999_999, { services: [] }), 404, 'not_found');
        const created = await member();
        assertError(await putServices(created.id, { services: [] }, staff.token), 403, 'forbidden');
      });
    });
  });
}
