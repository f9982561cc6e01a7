import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct } from '../../../test/helpers/factories.js';
import { nextNumber } from '../../db/sequences.js';
import { todayIn } from '../../lib/time.js';

const ZONE = 'Europe/Amsterdam';
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const runningNumber = (orderNumber: string) => Number(orderNumber.slice(4));

for (const dialect of DIALECTS) {
  describe(`purchase orders [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let supplier: { id: number; name: string; creditor_number: string };
    let yy: string;
    let firstOfYear: { status: number; body: any };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      supplier = (
        await t.request({
          method: 'POST',
          url: '/api/suppliers',
          token: admin.token,
          payload: { name: 'Order supplier' },
        })
      ).body;
      // Last year's orders ran up to 57; this year's first order still starts at 0001.
      yy = todayIn(ZONE).slice(2, 4);
      const lastYear = String((Number(yy) + 99) % 100).padStart(2, '0');
      await t.ctx.db.insertInto('sequences').values({ name: 'IO', period: lastYear, value: 57 }).execute();
      firstOfYear = await t.request({
        method: 'POST',
        url: '/api/suppliers/orders',
        token: admin.token,
        payload: { supplier_id: supplier.id },
      });
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/suppliers/orders', token, payload });
    const newOrder = async (payload: object = {}) => {
      const response = await create({ supplier_id: supplier.id, ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    };
    const get = (id: number | string, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/suppliers/orders/${id}`, token });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/suppliers/orders/${id}`, token, payload });
    const setItems = (id: number, items: object[], token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/suppliers/orders/${id}/items`, token, payload: { items } });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/suppliers/orders/${id}`, token });
    const list = async (query = '', token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/suppliers/orders${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const quantity = async (id: number) =>
      (await t.ctx.db.selectFrom('products').select('quantity_on_hand').where('id', '=', id).executeTakeFirstOrThrow())
        .quantity_on_hand;
    const transactionsOf = (productId: number) =>
      t.ctx.db.selectFrom('stock_transactions').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    /** An order with two lines: 4 × A and 6 × B. */
    const orderWithLines = async () => {
      const a = await insertProduct(t.ctx.db, { quantity_on_hand: 10, low_stock_threshold: 0 });
      const b = await insertProduct(t.ctx.db, { quantity_on_hand: 1, low_stock_threshold: 0 });
      const order = await newOrder();
      const response = await setItems(order.id, [
        { product_id: a.id, quantity: 4, unit_cost: 3.25 },
        { product_id: b.id, quantity: 6, unit_cost: 10 },
      ]);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return { order: response.body, a, b };
    };

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list and read orders (Logged in)', async () => {
        const order = await newOrder();
        const listed = await list('', staff.token);
        assert.ok(listed.some((o: { id: number }) => o.id === order.id));
        assert.equal((await get(order.id, staff.token)).status, 200);
      });

      it('a staff member may not create, update, change items of or delete an order (403, Admin)', async () => {
        const order = await newOrder();
        const product = await insertProduct(t.ctx.db);
        assertError(await create({ supplier_id: supplier.id }, staff.token), 403, 'forbidden');
        assertError(await update(order.id, { status: 'received' }, staff.token), 403, 'forbidden');
        assertError(
          await setItems(order.id, [{ product_id: product.id, quantity: 1, unit_cost: 1 }], staff.token),
          403,
          'forbidden',
        );
        assertError(await remove(order.id, staff.token), 403, 'forbidden');
        const after = (await get(order.id)).body;
        assert.equal(after.status, 'created');
        assert.deepEqual(after.items, []);
      });
    });

    describe('POST /suppliers/orders', () => {
      it('creates an order: 201, status created, empty items, the defaults of part 2', async () => {
        const response = await create({ supplier_id: supplier.id });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), [
          'created_at',
          'creditor_number',
          'expected_date',
          'id',
          'items',
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
          'updated_at',
        ]);
        const order = response.body;
        assert.equal(order.status, 'created');
        assert.deepEqual(order.items, []);
        assert.equal(order.supplier_id, supplier.id);
        assert.equal(order.supplier_name, 'Order supplier');
        assert.equal(order.creditor_number, supplier.creditor_number);
        assert.equal(order.staff_id, admin.id, 'staff_id defaults to the caller');
        assert.equal(order.staff_name, 'Olivia Owner');
        assert.equal(order.order_date, todayIn(ZONE), 'order_date defaults to today in the salon time zone');
        assert.equal(order.expected_date, null);
        assert.equal(order.received_date, null);
        assert.equal(order.notes, '');
        assert.equal(order.packing_slip_number, '');
        assert.equal(order.packing_slip, null);
        assert.match(order.created_at, DATETIME);
        assert.match(order.updated_at, DATETIME);
        assert.deepEqual((await get(order.id)).body, order);
      });

      it('takes staff_id, notes, order_date and expected_date', async () => {
        const response = await create({
          supplier_id: supplier.id,
          staff_id: staff.id,
          notes: '  Rush order ',
          order_date: '2026-03-02',
          expected_date: '2026-03-09',
        });
        assert.equal(response.status, 201);
        assert.equal(response.body.staff_id, staff.id);
        assert.equal(response.body.staff_name, 'Test staff');
        assert.equal(response.body.notes, 'Rush order');
        assert.equal(response.body.order_date, '2026-03-02');
        assert.equal(response.body.expected_date, '2026-03-09');
      });

      it('auto-numbering: IO + two-digit year + four digits, from 0001 each year, one up per order', async () => {
        assert.equal(firstOfYear.status, 201);
        assert.equal(firstOfYear.body.order_number, `IO${yy}0001`);
        const a = await newOrder();
        const b = await newOrder();
        assert.match(a.order_number, new RegExp(`^IO${yy}\\d{4}$`));
        assert.equal(runningNumber(b.order_number), runningNumber(a.order_number) + 1);
      });

      it('auto-numbering: another year restarts at 0001 and leaves this year’s count alone', async () => {
        const before = await newOrder();
        const inAnotherYear = new Date('2040-06-01T12:00:00Z');
        assert.equal(await nextNumber(t.ctx.db, 'IO', ZONE, inAnotherYear), 'IO400001');
        assert.equal(await nextNumber(t.ctx.db, 'IO', ZONE, inAnotherYear), 'IO400002');
        const next = await newOrder();
        assert.equal(runningNumber(next.order_number), runningNumber(before.order_number) + 1);
      });

      it('20 concurrent creations get 20 distinct order numbers', async () => {
        const responses = await Promise.all(Array.from({ length: 20 }, () => create({ supplier_id: supplier.id })));
        assert.deepEqual(
          responses.map((r) => r.status),
          Array(20).fill(201),
        );
        assert.equal(new Set(responses.map((r) => r.body.order_number)).size, 20);
      });

      it('an unknown supplier is a 400 unknown_supplier; an inactive one a 400 supplier_inactive', async () => {
        const unknown = await create({ supplier_id: 987_654 });
        assertError(unknown, 400, 'unknown_supplier');
        assert.equal(unknown.body.details[0].field, 'supplier_id');
        const { body: inactive } = await t.request({
          method: 'POST',
          url: '/api/suppliers',
          token: admin.token,
          payload: { name: 'Dormant' },
        });
        await t.request({
          method: 'PUT',
          url: `/api/suppliers/${inactive.id}`,
          token: admin.token,
          payload: { active: 0 },
        });
        assertError(await create({ supplier_id: inactive.id }), 400, 'supplier_inactive');
      });

      it('staff_id must be an existing, active user (400 unknown_staff)', async () => {
        const response = await create({ supplier_id: supplier.id, staff_id: 987_654 });
        assertError(response, 400, 'unknown_staff');
        assert.equal(response.body.details[0].field, 'staff_id');
      });

      it('validation: supplier_id required, real dates, right types (400 with details)', async () => {
        assertInvalid(await create({}), 'supplier_id');
        assertInvalid(await create({ supplier_id: 'one' }), 'supplier_id');
        assertInvalid(await create({ supplier_id: supplier.id, order_date: '2026-02-30' }), 'order_date');
        assertInvalid(await create({ supplier_id: supplier.id, order_date: '01-03-2026' }), 'order_date');
        assertInvalid(await create({ supplier_id: supplier.id, expected_date: '2026-13-01' }), 'expected_date');
        assertInvalid(await create({ supplier_id: supplier.id, notes: 7 }), 'notes');
      });

      it('order_number, status, items and received_date cannot be set by the client', async () => {
        const response = await create({
          supplier_id: supplier.id,
          order_number: 'IO999999',
          status: 'received',
          received_date: '2026-01-01',
          items: [{ product_id: 1, quantity: 1, unit_cost: 1 }],
        });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.order_number, 'IO999999');
        assert.equal(response.body.status, 'created');
        assert.equal(response.body.received_date, null);
        assert.deepEqual(response.body.items, []);
      });
    });

    describe('GET /suppliers/orders and GET /suppliers/orders/:id', () => {
      it('the list is newest first (order_date, then id, descending) with supplier_name and item counts', async () => {
        const { order } = await orderWithLines();
        const rows = (await list()) as Array<{ id: number; order_date: string }>;
        const sorted = [...rows].sort((a, b) =>
          a.order_date === b.order_date ? b.id - a.id : a.order_date < b.order_date ? 1 : -1,
        );
        assert.deepEqual(
          rows.map((r) => r.id),
          sorted.map((r) => r.id),
        );
        const mine = (await list()).find((o: { id: number }) => o.id === order.id);
        assert.equal(mine.supplier_name, 'Order supplier');
        assert.equal(mine.item_count, 2, 'lines');
        assert.equal(mine.total_quantity, 10);
        assert.equal(mine.total_cost, 73, '4 × 3.25 + 6 × 10');
        assert.ok(!('items' in mine));
        const empty = (await list()).find((o: { id: number }) => o.id === firstOfYear.body.id);
        assert.equal(empty.item_count, 0);
        assert.equal(empty.total_quantity, 0);
        assert.equal(empty.total_cost, 0);
      });

      it('status filters the list; an unknown status is a 400 naming the allowed values', async () => {
        const cancelled = await newOrder();
        await update(cancelled.id, { status: 'cancelled' });
        const rows = (await list('?status=cancelled')) as Array<{ id: number; status: string }>;
        assert.ok(rows.length >= 1);
        assert.ok(rows.every((r) => r.status === 'cancelled'));
        assert.ok(rows.some((r) => r.id === cancelled.id));
        const bad = await t.request({ method: 'GET', url: '/api/suppliers/orders?status=lost', token: admin.token });
        assertInvalid(bad, 'status');
        assert.match(bad.body.details[0].message, /created, ordered, received, cancelled/);
      });

      it('page activates pagination with the total of the filtered list', async () => {
        const all = (await list()) as Array<{ id: number }>;
        const page = await list('?page=2&limit=3');
        assert.deepEqual(Object.keys(page).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
        assert.equal(page.total, all.length);
        assert.equal(page.total_pages, Math.ceil(all.length / 3));
        assert.deepEqual(
          page.data.map((o: { id: number }) => o.id),
          all.slice(3, 6).map((o) => o.id),
        );
        const created = await list('?status=created&page=1&limit=200');
        assert.equal(created.total, ((await list('?status=created')) as unknown[]).length);
      });

      it('one order carries all its lines: { id, product_id, product_name, sku, quantity, unit_cost }', async () => {
        const { order, a, b } = await orderWithLines();
        const response = await get(order.id, staff.token);
        assert.equal(response.status, 200);
        assert.deepEqual(
          response.body.items.map(({ id: _id, ...item }: { id: number }) => item),
          [
            { product_id: a.id, product_name: a.name, sku: a.sku, quantity: 4, unit_cost: 3.25 },
            { product_id: b.id, product_name: b.name, sku: b.sku, quantity: 6, unit_cost: 10 },
          ],
        );
        assert.ok(response.body.items.every((item: { id: unknown }) => Number.isInteger(item.id)));
      });

      it('an unknown order is a 404; a non-numeric id a 400', async () => {
        assertError(await get(987_654), 404, 'not_found');
        assertInvalid(await get('first'), 'id');
      });
    });

    describe('PUT /suppliers/orders/:id/items', () => {
      it('replaces all items at once; money is returned as numbers; an empty list clears them', async () => {
        const { order, a } = await orderWithLines();
        const c = await insertProduct(t.ctx.db);
        const response = await setItems(order.id, [
          { product_id: c.id, quantity: 2, unit_cost: 12.5 },
          { product_id: a.id, quantity: 1, unit_cost: 0 },
        ]);
        assert.equal(response.status, 200);
        assert.deepEqual(
          response.body.items.map((i: { product_id: number; quantity: number; unit_cost: number }) => [
            i.product_id,
            i.quantity,
            i.unit_cost,
          ]),
          [
            [c.id, 2, 12.5],
            [a.id, 1, 0],
          ],
        );
        assert.deepEqual((await get(order.id)).body, response.body);
        const rows = await t.ctx.db
          .selectFrom('purchase_order_items')
          .select('unit_cost')
          .where('purchase_order_id', '=', order.id)
          .orderBy('id')
          .execute();
        assert.deepEqual(
          rows.map((r) => r.unit_cost),
          [1250, 0],
          'stored as cents',
        );
        const cleared = await setItems(order.id, []);
        assert.equal(cleared.status, 200);
        assert.deepEqual(cleared.body.items, []);
      });

      it('allowed while ordered', async () => {
        const { order, a } = await orderWithLines();
        assert.equal((await update(order.id, { status: 'ordered' })).status, 200);
        const response = await setItems(order.id, [{ product_id: a.id, quantity: 9, unit_cost: 1 }]);
        assert.equal(response.status, 200);
        assert.equal(response.body.items.length, 1);
      });

      it('refused once received or cancelled: 409 order_locked, items unchanged', async () => {
        const { order, a } = await orderWithLines();
        await update(order.id, { status: 'received' });
        assertError(await setItems(order.id, [{ product_id: a.id, quantity: 1, unit_cost: 1 }]), 409, 'order_locked');
        assert.equal((await get(order.id)).body.items.length, 2);
        const cancelled = await orderWithLines();
        await update(cancelled.order.id, { status: 'cancelled' });
        assertError(await setItems(cancelled.order.id, []), 409, 'order_locked');
        assert.equal((await get(cancelled.order.id)).body.items.length, 2);
      });

      it('an unknown product is a 400 unknown_product naming the line; nothing is replaced', async () => {
        const { order, a } = await orderWithLines();
        const response = await setItems(order.id, [
          { product_id: a.id, quantity: 1, unit_cost: 1 },
          { product_id: 987_654, quantity: 1, unit_cost: 1 },
        ]);
        assertError(response, 400, 'unknown_product');
        assert.deepEqual(response.body.details, [
          { field: 'items.1.product_id', message: 'is not an existing product' },
        ]);
        assert.equal((await get(order.id)).body.items.length, 2);
      });

      it('an archived product cannot be added, but a line that already orders it may be saved again', async () => {
        const { order, a, b } = await orderWithLines();
        await t.ctx.db.updateTable('products').set({ active: 0 }).where('id', 'in', [a.id, b.id]).execute();
        const kept = await setItems(order.id, [{ product_id: a.id, quantity: 5, unit_cost: 3.25 }]);
        assert.equal(kept.status, 200, JSON.stringify(kept.body));
        assert.equal(kept.body.items[0].quantity, 5);
        const other = await newOrder();
        const response = await setItems(other.id, [{ product_id: a.id, quantity: 1, unit_cost: 1 }]);
        assertError(response, 400, 'unknown_product');
        assert.equal(response.body.details[0].field, 'items.0.product_id');
        // b left the order above, so it is no longer "already on it".
        assertError(
          await setItems(order.id, [{ product_id: b.id, quantity: 1, unit_cost: 1 }]),
          400,
          'unknown_product',
        );
      });

      it('validation: quantity an integer ≥ 1, unit_cost a number ≥ 0, at most 500 lines', async () => {
        const { order, a } = await orderWithLines();
        assertInvalid(await setItems(order.id, [{ product_id: a.id, quantity: 0, unit_cost: 1 }]), 'items.0.quantity');
        assertInvalid(
          await setItems(order.id, [{ product_id: a.id, quantity: 1.5, unit_cost: 1 }]),
          'items.0.quantity',
        );
        assertInvalid(
          await setItems(order.id, [{ product_id: a.id, quantity: 1, unit_cost: -1 }]),
          'items.0.unit_cost',
        );
        assertInvalid(
          await setItems(order.id, [{ product_id: a.id, quantity: 1, unit_cost: '1' }]),
          'items.0.unit_cost',
        );
        assertInvalid(await setItems(order.id, [{ quantity: 1, unit_cost: 1 }]), 'items.0.product_id');
        assertInvalid(
          await t.request({
            method: 'PUT',
            url: `/api/suppliers/orders/${order.id}/items`,
            token: admin.token,
            payload: {},
          }),
          'items',
        );
        const tooMany = Array.from({ length: 501 }, () => ({ product_id: a.id, quantity: 1, unit_cost: 1 }));
        assertInvalid(await setItems(order.id, tooMany), 'items');
        const most = await setItems(order.id, tooMany.slice(1));
        assert.equal(most.status, 200);
        assert.equal(most.body.items.length, 500);
      });

      it('an unknown order is a 404', async () => {
        assertError(await setItems(987_654, []), 404, 'not_found');
      });
    });

    describe('status changes (spec part 3; transitions the spec leaves open as documented)', () => {
      it('created ⇄ ordered, created/ordered → cancelled, cancelled → created', async () => {
        const order = await newOrder();
        const steps: Array<[string, string]> = [
          ['ordered', 'ordered'],
          ['created', 'created'],
          ['cancelled', 'cancelled'],
          ['created', 'created'],
          ['ordered', 'ordered'],
          ['cancelled', 'cancelled'],
        ];
        for (const [status, expected] of steps) {
          const response = await update(order.id, { status });
          assert.equal(response.status, 200, `${status}: ${JSON.stringify(response.body)}`);
          assert.equal(response.body.status, expected);
        }
      });

      it('setting the current status again is a 200 that changes nothing', async () => {
        const order = await newOrder();
        const response = await update(order.id, { status: 'created' });
        assert.equal(response.status, 200);
        assert.equal(response.body.status, 'created');
      });

      it('cancelled → ordered is a 409 invalid_transition (go through created)', async () => {
        const order = await newOrder();
        await update(order.id, { status: 'cancelled' });
        assertError(await update(order.id, { status: 'ordered' }), 409, 'invalid_transition');
        assert.equal((await get(order.id)).body.status, 'cancelled');
      });

      it('leaving received for any other status is a 409 invalid_transition; stock stays', async () => {
        const { order, a } = await orderWithLines();
        await update(order.id, { status: 'received' });
        const stock = await quantity(a.id);
        for (const status of ['created', 'ordered', 'cancelled']) {
          const response = await update(order.id, { status, notes: 'ignored' });
          assertError(response, 409, 'invalid_transition');
          assert.match(response.body.error, /delete/);
        }
        const after = (await get(order.id)).body;
        assert.equal(after.status, 'received');
        assert.equal(after.notes, '', 'a refused change changes nothing');
        assert.equal(await quantity(a.id), stock);
      });

      it('notes, dates and packing_slip_number change; expected_date may be cleared with null', async () => {
        const order = await newOrder({ expected_date: '2026-05-01' });
        const response = await update(order.id, {
          notes: ' Call first ',
          order_date: '2026-04-20',
          packing_slip_number: 'PS-1234',
        });
        assert.equal(response.status, 200);
        assert.equal(response.body.notes, 'Call first');
        assert.equal(response.body.order_date, '2026-04-20');
        assert.equal(response.body.packing_slip_number, 'PS-1234');
        assert.equal(response.body.expected_date, '2026-05-01', 'untouched');
        assert.equal(response.body.status, 'created');
        assert.equal((await update(order.id, { expected_date: null })).body.expected_date, null);
      });

      it('validation: unknown status, unreal dates, received_date null are 400; unknown id 404', async () => {
        const order = await newOrder();
        const bad = await update(order.id, { status: 'shipped' });
        assertInvalid(bad, 'status');
        assertInvalid(await update(order.id, { order_date: '2026-02-29' }), 'order_date');
        assertInvalid(await update(order.id, { expected_date: 'soon' }), 'expected_date');
        assertInvalid(await update(order.id, { received_date: '2026-04-31' }), 'received_date');
        assertInvalid(await update(order.id, { received_date: null }), 'received_date');
        assertInvalid(await update(order.id, { notes: null }), 'notes');
        assertError(await update(987_654, { notes: 'x' }), 404, 'not_found');
      });
    });

    describe('receiving (any → received)', () => {
      it('received increments the stock of every line, writes delivery transactions, sets received_date to today', async () => {
        const { order, a, b } = await orderWithLines();
        const response = await update(order.id, { status: 'received' });
        assert.equal(response.status, 200);
        assert.equal(response.body.status, 'received');
        assert.equal(response.body.received_date, todayIn(ZONE));
        assert.equal(await quantity(a.id), 14);
        assert.equal(await quantity(b.id), 7);
        for (const [product, delta, after] of [
          [a, 4, 14],
          [b, 6, 7],
        ] as const) {
          const rows = await transactionsOf(product.id);
          assert.equal(rows.length, 1);
          assert.equal(rows[0]!.delta, delta);
          assert.equal(rows[0]!.reason, 'delivery');
          assert.equal(rows[0]!.quantity_after, after);
          assert.equal(rows[0]!.purchase_order_id, order.id);
          assert.equal(rows[0]!.user_id, admin.id);
          assert.match(rows[0]!.note, new RegExp(order.order_number));
        }
      });

      it('a given received_date is kept', async () => {
        const { order } = await orderWithLines();
        const response = await update(order.id, { status: 'received', received_date: '2026-02-14' });
        assert.equal(response.body.received_date, '2026-02-14');
      });

      it('any status may become received: from ordered and from cancelled too', async () => {
        const ordered = await orderWithLines();
        await update(ordered.order.id, { status: 'ordered' });
        assert.equal((await update(ordered.order.id, { status: 'received' })).body.status, 'received');
        assert.equal(await quantity(ordered.a.id), 14);
        const cancelled = await orderWithLines();
        await update(cancelled.order.id, { status: 'cancelled' });
        assert.equal((await update(cancelled.order.id, { status: 'received' })).body.status, 'received');
        assert.equal(await quantity(cancelled.a.id), 14);
      });

      it('a second received is a 200 no-op: stock, transactions and received_date unchanged', async () => {
        const { order, a, b } = await orderWithLines();
        const first = await update(order.id, { status: 'received', received_date: '2026-03-03' });
        const second = await update(order.id, { status: 'received' });
        assert.equal(second.status, 200);
        assert.equal(second.body.status, 'received');
        assert.equal(second.body.received_date, '2026-03-03');
        assert.deepEqual(second.body.items, first.body.items);
        assert.equal(await quantity(a.id), 14);
        assert.equal(await quantity(b.id), 7);
        assert.equal((await transactionsOf(a.id)).length, 1);
      });

      it('20 concurrent receives raise the stock once', async () => {
        const { order, a, b } = await orderWithLines();
        const responses = await Promise.all(Array.from({ length: 20 }, () => update(order.id, { status: 'received' })));
        for (const response of responses) {
          assert.ok(response.status >= 200 && response.status < 300, JSON.stringify(response.body));
          assert.equal(response.body.status, 'received');
        }
        assert.equal(await quantity(a.id), 14);
        assert.equal(await quantity(b.id), 7);
        assert.equal((await transactionsOf(a.id)).length, 1);
        assert.equal((await transactionsOf(b.id)).length, 1);
      });

      it('a received order still takes notes, packing_slip_number and a corrected received_date', async () => {
        const { order, a } = await orderWithLines();
        await update(order.id, { status: 'received' });
        const response = await update(order.id, {
          notes: 'Box 2 damaged',
          packing_slip_number: 'PS-9',
          received_date: '2026-01-31',
        });
        assert.equal(response.status, 200);
        assert.equal(response.body.notes, 'Box 2 damaged');
        assert.equal(response.body.packing_slip_number, 'PS-9');
        assert.equal(response.body.received_date, '2026-01-31');
        assert.equal(await quantity(a.id), 14, 'no second stock move');
      });
    });

    describe('DELETE /suppliers/orders/:id', () => {
      it('works for created, ordered and cancelled orders without touching stock: { ok: true }, 404 afterwards', async () => {
        for (const status of ['created', 'ordered', 'cancelled']) {
          const { order, a } = await orderWithLines();
          if (status !== 'created') await update(order.id, { status });
          const response = await remove(order.id);
          assert.equal(response.status, 200);
          assert.deepEqual(response.body, { ok: true });
          assertError(await get(order.id), 404, 'not_found');
          assert.equal(await quantity(a.id), 10, status);
          assert.equal((await transactionsOf(a.id)).length, 0);
          const lines = await t.ctx.db
            .selectFrom('purchase_order_items')
            .select('id')
            .where('purchase_order_id', '=', order.id)
            .execute();
          assert.equal(lines.length, 0, 'its lines go with it');
        }
      });

      it('a received order’s stock is decremented with reversing delivery_reversal transactions', async () => {
        const { order, a, b } = await orderWithLines();
        await update(order.id, { status: 'received' });
        assert.equal(await quantity(a.id), 14);
        const response = await remove(order.id);
        assert.equal(response.status, 200);
        assert.equal(await quantity(a.id), 10);
        assert.equal(await quantity(b.id), 1);
        const rows = await transactionsOf(a.id);
        assert.deepEqual(
          rows.map((r) => [r.delta, r.reason, r.quantity_after]),
          [
            [4, 'delivery', 14],
            [-4, 'delivery_reversal', 10],
          ],
        );
        // The link to the deleted order is gone; its number stays in the note.
        assert.ok(rows.every((r) => r.purchase_order_id === null));
        assert.ok(rows.every((r) => r.note.includes(order.order_number)));
        assertError(await get(order.id), 404, 'not_found');
      });

      it('a reversal may take stock below zero when the goods were sold meanwhile', async () => {
        const { order, b } = await orderWithLines();
        await update(order.id, { status: 'received' });
        await t.ctx.db.updateTable('products').set({ quantity_on_hand: 2 }).where('id', '=', b.id).execute();
        assert.equal((await remove(order.id)).status, 200);
        assert.equal(await quantity(b.id), -4);
      });

      it('an unknown order is a 404', async () => {
        assertError(await remove(987_654), 404, 'not_found');
      });
    });
  });
}
