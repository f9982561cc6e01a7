import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService } from '../../../test/helpers/factories.js';

/*
 * The salon's curation of what clients write: whether a new review shows on the booking page at
 * once (the default, as a client of the interface expects) or only once the salon publishes it,
 * and the salon's reply to a review.
 */
for (const dialect of DIALECTS) {
  describe(`review approval and replies [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staffId: number;
    let serviceId: number;
    let visits = 0;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staffId = (await createStaff(t)).id;
      serviceId = (await insertService(t.ctx.db, { name: 'Colour' })).id;
    });
    after(() => t.close());

    /** A completed visit with its feedback token, reviewed through the public endpoint as a client would. */
    async function clientReviews(rating: number, comment: string) {
      visits += 1;
      const client = await insertClient(t.ctx.db, { name: `Sanne de Vries ${visits}` });
      const token = `feedback-${dialect}-${visits}`;
      await insertBooking(t.ctx.db, {
        client_id: client.id,
        staff_id: staffId,
        service_id: serviceId,
        start_at: `2030-02-${String(visits).padStart(2, '0')} 10:00:00`,
        end_at: `2030-02-${String(visits).padStart(2, '0')} 11:00:00`,
        status: 'completed',
        price: 6000,
        feedback_token: token,
      });
      const response = await t.request({
        method: 'POST',
        url: '/api/public/reviews',
        payload: { token, rating, comment },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.id as number;
    }
    const summary = async () => (await t.request({ method: 'GET', url: '/api/public/reviews/summary' })).body;
    const admins = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });

    it('by default a new review is published at once and shows on the booking page', async () => {
      const settings = await admins('GET', '/api/settings');
      assert.equal(settings.body.reviews_need_approval, 0);
      const id = await clientReviews(2, 'Waited too long');
      const listed = (await admins('GET', '/api/reviews')).body.find((r: { id: number }) => r.id === id);
      assert.equal(listed.published, 1);
      const page = await summary();
      assert.equal(page.count, 1);
      assert.equal(page.latest[0].comment, 'Waited too long');
    });

    it('with approval on, a new review is stored hidden and stays off the booking page until the salon publishes it', async () => {
      const on = await admins('PUT', '/api/settings', { reviews_need_approval: 1 });
      assert.equal(on.status, 200, JSON.stringify(on.body));
      assert.equal(on.body.reviews_need_approval, 1);
      const id = await clientReviews(1, 'Not happy at all');
      const pending = await admins('GET', '/api/reviews?published=0');
      assert.deepEqual(
        pending.body.map((r: { id: number }) => r.id),
        [id],
      );
      const before = await summary();
      assert.equal(before.count, 1);
      assert.ok(!before.latest.some((r: { comment: string }) => r.comment === 'Not happy at all'));

      const published = await admins('PUT', `/api/reviews/${id}`, { published: true });
      assert.equal(published.status, 200, JSON.stringify(published.body));
      const after = await summary();
      assert.equal(after.count, 2);
      assert.equal(after.latest[0].comment, 'Not happy at all');
    });

    it('turning approval off again publishes new reviews at once and leaves the held ones as they are', async () => {
      const held = await clientReviews(3, 'Fine');
      assert.equal((await admins('PUT', '/api/settings', { reviews_need_approval: 0 })).status, 200);
      const open = await clientReviews(5, 'Wonderful');
      const rows = (await admins('GET', '/api/reviews')).body as { id: number; published: number }[];
      assert.equal(rows.find((r) => r.id === held)?.published, 0);
      assert.equal(rows.find((r) => r.id === open)?.published, 1);
    });

    it("the salon's reply is stored trimmed, shown with the review on the booking page and removed by ''", async () => {
      const id = await clientReviews(4, 'Nice colour');
      const replied = await admins('PUT', `/api/reviews/${id}`, { reply: '  Thank you, Sanne!  ' });
      assert.equal(replied.status, 200, JSON.stringify(replied.body));
      assert.equal(replied.body.reply, 'Thank you, Sanne!');
      assert.equal(replied.body.published, 1);
      assert.equal((await summary()).latest[0].reply, 'Thank you, Sanne!');
      const removed = await admins('PUT', `/api/reviews/${id}`, { reply: '' });
      assert.equal(removed.body.reply, '');
    });

    it('a setting or review change the API refuses is a 400 naming the field, and changes nothing', async () => {
      assertInvalid(await admins('PUT', '/api/settings', { reviews_need_approval: 2 }), 'reviews_need_approval');
      const id = await clientReviews(4, 'Good');
      assertInvalid(await admins('PUT', `/api/reviews/${id}`, { reply: 'x'.repeat(2001) }), 'reply');
      assertInvalid(await admins('PUT', `/api/reviews/${id}`, {}), 'body');
      assertInvalid(await admins('PUT', `/api/reviews/${id}`, { unknown: {} }), 'body');
      const row = (await admins('GET', '/api/reviews')).body.find((r: { id: number }) => r.id === id);
      assert.deepEqual([row.published, row.reply], [1, '']);
      assert.equal((await admins('GET', '/api/settings')).body.reviews_need_approval, 0);
    });
  });
}
