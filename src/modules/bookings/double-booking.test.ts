import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`no double booking [${dialect}]`, () => {
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

    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...payload },
      });

    it('an overlapping booking of the same staff member is 409 booking_overlap naming the clashing booking', async () => {
      const { date } = nextSlot();
      const first = await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` });
      assert.equal(first.status, 200);
      for (const [start, end] of [
        ['10:00', '11:00'],
        ['09:30', '10:01'],
        ['10:59', '12:00'],
        ['10:15', '10:45'],
        ['09:00', '12:00'],
      ]) {
        const response = await create({ start_at: `${date} ${start}`, end_at: `${date} ${end}` });
        assertError(response, 409, 'booking_overlap');
        assert.match(response.body.error, new RegExp(`\\b${first.body.id}\\b`));
        assert.deepEqual(response.body.details, [{ field: 'start_at', message: `overlaps booking ${first.body.id}` }]);
      }
      // Touching ends do not overlap; another staff member is free; a cancelled booking frees its time.
      assert.equal((await create({ start_at: `${date} 11:00`, end_at: `${date} 12:00` })).status, 200);
      assert.equal((await create({ start_at: `${date} 09:00`, end_at: `${date} 10:00` })).status, 200);
      const colleague = await createStaff(t);
      assert.equal(
        (await create({ staff_id: colleague.id, start_at: `${date} 10:00`, end_at: `${date} 11:00` })).status,
        200,
      );
      await t.request({ method: 'DELETE', url: `/api/bookings/${first.body.id}`, token: admin.token });
      assert.equal((await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).status, 200);
    });

    it('PUT that would overlap another booking (new times or new staff) is 409; the booking itself does not count', async () => {
      const { date } = nextSlot();
      const a = (await create({ start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
      const b = (await create({ start_at: `${date} 12:00`, end_at: `${date} 13:00` })).body;
      const put = (id: number, payload: object) =>
        t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: admin.token, payload });
      const clash = await put(b.id, { start_at: `${date} 10:30` });
      assertError(clash, 409, 'booking_overlap');
      assert.deepEqual(clash.body.details, [{ field: 'start_at', message: `overlaps booking ${a.id}` }]);
      assert.equal((await put(a.id, { end_at: `${date} 11:30` })).status, 200, 'moving within its own time');

      const colleague = await createStaff(t);
      const c = (await create({ staff_id: colleague.id, start_at: `${date} 10:00`, end_at: `${date} 11:00` })).body;
      assertError(await put(c.id, { staff_id: staff.id }), 409, 'booking_overlap');
    });

    it('20 concurrent overlapping POST /bookings for one staff member: exactly one succeeds, 19 get 409', async () => {
      const { date } = nextSlot();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create({ start_at: `${date} 10:${String(i).padStart(2, '0')}`, end_at: `${date} 11:30` }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 19, JSON.stringify(statuses));
      const winner = responses.find((r) => r.status === 200)!.body;
      for (const loser of responses.filter((r) => r.status === 409)) {
        assert.equal(loser.body.code, 'booking_overlap');
        assert.deepEqual(loser.body.details, [{ field: 'start_at', message: `overlaps booking ${winner.id}` }]);
      }
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('staff_id', '=', staff.id)
        .where('start_at', 'like', `${date}%`)
        .execute();
      assert.equal(rows.length, 1);
    });

    it('20 concurrent overlapping PUTs moving different bookings onto one slot: exactly one succeeds', async () => {
      const { date } = nextSlot();
      const ids: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const hour = String(i).padStart(2, '0');
        // Half an hour of a one-hour service: the desk's shorter_than_service rule, overridden.
        const r = await create({ start_at: `${date} ${hour}:00`, end_at: `${date} ${hour}:30`, override: true });
        assert.equal(r.status, 200);
        ids.push(r.body.id);
      }
      const target = nextSlot();
      const responses = await Promise.all(
        ids.map((id) =>
          t.request({
            method: 'PUT',
            url: `/api/bookings/${id}`,
            token: admin.token,
            payload: { start_at: target.start_at, end_at: target.end_at },
          }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 19, JSON.stringify(statuses));
    });
  });
}
