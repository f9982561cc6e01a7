import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import {
  availability,
  offeredStarts,
  publicBooking,
  salonDate,
  setupBookingSalon,
} from '../../../test/helpers/public.js';

/* The rule: a service not bookable online is off the booking page and refused there; the office still books it. */

for (const dialect of DIALECTS) {
  describe(`a service not bookable online [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { id: number };
    let online: { id: number };
    let officeOnly: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      const salon = await setupBookingSalon(t);
      admin = salon.admin;
      staff = salon.staff;
      online = salon.service;
      officeOnly = await createService(t, admin.token, { name: 'Consultation', online_bookable: false });
    });
    after(() => t.close());

    const date = salonDate(5);
    const bookedCount = async (serviceId: number) =>
      Number(
        (
          await t.ctx.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('service_id', '=', serviceId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const setBookable = async (id: number, value: unknown) =>
      t.request({ method: 'PUT', url: `/api/services/${id}`, token: admin.token, payload: { online_bookable: value } });

    it('online_bookable is 1 by default, set by create and update (true/false or 1/0), and shown by the service endpoints', async () => {
      const plain = await t.request({ method: 'GET', url: `/api/services`, token: admin.token });
      assert.equal(plain.status, 200);
      const byId = new Map((plain.body as Array<{ id: number; online_bookable: number }>).map((s) => [s.id, s]));
      assert.equal(byId.get(online.id)?.online_bookable, 1);
      assert.equal(byId.get(officeOnly.id)?.online_bookable, 0);

      const other = await createService(t, admin.token, { online_bookable: 0 });
      let changed = await setBookable(other.id, true);
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.online_bookable, 1);
      changed = await setBookable(other.id, 0);
      assert.equal(changed.body.online_bookable, 0);
      // Another field's update leaves it as it was.
      changed = await t.request({
        method: 'PUT',
        url: `/api/services/${other.id}`,
        token: admin.token,
        payload: { price: 12 },
      });
      assert.equal(changed.body.online_bookable, 0);
      const one = await t.request({ method: 'GET', url: `/api/services`, token: admin.token });
      assert.ok(
        (one.body as Array<{ id: number }>).some((s) => s.id === other.id),
        'the office still lists it',
      );
    });

    it('online_bookable other than true/false/0/1 is refused with 400 naming the field', async () => {
      const response = await setBookable(online.id, 'yes');
      assertError(response, 400, 'validation_failed');
      assert.ok(JSON.stringify(response.body.details).includes('online_bookable'), JSON.stringify(response.body));
    });

    it('GET /public/services leaves out a service not bookable online', async () => {
      const response = await t.request({ method: 'GET', url: '/api/public/services' });
      assert.equal(response.status, 200);
      const ids = (response.body as Array<{ id: number }>).map((s) => s.id);
      assert.ok(ids.includes(online.id));
      assert.ok(!ids.includes(officeOnly.id));
    });

    it('public availability of a service not bookable online: 409 not_bookable_online naming service_id', async () => {
      const response = await availability(t, { date, service_id: officeOnly.id });
      assertError(response, 409, 'not_bookable_online');
      assert.deepEqual(
        response.body.details.map((d: { field: string }) => d.field),
        ['service_id'],
      );
      const visit = await t.request({
        method: 'POST',
        url: '/api/public/visit-availability',
        payload: { date, parts: [{ service_id: online.id }, { service_id: officeOnly.id }] },
      });
      assertError(visit, 409, 'not_bookable_online');
      assert.deepEqual(
        visit.body.details.map((d: { field: string }) => d.field),
        ['parts[1].service_id'],
      );
      // An unknown service keeps its own answer.
      assertError(await availability(t, { date, service_id: 999_999 }), 400, 'unknown_service');
    });

    it('the staff to choose for a service not bookable online: 409 not_bookable_online naming service_id', async () => {
      await t.request({
        method: 'PUT',
        url: '/api/settings',
        token: admin.token,
        payload: { booking_allow_staff_choice: true },
      });
      const offline = await t.request({ method: 'GET', url: `/api/public/staff?service_id=${officeOnly.id}` });
      assertError(offline, 409, 'not_bookable_online');
      assert.deepEqual(
        offline.body.details.map((d: { field: string }) => d.field),
        ['service_id'],
      );
      const bookable = await t.request({ method: 'GET', url: `/api/public/staff?service_id=${online.id}` });
      assert.equal(bookable.status, 200, JSON.stringify(bookable.body));
      assert.ok((bookable.body as Array<{ id: number }>).some((member) => member.id === staff.id));
    });

    it('a public booking or visit of a service not bookable online: 409 not_bookable_online, nothing booked', async () => {
      const [start] = await offeredStarts(t, { date, service_id: online.id });
      const startAt = `${date} ${start}:00`;
      const response = await publicBooking(t, { service_id: officeOnly.id, start_at: startAt });
      assertError(response, 409, 'not_bookable_online');
      const visit = await t.request({
        method: 'POST',
        url: '/api/public/visits',
        payload: {
          client_name: 'Vera Visit',
          client_email: uniqueEmail('visit'),
          start_at: startAt,
          parts: [{ service_id: officeOnly.id }, { service_id: online.id }],
        },
      });
      assertError(visit, 409, 'not_bookable_online');
      assert.deepEqual(
        visit.body.details.map((d: { field: string }) => d.field),
        ['parts[0].service_id'],
      );
      assert.equal(await bookedCount(officeOnly.id), 0);
    });

    it('the office still books a service not bookable online', async () => {
      const client = await createClient(t, admin.token);
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: officeOnly.id, ...nextSlot() },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(await bookedCount(officeOnly.id), 1);
    });

    it('made bookable online again, it is listed and offered', async () => {
      const back = await createService(t, admin.token, { online_bookable: false });
      assertError(await availability(t, { date, service_id: back.id }), 409, 'not_bookable_online');
      const changed = await setBookable(back.id, true);
      assert.equal(changed.status, 200);
      const listed = await t.request({ method: 'GET', url: '/api/public/services' });
      assert.ok((listed.body as Array<{ id: number }>).some((s) => s.id === back.id));
      assert.ok((await offeredStarts(t, { date, service_id: back.id })).length > 0);
    });
  });
}
