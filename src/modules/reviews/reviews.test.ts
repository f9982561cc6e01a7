import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService } from '../../../test/helpers/factories.js';

for (const dialect of DIALECTS) {
  describe(`reviews [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let ann: { token: string; id: number };
    let bob: { token: string; id: number };
    const ids: number[] = [];

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      ann = await createStaff(t);
      bob = await createStaff(t);
    });
    after(() => t.close());

    const service = async () => (await insertService(t.ctx.db, { name: 'Cut & dry' })).id;
    async function review(staffId: number, rating: number, comment: string, createdAt: string, published = 1) {
      const client = await insertClient(t.ctx.db, { name: 'Maria van Dijk' });
      const booking = await insertBooking(t.ctx.db, {
        client_id: client.id,
        staff_id: staffId,
        service_id: await service(),
        start_at: '2030-01-01 10:00:00',
        end_at: '2030-01-01 11:00:00',
        status: 'completed',
        price: 4500,
      });
      const row = await t.ctx.db
        .insertInto('reviews')
        .values({
          booking_id: booking,
          staff_id: staffId,
          client_id: client.id,
          rating,
          comment,
          created_at: createdAt,
          published,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      return row.id;
    }
    const list = async (qs = '') => {
      const response = await t.request({ method: 'GET', url: `/api/reviews${qs}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    it('the public summary of no reviews: average null, count 0, no comments', async () => {
      const response = await t.request({ method: 'GET', url: '/api/public/reviews/summary' });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { average: null, count: 0, latest: [] });
    });

    it('GET /reviews lists newest first with names, filtered by rating, staff_id, from/to and published', async () => {
      const r1 = await review(ann.id, 5, 'Lovely', '2030-01-02T09:00:00.000Z');
      const r2 = await review(bob.id, 2, '', '2030-01-05T09:00:00.000Z');
      const r3 = await review(ann.id, 4, 'Good colour', '2030-01-09T09:00:00.000Z', 0);
      const all = await list();
      assert.deepEqual(
        all.map((r: { id: number }) => r.id),
        [r3, r2, r1],
      );
      assert.deepEqual(all[2], {
        id: r1,
        booking_id: all[2].booking_id,
        rating: 5,
        comment: 'Lovely',
        published: 1,
        staff_id: ann.id,
        staff_name: 'Test staff',
        client_id: all[2].client_id,
        client_name: 'Maria van Dijk',
        service_name: 'Cut & dry',
        created_at: '2030-01-02 10:00:00',
        reply: '',
      });
      assert.deepEqual(
        (await list('?rating=2')).map((r: { id: number }) => r.id),
        [r2],
      );
      assert.deepEqual(
        (await list(`?staff_id=${ann.id}`)).map((r: { id: number }) => r.id),
        [r3, r1],
      );
      assert.deepEqual(
        (await list('?published=0')).map((r: { id: number }) => r.id),
        [r3],
      );
      assert.deepEqual(
        (await list('?from=2030-01-03&to=2030-01-05')).map((r: { id: number }) => r.id),
        [r2],
      );
      const page = await list('?page=1&limit=2&published=1');
      assert.deepEqual([page.total, page.data.length], [2, 2]);
    });

    it('PUT /reviews/:id publishes or hides a review; unknown is 404; bad body 400', async () => {
      const id = ids[0]!;
      const hidden = await t.request({
        method: 'PUT',
        url: `/api/reviews/${id}`,
        token: admin.token,
        payload: { published: false },
      });
      assert.equal(hidden.status, 200, JSON.stringify(hidden.body));
      assert.equal(hidden.body.published, 0);
      assert.equal(hidden.body.id, id);
      const shown = await t.request({
        method: 'PUT',
        url: `/api/reviews/${id}`,
        token: admin.token,
        payload: { published: true },
      });
      assert.equal(shown.body.published, 1);
      assertError(
        await t.request({
          method: 'PUT',
          url: '/api/reviews/999999',
          token: admin.token,
          payload: { published: true },
        }),
        404,
        'not_found',
      );
      assertInvalid(
        await t.request({ method: 'PUT', url: `/api/reviews/${id}`, token: admin.token, payload: {} }),
        'body',
      );
      assertInvalid(await t.request({ method: 'GET', url: '/api/reviews?rating=6', token: admin.token }), 'rating');
      assertInvalid(
        await t.request({ method: 'GET', url: '/api/reviews?from=2030-02-30', token: admin.token }),
        'from',
      );
    });

    it('the public summary counts published reviews only: average to one decimal, the latest 5 with a comment, first names only', async () => {
      // Published so far: 5 (Lovely) and 2 (no comment); the 4 is hidden.
      for (let day = 10; day < 16; day += 1) await review(bob.id, 4, `Nice ${day}`, `2030-01-${day}T09:00:00.000Z`);
      const response = await t.request({ method: 'GET', url: '/api/public/reviews/summary' });
      assert.equal(response.status, 200);
      // (5 + 2 + 6 × 4) / 8 = 3.875 → 3.9
      assert.equal(response.body.average, 3.9);
      assert.equal(response.body.count, 8);
      assert.deepEqual(
        response.body.latest.map((r: { comment: string }) => r.comment),
        ['Nice 15', 'Nice 14', 'Nice 13', 'Nice 12', 'Nice 11'],
      );
      assert.deepEqual(response.body.latest[0], {
        rating: 4,
        comment: 'Nice 15',
        created_at: '2030-01-15 10:00:00',
        client_first_name: 'Maria',
        staff_name: 'Test staff',
        reply: '',
      });
    });
  });
}
