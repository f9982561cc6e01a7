import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff } from '../../../test/helpers/public.js';

/*
 * The desk's writes against retries and stale views:
 * - POST /bookings, /bookings/visits and /bookings/series honour an Idempotency-Key as the
 *   booking page does: a retry (also a concurrent one) answers the first result and books
 *   nothing twice; the key with another body, or from another user, is refused.
 * - Moving a visit or a series carries the version it was made from: a stale one is 409
 *   `booking_changed` with the booking as it now is; without a version, as the interface says.
 */

let keys = 0;
const newKey = () => `desk-key-${process.pid}-${(keys += 1)}`;

for (const dialect of DIALECTS) {
  describe(`the desk's writes: idempotency and versions [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { id: number };
    let other: { id: number };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createWorkingStaff(t, admin.token);
      other = await createWorkingStaff(t, admin.token);
      client = await createClient(t, admin.token);
      service = await createService(t, admin.token, { duration_min: 30 });
    });
    after(() => t.close());

    const post = (url: string, payload: object, key?: string, token = admin.token) =>
      t.request({
        method: 'POST',
        url,
        token,
        payload,
        ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
      });
    const countBookings = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const bookingBody = () => ({ client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot() });

    it('Idempotency-Key on POST /bookings: a retry answers the first booking and books once; another body is 409 idempotency_key_reused', async () => {
      const key = newKey();
      const body = bookingBody();
      const first = await post('/api/bookings', body, key);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const before = await countBookings();
      const retry = await post('/api/bookings', body, key);
      assert.equal(retry.status, 200, JSON.stringify(retry.body));
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.equal(retry.body.id, first.body.id);
      assert.equal(await countBookings(), before);
      assertError(await post('/api/bookings', { ...body, notes: 'another' }, key), 409, 'idempotency_key_reused');
      // Another user's request with the same key is never answered with this booking.
      const colleague = await createStaff(t, 'admin');
      assertError(await post('/api/bookings', body, key, colleague.token), 409, 'idempotency_key_reused');
      assertInvalid(await post('/api/bookings', bookingBody(), 'short'), 'idempotency-key');
      // Without a key, as the interface says: every request books.
      const plain = await post('/api/bookings', bookingBody());
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
    });

    it('Idempotency-Key on POST /bookings: concurrent retries with one key book once and all answer that booking', async () => {
      const key = newKey();
      const body = bookingBody();
      const before = await countBookings();
      const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/bookings', body, key)));
      for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(new Set(answers.map((answer) => answer.body.id)).size, 1);
      assert.equal(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length, 4);
      assert.equal(await countBookings(), before + 1);
    });

    it('Idempotency-Key: a refused create leaves no key, so the retry after fixing the cause books', async () => {
      const key = newKey();
      const body = { ...bookingBody(), start_at: `${nextSlot().date} 20:00`, end_at: undefined };
      assertError(await post('/api/bookings', body, key), 400, 'outside_working_time');
      const again = await post('/api/bookings', body, key);
      assertError(again, 400, 'outside_working_time');
      const fixed = await post('/api/bookings', { ...body, override: true }, newKey());
      assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    });

    it('Idempotency-Key on POST /bookings/visits: a retry (also concurrent) answers the first visit and books once', async () => {
      const key = newKey();
      const { start_at } = nextSlot();
      const body = {
        client_id: client.id,
        start_at,
        parts: [
          { service_id: service.id, staff_id: staff.id },
          { service_id: service.id, staff_id: other.id },
        ],
      };
      const before = await countBookings();
      const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/bookings/visits', body, key)));
      for (const answer of answers) assert.equal(answer.status, 201, JSON.stringify(answer.body));
      assert.equal(new Set(answers.map((answer) => answer.body.id)).size, 1);
      assert.equal(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length, 3);
      assert.equal(answers[0]!.body.bookings.length, 2);
      assert.equal(await countBookings(), before + 2);
      assertError(
        await post('/api/bookings/visits', { ...body, notes: 'other body' }, key),
        409,
        'idempotency_key_reused',
      );
      // A key is one request's: the same key on a single booking is another request.
      assertError(await post('/api/bookings', bookingBody(), key), 409, 'idempotency_key_reused');
    });

    it('Idempotency-Key on POST /bookings/series: a retry answers the first series and books once', async () => {
      const key = newKey();
      const { start_at } = nextSlot();
      const body = {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: start_at.replace(/^\d{4}/, '2034'),
        every_weeks: 1,
        count: 3,
      };
      const first = await post('/api/bookings/series', body, key);
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const before = await countBookings();
      const retry = await post('/api/bookings/series', body, key);
      assert.equal(retry.status, 201, JSON.stringify(retry.body));
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.equal(retry.body.id, first.body.id);
      assert.equal(await countBookings(), before);
    });

    const visitOfTwo = async () => {
      const { start_at } = nextSlot();
      const visit = await post('/api/bookings/visits', {
        client_id: client.id,
        start_at,
        parts: [
          { service_id: service.id, staff_id: staff.id },
          { service_id: service.id, staff_id: staff.id },
        ],
      });
      assert.equal(visit.status, 201, JSON.stringify(visit.body));
      return visit.body as {
        id: number;
        start_at: string;
        bookings: { id: number; version: number; start_at: string }[];
      };
    };
    const moveVisit = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/bookings/visits/${id}`, token: admin.token, payload });

    it('booking_changed on a visit move: a part changed since the versions sent is 409 with that part as it now is, and nothing moves', async () => {
      const visit = await visitOfTwo();
      const [part0, part1] = visit.bookings;
      const seen = visit.bookings.map((part) => ({ booking_id: part.id, version: part.version }));
      // Another desk edits the second part alone.
      const edited = await t.request({
        method: 'PUT',
        url: `/api/bookings/${part1!.id}`,
        token: admin.token,
        payload: { notes: 'changed at the other desk' },
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const newStart = visit.start_at.replace('10:00:00', '13:00:00');
      const stale = await moveVisit(visit.id, { start_at: newStart, versions: seen });
      assertError(stale, 409, 'booking_changed');
      assert.equal(stale.body.booking.id, part1!.id);
      assert.equal(stale.body.booking.version, part1!.version + 1);
      const unmoved = await t.request({ method: 'GET', url: `/api/bookings/${part0!.id}`, token: admin.token });
      assert.equal(unmoved.body.start_at, part0!.start_at);
      // Made again from what the desk now shows, the move goes through.
      const fresh = [
        { booking_id: part0!.id, version: part0!.version },
        { booking_id: part1!.id, version: stale.body.booking.version },
      ];
      const moved = await moveVisit(visit.id, { start_at: newStart, versions: fresh });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.start_at, newStart);
      // Without versions, as the interface says.
      const plain = await moveVisit(visit.id, { start_at: visit.start_at });
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
      // A booking that is no part of the visit is bad input.
      const stranger = await post('/api/bookings', bookingBody());
      assertInvalid(
        await moveVisit(visit.id, { start_at: newStart, versions: [{ booking_id: stranger.body.id, version: 1 }] }),
        'versions[0].booking_id',
      );
    });

    it('booking_changed on a series move: the occurrence moved from changed since its version is 409, and nothing moves', async () => {
      const { start_at } = nextSlot();
      const series = await post('/api/bookings/series', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: start_at.replace(/^\d{4}/, '2035'),
        every_weeks: 1,
        count: 3,
      });
      assert.equal(series.status, 201, JSON.stringify(series.body));
      const from = series.body.bookings[1] as { id: number; version: number; start_at: string };
      const edited = await t.request({
        method: 'PUT',
        url: `/api/bookings/${from.id}`,
        token: admin.token,
        payload: { notes: 'changed at the other desk' },
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const move = (version?: number) =>
        t.request({
          method: 'PUT',
          url: `/api/bookings/series/${series.body.id}`,
          token: admin.token,
          payload: {
            from_booking_id: from.id,
            start_at: from.start_at.replace('10:00:00', '12:00:00'),
            ...(version === undefined ? {} : { version }),
          },
        });
      const stale = await move(from.version);
      assertError(stale, 409, 'booking_changed');
      assert.equal(stale.body.booking.id, from.id);
      assert.equal(stale.body.booking.start_at, from.start_at);
      const moved = await move(stale.body.booking.version);
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.bookings[1].start_at, from.start_at.replace('10:00:00', '12:00:00'));
      // Without a version, as the interface says.
      const plain = await move();
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
    });
  });
}
