import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct, insertUser } from '../../../test/helpers/factories.js';
import { moveStock } from '../inventory/stock.js';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from './types.js';

const URL = '/api/notifications/preferences';

const NAMED_TYPES = [
  'booking.new',
  'booking.cancelled',
  'booking.updated',
  'booking.request',
  'inventory.low_stock',
  'review.new',
  'pos.payment_failed',
  'campaign.sent',
];

for (const dialect of DIALECTS) {
  describe(`notification preferences [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    /** A signed-in user of its own, so that one test's choices never leak into another's. */
    const freshUser = (role: 'admin' | 'staff' = 'staff') => insertUser(t.ctx, { role, name: `Fresh ${role}` });
    const get = (token: string) => t.request({ method: 'GET', url: URL, token });
    const put = (token: string, payload: unknown) =>
      t.request({ method: 'PUT', url: URL, token, payload: payload as object });
    const stored = (userId: number) =>
      t.ctx.db
        .selectFrom('notification_preferences')
        .select(['type', 'email', 'push', 'in_app'])
        .where('user_id', '=', userId)
        .orderBy('type')
        .execute();

    it('preferences defaults: every known type, each { email, push, in_app } booleans, with its default', async () => {
      const user = await freshUser();
      const response = await get(user.token);
      assert.equal(response.status, 200);
      assert.deepEqual(Object.keys(response.body).sort(), [...NOTIFICATION_TYPES].sort());
      for (const type of NAMED_TYPES) assert.ok(type in response.body, `${type} is listed`);
      assert.deepEqual(response.body, NOTIFICATION_DEFAULTS);
      // the documented defaults
      assert.deepEqual(response.body['booking.new'], { email: false, push: true, in_app: true });
      assert.deepEqual(response.body['inventory.low_stock'], { email: true, push: false, in_app: true });
      assert.deepEqual(response.body['campaign.sent'], { email: false, push: false, in_app: true });
      assert.deepEqual(await stored(user.id), [], 'reading stores nothing');
    });

    it('partial update: the given types change, the others keep their value; answers the full object', async () => {
      const user = await freshUser();
      const first = await put(user.token, { 'booking.new': { email: true, push: false, in_app: false } });
      assert.equal(first.status, 200);
      assert.deepEqual(first.body, {
        ...NOTIFICATION_DEFAULTS,
        'booking.new': { email: true, push: false, in_app: false },
      });
      const second = await put(user.token, { 'review.new': { email: true, push: true, in_app: true } });
      assert.equal(second.status, 200);
      assert.deepEqual(second.body, {
        ...NOTIFICATION_DEFAULTS,
        'booking.new': { email: true, push: false, in_app: false },
        'review.new': { email: true, push: true, in_app: true },
      });
      // the same type again overwrites (upsert), and 1/0 are accepted as well as true/false
      const third = await put(user.token, { 'booking.new': { email: 0, push: 1, in_app: 1 } });
      assert.deepEqual(third.body['booking.new'], { email: false, push: true, in_app: true });
      assert.deepEqual((await get(user.token)).body, third.body);
      assert.deepEqual(await stored(user.id), [
        { type: 'booking.new', email: 0, push: 1, in_app: 1 },
        { type: 'review.new', email: 1, push: 1, in_app: 1 },
      ]);
      const empty = await put(user.token, {});
      assert.equal(empty.status, 200);
      assert.deepEqual(empty.body, third.body);
    });

    it("preferences are per user: one user's choice never changes another's", async () => {
      const [alice, bob] = [await freshUser(), await freshUser()];
      await put(alice.token, { 'pos.payment_failed': { email: false, push: false, in_app: false } });
      assert.deepEqual((await get(bob.token)).body, NOTIFICATION_DEFAULTS);
      assert.deepEqual(await stored(bob.id), []);
    });

    it('validation: an unknown type is a 400 naming it, and nothing of the request is saved', async () => {
      const user = await freshUser();
      const response = await put(user.token, {
        'booking.new': { email: true, push: true, in_app: false },
        'booking.nonsense': { email: true, push: true, in_app: true },
      });
      assertInvalid(response, 'booking.nonsense');
      assert.match(response.body.error, /booking\.nonsense/);
      assert.deepEqual(await stored(user.id), []);
      for (const type of ['constructor', 'toString', 'booking', '']) {
        assertInvalid(await put(user.token, { [type]: { email: true, push: true, in_app: true } }), type);
      }
      // The JSON parser itself refuses a `__proto__` key.
      const proto = await t.request({
        method: 'PUT',
        url: URL,
        token: user.token,
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"email": true, "push": true, "in_app": true}}',
      });
      assert.equal(proto.status, 400);
      assert.deepEqual(await stored(user.id), []);
    });

    it('validation: each of email, push and in_app is required and boolean, per given type', async () => {
      const user = await freshUser();
      assertInvalid(await put(user.token, { 'booking.new': { email: true, in_app: true } }), 'booking.new.push');
      assertInvalid(
        await put(user.token, { 'booking.new': { email: 'yes', push: true, in_app: true } }),
        'booking.new.email',
      );
      assertInvalid(
        await put(user.token, { 'booking.new': { email: true, push: true, in_app: 2 } }),
        'booking.new.in_app',
      );
      assertInvalid(await put(user.token, { 'booking.new': true }), 'booking.new');
      for (const body of ['[]', '"booking.new"', 'null']) {
        const response = await t.request({
          method: 'PUT',
          url: URL,
          token: user.token,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        assertError(response, 400, 'validation_failed');
        assert.ok(Array.isArray(response.body.details));
      }
      assert.deepEqual(await stored(user.id), []);
    });

    it('validation: more than 100 types in one request is a 400', async () => {
      const user = await freshUser();
      const body = Object.fromEntries(
        Array.from({ length: 101 }, (_, i) => [`booking.t${i}`, { email: true, push: true, in_app: true }]),
      );
      const response = await put(user.token, body);
      assertError(response, 400, 'validation_failed');
      assert.ok(Array.isArray(response.body.details));
      assert.match(response.body.error, /100/);
    });

    it('a stored row of a type no longer known is left out of the object', async () => {
      const user = await freshUser();
      await t.ctx.db
        .insertInto('notification_preferences')
        .values({ user_id: user.id, type: 'legacy.gone', email: 1, push: 1, in_app: 1 })
        .execute();
      assert.deepEqual((await get(user.token)).body, NOTIFICATION_DEFAULTS);
    });

    it('notifyAdmins honours preferences set through the API: in_app off for inventory.low_stock, no row for that admin', async () => {
      const quiet = await freshUser('admin');
      const loud = await freshUser('admin');
      const off = await put(quiet.token, { 'inventory.low_stock': { email: false, push: false, in_app: false } });
      assert.equal(off.status, 200);
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 6, low_stock_threshold: 5 });
      await t.ctx.db
        .transaction()
        .execute((trx) =>
          moveStock(trx, [{ productId: product.id, delta: -2, reason: 'sale' }], { publicBaseUrl: PUBLIC_BASE_URL }),
        );
      const recipients = (
        await t.ctx.db
          .selectFrom('notifications')
          .select('user_id')
          .where('type', '=', 'inventory.low_stock')
          .where('title', '=', `Low stock: ${product.name}`)
          .execute()
      ).map((r) => r.user_id);
      assert.ok(!recipients.includes(quiet.id), 'the admin who turned in_app off gets no row');
      assert.ok(recipients.includes(loud.id), 'an admin on the defaults gets one');
      assert.ok(recipients.includes(admin.id));
      const inbox = await t.request({
        method: 'GET',
        url: '/api/notifications?type=inventory.low_stock',
        token: loud.token,
      });
      assert.equal(inbox.body.length, 1);
      assert.equal(inbox.body[0].link, `/inventory/products/${product.id}`);
    });

    it('a staff member signed in through the API reads and sets their own preferences', async () => {
      const staff = await createStaff(t);
      const response = await put(staff.token, { 'booking.updated': { email: true, push: false, in_app: true } });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body['booking.updated'], { email: true, push: false, in_app: true });
      assert.deepEqual((await get(admin.token)).body['booking.updated'], NOTIFICATION_DEFAULTS['booking.updated']);
    });
  });
}
