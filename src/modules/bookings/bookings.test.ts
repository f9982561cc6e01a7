import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot, pastSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

for (const dialect of DIALECTS) {
  describe(`bookings [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let other: { token: string; id: number };
    let client: { id: number; name: string };
    let service: { id: number; name: string };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      other = await createStaff(t);
      client = await createClient(t, admin.token, { name: 'Bea Booker' });
      service = await createService(t, admin.token, { name: 'Balayage' });
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/bookings', token, payload });
    const book = async (payload: object = {}, token = admin.token) => {
      const response = await create(
        { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot(), ...payload },
        token,
      );
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const get = (id: number, token = admin.token) => t.request({ method: 'GET', url: `/api/bookings/${id}`, token });
    const update = (id: number, payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: `/api/bookings/${id}`, token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/bookings/${id}`, token });

    it('POST /bookings answers 200 with the booking, client_name and the names of staff and service', async () => {
      const slot = nextSlot();
      const response = await create({
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: slot.start_at.replace(' ', 'T'),
        end_at: slot.end_at.slice(0, 16),
        notes: ' bring photos ',
        internal_notes: 'likes tea',
        id: 999_999,
        feedback_token: 'mine',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const b = response.body;
      assert.equal(b.client_id, client.id);
      assert.equal(b.client_name, 'Bea Booker');
      assert.equal(b.staff_id, staff.id);
      assert.equal(b.staff_name, 'Test staff');
      assert.equal(b.service_name, 'Balayage');
      assert.equal(b.start_at, slot.start_at, 'ISO input with T is accepted, output has a space');
      assert.equal(b.end_at, slot.end_at, 'seconds default to 00');
      assert.equal(b.status, 'scheduled');
      assert.equal(b.notes, 'bring photos');
      assert.equal(b.internal_notes, 'likes tea');
      assert.equal(b.provisional_token, null);
      assert.equal(b.feedback_token, null, 'tokens are never settable');
      assert.equal(b.waitlist_id, null);
      assert.notEqual(b.id, 999_999);
      assert.match(b.created_at, DATETIME);
      assert.match(b.updated_at, DATETIME);
      assert.deepEqual((await get(b.id)).body, b);
    });

    it('POST /bookings: a missing field, a bad datetime or end_at not after start_at is 400', async () => {
      const slot = nextSlot();
      const base = { client_id: client.id, staff_id: staff.id, service_id: service.id, ...slot };
      assertInvalid(await create({ ...base, client_id: undefined }), 'client_id');
      assertInvalid(await create({ ...base, start_at: '2031-02-30 10:00:00' }), 'start_at');
      assertInvalid(await create({ ...base, end_at: 'tomorrow' }), 'end_at');
      assertInvalid(await create({ ...base, end_at: slot.start_at }), 'end_at');
      assertInvalid(await create({ ...base, start_at: slot.end_at, end_at: slot.start_at }), 'end_at');
      assertInvalid(await create({ ...base, provisional: true, base_url: 'javascript:alert(1)' }), 'base_url');
    });

    it('POST /bookings: unknown client, staff, service or waitlist entry is 400 naming it', async () => {
      const base = { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot() };
      assertError(await create({ ...base, client_id: 999_999 }), 400, 'unknown_client');
      assertError(await create({ ...base, staff_id: 999_999 }), 400, 'unknown_staff');
      assertError(await create({ ...base, service_id: 999_999 }), 400, 'unknown_service');
      assertError(await create({ ...base, waitlist_id: 999_999 }), 400, 'unknown_waitlist_entry');
      const archived = await createService(t, admin.token);
      await t.ctx.db.updateTable('services').set({ active: 0 }).where('id', '=', archived.id).execute();
      assertError(await create({ ...base, service_id: archived.id }), 400, 'unknown_service');
    });

    it('POST /bookings: a start date that is a holiday is 400 holiday', async () => {
      const slot = nextSlot();
      const holiday = await t.request({
        method: 'POST',
        url: '/api/settings/holidays',
        token: admin.token,
        payload: { name: 'Closed', date: slot.date },
      });
      assert.equal(holiday.status, 201, JSON.stringify(holiday.body));
      const response = await create({ client_id: client.id, staff_id: staff.id, service_id: service.id, ...slot });
      assertError(response, 400, 'holiday');
      const count = await t.ctx.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('start_at', '=', slot.start_at)
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0);
    });

    it('GET /bookings/:id of an absent booking is 404; without a token 401', async () => {
      assertError(await get(999_999), 404, 'not_found');
      assertError(await t.request({ method: 'GET', url: '/api/bookings' }), 401, 'unauthenticated');
    });

    it('GET /bookings excludes cancelled bookings, orders by start_at then id descending, paginates', async () => {
      const lister = await createStaff(t);
      const slot = nextSlot();
      const early = await book({ staff_id: lister.id, start_at: `${slot.date} 09:00`, end_at: `${slot.date} 10:00` });
      const late = await book({ staff_id: lister.id, start_at: `${slot.date} 15:00`, end_at: `${slot.date} 16:00` });
      const sameStart = await book({
        staff_id: other.id,
        start_at: `${slot.date} 15:00`,
        end_at: `${slot.date} 16:00`,
      });
      const gone = await book({ staff_id: lister.id, start_at: `${slot.date} 12:00`, end_at: `${slot.date} 13:00` });
      assert.equal((await remove(gone.id)).status, 200);

      const all = await t.request({ method: 'GET', url: '/api/bookings', token: admin.token });
      assert.equal(all.status, 200);
      assert.ok(Array.isArray(all.body));
      const ids = all.body.map((b: { id: number }) => b.id);
      assert.ok(!ids.includes(gone.id), 'cancelled left out');
      const mine = ids.filter((id: number) => [early.id, late.id, sameStart.id].includes(id));
      assert.deepEqual(mine, [sameStart.id, late.id, early.id]);
      for (let i = 1; i < all.body.length; i += 1) {
        const [a, b] = [all.body[i - 1], all.body[i]];
        assert.ok(a.start_at > b.start_at || (a.start_at === b.start_at && a.id > b.id), 'start_at, id descending');
      }
      assert.ok(all.body.every((b: { client_name: string }) => typeof b.client_name === 'string'));

      const page = await t.request({ method: 'GET', url: '/api/bookings?page=2&limit=2', token: admin.token });
      assert.equal(page.status, 200);
      assert.equal(page.body.page, 2);
      assert.equal(page.body.limit, 2);
      assert.equal(page.body.total, all.body.length);
      assert.equal(page.body.total_pages, Math.ceil(all.body.length / 2));
      assert.deepEqual(page.body.data, all.body.slice(2, 4));
      const capped = await t.request({ method: 'GET', url: '/api/bookings?page=1&limit=500', token: admin.token });
      assert.equal(capped.body.limit, 200);
    });

    it('staff_personal_agenda_enabled: staff see and reach only their own bookings (404 otherwise), admins all', async () => {
      const own = await book({ staff_id: staff.id });
      const theirs = await book({ staff_id: other.id });
      const listIds = async (token: string) =>
        (await t.request({ method: 'GET', url: '/api/bookings', token })).body.map((b: { id: number }) => b.id);

      // Off: everyone sees everything. (On by default.)
      await setSettings(t, admin.token, { staff_personal_agenda_enabled: false });
      assert.ok((await listIds(staff.token)).includes(theirs.id));
      assert.equal((await get(theirs.id, staff.token)).status, 200);

      await setSettings(t, admin.token, { staff_personal_agenda_enabled: true });
      try {
        const seen = await listIds(staff.token);
        assert.ok(seen.includes(own.id));
        assert.ok(!seen.includes(theirs.id));
        const paged = await t.request({ method: 'GET', url: '/api/bookings?page=1', token: staff.token });
        assert.ok(paged.body.data.every((b: { staff_id: number }) => b.staff_id === staff.id));
        assert.equal(paged.body.total, seen.length, 'the total counts only their own');
        assertError(await get(theirs.id, staff.token), 404, 'not_found');
        assertError(await update(theirs.id, { notes: 'x' }, staff.token), 404, 'not_found');
        assertError(await remove(theirs.id, staff.token), 404, 'not_found');
        assert.equal((await get(own.id, staff.token)).status, 200);
        assert.equal((await update(own.id, { notes: 'mine' }, staff.token)).status, 200);
        // Admins keep seeing all.
        assert.ok((await listIds(admin.token)).includes(theirs.id));
        assert.equal((await get(theirs.id, admin.token)).status, 200);
        assert.equal((await get(theirs.id)).body.status, 'scheduled', 'the refused DELETE changed nothing');
      } finally {
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: true });
      }
    });

    it('PUT /bookings/:id changes only the fields present, with the same validation as POST', async () => {
      const booking = await book({ notes: 'keep' });
      const slot = nextSlot();
      const other2 = await createService(t, admin.token, { name: 'Colour' });
      const response = await update(booking.id, {
        start_at: `${slot.date}T14:00`,
        end_at: `${slot.date} 15:30`,
        service_id: other2.id,
        internal_notes: 'moved',
        client_id: 12345,
        provisional_token: 'x',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.start_at, `${slot.date} 14:00:00`);
      assert.equal(response.body.end_at, `${slot.date} 15:30:00`);
      assert.equal(response.body.service_name, 'Colour');
      assert.equal(response.body.notes, 'keep');
      assert.equal(response.body.internal_notes, 'moved');
      assert.equal(response.body.client_id, client.id, 'client_id is not changed by PUT');
      assert.equal(response.body.provisional_token, null);

      assertInvalid(await update(booking.id, { end_at: `${slot.date} 13:00` }), 'end_at');
      assertInvalid(await update(booking.id, { start_at: 'nope' }), 'start_at');
      assertError(await update(booking.id, { staff_id: 999_999 }), 400, 'unknown_staff');
      assertError(await update(booking.id, { service_id: 999_999 }), 400, 'unknown_service');
      assertInvalid(await update(booking.id, { status: 'done' }), 'status');
      assertError(await update(999_999, { notes: 'x' }), 404, 'not_found');

      const holiday = nextSlot();
      await t.request({
        method: 'POST',
        url: '/api/settings/holidays',
        token: admin.token,
        payload: { name: 'Closed', date: holiday.date },
      });
      assertError(await update(booking.id, { start_at: holiday.start_at, end_at: holiday.end_at }), 400, 'holiday');
      assert.equal((await get(booking.id)).body.start_at, `${slot.date} 14:00:00`, 'refused changes left it as it was');
    });

    it('status changes: allowed ones answer 200, every other one 409 invalid_transition', async () => {
      const allowed: [string, string][] = [
        ['scheduled', 'completed'],
        ['scheduled', 'cancelled'],
        ['scheduled', 'no-show'],
        ['provisional', 'scheduled'],
        ['provisional', 'cancelled'],
        ['no-show', 'scheduled'],
      ];
      const statuses = ['scheduled', 'provisional', 'completed', 'cancelled', 'no-show'];
      const reach = async (status: string) => {
        // In the past: only a booking that has started may become completed or no-show.
        const booking = await book({ provisional: status === 'provisional', ...pastSlot() });
        if (status !== 'scheduled' && status !== 'provisional') {
          assert.equal((await update(booking.id, { status })).status, 200);
        }
        return booking.id;
      };
      for (const from of statuses) {
        for (const to of statuses) {
          const id = await reach(from);
          const response = await update(id, { status: to });
          if (from === to || allowed.some(([f, s]) => f === from && s === to)) {
            assert.equal(response.status, 200, `${from} → ${to}: ${JSON.stringify(response.body)}`);
            assert.equal(response.body.status, to);
          } else {
            assertError(response, 409, 'invalid_transition');
            assert.equal((await get(id)).body.status, from, `${from} → ${to} changed nothing`);
          }
        }
      }
    });

    it('DELETE /bookings/:id sets cancelled and answers the booking; again is 409; completed or no-show is 409', async () => {
      const booking = await book();
      const response = await remove(booking.id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.id, booking.id);
      assert.equal(response.body.status, 'cancelled');
      assert.equal((await get(booking.id)).body.status, 'cancelled', 'still found by id');
      assertError(await remove(booking.id), 409, 'already_cancelled');
      assertError(await remove(999_999), 404, 'not_found');

      const completed = await book(pastSlot());
      assert.equal((await update(completed.id, { status: 'completed' })).status, 200);
      assertError(await remove(completed.id), 409, 'invalid_transition');
      const noShow = await book(pastSlot());
      assert.equal((await update(noShow.id, { status: 'no-show' })).status, 200);
      assertError(await remove(noShow.id), 409, 'invalid_transition');
    });

    it('clients: a merge moves the duplicate’s bookings; the GDPR export holds them; erase blanks their notes', async () => {
      const kept = await createClient(t, admin.token, { name: 'Kept' });
      const duplicate = await createClient(t, admin.token, { name: 'Dupe' });
      const booking = await book({ client_id: duplicate.id, notes: 'personal remark', internal_notes: 'allergic' });
      const merged = await t.request({
        method: 'POST',
        url: `/api/clients/${kept.id}/merge`,
        token: admin.token,
        payload: { duplicate_id: duplicate.id },
      });
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      const moved = (await get(booking.id)).body;
      assert.equal(moved.client_id, kept.id);
      assert.equal(moved.client_name, 'Kept');
      assertError(
        await create({ client_id: duplicate.id, staff_id: staff.id, service_id: service.id, ...nextSlot() }),
        400,
        'client_inactive',
      );

      const exported = await t.request({ method: 'GET', url: `/api/clients/${kept.id}/export`, token: admin.token });
      assert.equal(exported.status, 200);
      assert.deepEqual(
        exported.body.bookings.map((b: { id: number }) => b.id),
        [booking.id],
      );
      assert.equal(exported.body.bookings[0].notes, 'personal remark');

      const erased = await t.request({ method: 'POST', url: `/api/clients/${kept.id}/erase`, token: admin.token });
      assert.ok([200, 204].includes(erased.status), JSON.stringify(erased.body));
      const after = (await get(booking.id)).body;
      assert.equal(after.notes, '');
      assert.equal(after.internal_notes, '');
      assert.equal(after.status, 'scheduled', 'the appointment itself stays');
    });
  });
}
