import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createService, setSettings, visitJobs } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createWorkingStaff, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

interface PublicPart {
  id: number;
  service_id: number;
  staff_id: number;
  start_at: string;
  end_at: string;
  status: string;
}

for (const dialect of DIALECTS) {
  describe(`public visits of several services [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let anna: { id: number };
    let ben: { id: number };
    let colour: { id: number };
    let cut: { id: number };
    let blowDry: { id: number };
    let day = 3;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      t = await createTestApp(dialect);
      const salon = await setupBookingSalon(t);
      admin = salon.admin;
      anna = salon.staff;
      ben = await createWorkingStaff(t, admin.token);
      colour = await createService(t, admin.token, { duration_min: 60 });
      cut = await createService(t, admin.token, { duration_min: 30 });
      blowDry = await createService(t, admin.token, { duration_min: 30 });
      await setSettings(t, admin.token, { calendar_slot_min: 30, booking_allow_staff_choice: 1 });
    });
    after(() => t.close());

    const book = (payload: object, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/public/visits',
        payload: { client_name: 'Vera Visit', client_email: uniqueEmail('visit'), ...payload },
        headers,
      });

    it('a three-service visit with two stylists is booked publicly: parts back to back, each a booking of the visit', async () => {
      const date = nextDate();
      const response = await book({
        start_at: `${date} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: anna.id },
          { service_id: cut.id, staff_id: ben.id },
          { service_id: blowDry.id, staff_id: anna.id },
        ],
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.start_at, `${date} 10:00:00`);
      assert.equal(response.body.end_at, `${date} 12:00:00`);
      assert.equal(response.body.status, 'scheduled');
      assert.deepEqual(
        response.body.bookings.map((b: PublicPart) => [
          b.service_id,
          b.staff_id,
          b.start_at.slice(11),
          b.end_at.slice(11),
        ]),
        [
          [colour.id, anna.id, '10:00:00', '11:00:00'],
          [cut.id, ben.id, '11:00:00', '11:30:00'],
          [blowDry.id, anna.id, '11:30:00', '12:00:00'],
        ],
      );
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select(['id', 'visit_id', 'visit_position', 'created_by'])
        .where('visit_id', '=', response.body.id)
        .orderBy('visit_position')
        .execute();
      assert.deepEqual(
        rows.map((row) => [row.id, row.visit_position, row.created_by]),
        response.body.bookings.map((b: PublicPart, i: number) => [b.id, i, null]),
      );
      const partIds = (response.body.bookings as PublicPart[]).map((part) => part.id);
      assert.equal((await visitJobs(t, admin.token, 'booking.created', partIds)).length, 1, 'one confirmation');
      // The desk sees the same visit.
      const desk = await t.request({
        method: 'GET',
        url: `/api/bookings/visits/${response.body.id}`,
        token: admin.token,
      });
      assert.equal(desk.status, 200);
      assert.deepEqual(
        desk.body.bookings.map((b: PublicPart) => b.id),
        response.body.bookings.map((b: PublicPart) => b.id),
      );
    });

    it('a part without staff_id goes to the free member who performs it', async () => {
      const date = nextDate();
      const first = await book({ start_at: `${date} 10:00`, parts: [{ service_id: cut.id, staff_id: anna.id }] });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const response = await book({
        start_at: `${date} 10:00`,
        parts: [{ service_id: cut.id }, { service_id: cut.id }],
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.bookings[0].staff_id, ben.id, 'Anna is taken at 10:00');
    });

    it('a part that cannot be placed refuses the visit: 409 slot_taken naming parts[i], nothing saved', async () => {
      const date = nextDate();
      assert.equal(
        (await book({ start_at: `${date} 11:00`, parts: [{ service_id: cut.id, staff_id: ben.id }] })).status,
        201,
      );
      const before = (await t.ctx.db.selectFrom('visits').select('id').execute()).length;
      const response = await book({
        start_at: `${date} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: anna.id },
          { service_id: cut.id, staff_id: ben.id },
        ],
      });
      assertError(response, 409, 'slot_taken');
      assert.equal(response.body.details[0].field, 'parts[1]');
      assert.equal((await t.ctx.db.selectFrom('visits').select('id').execute()).length, before);
      assertError(
        await book({ start_at: `${date} 10:10`, parts: [{ service_id: cut.id, staff_id: anna.id }] }),
        400,
        'not_a_slot',
      );
      assertError(await book({ start_at: `${date} 10:00`, parts: [{ service_id: 999_999 }] }), 400, 'unknown_service');
      assertError(await book({ start_at: `${date} 10:00`, parts: [] }), 400, 'validation_failed');
    });

    it('an Idempotency-Key answers the first visit again; with another body it is 409 idempotency_key_reused', async () => {
      const date = nextDate();
      const payload = {
        start_at: `${date} 14:00`,
        parts: [{ service_id: cut.id }, { service_id: blowDry.id }],
        client_email: uniqueEmail('retry'),
      };
      const key = `visit-${Math.random().toString(36).slice(2)}`;
      const first = await book(payload, { 'idempotency-key': key });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const retry = await book(payload, { 'idempotency-key': key });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.body, first.body);
      assertError(
        await book({ ...payload, start_at: `${date} 15:00` }, { 'idempotency-key': key }),
        409,
        'idempotency_key_reused',
      );
      assertError(await book(payload, { 'idempotency-key': 'short' }), 400, 'validation_failed');
    });

    it('staff choice off: a part naming staff_id is 400 staff_choice_disabled', async () => {
      await setSettings(t, admin.token, { booking_allow_staff_choice: 0 });
      try {
        const response = await book({
          start_at: `${nextDate()} 10:00`,
          parts: [{ service_id: cut.id, staff_id: anna.id }],
        });
        assertError(response, 400, 'staff_choice_disabled');
      } finally {
        await setSettings(t, admin.token, { booking_allow_staff_choice: 1 });
      }
    });
  });
}
