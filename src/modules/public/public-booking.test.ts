import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, jobsNamed, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import {
  availability,
  createWorkingStaff,
  offeredStarts,
  publicBooking,
  salonDate,
  setupBookingSalon,
} from '../../../test/helpers/public.js';

const ALL_DAY = ['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `${h}:00`);

for (const dialect of DIALECTS) {
  describe(`public booking page: read side, availability, bookings [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staff: { id: number; token: string };
    let service: { id: number; name: string };
    let day = 3;
    /** A date of its own for each test: no test sees another's bookings. */
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      t = await createTestApp(dialect);
      ({ admin, staff, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    it('salon-info has exactly the fields of the public salon info object, toggles as booleans', async () => {
      const response = await t.request({ method: 'GET', url: '/api/public/salon-info' });
      assert.equal(response.status, 200);
      assert.deepEqual(Object.keys(response.body).sort(), [
        'booking_allow_staff_choice',
        'booking_clients',
        'booking_max_future_days',
        'booking_min_lead_hours',
        'booking_mode',
        'booking_show_duration',
        'booking_show_prices',
        'currency',
        'salon_name',
      ]);
      assert.equal(response.body.salon_name, 'Studio Test');
      assert.equal(response.body.booking_show_prices, true);
      assert.equal(response.body.booking_min_lead_hours, 2);
    });

    it('services: archived never; price hidden when booking_show_prices is 0, duration when booking_show_duration is 0', async () => {
      const archived = await createService(t, admin.token);
      await t.request({ method: 'DELETE', url: `/api/services/${archived.id}`, token: admin.token });
      let list = (await t.request({ method: 'GET', url: '/api/public/services' })).body;
      const mine = list.find((s: { id: number }) => s.id === service.id);
      assert.equal(mine.price, 45);
      assert.equal(mine.duration_min, 60);
      assert.equal(
        list.some((s: { id: number }) => s.id === archived.id),
        false,
      );
      await setSettings(t, admin.token, { booking_show_prices: 0, booking_show_duration: 0 });
      list = (await t.request({ method: 'GET', url: '/api/public/services' })).body;
      assert.ok(list.length > 0);
      for (const item of list) {
        assert.equal('price' in item, false);
        assert.equal('duration_min' in item, false);
      }
      await setSettings(t, admin.token, { booking_show_prices: 1, booking_show_duration: 1 });
    });

    it('staff: id and name only while booking_allow_staff_choice is on, an empty list when off', async () => {
      const list = (await t.request({ method: 'GET', url: '/api/public/staff' })).body;
      const member = list.find((s: { id: number }) => s.id === staff.id);
      assert.deepEqual(Object.keys(member).sort(), ['id', 'name']);
      await setSettings(t, admin.token, { booking_allow_staff_choice: 0 });
      assert.deepEqual((await t.request({ method: 'GET', url: '/api/public/staff' })).body, []);
      const date = nextDate();
      assertError(
        await availability(t, { date, service_id: service.id, staff_id: staff.id }),
        400,
        'staff_choice_disabled',
      );
      await setSettings(t, admin.token, { booking_allow_staff_choice: 1 });
    });

    it('availability: default shifts, slot step, and a staff member without shifts or opening hours is never offered', async () => {
      const date = nextDate();
      const response = await availability(t, { date, service_id: service.id });
      assert.equal(response.status, 200);
      assert.deepEqual(
        response.body.map((s: { start_at: string }) => s.start_at.slice(11, 16)),
        ALL_DAY,
      );
      assert.deepEqual(response.body[0], {
        start_at: `${date} 09:00:00`,
        end_at: `${date} 10:00:00`,
        staff_id: staff.id,
      });
      assert.ok(
        response.body.every((s: { staff_id: number }) => s.staff_id === staff.id),
        'never the admin',
      );
      assert.deepEqual(await offeredStarts(t, { date, service_id: service.id, staff_id: admin.id }), []);
    });

    it('availability excludes a booking (plus calendar_buffer_min), a dated shift gap, time off and a holiday', async () => {
      const date = nextDate();
      const client = await createClient(t, admin.token);
      const booked = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: `${date} 11:00`,
          end_at: `${date} 12:00`,
        },
      });
      assert.equal(booked.status, 200);
      const query = { date, service_id: service.id, staff_id: staff.id };
      assert.deepEqual(
        await offeredStarts(t, query),
        ALL_DAY.filter((s) => s !== '11:00'),
      );
      await setSettings(t, admin.token, { calendar_buffer_min: 15 });
      assert.deepEqual(
        await offeredStarts(t, query),
        ALL_DAY.filter((s) => !['10:00', '11:00', '12:00'].includes(s)),
      );
      await setSettings(t, admin.token, { calendar_buffer_min: 0 });

      // A dated shift replaces the default one: 09:00–10:00 and 14:00–16:00 leave a gap.
      for (const [start, end] of [
        ['09:00', '10:00'],
        ['14:00', '16:00'],
      ]) {
        const shift = await t.request({
          method: 'POST',
          url: '/api/staff/shifts',
          token: admin.token,
          payload: { staff_id: staff.id, date, start_time: start, end_time: end },
        });
        assert.equal(shift.status, 201, JSON.stringify(shift.body));
      }
      assert.deepEqual(await offeredStarts(t, query), ['09:00', '14:00', '15:00']);

      const offDate = nextDate();
      const timeOff = await t.request({
        method: 'POST',
        url: '/api/staff/time-off',
        token: admin.token,
        payload: { staff_id: staff.id, start_date: offDate, end_date: offDate },
      });
      assert.ok([200, 201].includes(timeOff.status), JSON.stringify(timeOff.body));
      assert.deepEqual(await offeredStarts(t, { ...query, date: offDate }), []);

      const holiday = nextDate();
      await t.request({
        method: 'POST',
        url: '/api/settings/holidays',
        token: admin.token,
        payload: { name: 'Feast', date: holiday },
      });
      assert.deepEqual(await offeredStarts(t, { ...query, date: holiday }), []);
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${holiday} 10:00` }),
        400,
        'salon_closed',
      );
    });

    it('availability: never in the past or inside booking_min_lead_hours; never beyond booking_max_future_days', async () => {
      assert.deepEqual(await offeredStarts(t, { date: salonDate(-1), service_id: service.id }), []);
      await setSettings(t, admin.token, { booking_min_lead_hours: 48 });
      assert.deepEqual(await offeredStarts(t, { date: salonDate(1), service_id: service.id }), []);
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${salonDate(1)} 12:00` }),
        400,
        'inside_lead_time',
      );
      await setSettings(t, admin.token, { booking_min_lead_hours: 2, booking_max_future_days: 10 });
      assert.deepEqual(await offeredStarts(t, { date: salonDate(11), service_id: service.id }), []);
      assert.equal((await offeredStarts(t, { date: salonDate(10), service_id: service.id })).length, 8);
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${salonDate(11)} 10:00` }),
        400,
        'beyond_max_future_days',
      );
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${salonDate(-1)} 10:00` }),
        400,
        'slot_in_past',
      );
      await setSettings(t, admin.token, { booking_max_future_days: 90 });
    });

    it('availability: bad date, unknown or archived service → 400, never 500', async () => {
      assertError(await availability(t, { date: '2031-02-30', service_id: service.id }), 400, 'validation_failed');
      assertError(await availability(t, { date: salonDate(5), service_id: 999999 }), 400, 'unknown_service');
      assert.equal((await availability(t, { date: 'tomorrow', service_id: service.id })).status, 400);
    });

    it('new_client_extra_min lengthens the slot of a client without a previous visit', async () => {
      await setSettings(t, admin.token, { new_client_extra_min: 30 });
      const date = nextDate();
      const slots = (await availability(t, { date, service_id: service.id })).body;
      assert.equal(slots[0].end_at, `${date} 10:30:00`);
      assert.equal(slots.at(-1).start_at, `${date} 15:00:00`, '16:00 + 90 minutes would end after 17:00');
      const booked = await publicBooking(t, { service_id: service.id, start_at: `${date} 09:00` });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.end_at, `${date} 10:30:00`);
      await setSettings(t, admin.token, { new_client_extra_min: 0 });
    });

    it('direct mode: a scheduled booking with the booking.created job and a booking.new notification; the client is matched by email', async () => {
      const date = nextDate();
      const email = uniqueEmail('walkin');
      const response = await publicBooking(t, {
        service_id: service.id,
        staff_id: staff.id,
        start_at: `${date}T10:00`,
        client_name: 'Walk In',
        client_email: email.toUpperCase(),
        notes: 'Short please',
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.deepEqual(response.body, {
        id: response.body.id,
        service_id: service.id,
        service_name: service.name,
        staff_id: staff.id,
        staff_name: 'Test staff',
        start_at: `${date} 10:00:00`,
        end_at: `${date} 11:00:00`,
        status: 'scheduled',
        notes: 'Short please',
        deposit_amount: null,
        deposit_status: null,
        checkout_url: null,
        deposit_hold_min: null,
      });
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', response.body.id)).length, 1);
      const inbox = await t.request({ method: 'GET', url: '/api/notifications', token: staff.token });
      assert.ok(
        inbox.body.some(
          (n: { type: string; link: string }) => n.type === 'booking.new' && n.link === `/bookings/${response.body.id}`,
        ),
      );

      const again = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} 12:00`,
        client_name: 'Someone Else',
        client_email: email,
      });
      assert.equal(again.status, 201);
      const first = await t.request({ method: 'GET', url: `/api/bookings/${response.body.id}`, token: admin.token });
      const second = await t.request({ method: 'GET', url: `/api/bookings/${again.body.id}`, token: admin.token });
      assert.equal(second.body.client_id, first.body.client_id, 'same email, same client');
      assert.equal(second.body.client_name, 'Walk In', 'an existing client is not renamed by a stranger');
    });

    it('request mode: provisional, confirm/decline email to the client, admin email and push per the two toggles', async () => {
      await setSettings(t, admin.token, { booking_mode: 'request' });
      await t.request({
        method: 'POST',
        url: '/api/auth/device',
        token: admin.token,
        payload: { token: `device-${Date.now()}`, platform: 'ios' },
      });
      const pushJobs = async () =>
        (await t.request({ method: 'GET', url: '/api/system/jobs?name=push.send', token: admin.token })).body.length;

      const email = uniqueEmail('requester');
      const before = await pushJobs();
      const response = await publicBooking(t, {
        service_id: service.id,
        start_at: `${nextDate()} 10:00`,
        client_email: email,
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.status, 'provisional');
      assert.equal('provisional_token' in response.body, false, 'the token travels only by email');
      assert.equal(await pushJobs(), before + 1, 'push to the admin device');
      await t.drain();
      const mail = t.mail.to(email).at(-1);
      assert.match(mail?.text ?? '', /http:\/\/salon\.test\/booking\/confirm\?token=/);
      const adminMails = () => t.mail.to(admin.email).length;
      assert.ok(adminMails() >= 1, 'the admin got the request email');
      const adminBefore = adminMails();

      await setSettings(t, admin.token, { booking_request_notify_email: 0, booking_request_notify_push: 0 });
      const quiet = await publicBooking(t, { service_id: service.id, start_at: `${nextDate()} 10:00` });
      assert.equal(quiet.body.status, 'provisional');
      await t.drain();
      assert.equal(adminMails(), adminBefore, 'no admin email');
      assert.equal(await pushJobs(), before + 1, 'no push');
      await setSettings(t, admin.token, {
        booking_mode: 'direct',
        booking_request_notify_email: 1,
        booking_request_notify_push: 1,
      });
    });

    it('a taken slot → 409 slot_taken; a start off the slot grid or outside working hours → 400', async () => {
      const date = nextDate();
      assert.equal((await publicBooking(t, { service_id: service.id, start_at: `${date} 10:00` })).status, 201);
      assertError(await publicBooking(t, { service_id: service.id, start_at: `${date} 10:00` }), 409, 'slot_taken');
      assertError(await publicBooking(t, { service_id: service.id, start_at: `${date} 10:30` }), 400, 'not_a_slot');
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${date} 17:00` }),
        400,
        'outside_working_time',
      );
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${date} 25:00` }),
        400,
        'validation_failed',
      );
      assert.equal(
        (await publicBooking(t, { service_id: service.id, start_at: `${date} 11:00`, client_email: 'x' })).status,
        400,
      );
    });

    it('any staff: the booking goes to a free staff member when another is taken', async () => {
      const colleague = await createWorkingStaff(t, admin.token);
      const date = nextDate();
      const first = await publicBooking(t, { service_id: service.id, staff_id: staff.id, start_at: `${date} 10:00` });
      assert.equal(first.status, 201);
      const slots = (await availability(t, { date, service_id: service.id })).body;
      assert.equal(slots.find((s: { start_at: string }) => s.start_at === `${date} 10:00:00`).staff_id, colleague.id);
      const second = await publicBooking(t, { service_id: service.id, start_at: `${date} 10:00` });
      assert.equal(second.status, 201);
      assert.equal(second.body.staff_id, colleague.id);
      assertError(await publicBooking(t, { service_id: service.id, start_at: `${date} 10:00` }), 409, 'slot_taken');
      await t.request({ method: 'DELETE', url: `/api/staff/staff/${colleague.id}`, token: admin.token });
    });

    it('Idempotency-Key: a retry answers the first booking instead of booking twice; another body with the key is 409', async () => {
      const date = nextDate();
      const key = `key-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const payload = { service_id: service.id, start_at: `${date} 13:00`, client_email: uniqueEmail('retry') };
      const first = await publicBooking(t, payload, { headers: { 'idempotency-key': key } });
      assert.equal(first.status, 201);
      const retry = await publicBooking(t, payload, { headers: { 'idempotency-key': key } });
      assert.equal(retry.status, 201);
      assert.equal(retry.body.id, first.body.id);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assertError(
        await publicBooking(t, { ...payload, start_at: `${date} 14:00` }, { headers: { 'idempotency-key': key } }),
        409,
        'idempotency_key_reused',
      );
    });

    it('booking_clients = existing: a client token is required (401 without)', async () => {
      await setSettings(t, admin.token, { booking_clients: 'existing' });
      assertError(
        await publicBooking(t, { service_id: service.id, start_at: `${nextDate()} 10:00` }),
        401,
        'client_login_required',
      );
      await setSettings(t, admin.token, { booking_clients: 'all' });
    });

    it('20 concurrent public bookings of one slot: one succeeds, the rest get 409', async () => {
      const date = nextDate();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          publicBooking(t, { service_id: service.id, staff_id: staff.id, start_at: `${date} 15:00` }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, ...Array(19).fill(409)], JSON.stringify(responses.map((r) => r.body)));
      const list = await t.request({ method: 'GET', url: '/api/bookings', token: admin.token });
      assert.equal(list.body.filter((b: { start_at: string }) => b.start_at === `${date} 15:00:00`).length, 1);
    });

    it('every public POST is rate limited per IP (429 with Retry-After); oversized bodies are 413', async () => {
      const date = nextDate();
      let last = { status: 0, headers: {} as Record<string, unknown> };
      for (let i = 0; i < 21; i++) {
        last = await publicBooking(
          t,
          { service_id: service.id, start_at: `${date} 10:00`, client_email: uniqueEmail('flood') },
          { remoteAddress: '192.0.2.77' },
        );
      }
      assert.equal(last.status, 429);
      assert.ok(Number(last.headers['retry-after']) > 0);
      const big = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} 11:00`,
        notes: 'x'.repeat(20_000),
      });
      assert.equal(big.status, 413);
    });
  });
}
