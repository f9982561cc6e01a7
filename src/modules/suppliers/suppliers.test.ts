import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct } from '../../../test/helpers/factories.js';
import { formatInstant } from '../../lib/time.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CREDITOR = /^CRED\d{3,}$/;

const creditorValue = (creditorNumber: string) => Number(creditorNumber.slice('CRED'.length));

for (const dialect of DIALECTS) {
  describe(`suppliers [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let first: { status: number; body: any };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      // The salon's very first supplier, before any test adds others.
      first = await t.request({
        method: 'POST',
        url: '/api/suppliers',
        token: admin.token,
        payload: { name: 'First' },
      });
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/suppliers', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/suppliers/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/suppliers/${id}`, token });
    const get = (id: number | string, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/suppliers/${id}`, token });
    const list = async (query = '') => {
      const response = await t.request({ method: 'GET', url: `/api/suppliers${query}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const createOrder = (payload: object) =>
      t.request({ method: 'POST', url: '/api/suppliers/orders', token: admin.token, payload });

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list suppliers and read one (any signed-in user may read suppliers)', async () => {
        const { body: supplier } = await create({ name: 'Staff readable' });
        const listed = await t.request({ method: 'GET', url: '/api/suppliers', token: staff.token });
        assert.equal(listed.status, 200);
        assert.ok(listed.body.some((s: { id: number }) => s.id === supplier.id));
        const one = await get(supplier.id, staff.token);
        assert.equal(one.status, 200);
        assert.equal(one.body.name, 'Staff readable');
      });

      it('a staff member may not create, update or delete a supplier (403, Admin)', async () => {
        const { body: supplier } = await create({ name: 'Admin only' });
        assertError(await create({ name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await update(supplier.id, { name: 'Renamed by staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(supplier.id, staff.token), 403, 'forbidden');
        assert.equal((await get(supplier.id)).body.name, 'Admin only');
      });
    });

    describe('POST /suppliers', () => {
      it('creates a supplier: 201 with every field and a generated creditor_number', async () => {
        const response = await create({
          name: '  Haarwerk Groothandel ',
          contact_person: 'Jan de Vries',
          email: 'Orders@Haarwerk.example',
          phone: '+31 20 555 0101',
          address: 'Industrieweg 4, Utrecht',
          notes: 'Delivers on Tuesdays',
          website: 'https://haarwerk.example/shop',
        });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), [
          'active',
          'address',
          'contact_person',
          'created_at',
          'creditor_number',
          'email',
          'id',
          'name',
          'notes',
          'phone',
          'updated_at',
          'website',
        ]);
        assert.equal(response.body.name, 'Haarwerk Groothandel', 'trimmed');
        assert.equal(response.body.contact_person, 'Jan de Vries');
        assert.equal(response.body.email, 'orders@haarwerk.example', 'emails are stored lower-cased');
        assert.equal(response.body.phone, '+31 20 555 0101');
        assert.equal(response.body.address, 'Industrieweg 4, Utrecht');
        assert.equal(response.body.notes, 'Delivers on Tuesdays');
        assert.equal(response.body.website, 'https://haarwerk.example/shop');
        assert.equal(response.body.active, 1, 'a new supplier is active');
        assert.match(response.body.creditor_number, CREDITOR);
        assert.match(response.body.created_at, DATETIME);
        assert.match(response.body.updated_at, DATETIME);
        const row = await t.ctx.db
          .selectFrom('suppliers')
          .select('created_at')
          .where('id', '=', response.body.id)
          .executeTakeFirstOrThrow();
        assert.equal(response.body.created_at, formatInstant(row.created_at, 'Europe/Amsterdam'));
        const { orders, ...detail } = (await get(response.body.id)).body;
        assert.deepEqual(detail, response.body);
        assert.deepEqual(orders, []);
      });

      it('auto-numbering: creditor numbers are CRED + three digits, from CRED001, one up per supplier', async () => {
        assert.equal(first.status, 201);
        assert.equal(first.body.creditor_number, 'CRED001');
        const a = await create({ name: 'Numbered A' });
        const b = await create({ name: 'Numbered B' });
        assert.match(a.body.creditor_number, CREDITOR);
        assert.match(b.body.creditor_number, CREDITOR);
        assert.equal(creditorValue(b.body.creditor_number), creditorValue(a.body.creditor_number) + 1);
      });

      it('30 concurrent creations get 30 distinct creditor numbers', async () => {
        const responses = await Promise.all(
          Array.from({ length: 30 }, (_, i) => create({ name: `Concurrent supplier ${i}` })),
        );
        assert.deepEqual(
          responses.map((r) => r.status),
          Array(30).fill(201),
          JSON.stringify(responses.map((r) => r.body)),
        );
        const numbers = responses.map((r) => r.body.creditor_number as string);
        for (const number of numbers) assert.match(number, CREDITOR);
        assert.equal(new Set(numbers).size, 30);
      });

      it('optional fields default to empty strings', async () => {
        const response = await create({ name: 'Bare' });
        assert.equal(response.status, 201);
        for (const field of ['contact_person', 'email', 'phone', 'address', 'notes', 'website']) {
          assert.equal(response.body[field], '', field);
        }
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

      it('website must be an http(s) URL when not empty', async () => {
        for (const website of ['not a url', 'javascript:alert(1)', 'ftp://files.example', 'www.example.com']) {
          assertInvalid(await create({ name: 'Bad website', website }), 'website');
        }
        assert.equal((await create({ name: 'No website', website: '' })).status, 201);
        assert.equal((await create({ name: 'Plain http', website: 'http://shop.example' })).status, 201);
      });

      it('wrong types are a 400, never coerced', async () => {
        assertInvalid(await create({ name: 42 }), 'name');
        assertInvalid(await create({ name: 'Typed', phone: ['x'] }), 'phone');
        assertInvalid(await create({ name: 'Typed', notes: 5 }), 'notes');
        assertInvalid(await create({ name: 'Typed', address: null }), 'address');
      });

      it('unknown fields and fields the client may not set (id, creditor_number, active) are ignored', async () => {
        const response = await create({
          name: 'Mass',
          id: 999_999,
          creditor_number: 'CRED999',
          active: 0,
          created_at: '2000-01-01 00:00:00',
          colour: 'red',
        });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.notEqual(response.body.creditor_number, 'CRED999');
        assert.equal(response.body.active, 1);
        assert.ok(!response.body.created_at.startsWith('2000'));
        assert.ok(!('colour' in response.body));
      });
    });

    describe('GET /suppliers', () => {
      it('a plain array ordered by name (case-insensitive), then id', async () => {
        await create({ name: 'zeta order' });
        await create({ name: 'Alpha order' });
        await create({ name: 'beta order' });
        await create({ name: 'Alpha order' });
        const rows = (await list()) as Array<{ id: number; name: string }>;
        const byNameThenId = (a: { name: string; id: number }, b: { name: string; id: number }) => {
          const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
          return x < y ? -1 : x > y ? 1 : a.id - b.id;
        };
        assert.deepEqual(
          rows.map((r) => r.id),
          [...rows].sort(byNameThenId).map((r) => r.id),
        );
        const mine = rows.filter((r) => r.name.endsWith(' order')).map((r) => r.name);
        assert.deepEqual(mine, ['Alpha order', 'Alpha order', 'beta order', 'zeta order']);
      });

      it('active=true lists only active suppliers; active=false only inactive ones', async () => {
        const { body: on } = await create({ name: 'Filter on' });
        const { body: off } = await create({ name: 'Filter off' });
        await update(off.id, { active: false });
        const active = (await list('?active=true')) as Array<{ id: number; active: number }>;
        assert.ok(active.every((s) => s.active === 1));
        assert.ok(active.some((s) => s.id === on.id));
        assert.ok(!active.some((s) => s.id === off.id));
        const inactive = (await list('?active=false')) as Array<{ id: number; active: number }>;
        assert.ok(inactive.every((s) => s.active === 0));
        assert.ok(inactive.some((s) => s.id === off.id));
        const all = (await list()) as Array<{ id: number }>;
        assert.ok(all.some((s) => s.id === on.id) && all.some((s) => s.id === off.id));
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/suppliers?active=maybe', token: admin.token }),
          'active',
        );
      });

      it('page activates pagination: { data, page, limit, total, total_pages } in the same order', async () => {
        const all = (await list()) as Array<{ id: number }>;
        assert.ok(all.length > 3);
        const page = await list('?page=2&limit=2');
        assert.deepEqual(Object.keys(page).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
        assert.equal(page.page, 2);
        assert.equal(page.limit, 2);
        assert.equal(page.total, all.length);
        assert.equal(page.total_pages, Math.ceil(all.length / 2));
        assert.deepEqual(
          page.data.map((s: { id: number }) => s.id),
          all.slice(2, 4).map((s) => s.id),
        );
        const activePage = await list('?active=true&page=1');
        assert.equal(activePage.limit, 50, 'limit defaults to 50');
        assert.equal(activePage.total, ((await list('?active=true')) as unknown[]).length);
        assert.equal((await list('?page=1&limit=1000')).limit, 200, 'limit is capped at 200');
        assertInvalid(await t.request({ method: 'GET', url: '/api/suppliers?page=0', token: admin.token }), 'page');
      });
    });

    describe('GET /suppliers/:id', () => {
      it('the supplier with its 20 most recent purchase orders, newest first, in the order-list shape', async () => {
        const { body: supplier } = await create({ name: 'Busy supplier' });
        const { body: other } = await create({ name: 'Other supplier' });
        await createOrder({ supplier_id: other.id, order_date: '2031-01-01' });
        // 22 orders; two share a date, so id breaks the tie.
        const dates = Array.from(
          { length: 21 },
          (_, i) => `2030-${String((i % 12) + 1).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
        );
        dates.push(dates[20]!);
        const created: Array<{ id: number; order_date: string }> = [];
        for (const order_date of dates) {
          const response = await createOrder({ supplier_id: supplier.id, order_date });
          assert.equal(response.status, 201, JSON.stringify(response.body));
          created.push(response.body);
        }
        const expected = [...created]
          .sort((a, b) => (a.order_date === b.order_date ? b.id - a.id : a.order_date < b.order_date ? 1 : -1))
          .slice(0, 20)
          .map((o) => o.id);
        const newestId = expected[0]!;
        const product = await insertProduct(t.ctx.db);
        await t.request({
          method: 'PUT',
          url: `/api/suppliers/orders/${newestId}/items`,
          token: admin.token,
          payload: { items: [{ product_id: product.id, quantity: 3, unit_cost: 2.5 }] },
        });

        const response = await get(supplier.id, staff.token);
        assert.equal(response.status, 200);
        const orders = response.body.orders as Array<{ id: number; order_date: string; supplier_id: number }>;
        assert.equal(orders.length, 20);
        assert.deepEqual(
          orders.map((o) => o.id),
          expected,
        );
        assert.ok(orders.every((o) => o.supplier_id === supplier.id));
        const top = response.body.orders[0];
        assert.deepEqual(Object.keys(top).sort(), [
          'created_at',
          'creditor_number',
          'expected_date',
          'id',
          'item_count',
          'notes',
          'order_date',
          'order_number',
          'packing_slip',
          'packing_slip_number',
          'received_date',
          'staff_id',
          'staff_name',
          'status',
          'supplier_id',
          'supplier_name',
          'total_cost',
          'total_quantity',
          'updated_at',
        ]);
        assert.equal(top.id, newestId);
        assert.equal(top.item_count, 1);
        assert.equal(top.total_quantity, 3);
        assert.equal(top.total_cost, 7.5);
        assert.equal(top.supplier_name, 'Busy supplier');
      });

      it('an unknown id is a 404 { error, code: not_found }; a non-numeric id a 400', async () => {
        assertError(await get(987_654), 404, 'not_found');
        assertInvalid(await get('abc'), 'id');
        assertInvalid(await get(99_999_999_999), 'id');
      });
    });

    describe('routing quirk 3: fixed segments are never a supplier id', () => {
      it('GET /suppliers/orders is the order list, not supplier "orders"', async () => {
        const response = await t.request({ method: 'GET', url: '/api/suppliers/orders', token: staff.token });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.ok(Array.isArray(response.body));
        const paged = await t.request({ method: 'GET', url: '/api/suppliers/orders?page=1', token: staff.token });
        assert.equal(paged.status, 200);
        assert.ok(Array.isArray(paged.body.data));
      });

      it('GET /suppliers/packing-slips/zip is the ZIP archive, not a supplier', async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/suppliers/packing-slips/zip',
          headers: { authorization: `Bearer ${admin.token}` },
        });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/zip');
      });

      it('methods the fixed paths do not serve are unknown routes (404), not a bad supplier id', async () => {
        for (const [method, url] of [
          ['PUT', '/api/suppliers/orders'],
          ['DELETE', '/api/suppliers/orders'],
          ['GET', '/api/suppliers/packing-slips'],
          ['DELETE', '/api/suppliers/packing-slips'],
        ] as const) {
          assertError(await t.request({ method, url, token: admin.token, payload: {} }), 404, 'not_found');
        }
      });
    });

    describe('PUT /suppliers/:id', () => {
      it('only the fields present change; active is settable (0/1 or true/false)', async () => {
        const { body: created } = await create({ name: 'Partial', phone: '0101', email: 'partial@example.com' });
        const response = await update(created.id, { phone: '0202' });
        assert.equal(response.status, 200);
        assert.deepEqual({ ...response.body, updated_at: created.updated_at }, { ...created, phone: '0202' });
        const changed = await update(created.id, {
          name: 'Partial renamed',
          active: false,
          email: '',
          website: 'https://partial.example',
          contact_person: 'Piet',
          address: 'Kade 1',
          notes: 'note',
        });
        assert.equal(changed.status, 200);
        assert.equal(changed.body.name, 'Partial renamed');
        assert.equal(changed.body.active, 0);
        assert.equal(changed.body.email, '');
        assert.equal(changed.body.website, 'https://partial.example');
        assert.equal(changed.body.contact_person, 'Piet');
        assert.equal(changed.body.phone, '0202');
        assert.equal((await update(created.id, { active: 1 })).body.active, 1);
        const { orders: _orders, ...detail } = (await get(created.id)).body;
        assert.deepEqual({ ...detail, active: 0 }, { ...changed.body, updated_at: detail.updated_at });
      });

      it('the creditor number and id cannot be changed; an empty body changes nothing', async () => {
        const { body: created } = await create({ name: 'Fixed number' });
        const response = await update(created.id, { creditor_number: 'CRED999', id: 1 });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, created);
        assert.deepEqual((await update(created.id, {})).body, created);
      });

      it('an unknown id is a 404; invalid fields are a 400', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
        const { body: created } = await create({ name: 'Validated' });
        assertInvalid(await update(created.id, { name: '  ' }), 'name');
        assertInvalid(await update(created.id, { email: 'nope' }), 'email');
        assertInvalid(await update(created.id, { website: 'nope' }), 'website');
        assertInvalid(await update(created.id, { active: 'yes' }), 'active');
        assertInvalid(await update(created.id, { active: 2 }), 'active');
        assert.equal((await get(created.id)).body.name, 'Validated');
      });
    });

    describe('DELETE /suppliers/:id', () => {
      it('removes the supplier: 200 { ok: true }, 404 afterwards', async () => {
        const { body: supplier } = await create({ name: 'Doomed' });
        const response = await remove(supplier.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assertError(await get(supplier.id), 404, 'not_found');
        assertError(await remove(supplier.id), 404, 'not_found');
        assertError(await update(supplier.id, { name: 'Back' }), 404, 'not_found');
      });

      it('a supplier with purchase orders is a 409 supplier_in_use ("deactivate it instead") and is kept', async () => {
        const { body: supplier } = await create({ name: 'Has orders' });
        const order = await createOrder({ supplier_id: supplier.id });
        assert.equal(order.status, 201);
        const response = await remove(supplier.id);
        assertError(response, 409, 'supplier_in_use');
        assert.match(response.body.error, /deactivate/);
        assert.equal((await get(supplier.id)).status, 200);
        assert.equal((await update(supplier.id, { active: 0 })).body.active, 0);
        // Once its orders are gone it can be removed.
        await t.request({ method: 'DELETE', url: `/api/suppliers/orders/${order.body.id}`, token: admin.token });
        assert.equal((await remove(supplier.id)).status, 200);
      });

      it('a supplier of a product is a 409 supplier_in_use and is kept', async () => {
        const { body: supplier } = await create({ name: 'Has products' });
        await insertProduct(t.ctx.db, { supplier_id: supplier.id });
        assertError(await remove(supplier.id), 409, 'supplier_in_use');
        assert.equal((await get(supplier.id)).status, 200);
        // The failed delete left the connection usable (PostgreSQL: no aborted transaction).
        assert.equal((await create({ name: 'After the conflict' })).status, 201);
      });
    });
  });
}
