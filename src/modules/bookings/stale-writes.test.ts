import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * A change made from a stale view never silently overwrites a newer one: PUT and DELETE
 * /bookings/:id with the `version` they were made from are refused with 409 `booking_changed`
 * (and the booking as it now is) when the booking changed since; without a version they work
 * as the interface says.
 */

for (const dialect of DIALECTS) {
  describe(`stale writes refused [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { id: number };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = await createClient(t, admin.token);
      service = await createService(t, admin.token);
    });
    after(() => t.close());

    const create = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot(), ...payload },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number; version: number; start_at: string; notes: string; status: string };
    };
    const update = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: admin.token, payload });
    const read = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/bookings/${id}`, token: admin.token })).body;

    it('version: a new booking is version 1, and every change raises it, whichever path writes the row', async () => {
      const booking = await create();
      assert.equal(booking.version, 1);
      const moved = await update(booking.id, { notes: 'Fringe only' });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.version, 2);
      // A write outside the desk's PUT (the booking page, email links, deposits all write the row).
      await t.ctx.db
        .updateTable('bookings')
        .set({ internal_notes: 'set elsewhere' })
        .where('id', '=', booking.id)
        .execute();
      assert.equal((await read(booking.id)).version, 3);
      const day = await t.request({
        method: 'GET',
        url: `/api/bookings/day?date=${booking.start_at.slice(0, 10)}`,
        token: admin.token,
      });
      assert.equal(day.body.bookings.find((b: { id: number }) => b.id === booking.id).version, 3);
    });

    it('booking_changed: a PUT made from an older version is 409 with the booking as it now is, and changes nothing', async () => {
      const booking = await create();
      const other = nextSlot();
      const first = await update(booking.id, { start_at: other.start_at, end_at: other.end_at, version: 1 });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.version, 2);
      // The second desk still shows version 1 and moves it elsewhere.
      const third = nextSlot();
      const stale = await update(booking.id, { start_at: third.start_at, end_at: third.end_at, version: 1 });
      assertError(stale, 409, 'booking_changed');
      assert.equal(stale.body.booking.id, booking.id);
      assert.equal(stale.body.booking.version, 2);
      assert.equal(stale.body.booking.start_at, other.start_at);
      const now = await read(booking.id);
      assert.equal(now.start_at, other.start_at);
      assert.equal(now.version, 2);
      // Made again from what the answer showed, it goes through.
      const retried = await update(booking.id, { start_at: third.start_at, end_at: third.end_at, version: 2 });
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.body.start_at, third.start_at);
    });

    it('booking_changed: a status change or a cancel (DELETE ?version=) made from an older version is refused too', async () => {
      const booking = await create();
      assert.equal((await update(booking.id, { notes: 'Running late' })).status, 200);
      assertError(await update(booking.id, { status: 'cancelled', version: 1 }), 409, 'booking_changed');
      const del = await t.request({
        method: 'DELETE',
        url: `/api/bookings/${booking.id}?version=1`,
        token: admin.token,
      });
      assertError(del, 409, 'booking_changed');
      assert.equal(del.body.booking.notes, 'Running late');
      assert.equal((await read(booking.id)).status, 'scheduled');
      const current = await t.request({
        method: 'DELETE',
        url: `/api/bookings/${booking.id}?version=2`,
        token: admin.token,
      });
      assert.equal(current.status, 200, JSON.stringify(current.body));
      assert.equal(current.body.status, 'cancelled');
    });

    it('without a version a change is made as the interface says, whatever changed meanwhile', async () => {
      const booking = await create();
      assert.equal((await update(booking.id, { notes: 'first' })).status, 200);
      const blind = await update(booking.id, { notes: 'second' });
      assert.equal(blind.status, 200, JSON.stringify(blind.body));
      assert.equal(blind.body.notes, 'second');
      const cancelled = await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
      assert.equal(cancelled.status, 200);
    });

    it('a version that is not a positive integer is 400 validation_failed naming it', async () => {
      const booking = await create();
      for (const version of [0, -1, 1.5, 'one']) {
        const response = await update(booking.id, { notes: 'x', version });
        assertError(response, 400, 'validation_failed');
        assert.ok(JSON.stringify(response.body.details).includes('version'), JSON.stringify(response.body));
      }
      assertError(
        await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}?version=abc`, token: admin.token }),
        400,
        'validation_failed',
      );
    });

    it('booking_changed under concurrency: of ten simultaneous changes made from one version exactly one is made', async () => {
      const booking = await create();
      const slots = Array.from({ length: 10 }, () => nextSlot());
      const answers = await Promise.all(
        slots.map((slot, i) =>
          update(booking.id, { start_at: slot.start_at, end_at: slot.end_at, notes: `desk ${i}`, version: 1 }),
        ),
      );
      const made = answers.filter((a) => a.status === 200);
      assert.equal(made.length, 1, JSON.stringify(answers.map((a) => [a.status, a.body.code])));
      for (const refused of answers.filter((a) => a.status !== 200)) assertError(refused, 409, 'booking_changed');
      const now = await read(booking.id);
      assert.equal(now.version, 2);
      assert.equal(now.notes, made[0]!.body.notes);
      assert.equal(now.start_at, made[0]!.body.start_at);
    });
  });
}
