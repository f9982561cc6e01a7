import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, nextSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

/*
 * A booking's history (GET /api/bookings/:id/history): one entry when it is created and one per
 * change of its times, status, staff member, service or notes, whichever path writes it (the
 * desk, a visit, the booking page, the client's email link, a job), each naming who made it
 * (a user, the client, the system) and when; only as visible as the booking itself.
 */

interface Entry {
  kind: string;
  by: string;
  user: { id: number; name: string } | null;
  at: string;
  moved: { from_start_at: string; from_end_at: string; to_start_at: string; to_end_at: string } | null;
  status: { from: string; to: string } | null;
  staff: { from: { id: number }; to: { id: number } } | null;
  service: { from: { id: number }; to: { id: number } } | null;
  notes_changed: boolean;
  internal_notes_changed: boolean;
}

for (const dialect of DIALECTS) {
  describe(`a booking's history [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { id: number; token: string };
    let other: { id: number; token: string };
    let service: { id: number };
    let client: { id: number };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      ({ admin, staff, service } = await setupBookingSalon(t));
      other = await createStaff(t);
      client = await createClient(t, admin.token);
      await setSettings(t, admin.token, { calendar_slot_min: 30, booking_min_lead_hours: 0 });
    });
    after(() => t.close());

    const history = async (id: number, token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/bookings/${id}/history`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Entry[];
    };
    const book = async (token = admin.token, payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot(), ...payload },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number; start_at: string; end_at: string };
    };
    const put = async (id: number, payload: object, token = admin.token) => {
      const response = await t.request({ method: 'PUT', url: `/api/bookings/${id}`, token, payload });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };

    it('created, moved, status changed, staff changed and notes edited at the desk, each by its user, oldest first', async () => {
      const booking = await book();
      const date = booking.start_at.slice(0, 10);
      await put(booking.id, { start_at: `${date} 11:00`, end_at: `${date} 12:00` });
      await put(booking.id, { notes: 'Fringe only', internal_notes: 'Pays cash' });
      await put(booking.id, { staff_id: other.id, override: true }, admin.token);
      await put(booking.id, { status: 'completed' });
      const entries = await history(booking.id);
      assert.deepEqual(
        entries.map((entry) => [entry.kind, entry.by, entry.user?.id]),
        [
          ['created', 'user', admin.id],
          ['changed', 'user', admin.id],
          ['changed', 'user', admin.id],
          ['changed', 'user', admin.id],
          ['changed', 'user', admin.id],
        ],
      );
      const [created, moved, notes, restaffed, completed] = entries as [Entry, Entry, Entry, Entry, Entry];
      assert.equal(created.user?.name, 'Olivia Owner');
      assert.match(created.at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.deepEqual(moved.moved, {
        from_start_at: `${date} 10:00:00`,
        from_end_at: `${date} 11:00:00`,
        to_start_at: `${date} 11:00:00`,
        to_end_at: `${date} 12:00:00`,
      });
      assert.equal(moved.status, null);
      assert.deepEqual([notes.notes_changed, notes.internal_notes_changed, notes.moved], [true, true, null]);
      assert.deepEqual([restaffed.staff?.from.id, restaffed.staff?.to.id], [staff.id, other.id]);
      assert.deepEqual(completed.status, { from: 'scheduled', to: 'completed' });
    });

    it('a cancellation is a status change by its user; a staff member is the one named', async () => {
      await setSettings(t, admin.token, { staff_personal_agenda_enabled: 0 });
      try {
        const booking = await book(staff.token);
        const cancelled = await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: staff.token });
        assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
        const entries = await history(booking.id);
        assert.deepEqual(
          entries.map((entry) => [entry.by, entry.user?.id, entry.status]),
          [
            ['user', staff.id, null],
            ['user', staff.id, { from: 'scheduled', to: 'cancelled' }],
          ],
        );
      } finally {
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: 1 });
      }
    });

    it('a refused change leaves no entry, and a change of nothing tracked none either', async () => {
      const booking = await book();
      const refused = await t.request({
        method: 'PUT',
        url: `/api/bookings/${booking.id}`,
        token: admin.token,
        payload: { status: 'provisional' },
      });
      assertError(refused, 409, 'invalid_transition');
      await put(booking.id, { notes: '' });
      assert.equal((await history(booking.id)).length, 1);
    });

    it('a visit moved at the desk: each part has its move by the user', async () => {
      const slot = nextSlot();
      const visit = await t.request({
        method: 'POST',
        url: '/api/bookings/visits',
        token: admin.token,
        payload: {
          client_id: client.id,
          start_at: slot.start_at,
          parts: [
            { service_id: service.id, staff_id: staff.id },
            { service_id: service.id, staff_id: staff.id },
          ],
        },
      });
      assert.equal(visit.status, 201, JSON.stringify(visit.body));
      const moved = await t.request({
        method: 'PUT',
        url: `/api/bookings/visits/${visit.body.id}`,
        token: admin.token,
        payload: { start_at: `${slot.date} 12:00` },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      for (const part of visit.body.bookings as Array<{ id: number }>) {
        const entries = await history(part.id);
        assert.deepEqual(
          entries.map((entry) => [entry.kind, entry.by, entry.moved !== null]),
          [
            ['created', 'user', false],
            ['changed', 'user', true],
          ],
        );
      }
    });

    it("the booking page's booking and the client's move by their email link are the client's", async () => {
      const email = uniqueEmail('mover');
      const date = salonDate(5);
      const made = await publicBooking(t, {
        service_id: service.id,
        start_at: `${date} 10:00:00`,
        client_email: email,
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      await t.drain();
      const row = await t.ctx.db
        .selectFrom('emails')
        .select('data')
        .where('recipient', '=', email)
        .where('template', '=', 'booking.confirmed')
        .executeTakeFirstOrThrow();
      const links = (JSON.parse(row.data!) as { links: Record<string, string> }).links;
      const token = new URL(links.moveUrl!).searchParams.get('token')!;
      const moved = await t.request({
        method: 'POST',
        url: '/api/public/booking-actions/move',
        payload: { token, start_at: `${date} 11:00:00` },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const entries = await history(made.body.id as number);
      assert.deepEqual(
        entries.map((entry) => [entry.kind, entry.by, entry.user, entry.moved?.to_start_at ?? null]),
        [
          ['created', 'client', null, null],
          ['changed', 'client', null, `${date} 11:00:00`],
        ],
      );
    });

    it("a write outside any user's request (a job, a released hold) is the system's, and never inherits an earlier actor", async () => {
      const booking = await book();
      await put(booking.id, { notes: 'by the desk' });
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', booking.id).execute();
      const entries = await history(booking.id);
      assert.deepEqual(
        entries.map((entry) => [entry.by, entry.user?.id ?? null]),
        [
          ['user', admin.id],
          ['user', admin.id],
          ['system', null],
        ],
      );
      const left = await t.ctx.db.selectFrom('booking_history_actor').selectAll().execute();
      assert.deepEqual(left, [], 'no actor row outlives its transaction');
    });

    it("as visible as the booking: another member's is 404 under the personal agenda, an unknown one 404", async () => {
      const booking = await book();
      const hidden = await t.request({ method: 'GET', url: `/api/bookings/${booking.id}/history`, token: other.token });
      assertError(hidden, 404, 'not_found');
      assert.equal((await history(booking.id, staff.token)).length, 1);
      const absent = await t.request({ method: 'GET', url: '/api/bookings/99999999/history', token: admin.token });
      assertError(absent, 404, 'not_found');
      const bad = await t.request({ method: 'GET', url: '/api/bookings/abc/history', token: admin.token });
      assert.equal(bad.status, 400);
    });
  });
}
