import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { offerFreedSlot } from './service.js';
import { localeFormat } from '../../messages/index.js';

/** A date `days` from today in the salon's zone (the test salon keeps the default zone). */
const inDays = (days: number) => DateTime.now().setZone(DEFAULT_TIMEZONE).plus({ days }).toFormat('yyyy-MM-dd');

for (const dialect of DIALECTS) {
  describe(`waitlist [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let otherStaff: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      otherStaff = await createStaff(t);
    });
    after(() => t.close());

    const settings = async (patch: Record<string, number>) => {
      const response = await t.request({ method: 'PUT', url: '/api/settings', token: admin.token, payload: patch });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    const newClient = async (withEmail = true) => {
      const email = withEmail ? uniqueEmail('client') : null;
      const response = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        payload: { name: 'Wanda Waiting', email },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return { id: response.body.id as number, email };
    };
    const newService = async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/services',
        token: admin.token,
        payload: { name: `Colour ${Math.random().toString(36).slice(2, 8)}`, duration_min: 60, price: 80 },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return { id: response.body.id as number, name: response.body.name as string };
    };
    const join = (payload: object, token = staff.token) =>
      t.request({ method: 'POST', url: '/api/waitlist', token, payload });
    const joined = async (payload: object) => {
      const response = await join(payload);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    };
    const read = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/waitlist/${id}`, token: staff.token })).body;
    const adminNotifications = async (type: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/notifications?type=${type}`,
        token: admin.token,
      });
      assert.equal(response.status, 200);
      return response.body as Array<{ type: string; link: string | null }>;
    };

    describe('auth: any signed-in user', () => {});

    describe('POST /waitlist', () => {
      it('creates a waiting entry with names and the full shape → 201', async () => {
        const client = await newClient();
        const service = await newService();
        const date = inDays(3);
        const body = await joined({
          client_id: client.id,
          service_id: service.id,
          staff_id: staff.id,
          date,
          time_from: '09:00',
          time_to: '12:00',
          notes: '  mornings only ',
          id: 999,
          status: 'booked',
        });
        assert.deepEqual(Object.keys(body).sort(), [
          'client_id',
          'client_name',
          'created_at',
          'date',
          'id',
          'notes',
          'offered_at',
          'position',
          'service_id',
          'service_name',
          'staff_id',
          'staff_name',
          'status',
          'time_from',
          'time_to',
          'updated_at',
        ]);
        assert.notEqual(body.id, 999);
        assert.equal(body.status, 'waiting');
        assert.equal(body.client_name, 'Wanda Waiting');
        assert.equal(body.service_name, service.name);
        assert.equal(body.staff_id, staff.id);
        assert.equal(typeof body.staff_name, 'string');
        assert.equal(body.date, date);
        assert.equal(body.time_from, '09:00');
        assert.equal(body.time_to, '12:00');
        assert.equal(body.notes, 'mornings only');
        assert.equal(body.offered_at, null);
        assert.match(body.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      });

      it('staff and time window are optional (null)', async () => {
        const client = await newClient();
        const service = await newService();
        const body = await joined({ client_id: client.id, service_id: service.id, date: inDays(1) });
        assert.equal(body.staff_id, null);
        assert.equal(body.staff_name, null);
        assert.equal(body.time_from, null);
        assert.equal(body.time_to, null);
        assert.equal(body.notes, '');
      });

      it('unknown client, service or staff → 400 unknown_client / unknown_service / unknown_staff', async () => {
        const client = await newClient();
        const service = await newService();
        const date = inDays(2);
        assertError(await join({ client_id: 999999, service_id: service.id, date }), 400, 'unknown_client');
        assertError(await join({ client_id: client.id, service_id: 999999, date }), 400, 'unknown_service');
        assertError(
          await join({ client_id: client.id, service_id: service.id, staff_id: 999999, date }),
          400,
          'unknown_staff',
        );
      });

      it('the date must be a real day, today or later in the salon zone', async () => {
        const client = await newClient();
        const service = await newService();
        const base = { client_id: client.id, service_id: service.id };
        assertError(await join({ ...base, date: '2030-02-30' }), 400, 'invalid_date');
        assertError(await join({ ...base, date: inDays(-1) }), 400, 'date_in_past');
        assertInvalid(await join({ ...base, date: '2030/01/01' }), 'date');
        assert.equal((await join({ ...base, date: inDays(0) })).status, 201);
      });

      it('the window is HH:MM with time_from before time_to', async () => {
        const client = await newClient();
        const service = await newService();
        const base = { client_id: client.id, service_id: service.id, date: inDays(2) };
        assertInvalid(await join({ ...base, time_from: '9:00' }), 'time_from');
        assertInvalid(await join({ ...base, time_to: '24:00' }), 'time_to');
        assertError(await join({ ...base, time_from: '12:00', time_to: '12:00' }), 400, 'invalid_time_window');
        assertError(await join({ ...base, time_from: '13:00', time_to: '12:00' }), 400, 'invalid_time_window');
        assert.equal((await join({ ...base, time_from: '13:00' })).status, 201);
      });

      it('notifies admins (waitlist.join) only when notify_salon_waitlist_join is on', async () => {
        const client = await newClient();
        const service = await newService();
        await settings({ notify_salon_waitlist_join: 0 });
        const before = (await adminNotifications('waitlist.join')).length;
        await joined({ client_id: client.id, service_id: service.id, date: inDays(2) });
        assert.equal((await adminNotifications('waitlist.join')).length, before);
        await settings({ notify_salon_waitlist_join: 1 });
        const entry = await joined({ client_id: client.id, service_id: service.id, date: inDays(2) });
        const after = await adminNotifications('waitlist.join');
        assert.equal(after.length, before + 1);
        assert.equal(after[0]!.link, `/waitlist/${entry.id}`);
      });
    });

    describe('GET /waitlist', () => {
      it('lists waiting entries by date, then id; filters by status, service, date and client', async () => {
        const client = await newClient();
        const other = await newClient();
        const service = await newService();
        const later = await joined({ client_id: client.id, service_id: service.id, date: inDays(5) });
        const first = await joined({ client_id: client.id, service_id: service.id, date: inDays(4) });
        const second = await joined({ client_id: other.id, service_id: service.id, date: inDays(4) });
        await t.request({
          method: 'PUT',
          url: `/api/waitlist/${second.id}`,
          token: staff.token,
          payload: { status: 'cancelled' },
        });
        const list = async (query: string) => {
          const response = await t.request({ method: 'GET', url: `/api/waitlist?${query}`, token: staff.token });
          assert.equal(response.status, 200, JSON.stringify(response.body));
          return response.body.map((entry: { id: number }) => entry.id);
        };
        assert.deepEqual(await list(`service_id=${service.id}`), [first.id, later.id]);
        assert.deepEqual(await list(`service_id=${service.id}&status=cancelled`), [second.id]);
        assert.deepEqual(await list(`service_id=${service.id}&status=all`), [first.id, second.id, later.id]);
        assert.deepEqual(await list(`service_id=${service.id}&date=${inDays(5)}`), [later.id]);
        assert.deepEqual(await list(`service_id=${service.id}&status=all&client_id=${other.id}`), [second.id]);
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/waitlist?status=gone', token: staff.token }),
          'status',
        );
      });

      it('paginates with page and limit', async () => {
        const client = await newClient();
        const service = await newService();
        for (let i = 0; i < 3; i++) await joined({ client_id: client.id, service_id: service.id, date: inDays(6) });
        const response = await t.request({
          method: 'GET',
          url: `/api/waitlist?service_id=${service.id}&page=2&limit=2`,
          token: staff.token,
        });
        assert.equal(response.status, 200);
        assert.equal(response.body.total, 3);
        assert.equal(response.body.total_pages, 2);
        assert.equal(response.body.page, 2);
        assert.equal(response.body.data.length, 1);
      });

      it('position: the place among waiting entries of the same service and date when waitlist_position_enabled, else null', async () => {
        const client = await newClient();
        const service = await newService();
        const date = inDays(7);
        const a = await joined({ client_id: client.id, service_id: service.id, date });
        const b = await joined({ client_id: client.id, service_id: service.id, date });
        const c = await joined({ client_id: client.id, service_id: service.id, date });
        const elsewhere = await joined({ client_id: client.id, service_id: service.id, date: inDays(8) });
        await t.request({
          method: 'PUT',
          url: `/api/waitlist/${a.id}`,
          token: staff.token,
          payload: { status: 'cancelled' },
        });
        const positions = async () => {
          const response = await t.request({
            method: 'GET',
            url: `/api/waitlist?service_id=${service.id}&status=all`,
            token: staff.token,
          });
          return Object.fromEntries(
            response.body.map((e: { id: number; position: number | null }) => [e.id, e.position]),
          );
        };
        await settings({ waitlist_position_enabled: 0 });
        assert.deepEqual(await positions(), { [a.id]: null, [b.id]: null, [c.id]: null, [elsewhere.id]: null });
        await settings({ waitlist_position_enabled: 1 });
        assert.deepEqual(await positions(), { [a.id]: null, [b.id]: 1, [c.id]: 2, [elsewhere.id]: 1 });
        const one = await t.request({ method: 'GET', url: `/api/waitlist/${c.id}`, token: staff.token });
        assert.equal(one.body.position, 2);
        await settings({ waitlist_position_enabled: 0 });
      });
    });

    describe('GET, PUT, DELETE /waitlist/:id', () => {
      it('GET an unknown id → 404', async () => {
        assertError(
          await t.request({ method: 'GET', url: '/api/waitlist/999999', token: staff.token }),
          404,
          'not_found',
        );
      });

      it('PUT changes only the fields present; status back to waiting clears the offer', async () => {
        const client = await newClient();
        const service = await newService();
        const entry = await joined({ client_id: client.id, service_id: service.id, date: inDays(3), notes: 'x' });
        const put = (payload: object, id = entry.id) =>
          t.request({ method: 'PUT', url: `/api/waitlist/${id}`, token: staff.token, payload });
        const updated = await put({ staff_id: otherStaff.id, time_from: '14:00', date: inDays(4) });
        assert.equal(updated.status, 200, JSON.stringify(updated.body));
        assert.equal(updated.body.staff_id, otherStaff.id);
        assert.equal(updated.body.time_from, '14:00');
        assert.equal(updated.body.date, inDays(4));
        assert.equal(updated.body.notes, 'x');
        assertError(await put({ time_to: '13:00' }), 400, 'invalid_time_window');
        assertError(await put({ date: inDays(-2) }), 400, 'date_in_past');
        assertError(await put({ staff_id: 999999 }), 400, 'unknown_staff');
        assertInvalid(await put({ status: 'booked' }), 'status');
        assertError(await put({ notes: 'y' }, 999999), 404, 'not_found');

        await t.ctx.db
          .updateTable('waitlist_entries')
          .set({ status: 'offered', offered_at: new Date().toISOString() })
          .where('id', '=', entry.id)
          .execute();
        const back = await put({ status: 'waiting' });
        assert.equal(back.body.status, 'waiting');
        assert.equal(back.body.offered_at, null);
        assert.equal((await put({ status: 'cancelled' })).body.status, 'cancelled');
      });

      it('a booked entry no longer changes → 409 waitlist_entry_booked', async () => {
        const client = await newClient();
        const service = await newService();
        const entry = await joined({ client_id: client.id, service_id: service.id, date: inDays(3) });
        await t.ctx.db.updateTable('waitlist_entries').set({ status: 'booked' }).where('id', '=', entry.id).execute();
        assertError(
          await t.request({
            method: 'PUT',
            url: `/api/waitlist/${entry.id}`,
            token: staff.token,
            payload: { status: 'cancelled' },
          }),
          409,
          'waitlist_entry_booked',
        );
      });

      it('DELETE removes the entry → 200 { ok: true }, then 404; a booking referencing it keeps itself', async () => {
        const client = await newClient();
        const service = await newService();
        const entry = await joined({ client_id: client.id, service_id: service.id, date: inDays(3) });
        const now = new Date().toISOString();
        const booking = await t.ctx.db
          .insertInto('bookings')
          .values({
            client_id: client.id,
            staff_id: staff.id,
            service_id: service.id,
            start_at: `${inDays(3)} 10:00:00`,
            end_at: `${inDays(3)} 11:00:00`,
            status: 'scheduled',
            notes: '',
            internal_notes: '',
            price: 0,
            waitlist_id: entry.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const response = await t.request({ method: 'DELETE', url: `/api/waitlist/${entry.id}`, token: staff.token });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body, { ok: true });
        assertError(
          await t.request({ method: 'GET', url: `/api/waitlist/${entry.id}`, token: staff.token }),
          404,
          'not_found',
        );
        assertError(
          await t.request({ method: 'DELETE', url: `/api/waitlist/${entry.id}`, token: staff.token }),
          404,
          'not_found',
        );
        const kept = await t.ctx.db
          .selectFrom('bookings')
          .select('waitlist_id')
          .where('id', '=', booking.id)
          .executeTakeFirst();
        assert.deepEqual(kept, { waitlist_id: null });
      });
    });

    describe('clients: merge, GDPR export and erase cover waitlist entries', () => {
      it('a merge moves the duplicate’s entries; the export lists them; erase removes them', async () => {
        const kept = await newClient();
        const duplicate = await newClient();
        const service = await newService();
        const entry = await joined({
          client_id: duplicate.id,
          service_id: service.id,
          date: inDays(3),
          notes: 'private',
        });
        const merged = await t.request({
          method: 'POST',
          url: `/api/clients/${kept.id}/merge`,
          token: admin.token,
          payload: { duplicate_id: duplicate.id },
        });
        assert.equal(merged.status, 200, JSON.stringify(merged.body));
        assert.equal((await read(entry.id)).client_id, kept.id);

        const exported = await t.request({ method: 'GET', url: `/api/clients/${kept.id}/export`, token: admin.token });
        assert.equal(exported.status, 200);
        assert.deepEqual(
          exported.body.waitlist.map((e: { id: number; notes: string }) => [e.id, e.notes]),
          [[entry.id, 'private']],
        );

        const erased = await t.request({ method: 'POST', url: `/api/clients/${kept.id}/erase`, token: admin.token });
        assert.equal(erased.status, 200, JSON.stringify(erased.body));
        assertError(
          await t.request({ method: 'GET', url: `/api/waitlist/${entry.id}`, token: staff.token }),
          404,
          'not_found',
        );
      });
    });

    describe('offerFreedSlot', () => {
      const offer = (slot: { serviceId: number; staffId: number; date: string; start: string; end: string }) =>
        t.ctx.db.transaction().execute((trx) =>
          offerFreedSlot(trx, t.ctx, {
            serviceId: slot.serviceId,
            staffId: slot.staffId,
            date: slot.date,
            startAt: `${slot.date} ${slot.start}:00`,
            endAt: `${slot.date} ${slot.end}:00`,
          }),
        );

      it('offers the slot to the first matching waiting entry (lowest id): offered, offered_at set, client emailed', async () => {
        const first = await newClient();
        const second = await newClient();
        const service = await newService();
        const date = inDays(9);
        const a = await joined({ client_id: first.id, service_id: service.id, date });
        const b = await joined({ client_id: second.id, service_id: service.id, date });
        const id = await offer({ serviceId: service.id, staffId: staff.id, date, start: '10:00', end: '11:00' });
        assert.equal(id, a.id);
        const entry = await read(a.id);
        assert.equal(entry.status, 'offered');
        assert.match(entry.offered_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        assert.equal((await read(b.id)).status, 'waiting');
        await t.drain();
        const mails = t.mail.to(first.email!);
        assert.equal(mails.length, 1);
        // The salon's language (English here) and locale: "Thursday 3 December 2026 at 10:00".
        const english = localeFormat('en', { timeFormat: '24h', currency: 'EUR' });
        assert.ok(mails[0]!.subject.endsWith(english.date(date)), mails[0]!.subject);
        assert.ok(mails[0]!.text.includes(english.dateTime(`${date} 10:00:00`)), mails[0]!.text);
        assert.match(mails[0]!.text, new RegExp(service.name));
        assert.equal(t.mail.to(second.email!).length, 0);
        // The next offer goes to the next in line.
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '12:00', end: '13:00' }),
          b.id,
        );
      });

      it('skips entries whose time window or staff does not match the slot', async () => {
        const client = await newClient();
        const service = await newService();
        const date = inDays(10);
        await joined({ client_id: client.id, service_id: service.id, date, staff_id: otherStaff.id });
        await joined({ client_id: client.id, service_id: service.id, date, time_from: '14:00' });
        await joined({ client_id: client.id, service_id: service.id, date, time_to: '10:00' });
        await joined({ client_id: client.id, service_id: service.id, date, time_from: '08:00', time_to: '09:30' });
        const match = await joined({
          client_id: client.id,
          service_id: service.id,
          date,
          staff_id: staff.id,
          time_from: '10:00',
          time_to: '11:00',
        });
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '10:00', end: '11:00' }),
          match.id,
        );
      });

      it('returns null when no waiting entry matches (other service, other date, none waiting)', async () => {
        const client = await newClient();
        const service = await newService();
        const other = await newService();
        const date = inDays(11);
        const entry = await joined({ client_id: client.id, service_id: service.id, date });
        assert.equal(await offer({ serviceId: other.id, staffId: staff.id, date, start: '10:00', end: '11:00' }), null);
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date: inDays(12), start: '10:00', end: '11:00' }),
          null,
        );
        await t.request({
          method: 'PUT',
          url: `/api/waitlist/${entry.id}`,
          token: staff.token,
          payload: { status: 'cancelled' },
        });
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '10:00', end: '11:00' }),
          null,
        );
        assert.equal((await read(entry.id)).status, 'cancelled');
      });

      it('a client without email is offered the slot without an email', async () => {
        const client = await newClient(false);
        const service = await newService();
        const date = inDays(13);
        const entry = await joined({ client_id: client.id, service_id: service.id, date });
        const queued = async () =>
          Number(
            (
              await t.ctx.db
                .selectFrom('emails')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('template', '=', 'waitlist.slot_offer')
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await queued();
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '10:00', end: '11:00' }),
          entry.id,
        );
        assert.equal(await queued(), before);
      });

      it('notifies admins (waitlist.slot_available) only when notify_salon_slot_available is on', async () => {
        const client = await newClient();
        const service = await newService();
        const date = inDays(14);
        const a = await joined({ client_id: client.id, service_id: service.id, date });
        const b = await joined({ client_id: client.id, service_id: service.id, date });
        await settings({ notify_salon_slot_available: 0 });
        const before = (await adminNotifications('waitlist.slot_available')).length;
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '10:00', end: '11:00' }),
          a.id,
        );
        assert.equal((await adminNotifications('waitlist.slot_available')).length, before);
        await settings({ notify_salon_slot_available: 1 });
        assert.equal(
          await offer({ serviceId: service.id, staffId: staff.id, date, start: '11:00', end: '12:00' }),
          b.id,
        );
        const after = await adminNotifications('waitlist.slot_available');
        assert.equal(after.length, before + 1);
        assert.equal(after[0]!.link, `/waitlist/${b.id}`);
      });
    });
  });
}
