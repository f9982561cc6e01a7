import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, pastSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { availability, publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

for (const dialect of DIALECTS) {
  describe(`GET /public/booking-actions/availability: the times a move link offers [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { id: number };
    let service: { id: number };
    let day = 2;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      // No mail server: the emails stay in the outbox with their data, where the test reads the links.
      t = await createTestApp(dialect, { smtp: false });
      ({ admin, staff, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 30, booking_min_lead_hours: 0 });
    });
    after(() => t.close());

    /** A booking from the booking page and the tokens of its confirmation's links. */
    async function booked(start: string, email = uniqueEmail('mover')) {
      const response = await publicBooking(t, { service_id: service.id, start_at: start, client_email: email });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      await t.drain();
      // This booking's confirmation: the client may have had others (the worker runs jobs side
      // by side, so the newest row need not be this booking's).
      const rows = await t.ctx.db
        .selectFrom('emails')
        .select('data')
        .where('recipient', '=', email)
        .where('template', '=', 'booking.confirmed')
        .execute();
      const confirmations = rows.map(
        (row) => JSON.parse(row.data!) as { startAt: string; links: Record<string, string> },
      );
      const confirmation = confirmations.find((data) => data.startAt === start);
      assert.ok(confirmation, `no confirmation of ${start} among ${JSON.stringify(confirmations)}`);
      const links = confirmation.links;
      const token = (name: string) => new URL(links[name]!).searchParams.get('token')!;
      return { id: response.body.id as number, move: token('moveUrl'), cancel: token('cancelUrl') };
    }
    const offered = (token: string, date: string) =>
      t.request({
        method: 'GET',
        url: `/api/public/booking-actions/availability?token=${encodeURIComponent(token)}&date=${date}`,
      });
    const starts = (slots: Array<{ start_at: string }>) => slots.map((slot) => slot.start_at.slice(11, 16));

    it("the booking's own time is not busy: half an hour later is offered, which the public availability does not", async () => {
      const date = nextDate();
      const made = await booked(`${date} 10:00:00`);
      const answer = await offered(made.move, date);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.ok(
        starts(answer.body).includes('10:00') && starts(answer.body).includes('10:30'),
        starts(answer.body).join(),
      );
      const everyone = await availability(t, { date, service_id: service.id, staff_id: staff.id });
      assert.ok(!starts(everyone.body).includes('10:30'), 'for anyone else the booking is busy');
    });

    it('a start it offers is one the move accepts', async () => {
      const date = nextDate();
      const made = await booked(`${date} 10:00:00`);
      const slots = (await offered(made.move, date)).body as Array<{ start_at: string; staff_id: number }>;
      const later = slots.find((slot) => slot.start_at === `${date} 10:30:00`);
      assert.ok(later);
      assert.equal(later.staff_id, staff.id, "the booking's own staff member");
      const moved = await t.request({
        method: 'POST',
        url: '/api/public/booking-actions/move',
        payload: { token: made.move, start_at: later.start_at },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.start_at, `${date} 10:30:00`);
    });

    it("a returning client's times are as long as the move makes them (no new-client extra time)", async () => {
      await setSettings(t, admin.token, { new_client_extra_min: 30 });
      try {
        const client = await createClient(t, admin.token, { name: 'Ria Returning' });
        const visit = await t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...pastSlot() },
        });
        assert.equal(visit.status, 200, JSON.stringify(visit.body));
        const done = await t.request({
          method: 'PUT',
          url: `/api/bookings/${visit.body.id}`,
          token: admin.token,
          payload: { status: 'completed' },
        });
        assert.equal(done.status, 200, JSON.stringify(done.body));
        const date = nextDate();
        const made = await booked(`${date} 10:00:00`, client.email!);
        const at = (slots: Array<{ start_at: string; end_at: string }>) =>
          slots.find((slot) => slot.start_at === `${date} 11:00:00`)?.end_at.slice(11, 16);
        assert.equal(at((await offered(made.move, date)).body), '12:00', 'one hour, no extra');
        assert.equal(
          at((await availability(t, { date, service_id: service.id })).body),
          '12:30',
          'a visitor not signed in counts as new',
        );
      } finally {
        await setSettings(t, admin.token, { new_client_extra_min: 0 });
      }
    });

    it('reading uses nothing up: the move link still moves afterwards', async () => {
      const date = nextDate();
      const made = await booked(`${date} 10:00:00`);
      for (let i = 0; i < 3; i++) assert.equal((await offered(made.move, date)).status, 200);
      const read = await t.request({
        method: 'GET',
        url: `/api/public/booking-actions?token=${encodeURIComponent(made.move)}`,
      });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(read.body.actions.move.allowed, true);
    });

    it("another action's token or an unknown one is 404 token_not_found; a used one 410 token_used", async () => {
      const date = nextDate();
      const made = await booked(`${date} 10:00:00`);
      assertError(await offered(made.cancel, date), 404, 'token_not_found');
      assertError(await offered('no-such-token', date), 404, 'token_not_found');
      const moved = await t.request({
        method: 'POST',
        url: '/api/public/booking-actions/move',
        payload: { token: made.move, start_at: `${date} 11:00:00` },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assertError(await offered(made.move, date), 410, 'token_used');
    });

    it('an expired token is 410 token_expired', async () => {
      const date = nextDate();
      const made = await booked(`${date} 10:00:00`);
      await t.ctx.db
        .updateTable('booking_action_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('booking_id', '=', made.id)
        .execute();
      assertError(await offered(made.move, date), 410, 'token_expired');
    });

    it('a date that is not a real date is 400 validation_failed', async () => {
      const made = await booked(`${nextDate()} 10:00:00`);
      assertError(await offered(made.move, '2030-02-30'), 400, 'validation_failed');
    });
  });
}
