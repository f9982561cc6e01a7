import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type Transaction = {
  id: number;
  product_id: number;
  product_name: string;
  delta: number;
  reason: string;
  quantity_after: number;
  note: string;
  purchase_order_id: number | null;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
};

const TRANSACTION_KEYS = [
  'created_at',
  'delta',
  'id',
  'note',
  'product_id',
  'product_name',
  'purchase_order_id',
  'quantity_after',
  'reason',
  'user_id',
  'user_name',
];

for (const dialect of DIALECTS) {
  describe(`stock transactions and internal consumption [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let secondAdmin: { token: string; id: number; email: string };
    let staff: { token: string; id: number; email: string };
    let counter = 0;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      secondAdmin = await createStaff(t, 'admin');
      staff = await createStaff(t);
      await t.ctx.db.updateTable('users').set({ name: 'Sam Stylist' }).where('id', '=', staff.id).execute();
    });
    after(() => t.close());

    const product = async (payload: object = {}) => {
      counter += 1;
      const response = await t.request({
        method: 'POST',
        url: '/api/inventory/products',
        token: admin.token,
        payload: {
          name: `Stock item ${counter}`,
          sku: `ST-${counter}`,
          price: 10,
          purchase_price: 4,
          quantity_on_hand: 0,
          ...payload,
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; name: string; quantity_on_hand: number; low_stock_threshold: number };
    };
    const setQuantity = (id: number, quantity_on_hand: number) =>
      t.request({
        method: 'PUT',
        url: `/api/inventory/products/${id}`,
        token: admin.token,
        payload: { quantity_on_hand },
      });
    const consume = (id: number, payload: object, token = staff.token) =>
      t.request({ method: 'POST', url: `/api/inventory/products/${id}/consume`, token, payload });
    const list = async (query = '', token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/inventory/transactions${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const transactionCount = async (productId: number) =>
      (
        await t.ctx.db
          .selectFrom('stock_transactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).n;
    const quantity = async (id: number) =>
      (await t.ctx.db.selectFrom('products').select('quantity_on_hand').where('id', '=', id).executeTakeFirstOrThrow())
        .quantity_on_hand;
    const setSettings = (changes: {
      purchase_orders_enabled?: number;
      internal_consumption_enabled?: number;
      low_stock_email_enabled?: number;
      timezone?: string;
    }) => t.ctx.db.updateTable('settings').set(changes).where('id', '=', 1).execute();
    const restoreSettings = () =>
      setSettings({
        purchase_orders_enabled: 1,
        internal_consumption_enabled: 1,
        low_stock_email_enabled: 1,
        timezone: 'Europe/Amsterdam',
      });
    /** Stock transactions written straight to the database, at chosen instants (list tests only). */
    const insertTransaction = (productId: number, createdAt: string, delta = 1) =>
      t.ctx.db
        .insertInto('stock_transactions')
        .values({
          product_id: productId,
          delta,
          reason: 'adjustment',
          quantity_after: 0,
          note: createdAt,
          purchase_order_id: null,
          user_id: null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

    describe('auth', () => {
      it('a staff member may list stock transactions and record internal consumption (Logged in)', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        assert.ok(Array.isArray(await list(`?product_id=${p.id}`, staff.token)));
        assert.equal((await consume(p.id, { quantity: 1 }, staff.token)).status, 200);
      });
    });

    describe('GET /inventory/transactions', () => {
      it('each item is { id, product_id, product_name, delta, reason, quantity_after, note, purchase_order_id, user_id, user_name, created_at }', async () => {
        await restoreSettings();
        const p = await product({ name: 'Listed item', quantity_on_hand: 10 });
        await consume(p.id, { quantity: 2, note: 'Back bar' });
        const rows = (await list(`?product_id=${p.id}`)) as Transaction[];
        for (const row of rows) assert.deepEqual(Object.keys(row).sort(), TRANSACTION_KEYS);
        assert.deepEqual(
          rows.map(({ id: _id, created_at: _at, ...rest }) => rest),
          [
            {
              product_id: p.id,
              product_name: 'Listed item',
              delta: -2,
              reason: 'internal_consumption',
              quantity_after: 8,
              note: 'Back bar',
              purchase_order_id: null,
              user_id: staff.id,
              user_name: 'Sam Stylist',
            },
            {
              product_id: p.id,
              product_name: 'Listed item',
              delta: 10,
              reason: 'adjustment',
              quantity_after: 10,
              note: 'initial stock',
              purchase_order_id: null,
              user_id: admin.id,
              user_name: 'Olivia Owner',
            },
          ],
        );
        for (const row of rows) assert.match(row.created_at, DATETIME);
      });

      it('newest first; product_id filters', async () => {
        const p = await product();
        const other = await product();
        const older = await insertTransaction(p.id, '2026-05-01T10:00:00.000Z');
        const newer = await insertTransaction(p.id, '2026-05-02T10:00:00.000Z');
        const sameTimeFirst = await insertTransaction(p.id, '2026-05-03T10:00:00.000Z');
        const sameTimeSecond = await insertTransaction(p.id, '2026-05-03T10:00:00.000Z');
        await insertTransaction(other.id, '2026-05-02T11:00:00.000Z');
        const rows = (await list(`?product_id=${p.id}`)) as Transaction[];
        assert.deepEqual(
          rows.map((r) => r.id),
          [sameTimeSecond.id, sameTimeFirst.id, newer.id, older.id],
        );
        assert.deepEqual(await list('?product_id=987654'), []);
      });

      it('reason filters: only the transactions with that reason; an unknown reason is 400 on reason', async () => {
        const p = await product({ quantity_on_hand: 10 });
        await consume(p.id, { quantity: 2 });
        const consumed = (await list(`?product_id=${p.id}&reason=internal_consumption`)) as Transaction[];
        assert.deepEqual(
          consumed.map((r) => [r.reason, r.delta]),
          [['internal_consumption', -2]],
        );
        const adjusted = (await list(`?product_id=${p.id}&reason=adjustment`)) as Transaction[];
        assert.deepEqual(
          adjusted.map((r) => [r.reason, r.delta]),
          [['adjustment', 10]],
        );
        const response = await t.request({
          method: 'GET',
          url: '/api/inventory/transactions?reason=stolen',
          token: admin.token,
        });
        assert.equal(response.status, 400);
        assert.ok(JSON.stringify(response.body).includes('reason'), JSON.stringify(response.body));
      });

      it('from and to are days in the salon time zone, both inclusive: to covers its whole day', async () => {
        const p = await product();
        // Europe/Amsterdam is UTC+1 in winter: 2026-01-15 runs from 2026-01-14T23:00Z to 2026-01-15T23:00Z.
        const before = await insertTransaction(p.id, '2026-01-14T22:59:59.999Z');
        const first = await insertTransaction(p.id, '2026-01-14T23:00:00.000Z');
        const last = await insertTransaction(p.id, '2026-01-15T22:59:59.999Z');
        const afterDay = await insertTransaction(p.id, '2026-01-15T23:00:00.000Z');
        const ids = async (query: string) =>
          ((await list(`?product_id=${p.id}${query}`)) as Transaction[]).map((r) => r.id);
        assert.deepEqual(await ids('&from=2026-01-15&to=2026-01-15'), [last.id, first.id]);
        assert.deepEqual(await ids('&from=2026-01-15'), [afterDay.id, last.id, first.id]);
        assert.deepEqual(await ids('&to=2026-01-14'), [before.id]);
        assert.deepEqual(await ids('&from=2026-01-16&to=2026-01-16'), [afterDay.id]);
        const row = ((await list(`?product_id=${p.id}&from=2026-01-15&to=2026-01-15`)) as Transaction[])[1]!;
        assert.equal(row.created_at, '2026-01-15 00:00:00', 'written in the salon zone');
      });

      it('day bounds follow daylight saving time and the salon time zone setting', async () => {
        const p = await product();
        // 2026-03-29: Amsterdam moves to UTC+2 at 02:00 local; the day ends at 2026-03-29T22:00Z.
        const lastOfDstDay = await insertTransaction(p.id, '2026-03-29T21:59:59.999Z');
        const nextDay = await insertTransaction(p.id, '2026-03-29T22:00:00.000Z');
        const ids = async (query: string) =>
          ((await list(`?product_id=${p.id}${query}`)) as Transaction[]).map((r) => r.id);
        assert.deepEqual(await ids('&from=2026-03-29&to=2026-03-29'), [lastOfDstDay.id]);
        assert.deepEqual(await ids('&from=2026-03-30&to=2026-03-30'), [nextDay.id]);
        await setSettings({ timezone: 'America/New_York' });
        try {
          // In New York both instants fall on 2026-03-29 (17:59 and 18:00 local).
          assert.deepEqual(await ids('&from=2026-03-29&to=2026-03-29'), [nextDay.id, lastOfDstDay.id]);
          const rows = (await list(`?product_id=${p.id}`)) as Transaction[];
          assert.equal(rows[0]!.created_at, '2026-03-29 18:00:00');
        } finally {
          await restoreSettings();
        }
      });

      it('from and to must be real dates, to not before from (400 naming the field)', async () => {
        const bad = (query: string) =>
          t.request({ method: 'GET', url: `/api/inventory/transactions${query}`, token: admin.token });
        assertInvalid(await bad('?from=2026-02-30'), 'from');
        assertInvalid(await bad('?to=15-01-2026'), 'to');
        assertInvalid(await bad('?from=2026-01-10&to=2026-01-09'), 'to');
        assertInvalid(await bad('?product_id=abc'), 'product_id');
      });

      it('with page: { data, page, limit, total, total_pages }', async () => {
        const p = await product();
        for (let i = 0; i < 3; i++) await insertTransaction(p.id, `2026-06-0${i + 1}T10:00:00.000Z`);
        const page = await list(`?product_id=${p.id}&page=2&limit=2`);
        assert.deepEqual(Object.keys(page).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
        assert.equal(page.total, 3);
        assert.equal(page.total_pages, 2);
        assert.equal(page.page, 2);
        assert.equal(page.data.length, 1);
        assert.equal(page.data[0].note, '2026-06-01T10:00:00.000Z', 'the oldest comes last');
      });
    });

    describe('POST /inventory/products/:id/consume (internal consumption)', () => {
      it('lowers the stock by quantity: one transaction, reason internal_consumption, delta -quantity, by the caller; answers the product', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 20 });
        const response = await consume(p.id, { quantity: 3, note: ' Used for a colour treatment ' });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.body.id, p.id);
        assert.equal(response.body.quantity_on_hand, 17);
        assert.equal(response.body.name, p.name);
        const rows = await t.ctx.db
          .selectFrom('stock_transactions')
          .selectAll()
          .where('product_id', '=', p.id)
          .orderBy('id', 'desc')
          .execute();
        assert.equal(rows.length, 2);
        assert.equal(rows[0]!.delta, -3);
        assert.equal(rows[0]!.reason, 'internal_consumption');
        assert.equal(rows[0]!.quantity_after, 17);
        assert.equal(rows[0]!.user_id, staff.id);
        assert.equal(rows[0]!.note, 'Used for a colour treatment');
      });

      it('stock may go below zero: the consumption happened, whatever the count said', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 1, low_stock_threshold: 0 });
        const response = await consume(p.id, { quantity: 3 });
        assert.equal(response.status, 200);
        assert.equal(response.body.quantity_on_hand, -2);
      });

      it('internal_consumption_enabled = 0 → 409 internal_consumption_disabled; nothing changes', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        await setSettings({ internal_consumption_enabled: 0 });
        try {
          assertError(await consume(p.id, { quantity: 1 }), 409, 'internal_consumption_disabled');
          assert.equal(await quantity(p.id), 10);
          assert.equal(await transactionCount(p.id), 1);
        } finally {
          await restoreSettings();
        }
      });

      it('quantity is a whole number ≥ 1; note is optional text', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        for (const payload of [{}, { quantity: 0 }, { quantity: -1 }, { quantity: 1.5 }, { quantity: '2' }]) {
          assertInvalid(await consume(p.id, payload), 'quantity');
        }
        assertInvalid(await consume(p.id, { quantity: 1, note: 5 }), 'note');
        assert.equal(await quantity(p.id), 10);
      });

      it('an unknown or deleted product is a 404', async () => {
        await restoreSettings();
        assertError(await consume(987_654, { quantity: 1 }), 404, 'not_found');
        const p = await product({ quantity_on_hand: 5 });
        await t.request({ method: 'DELETE', url: `/api/inventory/products/${p.id}`, token: admin.token });
        assertError(await consume(p.id, { quantity: 1 }), 404, 'not_found');
      });
    });

    describe('every stock change writes exactly one transaction row, in the same database transaction', () => {
      it('create with stock, PUT of the count and consumption each add one row; refused changes add none', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 10 });
        assert.equal(await transactionCount(p.id), 1, 'initial stock');
        assert.equal((await consume(p.id, { quantity: 2 })).status, 200);
        assert.equal(await transactionCount(p.id), 2, 'consumption');
        assert.equal((await setQuantity(p.id, 5)).status, 409);
        assert.equal(await transactionCount(p.id), 2, 'refused: purchase orders manage stock');

        await setSettings({ purchase_orders_enabled: 0, internal_consumption_enabled: 0 });
        try {
          assert.equal((await setQuantity(p.id, 5)).status, 200);
          assert.equal(await transactionCount(p.id), 3, 'manual adjustment');
          assert.equal((await consume(p.id, { quantity: 1 })).status, 409);
          assert.equal(await transactionCount(p.id), 3, 'refused: consumption off');
        } finally {
          await restoreSettings();
        }
        const rows = await t.ctx.db
          .selectFrom('stock_transactions')
          .select(['delta'])
          .where('product_id', '=', p.id)
          .execute();
        assert.equal(
          rows.reduce((sum, r) => sum + r.delta, 0),
          await quantity(p.id),
          'the history adds up to the count',
        );
      });

      it('concurrent consumption: every request counts, one row each', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 100, low_stock_threshold: 0 });
        const responses = await Promise.all(Array.from({ length: 15 }, () => consume(p.id, { quantity: 2 })));
        for (const response of responses) assert.equal(response.status, 200);
        assert.equal(await quantity(p.id), 70);
        assert.equal(await transactionCount(p.id), 16);
      });
    });

    describe('low stock: crossing low_stock_threshold downwards alerts every admin once', () => {
      const lowStockNotifications = (productId: number) =>
        t.ctx.db
          .selectFrom('notifications')
          .select(['user_id', 'type', 'title'])
          .where('type', '=', 'inventory.low_stock')
          .where('link', '=', `/inventory/products/${productId}`)
          .orderBy('user_id')
          .execute();
      const lowStockEmails = async (name: string) => {
        await t.drain();
        return {
          admin: t.mail.to(admin.email).filter((m) => m.subject === `Low stock: ${name}`),
          second: t.mail.to(secondAdmin.email).filter((m) => m.subject === `Low stock: ${name}`),
          staff: t.mail.to(staff.email).filter((m) => m.subject === `Low stock: ${name}`),
        };
      };

      it('through a PUT of the count (purchase orders off): one notification and one email per admin', async () => {
        await setSettings({ purchase_orders_enabled: 0, internal_consumption_enabled: 0 });
        try {
          const p = await product({ quantity_on_hand: 10, low_stock_threshold: 5 });
          assert.equal((await setQuantity(p.id, 4)).status, 200);
          const notes = await lowStockNotifications(p.id);
          assert.deepEqual(
            notes.map((n) => n.user_id),
            [admin.id, secondAdmin.id].sort((a, b) => a - b),
          );
          assert.equal(notes[0]!.title, `Low stock: ${p.name}`);
          const emails = await lowStockEmails(p.name);
          assert.equal(emails.admin.length, 1);
          assert.equal(emails.second.length, 1);
          assert.equal(emails.staff.length, 0, 'staff members are not alerted');
          assert.match(emails.admin[0]!.text, /In stock: 4/);

          // Further decreases while still low send nothing more.
          await setQuantity(p.id, 2);
          await setQuantity(p.id, 1);
          assert.equal((await lowStockNotifications(p.id)).length, 2);
          const later = await lowStockEmails(p.name);
          assert.equal(later.admin.length, 1);
          assert.equal(later.second.length, 1);
        } finally {
          await restoreSettings();
        }
      });

      it('through internal consumption: one notification and one email per admin, not one per use', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 8, low_stock_threshold: 5 });
        for (let i = 0; i < 5; i++) assert.equal((await consume(p.id, { quantity: 1 })).status, 200);
        assert.equal(await quantity(p.id), 3);
        assert.equal((await lowStockNotifications(p.id)).length, 2);
        const emails = await lowStockEmails(p.name);
        assert.equal(emails.admin.length, 1);
        assert.equal(emails.second.length, 1);
      });

      it('reaching the threshold exactly counts as low; staying above it does not alert', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 9, low_stock_threshold: 5 });
        await consume(p.id, { quantity: 3 });
        assert.equal((await lowStockNotifications(p.id)).length, 0, '6 is above 5');
        await consume(p.id, { quantity: 1 });
        assert.equal((await lowStockNotifications(p.id)).length, 2, '5 is at the threshold');
      });

      it('low_stock_email_enabled = 0 suppresses the email but not the notification', async () => {
        await setSettings({ low_stock_email_enabled: 0 });
        try {
          const p = await product({ quantity_on_hand: 6, low_stock_threshold: 5 });
          await consume(p.id, { quantity: 2 });
          assert.equal((await lowStockNotifications(p.id)).length, 2);
          const emails = await lowStockEmails(p.name);
          assert.equal(emails.admin.length, 0);
          assert.equal(emails.second.length, 0);
        } finally {
          await restoreSettings();
        }
      });

      it('rising above the threshold and falling again alerts again', async () => {
        await setSettings({ purchase_orders_enabled: 0, internal_consumption_enabled: 0 });
        try {
          const p = await product({ quantity_on_hand: 10, low_stock_threshold: 5 });
          await setQuantity(p.id, 3);
          await setQuantity(p.id, 12);
          await setQuantity(p.id, 2);
          assert.equal((await lowStockNotifications(p.id)).length, 4, 'two alerts, each to both admins');
          const emails = await lowStockEmails(p.name);
          assert.equal(emails.admin.length, 2);
          assert.equal(emails.second.length, 2);
        } finally {
          await restoreSettings();
        }
      });

      it('creating a product with stock already at or below its threshold does not alert (nothing crossed)', async () => {
        await restoreSettings();
        const p = await product({ quantity_on_hand: 2, low_stock_threshold: 5 });
        assert.equal((await lowStockNotifications(p.id)).length, 0);
      });
    });
  });
}
