import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertUser } from '../../../test/helpers/factories.js';
import { officeHref } from '../../lib/office-paths.js';
import { notice, notifyUser } from './service.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface Note {
  id: number;
  type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: number;
  created_at: string;
}

for (const dialect of DIALECTS) {
  describe(`notifications [${dialect}]`, () => {
    let t: TestApp;
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    /**
     * A signed-in user of its own, so that a test's counts (unread, read-all) see only its
     * own rows. Written straight to the database: the register round trip is tested elsewhere.
     */
    const freshUser = () => insertUser(t.ctx, { name: 'Fresh user' });

    let seq = 0;
    const insert = async (
      userId: number,
      values: { type?: string; is_read?: number; created_at?: string; link?: string | null } = {},
    ): Promise<number> => {
      seq += 1;
      const row = await t.ctx.db
        .insertInto('notifications')
        .values({
          user_id: userId,
          type: values.type ?? 'booking.new',
          title: `Title ${seq}`,
          message: `Message ${seq}`,
          link: values.link === undefined ? null : values.link,
          is_read: values.is_read ?? 0,
          created_at: values.created_at ?? new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };

    const list = async (token: string, query = ''): Promise<Note[]> => {
      const response = await t.request({ method: 'GET', url: `/api/notifications${query}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.ok(Array.isArray(response.body), 'a plain array without page');
      return response.body as Note[];
    };
    const ids = (notes: Note[]) => notes.map((n) => n.id);
    const row = (id: number) =>
      t.ctx.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();

    it('401 without a token on every notification endpoint', async () => {
      const id = await insert(staff.id);
      for (const [method, url] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['PUT', `/api/notifications/${id}/read`],
        ['PUT', '/api/notifications/read-all'],
        ['DELETE', `/api/notifications/${id}`],
        ['GET', '/api/notifications/preferences'],
        ['PUT', '/api/notifications/preferences'],
      ] as const) {
        const response = await t.request({ method, url, ...(method === 'PUT' ? { payload: {} } : {}) });
        assertError(response, 401, 'unauthenticated');
      }
      assert.equal((await row(id))?.is_read, 0);
    });

    it('a notification is { id, type, title, message, link, is_read 0/1, created_at } in the salon time zone', async () => {
      const user = await freshUser();
      // 12:00 UTC in January is 13:00 in Europe/Amsterdam, the default salon time zone.
      const id = await insert(user.id, {
        type: 'inventory.low_stock',
        link: '/inventory/products/7',
        created_at: '2026-01-15T12:00:00.000Z',
      });
      const [note] = await list(user.token);
      assert.ok(note);
      assert.match(note.title, /^Title \d+$/);
      assert.match(note.message, /^Message \d+$/);
      assert.deepEqual(note, {
        id,
        type: 'inventory.low_stock',
        title: note.title,
        message: note.message,
        link: '/inventory/products/7',
        is_read: 0,
        created_at: '2026-01-15 13:00:00',
      });
      assert.match(note.created_at, DATETIME);
      const withoutLink = await insert(user.id);
      assert.equal((await list(user.token)).find((n) => n.id === withoutLink)?.link, null);
    });

    it('newest first', async () => {
      const user = await freshUser();
      const first = await insert(user.id, { created_at: '2026-03-01T08:00:00.000Z' });
      const second = await insert(user.id, { created_at: '2026-03-01T09:00:00.000Z' });
      const third = await insert(user.id, { created_at: '2026-03-01T09:00:00.000Z' });
      assert.deepEqual(ids(await list(user.token)), [third, second, first]);
    });

    it("own rows only: the list never shows another user's notifications", async () => {
      const [alice, bob] = [await freshUser(), await freshUser()];
      const mine = await insert(alice.id);
      const theirs = await insert(bob.id);
      assert.deepEqual(ids(await list(alice.token)), [mine]);
      assert.deepEqual(ids(await list(bob.token)), [theirs]);
      const paged = await t.request({ method: 'GET', url: '/api/notifications?page=1', token: alice.token });
      assert.equal(paged.body.total, 1);
    });

    it('unread_only: true and 1 give only unread ones; false, 0 and absent give all', async () => {
      const user = await freshUser();
      const read = await insert(user.id, { is_read: 1 });
      const unread = await insert(user.id);
      assert.deepEqual(ids(await list(user.token, '?unread_only=true')), [unread]);
      assert.deepEqual(ids(await list(user.token, '?unread_only=1')), [unread]);
      assert.deepEqual(ids(await list(user.token, '?unread_only=false')), [unread, read]);
      assert.deepEqual(ids(await list(user.token, '?unread_only=0')), [unread, read]);
      assert.deepEqual(ids(await list(user.token)), [unread, read]);
      assertInvalid(
        await t.request({ method: 'GET', url: '/api/notifications?unread_only=yes', token: user.token }),
        'unread_only',
      );
    });

    it('type prefix filter: `booking` and `booking.` match every booking.* type, an exact type matches itself', async () => {
      const user = await freshUser();
      const created = await insert(user.id, { type: 'booking.new' });
      const cancelled = await insert(user.id, { type: 'booking.cancelled' });
      const stock = await insert(user.id, { type: 'inventory.low_stock' });
      assert.deepEqual(ids(await list(user.token, '?type=booking')), [cancelled, created]);
      assert.deepEqual(ids(await list(user.token, '?type=booking.')), [cancelled, created]);
      assert.deepEqual(ids(await list(user.token, '?type=booking.new')), [created]);
      assert.deepEqual(ids(await list(user.token, '?type=inventory')), [stock]);
      assert.deepEqual(ids(await list(user.token, '?type=review')), []);
      // combined with unread_only
      await t.request({ method: 'PUT', url: `/api/notifications/${created}/read`, token: user.token });
      assert.deepEqual(ids(await list(user.token, '?type=booking&unread_only=true')), [cancelled]);
    });

    it('type prefix filter: `%` and `_` match only themselves, never as LIKE wildcards; case counts', async () => {
      const user = await freshUser();
      const created = await insert(user.id, { type: 'booking.new' });
      const literal = await insert(user.id, { type: 'promo%50.sent' });
      assert.deepEqual(ids(await list(user.token, `?type=${encodeURIComponent('%')}`)), []);
      assert.deepEqual(ids(await list(user.token, `?type=${encodeURIComponent('b%')}`)), []);
      assert.deepEqual(ids(await list(user.token, `?type=${encodeURIComponent('%new')}`)), []);
      assert.deepEqual(ids(await list(user.token, '?type=booking_new')), []);
      assert.deepEqual(ids(await list(user.token, `?type=${encodeURIComponent('promo%')}`)), [literal]);
      assert.deepEqual(ids(await list(user.token, '?type=BOOKING')), []);
      assert.deepEqual(ids(await list(user.token, '?type=booking')), [created]);
      assertInvalid(await t.request({ method: 'GET', url: '/api/notifications?type=', token: user.token }), 'type');
    });

    it('pagination shape: with page, { data, page, limit, total, total_pages }, newest first', async () => {
      const user = await freshUser();
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push(await insert(user.id, { type: i % 2 ? 'booking.new' : 'review.new' }));
      const newestFirst = [...made].reverse();
      const page = async (query: string) => {
        const response = await t.request({ method: 'GET', url: `/api/notifications${query}`, token: user.token });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body as { data: Note[]; page: number; limit: number; total: number; total_pages: number };
      };
      const one = await page('?page=1&limit=2');
      assert.deepEqual(Object.keys(one).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
      assert.deepEqual(
        { ...one, data: ids(one.data) },
        { data: newestFirst.slice(0, 2), page: 1, limit: 2, total: 5, total_pages: 3 },
      );
      const three = await page('?page=3&limit=2');
      assert.deepEqual(ids(three.data), newestFirst.slice(4));
      assert.deepEqual((await page('?page=4&limit=2')).data, []);
      const defaults = await page('?page=1');
      assert.equal(defaults.limit, 50);
      assert.equal((await page('?page=1&limit=1000')).limit, 200);
      const filtered = await page('?page=1&limit=10&type=booking');
      assert.equal(filtered.total, 2);
      assert.equal(filtered.total_pages, 1);
      for (const query of ['?page=0', '?page=1&limit=0', '?page=x']) {
        const response = await t.request({ method: 'GET', url: `/api/notifications${query}`, token: user.token });
        assertError(response, 400, 'validation_failed');
        assert.ok(Array.isArray(response.body.details));
      }
    });

    it("unread-count counts only the caller's unread notifications", async () => {
      const [user, other] = [await freshUser(), await freshUser()];
      await insert(user.id);
      await insert(user.id);
      await insert(user.id, { is_read: 1 });
      await insert(other.id);
      const response = await t.request({ method: 'GET', url: '/api/notifications/unread-count', token: user.token });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { count: 2 });
    });

    it('PUT /:id/read marks one read and answers the notification; repeating it is still 200', async () => {
      const user = await freshUser();
      const id = await insert(user.id);
      const untouched = await insert(user.id);
      const response = await t.request({ method: 'PUT', url: `/api/notifications/${id}/read`, token: user.token });
      assert.equal(response.status, 200);
      assert.equal(response.body.id, id);
      assert.equal(response.body.is_read, 1);
      assert.match(response.body.created_at, DATETIME);
      assert.equal((await row(untouched))?.is_read, 0);
      const again = await t.request({ method: 'PUT', url: `/api/notifications/${id}/read`, token: user.token });
      assert.equal(again.status, 200);
      assert.equal(again.body.is_read, 1);
    });

    it("own rows only: reading or deleting another user's notification is 404, like an unknown id, and changes nothing", async () => {
      const [owner, intruder] = [await freshUser(), await freshUser()];
      const id = await insert(owner.id);
      const untouched = await row(id);
      const read = await t.request({ method: 'PUT', url: `/api/notifications/${id}/read`, token: intruder.token });
      assertError(read, 404, 'not_found');
      const removed = await t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: intruder.token });
      assertError(removed, 404, 'not_found');
      assert.deepEqual(await row(id), untouched);
      assert.equal(untouched?.is_read, 0);
      const unknownRead = await t.request({
        method: 'PUT',
        url: '/api/notifications/2000000000/read',
        token: intruder.token,
      });
      const unknownDelete = await t.request({
        method: 'DELETE',
        url: '/api/notifications/2000000000',
        token: intruder.token,
      });
      assert.deepEqual(unknownRead.body, read.body);
      assert.deepEqual(unknownDelete.body, removed.body);
      assert.deepEqual(ids(await list(owner.token)), [id]);
    });

    it("DELETE /:id deletes one of the caller's: 200 { ok: true }, then 404", async () => {
      const user = await freshUser();
      const id = await insert(user.id);
      const kept = await insert(user.id);
      const response = await t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: user.token });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { ok: true });
      assert.equal(await row(id), undefined);
      assert.deepEqual(ids(await list(user.token)), [kept]);
      assertError(
        await t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: user.token }),
        404,
        'not_found',
      );
    });

    it('an id that is not a positive integer is a 400 naming id', async () => {
      const user = await freshUser();
      assertInvalid(await t.request({ method: 'PUT', url: '/api/notifications/abc/read', token: user.token }), 'id');
      assertInvalid(await t.request({ method: 'DELETE', url: '/api/notifications/0', token: user.token }), 'id');
    });

    it("read-all only touches the caller's: 200 { ok: true, updated: n }", async () => {
      const [user, other] = [await freshUser(), await freshUser()];
      const a = await insert(user.id);
      const b = await insert(user.id);
      await insert(user.id, { is_read: 1 });
      const theirs = await insert(other.id);
      const response = await t.request({ method: 'PUT', url: '/api/notifications/read-all', token: user.token });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { ok: true, updated: 2 });
      assert.equal((await row(a))?.is_read, 1);
      assert.equal((await row(b))?.is_read, 1);
      assert.equal((await row(theirs))?.is_read, 0);
      const again = await t.request({ method: 'PUT', url: '/api/notifications/read-all', token: user.token });
      assert.deepEqual(again.body, { ok: true, updated: 0 });
    });

    it('fixed paths are never read as an :id: read-all, preferences and unread-count', async () => {
      const user = await freshUser();
      await insert(user.id);
      const readAll = await t.request({ method: 'PUT', url: '/api/notifications/read-all', token: user.token });
      assert.equal(readAll.status, 200);
      assert.equal(readAll.body.updated, 1);
      const preferences = await t.request({ method: 'GET', url: '/api/notifications/preferences', token: user.token });
      assert.equal(preferences.status, 200);
      assert.equal(typeof preferences.body['booking.new'].in_app, 'boolean');
      const put = await t.request({
        method: 'PUT',
        url: '/api/notifications/preferences',
        token: user.token,
        payload: {},
      });
      assert.equal(put.status, 200);
      const count = await t.request({ method: 'GET', url: '/api/notifications/unread-count', token: user.token });
      assert.deepEqual(count.body, { count: 0 });
    });

    describe('notifyUser', () => {
      // Any words do for these rules: they are about the inbox, not the text.
      const lowStock = {
        title: notice('notification.low_stock.title', { product: 'Gel' }),
        message: notice('notification.low_stock.message', { product: 'Gel', sku: 'G1', quantity: 1, threshold: 2 }),
      };
      it("puts a notification in the user's inbox by default and returns its id", async () => {
        const user = await freshUser();
        const id = await t.ctx.db.transaction().execute((trx) =>
          notifyUser(trx, user.id, {
            type: 'booking.new',
            title: notice('notification.booking_new.title'),
            message: notice('notification.booking_new.message', {
              client: 'Anna',
              service: 'Cut',
              start: { dateTime: '2026-11-27 10:00:00' },
            }),
            link: officeHref.booking(1),
          }),
        );
        assert.equal(typeof id, 'number');
        const [note] = await list(user.token);
        assert.equal(note?.id, id);
        assert.equal(note?.title, 'New booking');
        assert.equal(note?.message, 'Anna: Cut, Friday 27 November 2026 at 10:00');
        assert.equal(note?.link, '/bookings/1');
        assert.equal(note?.is_read, 0);
      });

      it('respects in_app: off for that type makes no row and returns null; other types still arrive', async () => {
        const user = await freshUser();
        const off = await t.request({
          method: 'PUT',
          url: '/api/notifications/preferences',
          token: user.token,
          payload: { 'booking.cancelled': { email: false, push: true, in_app: false } },
        });
        assert.equal(off.status, 200);
        const result = await t.ctx.db
          .transaction()
          .execute((trx) => notifyUser(trx, user.id, { type: 'booking.cancelled', ...lowStock }));
        assert.equal(result, null);
        assert.deepEqual(await list(user.token), []);
        await t.ctx.db.transaction().execute((trx) => notifyUser(trx, user.id, { type: 'booking.new', ...lowStock }));
        const notes = await list(user.token);
        assert.deepEqual(
          notes.map((n) => [n.type, n.link]),
          [['booking.new', null]],
        );
      });

      it("runs in the caller's transaction: rolled back, no notification", async () => {
        const user = await freshUser();
        await t.ctx.db
          .transaction()
          .execute(async (trx) => {
            await notifyUser(trx, user.id, { type: 'booking.new', ...lowStock });
            throw new Error('booking failed');
          })
          .catch(() => undefined);
        assert.deepEqual(await list(user.token), []);
      });
    });
  });
}
