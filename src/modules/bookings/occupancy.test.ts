import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

/*
 * What a desk booking occupies: its staff member only in the work phases (processing time
 * frees them for another client), and the resources its service needs, never beyond their
 * capacity, also when requests race.
 */

for (const dialect of DIALECTS) {
  describe(`booking occupancy: processing time and resources [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let stylist: { id: number };
    let client: { id: number };
    let second: { id: number };
    let colour: { id: number };
    let cut: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      stylist = await createStaff(t);
      client = await createClient(t, admin.token);
      second = await createClient(t, admin.token);
      // Colour: 30 minutes of work, 60 developing (the stylist is free), 30 of finishing.
      colour = await createService(t, admin.token, { name: 'Colour', duration_min: 120 });
      await t.ctx.db
        .updateTable('services')
        .set({ processing_after_min: 30, processing_min: 60 })
        .where('id', '=', colour.id)
        .execute();
      cut = await createService(t, admin.token, { name: 'Cut', duration_min: 45 });
    });
    after(() => t.close());

    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: stylist.id, ...payload },
      });
    const update = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: admin.token, payload });

    async function addResource(name: string, capacity: number, serviceIds: number[]): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await t.ctx.db
        .insertInto('resources')
        .values({ name, capacity, location_id: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const serviceId of serviceIds) {
        await t.ctx.db.insertInto('service_resources').values({ service_id: serviceId, resource_id: id }).execute();
      }
      return id;
    }

    it('processing-time overlap at the desk: a second client’s cut in the first client’s processing gap is accepted; a work phase is 409', async () => {
      const { date } = nextSlot();
      const first = await create({ service_id: colour.id, start_at: `${date} 10:00` });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.end_at, `${date} 12:00:00`);
      assert.equal(first.body.processing_start_at, `${date} 10:30:00`);
      assert.equal(first.body.processing_end_at, `${date} 11:30:00`);

      const gap = await create({ client_id: second.id, service_id: cut.id, start_at: `${date} 10:30` });
      assert.equal(gap.status, 200, JSON.stringify(gap.body));
      assert.equal(gap.body.processing_start_at, null);

      for (const start of ['10:15', '11:00', '11:45']) {
        const clash = await create({ client_id: second.id, service_id: cut.id, start_at: `${date} ${start}` });
        assertError(clash, 409, 'booking_overlap');
      }
      // A colour whose own processing covers the cut still clashes in its work phases.
      assertError(
        await create({ client_id: second.id, service_id: colour.id, start_at: `${date} 10:45` }),
        409,
        'booking_overlap',
      );
      // Moving the cut onto the finishing phase is refused; within the gap it moves freely.
      assertError(
        await update(gap.body.id, { start_at: `${date} 11:15`, end_at: `${date} 12:00` }),
        409,
        'booking_overlap',
      );
      assert.equal((await update(gap.body.id, { start_at: `${date} 10:35`, end_at: `${date} 11:20` })).status, 200);
    });

    it('processing-time overlap: two colours interleave when each works in the other’s processing; a third does not fit', async () => {
      const { date } = nextSlot();
      assert.equal((await create({ service_id: colour.id, start_at: `${date} 10:00` })).status, 200);
      // Works 10:30–11:00 (the first develops), develops 11:00–12:00 (the first is finished then).
      const interleaved = await create({ client_id: second.id, service_id: colour.id, start_at: `${date} 10:30` });
      assert.equal(interleaved.status, 200, JSON.stringify(interleaved.body));
      assertError(
        await create({ client_id: second.id, service_id: colour.id, start_at: `${date} 10:15` }),
        409,
        'booking_overlap',
      );
    });

    it('processing window clipped to a booking shorter than the member’s duration', async () => {
      const { date } = nextSlot();
      const short = await create({
        service_id: colour.id,
        start_at: `${date} 10:00`,
        end_at: `${date} 11:00`,
        override: true,
      });
      assert.equal(short.status, 200, JSON.stringify(short.body));
      assert.deepEqual(short.body.overridden_rules, ['shorter_than_service']);
      assert.equal(short.body.processing_start_at, `${date} 10:30:00`);
      assert.equal(short.body.processing_end_at, `${date} 11:00:00`);
      const shorter = await create({
        service_id: colour.id,
        start_at: `${date} 12:00`,
        end_at: `${date} 12:20`,
        override: true,
      });
      assert.equal(shorter.body.processing_start_at, null, 'no window left inside the booking');
    });

    it('processing window follows a change of service and of times', async () => {
      const { date } = nextSlot();
      const booking = (
        await create({ service_id: cut.id, start_at: `${date} 10:00`, end_at: `${date} 12:00`, override: true })
      ).body;
      assert.equal(booking.processing_start_at, null);
      const recoloured = await update(booking.id, { service_id: colour.id });
      assert.equal(recoloured.status, 200, JSON.stringify(recoloured.body));
      assert.equal(recoloured.body.processing_start_at, `${date} 10:30:00`);
      const moved = await update(booking.id, { start_at: `${date} 13:00`, end_at: `${date} 15:00` });
      assert.equal(moved.body.processing_start_at, `${date} 13:30:00`);
      assert.equal(moved.body.processing_end_at, `${date} 14:30:00`);
    });

    it('resource_unavailable: a resource is held for the whole booking and never beyond its capacity', async () => {
      const room = await createService(t, admin.token, { name: 'Facial', duration_min: 60 });
      const resourceId = await addResource('Treatment room', 1, [room.id]);
      const other = await createStaff(t);
      const { date } = nextSlot();
      const first = await create({ service_id: room.id, start_at: `${date} 10:00` });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const held = await t.ctx.db
        .selectFrom('booking_resources')
        .selectAll()
        .where('booking_id', '=', first.body.id)
        .execute();
      assert.deepEqual(
        held.map((row) => [row.resource_id, row.start_at, row.end_at]),
        [[resourceId, `${date} 10:00:00`, `${date} 11:00:00`]],
      );
      const clash = await create({ staff_id: other.id, service_id: room.id, start_at: `${date} 10:30` });
      assertError(clash, 409, 'resource_unavailable');
      assert.match(clash.body.error, /Treatment room/);
      // Touching ends are fine; a cancelled booking frees the room.
      assert.equal((await create({ staff_id: other.id, service_id: room.id, start_at: `${date} 11:00` })).status, 200);
      await t.request({ method: 'DELETE', url: `/api/bookings/${first.body.id}`, token: admin.token });
      assert.equal((await create({ staff_id: other.id, service_id: room.id, start_at: `${date} 10:00` })).status, 200);
      // Moving into a time the room is in use, or changing to a service that needs it then, is 409.
      const later = (await create({ service_id: room.id, start_at: `${date} 13:00` })).body;
      assertError(
        await update(later.id, { start_at: `${date} 10:15`, end_at: `${date} 11:15` }),
        409,
        'resource_unavailable',
      );
      const plain = (
        await create({ service_id: cut.id, start_at: `${date} 15:00`, end_at: `${date} 16:00`, override: true })
      ).body;
      assert.equal((await update(plain.id, { service_id: room.id, staff_id: other.id })).status, 200);
      const replaced = await t.ctx.db
        .selectFrom('booking_resources')
        .select('resource_id')
        .where('booking_id', '=', plain.id)
        .execute();
      assert.deepEqual(replaced, [{ resource_id: resourceId }]);
      assert.equal((await update(plain.id, { service_id: cut.id })).status, 200);
      const released = await t.ctx.db
        .selectFrom('booking_resources')
        .select('resource_id')
        .where('booking_id', '=', plain.id)
        .execute();
      assert.deepEqual(released, [], 'a service without resources holds none');
    });

    it('resource_unavailable: 20 concurrent POST /bookings of different staff for a 2-basin resource, exactly 2 succeed', async () => {
      const wash = await createService(t, admin.token, { name: 'Colour wash', duration_min: 60 });
      const resourceId = await addResource('Colour bar basins', 2, [wash.id]);
      const staff = [];
      for (let i = 0; i < 20; i += 1) staff.push(await createStaff(t));
      const { date } = nextSlot();
      const responses = await Promise.all(
        staff.map((member, i) =>
          create({
            staff_id: member.id,
            service_id: wash.id,
            start_at: `${date} 10:${String(i).padStart(2, '0')}`,
            end_at: `${date} 11:30`,
            override: true,
          }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 2, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 18, JSON.stringify(statuses));
      for (const loser of responses.filter((r) => r.status === 409)) {
        assert.equal(loser.body.code, 'resource_unavailable');
        assert.match(loser.body.error, /Colour bar basins/);
      }
      const holders = await t.ctx.db
        .selectFrom('booking_resources')
        .select('booking_id')
        .where('resource_id', '=', resourceId)
        .execute();
      assert.equal(holders.length, 2);
    });
  });
}
