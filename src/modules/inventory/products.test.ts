import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatInstant } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A 400 with a rule's own code whose details name `field`. */
function assertRefused(response: { status: number; body: any }, code: string, field: string): void {
  assertError(response, 400, code);
  assert.deepEqual(
    response.body.details.map((d: { field: string }) => d.field),
    [field],
  );
}

type Product = {
  id: number;
  name: string;
  sku: string;
  price: number;
  purchase_price: number;
  quantity_on_hand: number;
  low_stock_threshold: number;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  vat_rate_id: number | null;
  ean_code: string;
  article_number: string;
  created_at: string;
  updated_at: string;
};

const PRODUCT_KEYS = [
  'article_number',
  'category_color',
  'category_id',
  'category_name',
  'created_at',
  'ean_code',
  'id',
  'low_stock_threshold',
  'name',
  'price',
  'purchase_price',
  'quantity_on_hand',
  'sku',
  'supplier_id',
  'supplier_name',
  'updated_at',
  'vat_rate_id',
];

const ARTICLE_NUMBER = /^ART_PRODUCT(\d{3,})$/;

for (const dialect of DIALECTS) {
  describe(`products [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let counter = 0;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/inventory/products', token, payload });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/inventory/products/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/inventory/products/${id}`, token });
    const get = (id: number, token = admin.token) =>
      t.request({ method: 'GET', url: `/api/inventory/products/${id}`, token });
    const list = async (query = '', token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/inventory/products${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const required = () => {
      counter += 1;
      return { name: `Shampoo ${counter}`, sku: `SKU-${counter}`, price: 12.5, purchase_price: 6, quantity_on_hand: 0 };
    };
    const product = async (payload: object = {}) => {
      const response = await create({ ...required(), ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Product;
    };

    const createCategory = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/inventory/categories', token, payload });
    const updateCategory = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/inventory/categories/${id}`, token, payload });
    const removeCategory = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/inventory/categories/${id}`, token });
    const categories = async (token = admin.token) => {
      const response = await t.request({ method: 'GET', url: '/api/inventory/categories', token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Array<{ id: number; name: string; color: string; position: number }>;
    };
    const category = async (payload: object = {}) => {
      const response = await createCategory({ name: 'Care', ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; name: string; color: string; position: number };
    };

    /** Suppliers belong to another module; the row is written directly. */
    const supplier = async (name: string) => {
      counter += 1;
      const now = new Date().toISOString();
      return t.ctx.db
        .insertInto('suppliers')
        .values({
          name,
          contact_person: '',
          email: '',
          phone: '',
          address: '',
          notes: '',
          website: '',
          active: 1,
          creditor_number: `TESTCRED${process.pid}-${counter}`,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
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
    const transactionsOf = (productId: number) =>
      t.ctx.db.selectFrom('stock_transactions').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    const productRow = (id: number) =>
      t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    const setSettings = (changes: { purchase_orders_enabled?: number; internal_consumption_enabled?: number }) =>
      t.ctx.db.updateTable('settings').set(changes).where('id', '=', 1).execute();
    const restoreSettings = () => setSettings({ purchase_orders_enabled: 1, internal_consumption_enabled: 1 });

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list and read products and list product categories (200)', async () => {
        const p = await product();
        const c = await category({ name: 'Staff visible' });
        assert.ok((await list('', staff.token)).some((x: Product) => x.id === p.id));
        assert.equal((await get(p.id, staff.token)).status, 200);
        assert.ok((await categories(staff.token)).some((x) => x.id === c.id));
      });

      it('a staff member may not create, update or delete products or product categories (403)', async () => {
        const p = await product({ name: 'Admin only' });
        const c = await category({ name: 'Admin only' });
        assertError(await create(required(), staff.token), 403, 'forbidden');
        assertError(await update(p.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await remove(p.id, staff.token), 403, 'forbidden');
        assertError(await createCategory({ name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await updateCategory(c.id, { name: 'By staff' }, staff.token), 403, 'forbidden');
        assertError(await removeCategory(c.id, staff.token), 403, 'forbidden');
        assert.equal((await get(p.id)).body.name, 'Admin only');
      });
    });

    describe('POST /inventory/products', () => {
      it('creates a product with every field of part 2: 201, money as numbers, datetimes in the salon zone', async () => {
        const c = await category({ name: 'Styling', color: '#224466' });
        const s = await supplier('Wholesale BV');
        const rate = await vatRate({ name: 'Standard', percentage: 21 });
        const response = await create({
          name: '  Hair wax ',
          sku: ' WAX-01 ',
          price: 14.95,
          purchase_price: 6.4,
          quantity_on_hand: 12,
          low_stock_threshold: 3,
          category_id: c.id,
          supplier_id: s.id,
          vat_rate_id: rate.id,
          ean_code: ' 8712345678906 ',
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        assert.deepEqual(Object.keys(response.body).sort(), PRODUCT_KEYS);
        const body = response.body as Product;
        assert.equal(body.name, 'Hair wax');
        assert.equal(body.sku, 'WAX-01');
        assert.equal(body.price, 14.95);
        assert.equal(body.purchase_price, 6.4);
        assert.equal(body.quantity_on_hand, 12);
        assert.equal(body.low_stock_threshold, 3);
        assert.equal(body.category_id, c.id);
        assert.equal(body.category_name, 'Styling');
        assert.equal(body.category_color, '#224466');
        assert.equal(body.supplier_id, s.id);
        assert.equal(body.supplier_name, 'Wholesale BV');
        assert.equal(body.vat_rate_id, rate.id);
        assert.equal(body.ean_code, '8712345678906');
        assert.match(body.article_number, ARTICLE_NUMBER);
        assert.match(body.created_at, DATETIME);
        const row = (await productRow(body.id))!;
        assert.equal(row.price, 1495, 'stored as cents');
        assert.equal(row.purchase_price, 640);
        assert.equal(body.created_at, formatInstant(row.created_at, 'Europe/Amsterdam'));
        assert.deepEqual((await get(body.id)).body, body);
      });

      it('optional fields: low_stock_threshold defaults to 5, ean_code to "", category and supplier to null', async () => {
        const p = await product();
        assert.equal(p.low_stock_threshold, 5);
        assert.equal(p.ean_code, '');
        assert.equal(p.category_id, null);
        assert.equal(p.category_name, null);
        assert.equal(p.category_color, null);
        assert.equal(p.supplier_id, null);
        assert.equal(p.supplier_name, null);
      });

      it('article_number comes from the ART_PRODUCT sequence: ART_PRODUCT001, ART_PRODUCT002, … (no year)', async () => {
        const current = await t.ctx.db
          .selectFrom('sequences')
          .select('value')
          .where('name', '=', 'ART_PRODUCT')
          .executeTakeFirst();
        const next = (current?.value ?? 0) + 1;
        const first = await product();
        const second = await product();
        assert.equal(first.article_number, `ART_PRODUCT${String(next).padStart(3, '0')}`);
        assert.equal(second.article_number, `ART_PRODUCT${String(next + 1).padStart(3, '0')}`);
        const row = await t.ctx.db
          .selectFrom('sequences')
          .selectAll()
          .where('name', '=', 'ART_PRODUCT')
          .executeTakeFirstOrThrow();
        assert.equal(row.period, '', 'a sequence that never restarts');
      });

      it('the first product of a salon is ART_PRODUCT001', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const owner = await setupSalon(fresh);
          const response = await fresh.request({
            method: 'POST',
            url: '/api/inventory/products',
            token: owner.token,
            payload: { name: 'First', sku: 'F-1', price: 1, purchase_price: 1, quantity_on_hand: 0 },
          });
          assert.equal(response.status, 201, JSON.stringify(response.body));
          assert.equal(response.body.article_number, 'ART_PRODUCT001');
        } finally {
          await fresh.close();
        }
      });

      it('20 concurrent creations get 20 distinct article numbers', async () => {
        const responses = await Promise.all(Array.from({ length: 20 }, () => create(required())));
        for (const response of responses) assert.equal(response.status, 201, JSON.stringify(response.body));
        const numbers = responses.map((r) => r.body.article_number as string);
        assert.equal(new Set(numbers).size, 20);
        const values = numbers.map((n) => Number(ARTICLE_NUMBER.exec(n)![1])).sort((a, b) => a - b);
        assert.equal(values.at(-1)! - values[0]!, 19, 'consecutive: no number lost or repeated');
      });

      it('the initial quantity is recorded as one stock transaction: adjustment, note "initial stock", by the admin', async () => {
        const p = await product({ quantity_on_hand: 8 });
        const rows = await transactionsOf(p.id);
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.delta, 8);
        assert.equal(rows[0]!.reason, 'adjustment');
        assert.equal(rows[0]!.note, 'initial stock');
        assert.equal(rows[0]!.quantity_after, 8);
        assert.equal(rows[0]!.user_id, admin.id);
        const empty = await product({ quantity_on_hand: 0 });
        assert.equal((await transactionsOf(empty.id)).length, 0, 'no transaction for an initial 0');
        assert.equal(empty.quantity_on_hand, 0);
      });

      it('vat_rate_id: absent → the system default VAT rate; none set → null', async () => {
        await t.ctx.db.updateTable('vat_rates').set({ is_default: 0 }).execute();
        assert.equal((await product()).vat_rate_id, null);
        const standard = await vatRate({ name: 'Default', percentage: 21, is_default: 1 });
        assert.equal((await product()).vat_rate_id, standard.id);
      });

      it('vat_rate_id, category_id and supplier_id must exist (a VAT rate also enabled): else 400', async () => {
        const disabled = await vatRate({ name: 'Disabled', percentage: 6, is_disabled: 1 });
        assertRefused(await create({ ...required(), vat_rate_id: disabled.id }), 'unknown_vat_rate', 'vat_rate_id');
        assertRefused(await create({ ...required(), vat_rate_id: 987_654 }), 'unknown_vat_rate', 'vat_rate_id');
        assertRefused(await create({ ...required(), category_id: 987_654 }), 'unknown_category', 'category_id');
        assertRefused(await create({ ...required(), supplier_id: 987_654 }), 'unknown_supplier', 'supplier_id');
      });

      it('name, sku, price, purchase_price and quantity_on_hand are required', async () => {
        for (const field of ['name', 'sku', 'price', 'purchase_price', 'quantity_on_hand'] as const) {
          const payload: Record<string, unknown> = required();
          delete payload[field];
          assertInvalid(await create(payload), field);
        }
        assertInvalid(await create({ ...required(), name: '  ' }), 'name');
        assertInvalid(await create({ ...required(), sku: '' }), 'sku');
      });

      it('price >= 0 and purchase_price >= 0; quantities are whole numbers', async () => {
        assertInvalid(await create({ ...required(), price: -1 }), 'price');
        assertInvalid(await create({ ...required(), purchase_price: -0.5 }), 'purchase_price');
        assertInvalid(await create({ ...required(), price: '10' }), 'price');
        assertInvalid(await create({ ...required(), quantity_on_hand: 1.5 }), 'quantity_on_hand');
        assertInvalid(await create({ ...required(), quantity_on_hand: -1 }), 'quantity_on_hand');
        assertInvalid(await create({ ...required(), low_stock_threshold: -1 }), 'low_stock_threshold');
        assertInvalid(await create({ ...required(), low_stock_threshold: 2.5 }), 'low_stock_threshold');
        assert.equal((await product({ price: 0, purchase_price: 0 })).price, 0);
      });

      it('unknown fields and generated fields cannot be set by the client', async () => {
        const response = await create({
          ...required(),
          id: 999_999,
          article_number: 'CHOSEN',
          created_at: '2000-01-01 00:00:00',
          active: 0,
        });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.match(response.body.article_number, ARTICLE_NUMBER);
        assert.ok(!response.body.created_at.startsWith('2000'));
        assert.equal((await productRow(response.body.id))?.active, 1);
      });
    });

    describe('GET /inventory/products', () => {
      it('a plain array of active products ordered by name (case-insensitive), then id, with category_name, category_color, supplier_name', async () => {
        const c = await category({ name: 'Listed', color: '#0a0b0c' });
        const s = await supplier('Listed supplier');
        const made = [
          await product({ name: 'order-test beta' }),
          await product({ name: 'Order-test alpha', category_id: c.id, supplier_id: s.id }),
          await product({ name: 'order-test alpha' }),
        ];
        const rows = (await list()) as Product[];
        assert.ok(Array.isArray(rows));
        for (const row of rows) assert.deepEqual(Object.keys(row).sort(), PRODUCT_KEYS);
        const mine = rows.filter((r) => made.some((m) => m.id === r.id));
        assert.deepEqual(
          mine.map((r) => r.id),
          [made[1]!.id, made[2]!.id, made[0]!.id],
        );
        const joined = mine[0]!;
        assert.equal(joined.category_name, 'Listed');
        assert.equal(joined.category_color, '#0a0b0c');
        assert.equal(joined.supplier_name, 'Listed supplier');
      });

      it('search matches part of the name, sku, ean_code or article_number, case-insensitively', async () => {
        const byName = await product({ name: 'Argan Repair Mask' });
        const bySku = await product({ sku: 'QZX-SEARCH-1' });
        const byEan = await product({ ean_code: '5551234999888' });
        const byArticle = await product();
        const ids = async (search: string) =>
          ((await list(`?search=${encodeURIComponent(search)}`)) as Product[]).map((r) => r.id);
        assert.deepEqual(await ids('aRGAN repair'), [byName.id]);
        assert.deepEqual(await ids('qzx-search'), [bySku.id]);
        assert.deepEqual(await ids('1234999'), [byEan.id]);
        assert.deepEqual(await ids(byArticle.article_number.toLowerCase()), [byArticle.id]);
        assert.deepEqual(await ids('no product has this'), []);
      });

      it('search takes %, _ and \\ literally', async () => {
        const percent = await product({ name: 'Sale 50% off' });
        const underscore = await product({ name: 'snake_case tonic' });
        await product({ name: 'Sale 50X off' });
        await product({ name: 'snakeXcase tonic' });
        const ids = async (search: string) =>
          ((await list(`?search=${encodeURIComponent(search)}`)) as Product[]).map((r) => r.id);
        assert.deepEqual(await ids('50%'), [percent.id]);
        assert.deepEqual(await ids('snake_case'), [underscore.id]);
        assert.deepEqual(await ids('%'), [percent.id]);
        const backslash = await product({ name: 'Path a\\b tonic' });
        await product({ name: 'Path ab tonic' });
        assert.deepEqual(await ids('a\\b'), [backslash.id], 'a backslash is literal too');
      });

      it('supplier_id and category_id filter the list', async () => {
        const s1 = await supplier('Filter supplier 1');
        const s2 = await supplier('Filter supplier 2');
        const c = await category({ name: 'Filter category' });
        const a = await product({ supplier_id: s1.id, category_id: c.id });
        const b = await product({ supplier_id: s1.id });
        await product({ supplier_id: s2.id });
        const bySupplier = ((await list(`?supplier_id=${s1.id}`)) as Product[]).map((r) => r.id).sort();
        assert.deepEqual(bySupplier, [a.id, b.id].sort());
        assert.deepEqual(
          ((await list(`?category_id=${c.id}`)) as Product[]).map((r) => r.id),
          [a.id],
        );
        assert.deepEqual(
          ((await list(`?category_id=${c.id}&supplier_id=${s2.id}`)) as Product[]).map((r) => r.id),
          [],
        );
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/inventory/products?supplier_id=abc', token: admin.token }),
          'supplier_id',
        );
      });

      it('low_stock_first=true puts the products at or below their threshold first, each group by name', async () => {
        const s = await supplier('Low first supplier');
        const plenty = await product({ name: 'Low-first A plenty', supplier_id: s.id, quantity_on_hand: 20 });
        const atThreshold = await product({
          name: 'Low-first B at threshold',
          supplier_id: s.id,
          quantity_on_hand: 5,
          low_stock_threshold: 5,
        });
        const empty = await product({ name: 'Low-first C empty', supplier_id: s.id, quantity_on_hand: 0 });
        const ids = (rows: Product[]) => rows.map((r) => r.id);
        assert.deepEqual(ids((await list(`?supplier_id=${s.id}`)) as Product[]), [plenty.id, atThreshold.id, empty.id]);
        assert.deepEqual(ids((await list(`?supplier_id=${s.id}&low_stock_first=true`)) as Product[]), [
          atThreshold.id,
          empty.id,
          plenty.id,
        ]);
        const paged = await list(`?supplier_id=${s.id}&low_stock_first=true&page=1&limit=2`);
        assert.deepEqual(ids(paged.data), [atThreshold.id, empty.id]);
        assert.equal(paged.total, 3);
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/inventory/products?low_stock_first=maybe', token: admin.token }),
          'low_stock_first',
        );
      });

      it('with page: { data, page, limit, total, total_pages }, filters applied to the total', async () => {
        const s = await supplier('Paged supplier');
        const made = [];
        for (let i = 0; i < 5; i++) made.push(await product({ name: `Paged ${i}`, supplier_id: s.id }));
        const first = await list(`?supplier_id=${s.id}&page=1&limit=2`);
        assert.deepEqual(Object.keys(first).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
        assert.equal(first.total, 5);
        assert.equal(first.total_pages, 3);
        assert.equal(first.limit, 2);
        assert.deepEqual(
          first.data.map((r: Product) => r.id),
          [made[0]!.id, made[1]!.id],
        );
        const last = await list(`?supplier_id=${s.id}&page=3&limit=2`);
        assert.deepEqual(
          last.data.map((r: Product) => r.id),
          [made[4]!.id],
        );
        const capped = await list('?page=1&limit=5000');
        assert.equal(capped.limit, 200);
        const searched = await list(`?search=${encodeURIComponent('Paged 3')}&page=1`);
        assert.equal(searched.total, 1);
        assert.equal(searched.limit, 50);
      });
    });

    describe('GET /inventory/products/:id', () => {
      it('answers one product; 404 for an unknown id, 400 for a non-numeric one', async () => {
        const p = await product();
        const response = await get(p.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, p);
        assertError(await get(987_654), 404, 'not_found');
        assertInvalid(await t.request({ method: 'GET', url: '/api/inventory/products/abc', token: admin.token }), 'id');
      });
    });

    describe('PUT /inventory/products/:id', () => {
      it('any field is optional; only the fields present change', async () => {
        const c = await category({ name: 'Edit category' });
        const s = await supplier('Edit supplier');
        const rate = await vatRate({ name: 'Edit rate', percentage: 9 });
        const p = await product({ name: 'Editable', low_stock_threshold: 2 });
        const response = await update(p.id, {
          name: ' Edited ',
          sku: 'ED-1',
          price: 9.99,
          purchase_price: 3.33,
          low_stock_threshold: 4,
          category_id: c.id,
          supplier_id: s.id,
          vat_rate_id: rate.id,
          ean_code: '4006381333931',
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(
          { ...response.body, updated_at: p.updated_at },
          {
            ...p,
            name: 'Edited',
            sku: 'ED-1',
            price: 9.99,
            purchase_price: 3.33,
            low_stock_threshold: 4,
            category_id: c.id,
            category_name: 'Edit category',
            category_color: '#6e56cf',
            supplier_id: s.id,
            supplier_name: 'Edit supplier',
            vat_rate_id: rate.id,
            ean_code: '4006381333931',
          },
        );
        assert.equal(response.body.article_number, p.article_number, 'the article number never changes');
        const partial = await update(p.id, { price: 11 });
        assert.deepEqual({ ...partial.body, updated_at: 'x' }, { ...response.body, price: 11, updated_at: 'x' });
        const cleared = await update(p.id, { category_id: null, supplier_id: null });
        assert.equal(cleared.body.category_id, null);
        assert.equal(cleared.body.category_name, null);
        assert.equal(cleared.body.supplier_id, null);
        assert.equal(cleared.body.supplier_name, null);
        assert.deepEqual((await update(p.id, {})).body, cleared.body, 'an empty body changes nothing');
      });

      it('validation on update: 400 for bad values and unknown references; nothing changes', async () => {
        const p = await product({ name: 'Validated' });
        assertInvalid(await update(p.id, { price: -1 }), 'price');
        assertInvalid(await update(p.id, { purchase_price: -1 }), 'purchase_price');
        assertInvalid(await update(p.id, { name: '' }), 'name');
        assertInvalid(await update(p.id, { quantity_on_hand: 'ten' }), 'quantity_on_hand');
        assertRefused(await update(p.id, { category_id: 987_654 }), 'unknown_category', 'category_id');
        assertRefused(await update(p.id, { supplier_id: 987_654 }), 'unknown_supplier', 'supplier_id');
        assertRefused(await update(p.id, { vat_rate_id: 987_654 }), 'unknown_vat_rate', 'vat_rate_id');
        assert.deepEqual((await get(p.id)).body, p);
      });

      it('an unknown id is a 404', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('quantity_on_hand: a different value while purchase_orders_enabled = 1 is a 409 stock_managed_by_purchase_orders; nothing changes', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        const response = await update(p.id, { quantity_on_hand: 7, name: 'Not renamed' });
        assertError(response, 409, 'stock_managed_by_purchase_orders');
        assert.match(response.body.error, /purchase orders/);
        const after = (await get(p.id)).body;
        assert.equal(after.quantity_on_hand, 10);
        assert.equal(after.name, p.name, 'the whole update is refused');
        assert.equal((await transactionsOf(p.id)).length, 1, 'only the initial stock');
      });

      it('quantity_on_hand: the same value while purchase orders are on is accepted and moves no stock', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        const response = await update(p.id, { quantity_on_hand: 10, name: 'Renamed with same count' });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.body.quantity_on_hand, 10);
        assert.equal(response.body.name, 'Renamed with same count');
        assert.equal((await transactionsOf(p.id)).length, 1);
      });

      it('quantity_on_hand with purchase_orders_enabled = 0: changed directly, the difference recorded as one adjustment', async () => {
        await setSettings({ purchase_orders_enabled: 0, internal_consumption_enabled: 0 });
        try {
          const p = await product({ quantity_on_hand: 10 });
          const down = await update(p.id, { quantity_on_hand: 7 });
          assert.equal(down.status, 200, JSON.stringify(down.body));
          assert.equal(down.body.quantity_on_hand, 7);
          const up = await update(p.id, { quantity_on_hand: 15 });
          assert.equal(up.body.quantity_on_hand, 15);
          const rows = await transactionsOf(p.id);
          assert.deepEqual(
            rows.map((r) => [r.delta, r.reason, r.quantity_after, r.user_id]),
            [
              [10, 'adjustment', 10, admin.id],
              [-3, 'adjustment', 7, admin.id],
              [8, 'adjustment', 15, admin.id],
            ],
          );
          await update(p.id, { quantity_on_hand: 15 });
          assert.equal((await transactionsOf(p.id)).length, 3, 'no transaction when the count does not change');
        } finally {
          await restoreSettings();
        }
      });

      it('concurrent quantity edits never lose a change: the history always adds up to the count', async () => {
        await setSettings({ purchase_orders_enabled: 0, internal_consumption_enabled: 0 });
        try {
          const p = await product({ quantity_on_hand: 50, low_stock_threshold: 0 });
          const targets = [12, 40, 7, 33, 21, 5, 48, 19, 26, 30];
          const responses = await Promise.all(targets.map((q) => update(p.id, { quantity_on_hand: q })));
          for (const response of responses) assert.equal(response.status, 200, JSON.stringify(response.body));
          const final = (await productRow(p.id))!.quantity_on_hand;
          assert.ok(targets.includes(final), `the count is one of the values set, not a mix (${final})`);
          const rows = await transactionsOf(p.id);
          assert.equal(
            rows.reduce((sum, r) => sum + r.delta, 0),
            final,
          );
          // Each move starts from where the previous one ended.
          const chain = [...rows].sort((a, b) => a.id - b.id);
          for (let i = 1; i < chain.length; i++) {
            assert.equal(chain[i]!.quantity_after - chain[i]!.delta, chain[i - 1]!.quantity_after);
          }
        } finally {
          await restoreSettings();
        }
      });
    });

    describe('DELETE /inventory/products/:id', () => {
      it('a product nothing refers to is deleted: { ok: true, archived: false }, then 404', async () => {
        const p = await product({ quantity_on_hand: 0 });
        const response = await remove(p.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true, archived: false });
        assert.equal(await productRow(p.id), undefined);
        assertError(await get(p.id), 404, 'not_found');
        assertError(await remove(p.id), 404, 'not_found');
      });

      it('a product with stock history is archived instead: { ok: true, archived: true }; 404 and gone from the list; history intact', async () => {
        const p = await product({ quantity_on_hand: 4 });
        const response = await remove(p.id);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body, { ok: true, archived: true });
        assert.equal((await productRow(p.id))?.active, 0);
        assertError(await get(p.id), 404, 'not_found');
        assertError(await update(p.id, { name: 'Back' }), 404, 'not_found');
        assertError(await remove(p.id), 404, 'not_found');
        assert.ok(!((await list()) as Product[]).some((r) => r.id === p.id));
        assert.equal((await transactionsOf(p.id)).length, 1);
      });

      it('a product on a purchase order is archived instead of deleted', async () => {
        const p = await product({ quantity_on_hand: 0 });
        const s = await supplier('PO supplier');
        const now = new Date().toISOString();
        const order = await t.ctx.db
          .insertInto('purchase_orders')
          .values({
            order_number: `TESTPO${process.pid}${p.id}`,
            supplier_id: s.id,
            staff_id: null,
            notes: '',
            order_date: '2026-01-01',
            expected_date: null,
            received_date: null,
            packing_slip_number: '',
            packing_slip_key: null,
            packing_slip_name: null,
            status: 'created',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.ctx.db
          .insertInto('purchase_order_items')
          .values({ purchase_order_id: order.id, product_id: p.id, quantity: 2, unit_cost: 100 })
          .execute();
        assert.deepEqual((await remove(p.id)).body, { ok: true, archived: true });
        assert.equal((await productRow(p.id))?.active, 0);
      });

      it('an unknown id is a 404', async () => {
        assertError(await remove(987_654), 404, 'not_found');
      });
    });

    describe('product categories', () => {
      it('POST creates { id, name, color, position } with 201; color defaults to #6e56cf', async () => {
        const response = await createCategory({ name: ' Colour care ' });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), ['color', 'id', 'name', 'position']);
        assert.equal(response.body.name, 'Colour care');
        assert.equal(response.body.color, '#6e56cf');
        assert.equal((await category({ color: '#ABCDEF' })).color, '#abcdef');
      });

      it('name is required and not blank; color must be #rrggbb', async () => {
        assertInvalid(await createCategory({}), 'name');
        assertInvalid(await createCategory({ name: '' }), 'name');
        assertInvalid(await createCategory({ name: 'Bad', color: 'green' }), 'color');
        assertInvalid(await createCategory({ name: 'Bad', color: '#abc' }), 'color');
      });

      it('GET lists categories ordered by position, then id', async () => {
        const x = await category({ name: 'Position 3', position: 3 });
        const y = await category({ name: 'Position 1', position: 1 });
        const z = await category({ name: 'Position 1 again', position: 1 });
        const rows = await categories();
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          assert.ok(a.position < b.position || (a.position === b.position && a.id < b.id), 'position, then id');
        }
        const mine = rows.filter((r) => [x.id, y.id, z.id].includes(r.id)).map((r) => r.id);
        assert.deepEqual(mine, [y.id, z.id, x.id]);
        const appended = await category({ name: 'Appended' });
        assert.equal((await categories()).at(-1)!.id, appended.id, 'without position, a new category goes last');
      });

      it('PUT changes name, color and position; 404 for an unknown id', async () => {
        const c = await category({ name: 'Before' });
        const response = await updateCategory(c.id, { name: 'After', color: '#000000', position: 9 });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { id: c.id, name: 'After', color: '#000000', position: 9 });
        assert.deepEqual((await updateCategory(c.id, { name: 'After again' })).body, {
          ...response.body,
          name: 'After again',
        });
        assertInvalid(await updateCategory(c.id, { position: -3 }), 'position');
        assertError(await updateCategory(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('DELETE removes the category; its products keep existing with category_id null', async () => {
        const c = await category({ name: 'Going' });
        const p = await product({ category_id: c.id });
        const response = await removeCategory(c.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        const after = (await get(p.id)).body;
        assert.equal(after.category_id, null);
        assert.equal(after.category_name, null);
        assert.equal(after.category_color, null);
        assertError(await removeCategory(c.id), 404, 'not_found');
      });
    });
  });
}
