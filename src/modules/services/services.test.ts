import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/** A 400 with a rule's own code whose details name `field`. */
function assertRefused(response: { status: number; body: any }, code: string, field: string): void {
  assertError(response, 400, code);
  assert.deepEqual(
    response.body.details.map((d: { field: string }) => d.field),
    [field],
  );
}

type Service = {
  id: number;
  name: string;
  duration_min: number;
  price: number;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  vat_rate_id: number | null;
  position: number;
  processing_after_min: number;
  processing_min: number;
  resource_ids: number[];
  active?: number;
};
type Category = { id: number; name: string; color: string; position: number };

const SERVICE_KEYS = [
  'category_color',
  'category_id',
  'category_name',
  'deposit_type',
  'deposit_value',
  'description',
  'duration_min',
  'id',
  'name',
  'online_bookable',
  'photo_url',
  'position',
  'price',
  'processing_after_min',
  'processing_min',
  'resource_ids',
  'vat_rate_id',
];

for (const dialect of DIALECTS) {
  describe(`services [${dialect}]`, () => {
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
      t.request({ method: 'POST', url: '/api/services', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/services/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/services/${id}`, token });
    const list = async (query = '', token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/services${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Service[];
    };
    const service = async (payload: object = {}) => {
      const response = await create({ name: 'Cut', duration_min: 30, price: 25, ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Service;
    };

    const createCategory = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/services/categories', token, payload });
    const updateCategory = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/services/categories/${id}`, token, payload });
    const removeCategory = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/services/categories/${id}`, token });
    const categories = async (token = admin.token) => {
      const response = await t.request({ method: 'GET', url: '/api/services/categories', token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Category[];
    };
    const category = async (payload: object = {}) => {
      const response = await createCategory({ name: 'Hair', ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Category;
    };
    const vatRate = async (payload: object) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/settings/vat-rates',
        token: admin.token,
        payload: { name: 'Rate', percentage: 21, ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number };
    };
    const serviceRow = (id: number) =>
      t.ctx.db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list services and service categories (200)', async () => {
        const s = await service({ name: 'Staff visible' });
        const c = await category({ name: 'Staff visible category' });
        assert.ok((await list('', staff.token)).some((x) => x.id === s.id));
        assert.ok((await categories(staff.token)).some((x) => x.id === c.id));
      });

      it('a staff member may not create, update or delete services or categories (403)', async () => {
        const s = await service({ name: 'Admin only' });
        const c = await category({ name: 'Admin only category' });
        assertError(await create({ name: 'By staff', duration_min: 10, price: 1 }, staff.token), 403, 'forbidden');
        assertError(await update(s.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(s.id, staff.token), 403, 'forbidden');
        assertError(await createCategory({ name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await updateCategory(c.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await removeCategory(c.id, staff.token), 403, 'forbidden');
        assert.equal((await serviceRow(s.id))?.name, 'Admin only');
        assert.equal((await categories()).find((x) => x.id === c.id)?.name, 'Admin only category');
      });

      it('include_archived is for admins only (403 for staff)', async () => {
        assertError(
          await t.request({ method: 'GET', url: '/api/services?include_archived=true', token: staff.token }),
          403,
          'forbidden',
        );
      });
    });

    describe('POST /services', () => {
      it('creates a service: 201 with { id, name, duration_min, price, category_id, category_name, category_color, vat_rate_id, position, processing_after_min, processing_min, resource_ids, active }', async () => {
        const c = await category({ name: 'Colour', color: '#AA00cc' });
        const response = await create({ name: '  Full colour ', duration_min: 90, price: 79.95, category_id: c.id });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), [...SERVICE_KEYS, 'active'].sort());
        assert.equal(response.body.name, 'Full colour', 'trimmed');
        assert.equal(response.body.duration_min, 90);
        assert.equal(response.body.price, 79.95);
        assert.equal(response.body.category_id, c.id);
        assert.equal(response.body.category_name, 'Colour');
        assert.equal(response.body.category_color, '#aa00cc');
        assert.equal(response.body.position, 0);
        assert.equal(response.body.active, 1);
        const listed = (await list()).find((x) => x.id === response.body.id);
        const { active: _active, ...withoutActive } = response.body;
        assert.deepEqual(listed, withoutActive);
      });

      it('money: price is a number in currency units, stored as cents', async () => {
        const s = await service({ price: 19.99 });
        assert.equal(s.price, 19.99);
        assert.equal((await serviceRow(s.id))?.price, 1999);
        const free = await service({ price: 0 });
        assert.equal(free.price, 0);
        assert.equal(typeof free.price, 'number');
      });

      it('service price >= 0: a negative price is a 400 naming price', async () => {
        assertInvalid(await create({ name: 'Negative', duration_min: 30, price: -0.01 }), 'price');
        assertInvalid(await create({ name: 'Text price', duration_min: 30, price: '25' }), 'price');
      });

      it('name, duration_min and price are required; name may not be blank', async () => {
        assertInvalid(await create({ duration_min: 30, price: 10 }), 'name');
        assertInvalid(await create({ name: '   ', duration_min: 30, price: 10 }), 'name');
        assertInvalid(await create({ name: 'No duration', price: 10 }), 'duration_min');
        assertInvalid(await create({ name: 'No price', duration_min: 30 }), 'price');
      });

      it('duration_min is a whole number of minutes from 1 to 1440', async () => {
        for (const duration_min of [0, -5, 1441, 12.5, '30']) {
          assertInvalid(await create({ name: 'Duration', duration_min, price: 10 }), 'duration_min');
        }
        assert.equal((await create({ name: 'Shortest', duration_min: 1, price: 10 })).status, 201);
        assert.equal((await create({ name: 'Longest', duration_min: 1440, price: 10 })).status, 201);
      });

      it('an unknown category_id is a 400 unknown_category', async () => {
        assertRefused(
          await create({ name: 'Orphan', duration_min: 30, price: 10, category_id: 987_654 }),
          'unknown_category',
          'category_id',
        );
      });

      it('vat_rate_id: absent → the system default VAT rate; none set → null', async () => {
        await t.ctx.db.updateTable('vat_rates').set({ is_default: 0 }).execute();
        assert.equal((await service({ name: 'No default yet' })).vat_rate_id, null);
        const standard = await vatRate({ name: 'Standard', percentage: 21, is_default: 1 });
        assert.equal((await service({ name: 'Default applied' })).vat_rate_id, standard.id);
        const low = await vatRate({ name: 'Low', percentage: 9 });
        assert.equal((await service({ name: 'Explicit rate', vat_rate_id: low.id })).vat_rate_id, low.id);
      });

      it('vat_rate_id must exist and not be disabled: else 400 unknown_vat_rate', async () => {
        const disabled = await vatRate({ name: 'Old rate', percentage: 6, is_disabled: 1 });
        const base = { name: 'Rated', duration_min: 30, price: 10 };
        assertRefused(await create({ ...base, vat_rate_id: disabled.id }), 'unknown_vat_rate', 'vat_rate_id');
        assertRefused(await create({ ...base, vat_rate_id: 987_654 }), 'unknown_vat_rate', 'vat_rate_id');
      });

      it('unknown fields and fields the client may not set are ignored', async () => {
        const response = await create({ name: 'Mass', duration_min: 30, price: 5, id: 999_999, active: 0 });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.equal(response.body.active, 1);
      });
    });

    describe('GET /services', () => {
      it('lists active services ordered by position, name (case-insensitive), then id', async () => {
        const made = [
          await service({ name: 'zz order b', position: 5 }),
          await service({ name: 'ZZ order a', position: 5 }),
          await service({ name: 'zz order c', position: 2 }),
          await service({ name: 'zz order a', position: 5 }),
        ];
        const rows = await list();
        const mine = rows.filter((r) => made.some((m) => m.id === r.id)).map((r) => r.id);
        assert.deepEqual(mine, [made[2]!.id, made[1]!.id, made[3]!.id, made[0]!.id]);
        for (let i = 1; i < rows.length; i++) {
          assert.ok(rows[i - 1]!.position <= rows[i]!.position, 'ordered by position first');
        }
      });

      it('each item is { id, name, duration_min, price, category_id, category_name, category_color, vat_rate_id, position, processing_after_min, processing_min, resource_ids }', async () => {
        const c = await category({ name: 'Nails', color: '#112233' });
        const withCategory = await service({ name: 'Manicure', category_id: c.id });
        const without = await service({ name: 'Uncategorised' });
        const rows = await list();
        for (const row of rows) assert.deepEqual(Object.keys(row).sort(), SERVICE_KEYS);
        const a = rows.find((r) => r.id === withCategory.id)!;
        assert.equal(a.category_name, 'Nails');
        assert.equal(a.category_color, '#112233');
        const b = rows.find((r) => r.id === without.id)!;
        assert.equal(b.category_id, null);
        assert.equal(b.category_name, null);
        assert.equal(b.category_color, null);
      });

      it('include_archived=true (admin) adds archived services, each item with active', async () => {
        const kept = await service({ name: 'Kept' });
        const archived = await service({ name: 'Archived by hand' });
        await t.ctx.db.updateTable('services').set({ active: 0 }).where('id', '=', archived.id).execute();
        assert.ok(!(await list()).some((r) => r.id === archived.id));
        const all = await list('?include_archived=true');
        assert.equal(all.find((r) => r.id === archived.id)?.active, 0);
        assert.equal(all.find((r) => r.id === kept.id)?.active, 1);
        assert.ok(all.every((r) => r.active === 0 || r.active === 1));
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/services?include_archived=maybe', token: admin.token }),
          'include_archived',
        );
      });
    });

    describe('PUT /services/:id', () => {
      it('only the fields present change; position is settable', async () => {
        const c = await category({ name: 'Before' });
        const s = await service({ name: 'Partial', duration_min: 45, price: 30, category_id: c.id });
        const response = await update(s.id, { price: 32.5, position: 7 });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ...s, price: 32.5, position: 7 });
        const renamed = await update(s.id, { name: ' Renamed ', duration_min: 60 });
        assert.equal(renamed.body.name, 'Renamed');
        assert.equal(renamed.body.duration_min, 60);
        assert.equal(renamed.body.category_name, 'Before');
        assert.deepEqual((await update(s.id, {})).body, renamed.body, 'an empty body changes nothing');
      });

      it('category_id changes the category; null removes it', async () => {
        const a = await category({ name: 'A' });
        const b = await category({ name: 'B', color: '#00ff00' });
        const s = await service({ category_id: a.id });
        const moved = await update(s.id, { category_id: b.id });
        assert.equal(moved.body.category_id, b.id);
        assert.equal(moved.body.category_name, 'B');
        assert.equal(moved.body.category_color, '#00ff00');
        const cleared = await update(s.id, { category_id: null });
        assert.equal(cleared.status, 200);
        assert.equal(cleared.body.category_id, null);
        assert.equal(cleared.body.category_name, null);
        assertRefused(await update(s.id, { category_id: 987_654 }), 'unknown_category', 'category_id');
      });

      it('vat_rate_id may change to an enabled rate only', async () => {
        const rate = await vatRate({ name: 'Reduced', percentage: 9 });
        const disabled = await vatRate({ name: 'Gone', percentage: 5, is_disabled: 1 });
        const s = await service();
        assert.equal((await update(s.id, { vat_rate_id: rate.id })).body.vat_rate_id, rate.id);
        assertRefused(await update(s.id, { vat_rate_id: disabled.id }), 'unknown_vat_rate', 'vat_rate_id');
        assert.equal((await serviceRow(s.id))?.vat_rate_id, rate.id);
      });

      it('validation on update: blank name, negative price, bad duration are 400 and change nothing', async () => {
        const s = await service({ name: 'Validated' });
        assertInvalid(await update(s.id, { name: ' ' }), 'name');
        assertInvalid(await update(s.id, { price: -1 }), 'price');
        assertInvalid(await update(s.id, { duration_min: 0 }), 'duration_min');
        assertInvalid(await update(s.id, { position: -1 }), 'position');
        assertInvalid(await update(s.id, { position: 1.5 }), 'position');
        assert.equal((await serviceRow(s.id))?.name, 'Validated');
      });

      it('an unknown id is a 404; a non-numeric id a 400', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
        assertError(await update(987_654, { category_id: 987_654 }), 404, 'not_found');
        assertInvalid(
          await t.request({ method: 'PUT', url: '/api/services/abc', token: admin.token, payload: {} }),
          'id',
        );
      });
    });

    describe('DELETE /services/:id', () => {
      it('a service nothing refers to is deleted: { ok: true, archived: false }, then 404', async () => {
        const s = await service({ name: 'Short-lived' });
        const response = await remove(s.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true, archived: false });
        assert.equal(await serviceRow(s.id), undefined);
        assertError(await remove(s.id), 404, 'not_found');
        assertError(await update(s.id, { name: 'Back' }), 404, 'not_found');
      });

      // Bookings arrive later with a RESTRICT foreign key to services; a throwaway table with
      // the same kind of key stands in for them (SQLite reports RESTRICT and NO ACTION keys
      // with different error codes: both are covered).
      for (const action of ['on delete restrict', 'on delete no action']) {
        it(`a service still referenced (bookings) is archived instead: { ok: true, archived: true }, hidden from the list, references intact (${action})`, async () => {
          await sql
            .raw(
              `create table test_service_refs (id integer primary key, service_id integer not null references services(id) ${action})`,
            )
            .execute(t.ctx.db);
          try {
            const s = await service({ name: 'Booked service' });
            await sql`insert into test_service_refs (id, service_id) values (1, ${s.id})`.execute(t.ctx.db);
            const response = await remove(s.id);
            assert.equal(response.status, 200, JSON.stringify(response.body));
            assert.deepEqual(response.body, { ok: true, archived: true });
            assert.equal((await serviceRow(s.id))?.active, 0, 'kept, archived');
            assert.ok(!(await list()).some((r) => r.id === s.id), 'gone from the list');
            assert.equal((await list('?include_archived=true')).find((r) => r.id === s.id)?.active, 0);
            const ref = await sql<{
              service_id: number;
            }>`select service_id from test_service_refs where id = 1`.execute(t.ctx.db);
            assert.equal(ref.rows[0]?.service_id, s.id, 'the reference still points at the service');

            // Still referenced: deleting again keeps it archived. Once free, it can go.
            assert.deepEqual((await remove(s.id)).body, { ok: true, archived: true });
            await sql`delete from test_service_refs`.execute(t.ctx.db);
            assert.deepEqual((await remove(s.id)).body, { ok: true, archived: false });
            assert.equal(await serviceRow(s.id), undefined);
          } finally {
            await sql`drop table test_service_refs`.execute(t.ctx.db);
          }
        });
      }

      it('an unknown id is a 404', async () => {
        assertError(await remove(987_654), 404, 'not_found');
      });
    });

    describe('service categories', () => {
      it('POST creates { id, name, color, position } with 201; color defaults to #6e56cf', async () => {
        const response = await createCategory({ name: '  Treatments ' });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), ['color', 'id', 'name', 'position']);
        assert.equal(response.body.name, 'Treatments');
        assert.equal(response.body.color, '#6e56cf');
        const coloured = await category({ name: 'Coloured', color: '#FF8800' });
        assert.equal(coloured.color, '#ff8800', 'stored lower-cased');
      });

      it('name is required and not blank; color must be #rrggbb', async () => {
        assertInvalid(await createCategory({}), 'name');
        assertInvalid(await createCategory({ name: ' ' }), 'name');
        for (const color of ['red', '#fff', '#12345g', '123456', '#1234567']) {
          assertInvalid(await createCategory({ name: 'Bad colour', color }), 'color');
        }
      });

      it('GET lists every category ordered by position, then id; a new one goes to the end', async () => {
        const first = await category({ name: 'Pos first', position: 0 });
        const last = await category({ name: 'Pos appended' });
        const rows = await categories();
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          assert.ok(a.position < b.position || (a.position === b.position && a.id < b.id), 'position, then id');
        }
        assert.equal(rows.at(-1)!.id, last.id);
        assert.ok(last.position >= Math.max(...rows.filter((r) => r.id !== last.id).map((r) => r.position)));
        const moved = await updateCategory(first.id, { position: last.position + 1 });
        assert.equal(moved.status, 200);
        assert.equal((await categories()).at(-1)!.id, first.id);
      });

      it('PUT changes name, color and position; only the fields present', async () => {
        const c = await category({ name: 'Editable', color: '#010101' });
        const response = await updateCategory(c.id, { name: 'Edited', color: '#ABCDEF', position: 42 });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { id: c.id, name: 'Edited', color: '#abcdef', position: 42 });
        assert.deepEqual((await updateCategory(c.id, {})).body, response.body);
        assertInvalid(await updateCategory(c.id, { color: 'blue' }), 'color');
        assertError(await updateCategory(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('a category rename shows in the services list (category_name joined)', async () => {
        const c = await category({ name: 'Old name' });
        const s = await service({ category_id: c.id });
        await updateCategory(c.id, { name: 'New name', color: '#123123' });
        const row = (await list()).find((r) => r.id === s.id)!;
        assert.equal(row.category_name, 'New name');
        assert.equal(row.category_color, '#123123');
      });

      it('DELETE removes the category; its services stay with category_id null', async () => {
        const c = await category({ name: 'Doomed' });
        const s = await service({ category_id: c.id });
        const response = await removeCategory(c.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.ok(!(await categories()).some((r) => r.id === c.id));
        const row = (await list()).find((r) => r.id === s.id)!;
        assert.equal(row.category_id, null);
        assert.equal(row.category_name, null);
        assertError(await removeCategory(c.id), 404, 'not_found');
      });
    });

    describe('routing quirk 3: /services/categories is never read as a service id', () => {
      it('GET /api/services/categories answers the category list, not a service', async () => {
        const c = await category({ name: 'Routed' });
        const response = await t.request({ method: 'GET', url: '/api/services/categories', token: admin.token });
        assert.equal(response.status, 200);
        assert.ok(Array.isArray(response.body));
        assert.ok(response.body.some((r: Category) => r.id === c.id));
        for (const row of response.body) assert.deepEqual(Object.keys(row).sort(), ['color', 'id', 'name', 'position']);
      });

      it('PUT and DELETE /api/services/categories/:id reach the category, never the service with that id', async () => {
        const c = await category({ name: 'Same id category' });
        // A service with the same id as the category, so a mix-up would show.
        if (!(await serviceRow(c.id))) {
          let s = await service();
          while (s.id < c.id) s = await service();
          // Ids below the sequence that no row holds are free to take.
          if (s.id !== c.id) await t.ctx.db.updateTable('services').set({ id: c.id }).where('id', '=', s.id).execute();
        }
        await t.ctx.db
          .updateTable('services')
          .set({ name: 'Same id service', active: 1 })
          .where('id', '=', c.id)
          .execute();
        const before = await serviceRow(c.id);
        assert.equal(before?.name, 'Same id service');
        const put = await updateCategory(c.id, { name: 'Category renamed' });
        assert.equal(put.status, 200);
        assert.equal(put.body.name, 'Category renamed');
        assert.equal((await serviceRow(c.id))?.name, 'Same id service', 'the service is untouched');
        const del = await removeCategory(c.id);
        assert.deepEqual(del.body, { ok: true });
        assert.ok(await serviceRow(c.id), 'the service still exists');
        assert.ok(!(await categories()).some((r) => r.id === c.id));
      });

      it('PUT and DELETE on the bare /api/services/categories are unknown routes (404), not a service id', async () => {
        const c = await category({ name: 'Untouchable' });
        const count = async () =>
          (
            await t.ctx.db
              .selectFrom('services')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n;
        const servicesBefore = await count();
        for (const method of ['PUT', 'DELETE'] as const) {
          const response = await t.request({
            method,
            url: '/api/services/categories',
            token: admin.token,
            ...(method === 'PUT' ? { payload: { name: 'Hijack' } } : {}),
          });
          assertError(response, 404, 'not_found');
        }
        assert.equal(await count(), servicesBefore);
        assert.equal((await categories()).find((r) => r.id === c.id)?.name, 'Untouchable');
      });
    });
  });
}
