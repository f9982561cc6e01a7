import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { publicBooking, setupBookingSalon, startsDayByDay } from '../../../test/helpers/public.js';

/*
 * The confirm, decline and review links name what they act on before the client presses
 * anything: reading by the link's token answers the booking and changes nothing.
 */

for (const dialect of DIALECTS) {
  describe(`what an email link acts on, read without acting [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let service: { id: number };
    let staff: { id: number };
    const freeStart = startsDayByDay(
      () => t,
      () => service.id,
    );
    const read = (path: string, token: string) =>
      t.request({ method: 'GET', url: `/api/public/${path}?token=${encodeURIComponent(token)}` });

    before(async () => {
      t = await createTestApp(dialect);
      ({ admin, service, staff } = await setupBookingSalon(t));
    });
    after(() => t?.close());

    it('a confirm/decline link: the booking (service, staff, day, time, duration) and the salon; reading answers nothing', async () => {
      await setSettings(t, admin.token, { booking_mode: 'request' });
      const startAt = await freeStart();
      const email = uniqueEmail('asks');
      const booked = await publicBooking(t, { service_id: service.id, start_at: startAt, client_email: email });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      await setSettings(t, admin.token, { booking_mode: 'direct' });
      const token = (
        await t.ctx.db
          .selectFrom('bookings')
          .select('provisional_token')
          .where('id', '=', booked.body.id)
          .executeTakeFirstOrThrow()
      ).provisional_token;
      assert.ok(token);

      const first = await read('bookings/provisional', token);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.answered, false);
      assert.equal(first.body.booking.id, booked.body.id);
      assert.equal(first.body.booking.start_at, startAt);
      assert.equal(first.body.booking.staff_id, staff.id);
      assert.equal(first.body.booking.duration_min, 60);
      assert.equal(first.body.booking.status, 'provisional');
      assert.equal(typeof first.body.salon_name, 'string');
      assert.equal('provisional_token' in first.body.booking, false, 'the token is not echoed');
      assert.equal(
        (await read('bookings/provisional', token)).body.booking.status,
        'provisional',
        'reading twice answers nothing',
      );

      const confirmed = await t.request({ method: 'POST', url: '/api/public/bookings/confirm', payload: { token } });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      const after = await read('bookings/provisional', token);
      assert.equal(after.body.answered, true);
      assert.equal(after.body.booking.status, 'scheduled');
    });

    it('a review link: the visit rated and whether it has its review; reading reviews nothing', async () => {
      const startAt = await freeStart();
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: startAt,
        client_email: uniqueEmail('rates'),
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const done = await t.request({
        method: 'PUT',
        url: `/api/bookings/${booked.body.id}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const token = done.body.feedback_token as string;

      const before = await read('reviews/visit', token);
      assert.equal(before.status, 200, JSON.stringify(before.body));
      assert.equal(before.body.answered, false);
      assert.equal(before.body.booking.id, booked.body.id);
      assert.equal(before.body.booking.status, 'completed');
      assert.equal(
        (await t.ctx.db.selectFrom('reviews').select('id').where('booking_id', '=', booked.body.id).execute()).length,
        0,
      );

      const review = await t.request({ method: 'POST', url: '/api/public/reviews', payload: { token, rating: 5 } });
      assert.equal(review.status, 201, JSON.stringify(review.body));
      assert.equal((await read('reviews/visit', token)).body.answered, true);
    });

    it('an unknown token is 404 for both; an empty or overlong one is 400', async () => {
      assertError(await read('bookings/provisional', 'nope'), 404, 'not_found');
      assertError(await read('reviews/visit', 'nope'), 404, 'not_found');
      assertInvalid(await read('bookings/provisional', ''), 'token');
      assertInvalid(await read('reviews/visit', 'x'.repeat(201)), 'token');
    });
  });
}
