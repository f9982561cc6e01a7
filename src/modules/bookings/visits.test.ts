import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot, visitJobs } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff } from '../../../test/helpers/public.js';

interface Part {
  id: number;
  staff_id: number;
  service_id: number;
  start_at: string;
  end_at: string;
  status: string;
}

for (const dialect of DIALECTS) {
  describe(`visits of several services [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let anna: { id: number; token: string };
    let ben: { id: number };
    let client: { id: number };
    let colour: { id: number };
    let cut: { id: number };
    let blowDry: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      // The owner takes no clients, so "any" chooses among the two stylists only.
      await t.ctx.db.updateTable('users').set({ bookable: 0 }).where('id', '=', admin.id).execute();
      anna = await createWorkingStaff(t, admin.token);
      ben = await createWorkingStaff(t, admin.token);
      client = await createClient(t, admin.token);
      colour = await createService(t, admin.token, { duration_min: 90 });
      cut = await createService(t, admin.token, { duration_min: 45 });
      blowDry = await createService(t, admin.token, { duration_min: 30 });
    });
    after(() => t.close());

    const book = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings/visits',
        token: admin.token,
        payload: { client_id: client.id, ...payload },
      });
    const single = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, ...payload },
      });
    const countRows = async () => ({
      visits: (await t.ctx.db.selectFrom('visits').select('id').execute()).length,
      bookings: (await t.ctx.db.selectFrom('bookings').select('id').execute()).length,
    });

    it('parts run back to back, each ending after its own duration, as bookings carrying the visit and their position', async () => {
      const { date } = nextSlot();
      const response = await book({
        start_at: `${date} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: anna.id },
          { service_id: cut.id, staff_id: ben.id },
          { service_id: blowDry.id, staff_id: anna.id, end_at: `${date} 12:50` },
        ],
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const visit = response.body;
      assert.equal(visit.client_id, client.id);
      assert.equal(visit.start_at, `${date} 10:00:00`);
      assert.equal(visit.end_at, `${date} 12:50:00`);
      assert.equal(visit.status, 'scheduled');
      assert.deepEqual(
        visit.bookings.map((b: Part) => [b.staff_id, b.service_id, b.start_at.slice(11), b.end_at.slice(11)]),
        [
          [anna.id, colour.id, '10:00:00', '11:30:00'],
          [ben.id, cut.id, '11:30:00', '12:15:00'],
          [anna.id, blowDry.id, '12:15:00', '12:50:00'],
        ],
      );
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select(['id', 'visit_id', 'visit_position'])
        .where('visit_id', '=', visit.id)
        .orderBy('visit_position')
        .execute();
      assert.deepEqual(
        rows.map((row) => [row.id, row.visit_position]),
        visit.bookings.map((b: Part, i: number) => [b.id, i]),
      );
      // Each part is a booking of its own; the client gets one confirmation for the visit.
      const partIds = (visit.bookings as Part[]).map((part) => part.id);
      assert.equal((await visitJobs(t, admin.token, 'booking.created', partIds)).length, 1);
      const again = await t.request({ method: 'GET', url: `/api/bookings/visits/${visit.id}`, token: admin.token });
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, visit);
    });

    it('a part without staff_id goes to the least-booked member performing the service who is free for it', async () => {
      const { date } = nextSlot();
      // Anna has more bookings that day: Ben is chosen.
      assert.equal(
        (await single({ staff_id: anna.id, service_id: cut.id, start_at: `${date} 16:00`, end_at: `${date} 16:45` }))
          .status,
        200,
      );
      const first = await book({ start_at: `${date} 09:00`, parts: [{ service_id: cut.id }] });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.body.bookings[0].staff_id, ben.id);
      // Now both have one; the lowest id is least-booked on a tie, yet Anna is busy at 13:00: Ben.
      assert.equal(
        (await single({ staff_id: anna.id, service_id: cut.id, start_at: `${date} 13:00`, end_at: `${date} 14:00` }))
          .status,
        200,
      );
      const second = await book({ start_at: `${date} 13:00`, parts: [{ service_id: cut.id }] });
      assert.equal(second.status, 201, JSON.stringify(second.body));
      assert.equal(second.body.bookings[0].staff_id, ben.id);
      // Both busy: the part cannot be placed, named in the details, and nothing is saved.
      const before = await countRows();
      const third = await book({ start_at: `${date} 13:00`, parts: [{ service_id: cut.id }] });
      assertError(third, 409, 'booking_overlap');
      assert.equal(third.body.details[0].field, 'parts[0]');
      assert.deepEqual(await countRows(), before);
    });

    it('a part that cannot be placed refuses the whole visit: 409 naming parts[i], nothing saved', async () => {
      const { date } = nextSlot();
      const blocker = await single({
        staff_id: ben.id,
        service_id: cut.id,
        start_at: `${date} 11:45`,
        end_at: `${date} 12:30`,
      });
      assert.equal(blocker.status, 200);
      const before = await countRows();
      const response = await book({
        start_at: `${date} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: anna.id },
          { service_id: cut.id, staff_id: ben.id },
        ],
      });
      assertError(response, 409, 'booking_overlap');
      assert.deepEqual(response.body.details[0], {
        field: 'parts[1]',
        message: `This staff member already has booking ${blocker.body.id} at that time`,
      });
      assert.ok(response.body.details.some((d: { field: string }) => d.field === 'parts[1].start_at'));
      assert.deepEqual(await countRows(), before);
    });

    it('bad parts are 400 naming the part: unknown service, unknown staff member, end before the part starts', async () => {
      const { date } = nextSlot();
      const unknownService = await book({
        start_at: `${date} 10:00`,
        parts: [{ service_id: cut.id }, { service_id: 999_999 }],
      });
      assertError(unknownService, 400, 'unknown_service');
      assert.equal(unknownService.body.details[0].field, 'parts[1]');
      const unknownStaff = await book({
        start_at: `${date} 10:00`,
        parts: [{ service_id: cut.id, staff_id: 999_999 }],
      });
      assertError(unknownStaff, 400, 'unknown_staff');
      assert.equal(unknownStaff.body.details[0].field, 'parts[0]');
      const backwards = await book({
        start_at: `${date} 10:00`,
        parts: [
          { service_id: cut.id, staff_id: anna.id },
          { service_id: cut.id, staff_id: ben.id, end_at: `${date} 10:30` },
        ],
      });
      assertError(backwards, 400, 'validation_failed');
      assert.deepEqual(
        backwards.body.details.map((d: { field: string }) => d.field),
        ['parts[1]', 'parts[1].end_at'],
      );
      const unknownClient = await book({
        client_id: 999_999,
        start_at: `${date} 10:00`,
        parts: [{ service_id: cut.id }],
      });
      assertError(unknownClient, 400, 'unknown_client');
      const noParts = await book({ start_at: `${date} 10:00`, parts: [] });
      assertError(noParts, 400, 'validation_failed');
      const missing = await t.request({ method: 'GET', url: '/api/bookings/visits/999999', token: admin.token });
      assertError(missing, 404, 'not_found');
    });

    it('moving a visit shifts every part by the same amount; one refused part refuses the move (all or nothing)', async () => {
      const { date } = nextSlot();
      const visit = (
        await book({
          start_at: `${date} 10:00`,
          parts: [
            { service_id: cut.id, staff_id: anna.id },
            { service_id: blowDry.id, staff_id: anna.id },
          ],
        })
      ).body;
      const move = (startAt: string) =>
        t.request({
          method: 'PUT',
          url: `/api/bookings/visits/${visit.id}`,
          token: admin.token,
          payload: { start_at: startAt },
        });
      // Later by 30 minutes: Anna's second part moves onto nothing but her own old time.
      const later = await move(`${date} 10:30`);
      assert.equal(later.status, 200, JSON.stringify(later.body));
      assert.deepEqual(
        later.body.bookings.map((b: Part) => [b.start_at.slice(11), b.end_at.slice(11)]),
        [
          ['10:30:00', '11:15:00'],
          ['11:15:00', '11:45:00'],
        ],
      );
      // Ben is busy at 14:30: moving Anna's visit there is fine, but a visit with Ben's part is not.
      const blocker = await single({
        staff_id: ben.id,
        service_id: cut.id,
        start_at: `${date} 14:30`,
        end_at: `${date} 15:15`,
      });
      assert.equal(blocker.status, 200, JSON.stringify(blocker.body));
      const mixed = (
        await book({
          start_at: `${date} 12:00`,
          parts: [
            { service_id: cut.id, staff_id: anna.id },
            { service_id: blowDry.id, staff_id: ben.id },
          ],
        })
      ).body;
      const refused = await t.request({
        method: 'PUT',
        url: `/api/bookings/visits/${mixed.id}`,
        token: admin.token,
        payload: { start_at: `${date} 14:00` },
      });
      assertError(refused, 409, 'booking_overlap');
      assert.equal(refused.body.details[0].field, 'parts[1]');
      const unchanged = await t.request({ method: 'GET', url: `/api/bookings/visits/${mixed.id}`, token: admin.token });
      assert.deepEqual(unchanged.body, mixed, 'neither part moved');
      // A part changed alone stays possible through /bookings/:id.
      const alone = await t.request({
        method: 'PUT',
        url: `/api/bookings/${mixed.bookings[1].id}`,
        token: admin.token,
        payload: { staff_id: anna.id },
      });
      assert.equal(alone.status, 200, JSON.stringify(alone.body));
      const partIds = (visit.bookings as Part[]).map((part) => part.id);
      const jobs = await visitJobs(t, admin.token, 'booking.updated', partIds);
      assert.equal(jobs.length, 1, 'the client hears of the move, once for the visit');
    });

    it('cancelling a visit cancels every part still scheduled or provisional, with the side effects; then 409', async () => {
      const { date } = nextSlot();
      const visit = (
        await book({
          start_at: `${date} 10:00`,
          parts: [
            { service_id: cut.id, staff_id: anna.id },
            { service_id: blowDry.id, staff_id: ben.id },
          ],
        })
      ).body;
      const cancel = () => t.request({ method: 'DELETE', url: `/api/bookings/visits/${visit.id}`, token: admin.token });
      const response = await cancel();
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.status, 'cancelled');
      assert.deepEqual(
        response.body.bookings.map((b: Part) => b.status),
        ['cancelled', 'cancelled'],
      );
      const partIds = (visit.bookings as Part[]).map((part) => part.id);
      assert.equal((await visitJobs(t, admin.token, 'booking.cancelled', partIds)).length, 1, 'one for the visit');
      assertError(await cancel(), 409, 'already_cancelled');
      const move = await t.request({
        method: 'PUT',
        url: `/api/bookings/visits/${visit.id}`,
        token: admin.token,
        payload: { start_at: `${date} 11:00` },
      });
      assertError(move, 409, 'visit_cancelled');
      // Its time is free again.
      const rebook = await book({ start_at: `${date} 10:00`, parts: [{ service_id: cut.id, staff_id: anna.id }] });
      assert.equal(rebook.status, 201);
    });

    it('the desk rules apply to every part, named parts[i]; override: true books it and records the rule', async () => {
      const { date } = nextSlot();
      const parts = [
        { service_id: colour.id, staff_id: anna.id },
        { service_id: cut.id, staff_id: ben.id },
      ];
      // 15:30 + 90 minutes: Anna is fine until 17:00, Ben's cut runs to 17:45, past his shift.
      const refused = await book({
        start_at: `${date} 15:30`,
        parts: [parts[0], { ...parts[1], end_at: `${date} 17:45` }],
      });
      assertError(refused, 400, 'outside_working_time');
      assert.equal(refused.body.details[0].field, 'parts[1]');
      const overridden = await book({
        start_at: `${date} 15:30`,
        parts: [parts[0], { ...parts[1], end_at: `${date} 17:45` }],
        override: true,
      });
      assert.equal(overridden.status, 201, JSON.stringify(overridden.body));
      assert.deepEqual(
        overridden.body.bookings.map((b: { overridden_rules: string[] }) => b.overridden_rules),
        [[], ['outside_working_time']],
      );
      assert.deepEqual(
        overridden.body.bookings.map((b: { visit_id: number; visit_position: number }) => [
          b.visit_id,
          b.visit_position,
        ]),
        [
          [overridden.body.id, 0],
          [overridden.body.id, 1],
        ],
      );
      // Moving it later still breaks the rule: refused without override, whole.
      const move = await t.request({
        method: 'PUT',
        url: `/api/bookings/visits/${overridden.body.id}`,
        token: admin.token,
        payload: { start_at: `${date} 15:45` },
      });
      assertError(move, 400, 'outside_working_time');
      assert.match(move.body.details[0].field, /^parts\[[01]\]$/);
    });

    it('personal agenda: a staff member reaches only a visit whose every part is theirs (404 otherwise)', async () => {
      const { date } = nextSlot();
      const own = (await book({ start_at: `${date} 10:00`, parts: [{ service_id: cut.id, staff_id: anna.id }] })).body;
      const shared = (
        await book({
          start_at: `${date} 12:00`,
          parts: [
            { service_id: cut.id, staff_id: anna.id },
            { service_id: cut.id, staff_id: ben.id },
          ],
        })
      ).body;
      const staffToken = (anna as { token: string }).token;
      await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { staff_personal_agenda_enabled: 1 },
      });
      const get = (id: number) => t.request({ method: 'GET', url: `/api/bookings/visits/${id}`, token: staffToken });
      assert.equal((await get(own.id)).status, 200);
      assertError(await get(shared.id), 404, 'not_found');
      assertError(
        await t.request({ method: 'DELETE', url: `/api/bookings/visits/${shared.id}`, token: staffToken }),
        404,
        'not_found',
      );
    });

    it('a visit whose first part is cancelled alone takes the status and start of its first remaining part', async () => {
      const { date } = nextSlot();
      const visit = (
        await book({
          start_at: `${date} 10:00`,
          provisional: true,
          parts: [
            { service_id: cut.id, staff_id: anna.id },
            { service_id: blowDry.id, staff_id: ben.id },
          ],
        })
      ).body;
      assert.equal(visit.status, 'provisional');
      await t.request({ method: 'DELETE', url: `/api/bookings/${visit.bookings[0].id}`, token: admin.token });
      const now = await t.request({ method: 'GET', url: `/api/bookings/visits/${visit.id}`, token: admin.token });
      assert.equal(now.body.status, 'provisional');
      assert.equal(now.body.start_at, `${date} 10:45:00`);
    });

    it('20 concurrent visits racing for overlapping stylists in varying order and a 2-basin resource: no double booking or use, no 500, no deadlock', async () => {
      const { date } = nextSlot();
      const stylists = [
        anna.id,
        ben.id,
        (await createWorkingStaff(t, admin.token)).id,
        (await createWorkingStaff(t, admin.token)).id,
      ];
      const now = new Date().toISOString();
      const basin = await t.ctx.db
        .insertInto('resources')
        .values({ name: 'Basins', capacity: 2, location_id: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const wash = await createService(t, admin.token, { duration_min: 30 });
      await t.ctx.db.insertInto('service_resources').values({ service_id: wash.id, resource_id: basin.id }).execute();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const first = stylists[i % 4]!;
          const second = stylists[(i + 1 + (i % 3)) % 4]!;
          return book({
            start_at: `${date} ${String(10 + (i % 3)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
            parts: [
              { service_id: wash.id, staff_id: first },
              { service_id: cut.id, staff_id: second },
            ],
          });
        }),
      );
      const statuses = responses.map((r) => r.status);
      assert.ok(
        statuses.every((s) => s === 201 || s === 409),
        JSON.stringify(responses.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.body)),
      );
      const successes = statuses.filter((s) => s === 201).length;
      assert.ok(successes >= 2, JSON.stringify(statuses));
      for (const loser of responses.filter((r) => r.status === 409)) {
        assert.ok(['booking_overlap', 'resource_unavailable'].includes(loser.body.code), JSON.stringify(loser.body));
        assert.match(loser.body.details[0].field, /^parts\[[01]\]$/);
      }
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select(['staff_id', 'start_at', 'end_at', 'visit_id'])
        .where('start_at', 'like', `${date}%`)
        .where('status', '<>', 'cancelled')
        .orderBy('staff_id')
        .orderBy('start_at')
        .execute();
      assert.equal(rows.length, successes * 2, 'every visit saved whole or not at all');
      for (let i = 1; i < rows.length; i += 1) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        if (a.staff_id === b.staff_id) assert.ok(a.end_at <= b.start_at, `overlap: ${JSON.stringify([a, b])}`);
      }
      const held = await t.ctx.db
        .selectFrom('booking_resources')
        .select(['start_at', 'end_at'])
        .where('resource_id', '=', basin.id)
        .execute();
      assert.ok(held.length >= 1);
      for (const use of held) {
        const together = held.filter((other) => other.start_at <= use.start_at && other.end_at > use.start_at).length;
        assert.ok(together <= 2, `more than 2 basins in use at ${use.start_at}`);
      }
    });
  });
}
