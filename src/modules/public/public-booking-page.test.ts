import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { offeredStarts, publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

/* What the web booking page reads of the salon (GET /public/salon-page), and its consent checkboxes. */

for (const dialect of DIALECTS) {
  describe(`public booking page: the salon page and the form's consents [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let service: { id: number };
    let day = 2;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      ({ admin, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    const consentsOf = (email: string) =>
      t.ctx.db
        .selectFrom('clients')
        .select(['marketing_consent', 'sms_consent'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();

    it('salon-page: address, zone, formats, look, today in the salon zone, opening hours, holidays up to the last bookable day', async () => {
      await setSettings(t, admin.token, {
        salon_address: 'Kerkstraat 1',
        salon_city: 'Utrecht',
        time_format: '24h',
        first_day_of_week: 1,
        booking_max_future_days: 30,
      });
      await t.ctx.db
        .insertInto('opening_hours')
        .values([
          { day_of_week: 0, open_time: null, close_time: null, is_closed: 1 },
          { day_of_week: 1, open_time: '09:00', close_time: '17:00', is_closed: 0 },
        ])
        .execute();
      for (const [date, name] of [
        [salonDate(10), 'Soon'],
        [salonDate(45), 'Too far'],
        [salonDate(-3), 'Past'],
      ] as const) {
        const response = await t.request({
          method: 'POST',
          url: '/api/settings/holidays',
          token: admin.token,
          payload: { name, date },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
      }
      const response = await t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal(response.status, 200);
      const page = response.body;
      assert.equal(page.salon_name, 'Studio Test');
      assert.equal(page.salon_address, 'Kerkstraat 1');
      assert.equal(page.salon_city, 'Utrecht');
      assert.equal(page.timezone, 'Europe/Amsterdam');
      assert.equal(page.first_day_of_week, 1);
      assert.equal(page.time_format, '24h');
      assert.equal(page.dark_mode, 'system');
      assert.equal(page.brand_color, '#7a2e54');
      assert.equal(page.today, salonDate(0));
      assert.equal(page.logo_url, null);
      assert.deepEqual(page.opening_hours, [
        { day_of_week: 0, open_time: null, close_time: null, is_closed: true },
        { day_of_week: 1, open_time: '09:00', close_time: '17:00', is_closed: false },
      ]);
      assert.deepEqual(page.holidays, [{ date: salonDate(10), name: 'Soon' }]);
      await t.ctx.db.deleteFrom('opening_hours').execute();
      await setSettings(t, admin.token, { booking_max_future_days: 60 });
    });

    it('salon-page names the cancellation window, so the page can state the policy before booking', async () => {
      await setSettings(t, admin.token, { cancellation_window_hours: 48 });
      const response = await t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal(response.status, 200);
      assert.equal(response.body.cancellation_window_hours, 48);
      await setSettings(t, admin.token, { cancellation_window_hours: 0 });
      const none = await t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal(none.body.cancellation_window_hours, 0);
    });

    it('a new client booking from the form gets exactly the consents ticked; unticked means none', async () => {
      const date = nextDate();
      const [first, second] = await offeredStarts(t, { date, service_id: service.id });
      const ticked = uniqueEmail('ticked');
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} ${first}:00`,
        client_email: ticked,
        marketing_consent: true,
        sms_consent: true,
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.deepEqual(await consentsOf(ticked), { marketing_consent: 1, sms_consent: 1 });

      const unticked = uniqueEmail('unticked');
      const plain = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} ${second}:00`,
        client_email: unticked,
      });
      assert.equal(plain.status, 201, JSON.stringify(plain.body));
      assert.deepEqual(await consentsOf(unticked), { marketing_consent: 0, sms_consent: 0 });
    });

    it("the email of an existing client, not signed in, changes none of that client's consents", async () => {
      const client = await createClient(t, admin.token, { phone: '' });
      const date = nextDate();
      const [start] = await offeredStarts(t, { date, service_id: service.id });
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} ${start}:00`,
        client_email: client.email,
        marketing_consent: true,
        sms_consent: true,
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.deepEqual(await consentsOf(client.email!), { marketing_consent: 0, sms_consent: 0 });
    });

    it('a signed-in client who ticks a box gives that consent; an unticked box withdraws nothing', async () => {
      const client = await createClient(t, admin.token, { phone: '' });
      await t.ctx.db.updateTable('clients').set({ sms_consent: 1 }).where('id', '=', client.id).execute();
      const token = await t.ctx.signer.signClient(client.id);
      const date = nextDate();
      const [start] = await offeredStarts(t, { date, service_id: service.id }, token);
      const booked = await publicBooking(
        t,
        {
          service_id: service.id,
          start_at: `${date} ${start}:00`,
          client_email: client.email,
          marketing_consent: true,
        },
        { token },
      );
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.deepEqual(await consentsOf(client.email!), { marketing_consent: 1, sms_consent: 1 });
    });
  });
}
