import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { assertError } from '../../../test/helpers/assertions.js';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { offeredStarts, publicBooking, salonDate, setupBookingSalon } from '../../../test/helpers/public.js';

interface Links {
  attendUrl?: string;
  cancelUrl: string;
  moveUrl?: string;
}

for (const dialect of DIALECTS) {
  describe(`client self-service: email links and account, within the cancellation window [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staff: { id: number; token: string };
    let service: { id: number; name: string };
    let day = 3;
    const nextDate = () => salonDate((day += 1));

    before(async () => {
      // No mail server: the emails stay in the outbox with their data, where the test reads the links.
      t = await createTestApp(dialect, { smtp: false });
      ({ admin, staff, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    /** The data of the client's emails of one template, oldest first. */
    async function emailsTo(email: string, template: string) {
      const rows = await t.ctx.db
        .selectFrom('emails')
        .select(['data'])
        .where('recipient', '=', email)
        .where('template', '=', template)
        .orderBy('id')
        .execute();
      return rows.map(
        (row) =>
          JSON.parse(row.data ?? 'null') as { links?: Links; startAt: string; parts?: Array<{ links?: Links }> } | null,
      );
    }

    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

    /** A booking from the booking page and the links of its confirmation email. */
    async function bookWithLinks(start: string, email = uniqueEmail('self')) {
      const booked = await publicBooking(t, { service_id: service.id, start_at: start, client_email: email });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      await t.drain();
      const links = (await emailsTo(email, 'booking.confirmed')).at(-1)?.links;
      assert.ok(links?.attendUrl && links.cancelUrl && links.moveUrl, 'the confirmation carries the three links');
      return {
        id: booked.body.id as number,
        email,
        attend: tokenOf(links.attendUrl),
        cancel: tokenOf(links.cancelUrl),
        move: tokenOf(links.moveUrl),
        links,
      };
    }

    const act = (action: string, payload: object) =>
      t.request({ method: 'POST', url: `/api/public/booking-actions/${action}`, payload });
    const read = (token: string) =>
      t.request({ method: 'GET', url: `/api/public/booking-actions?token=${encodeURIComponent(token)}` });
    const booking = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/bookings/${id}`, token: admin.token })).body;

    it('the links point at the web pages under the public address, one token each', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      assert.match(made.links.attendUrl!, /^http:\/\/salon\.test\/booking\/attend\?token=/);
      assert.match(made.links.cancelUrl, /^http:\/\/salon\.test\/booking\/cancel\?token=/);
      assert.match(made.links.moveUrl!, /^http:\/\/salon\.test\/booking\/move\?token=/);
      assert.equal(new Set([made.attend, made.cancel, made.move]).size, 3);
    });

    it('the stored value is a hash of the token, never the token', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      const rows = await t.ctx.db
        .selectFrom('booking_action_tokens')
        .select(['token_hash', 'purpose'])
        .where('booking_id', '=', made.id)
        .execute();
      const hash = (token: string) => createHash('sha256').update(token).digest('hex');
      assert.deepEqual(rows.map((row) => row.purpose).sort(), ['attend', 'cancel', 'move']);
      for (const row of rows) {
        assert.ok(![made.attend, made.cancel, made.move].includes(row.token_hash));
      }
      assert.deepEqual(
        rows.map((row) => row.token_hash).sort(),
        [hash(made.attend), hash(made.cancel), hash(made.move)].sort(),
      );
    });

    it('reading a token tells the booking, the salon and until when each action is allowed, and uses nothing up', async () => {
      const date = nextDate();
      const made = await bookWithLinks(`${date} 10:00`);
      const answer = await read(made.cancel);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.purpose, 'cancel');
      assert.equal(answer.body.salon_name, 'Studio Test');
      assert.equal(answer.body.expires_at, `${date} 10:00:00`);
      assert.equal(answer.body.booking.service_name, service.name);
      assert.equal(answer.body.booking.start_at, `${date} 10:00:00`);
      assert.equal(answer.body.booking.duration_min, 60);
      assert.equal(answer.body.actions.cancel.allowed, true);
      assert.equal(answer.body.actions.cancel.until, `${salonDate(day - 1)} 10:00:00`, '24 hours before the start');
      assert.equal(answer.body.actions.attend.until, `${date} 10:00:00`);
      assert.equal((await read(made.cancel)).status, 200, 'still unused');
    });

    it('a token works once: attendance is confirmed, then the link answers 410 token_used', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      assert.equal((await booking(made.id)).client_confirmed_at, null);
      const first = await act('attend', { token: made.attend });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.match((await booking(made.id)).client_confirmed_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assertError(await act('attend', { token: made.attend }), 410, 'token_used');
      assertError(await read(made.attend), 410, 'token_used');
    });

    it('an expired token is refused with 410 token_expired and changes nothing', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      await t.ctx.db
        .updateTable('booking_action_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('booking_id', '=', made.id)
        .execute();
      assertError(await act('cancel', { token: made.cancel }), 410, 'token_expired');
      assertError(await read(made.move), 410, 'token_expired');
      assert.equal((await booking(made.id)).status, 'scheduled');
    });

    it('a forged or unknown token is 404 token_not_found, and a token works only for its own action', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      assertError(await read('forged-token'), 404, 'token_not_found');
      for (const action of ['attend', 'cancel']) {
        assertError(await act(action, { token: 'forged-token' }), 404, 'token_not_found');
      }
      assertError(
        await act('move', { token: 'forged-token', start_at: `${nextDate()} 11:00` }),
        404,
        'token_not_found',
      );
      assertError(await act('cancel', { token: made.attend }), 404, 'token_not_found');
      assert.equal((await booking(made.id)).status, 'scheduled');
      const missing = await act('cancel', {});
      assert.equal(missing.status, 400);
    });

    it('cancel by token inside the cancellation window is 409 too_late_to_cancel and changes nothing; the token stays usable', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      await setSettings(t, admin.token, { cancellation_window_hours: 24 * 300 });
      try {
        assertError(await act('cancel', { token: made.cancel }), 409, 'too_late_to_cancel');
        assert.equal((await read(made.cancel)).body.actions.cancel.allowed, false);
        assert.equal((await booking(made.id)).status, 'scheduled');
      } finally {
        await setSettings(t, admin.token, { cancellation_window_hours: 24 });
      }
      const later = await act('cancel', { token: made.cancel });
      assert.equal(later.status, 200, JSON.stringify(later.body));
    });

    it('cancel by token cancels as the salon would: the cancellation email with its calendar cancellation', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      const cancelled = await act('cancel', { token: made.cancel });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.status, 'cancelled');
      await t.drain();
      const emails = await emailsTo(made.email, 'booking.cancelled');
      assert.equal(emails.length, 1);
      assertError(await act('cancel', { token: made.cancel }), 410, 'token_used');
      // The other links of the booking now have nothing left to do.
      assertError(await act('move', { token: made.move, start_at: `${nextDate()} 11:00` }), 409, 'already_cancelled');
    });

    it('move by token to a free slot moves the booking, and its change email carries fresh links', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      const target = nextDate();
      const moved = await act('move', { token: made.move, start_at: `${target} 13:00` });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.start_at, `${target} 13:00:00`);
      assert.equal(moved.body.end_at, `${target} 14:00:00`);
      assert.equal(moved.body.staff_id, staff.id);
      await t.drain();
      const updated = await emailsTo(made.email, 'booking.updated');
      assert.equal(updated.length, 1, 'the change email goes at once');
      assert.equal(updated[0]!.startAt, `${target} 13:00:00`);
      const fresh = updated[0]!.links!;
      assert.ok(fresh.attendUrl && fresh.cancelUrl && fresh.moveUrl);
      assert.notEqual(tokenOf(fresh.moveUrl), made.move);
      assertError(await act('move', { token: made.move, start_at: `${target} 15:00` }), 410, 'token_used');
      const expires = (await read(tokenOf(fresh.cancelUrl))).body.expires_at;
      assert.equal(expires, `${target} 13:00:00`, 'the fresh links expire at the new start');
    });

    it('move to a taken slot is 409 slot_taken and changes nothing; the token stays usable', async () => {
      const made = await bookWithLinks(`${nextDate()} 10:00`);
      const target = nextDate();
      await bookWithLinks(`${target} 14:00`);
      const before = await booking(made.id);
      assertError(await act('move', { token: made.move, start_at: `${target} 14:00` }), 409, 'slot_taken');
      const after = await booking(made.id);
      assert.deepEqual(
        [after.start_at, after.end_at, after.staff_id, after.updated_at],
        [before.start_at, before.end_at, before.staff_id, before.updated_at],
      );
      assert.equal((await read(made.move)).status, 200);
      const off = await act('move', { token: made.move, start_at: `${target} 14:30` });
      assert.equal(off.status, 400);
      assert.equal(off.body.code, 'not_a_slot');
    });

    it('a move may overlap the booking’s own old time (it does not count as busy)', async () => {
      const date = nextDate();
      const made = await bookWithLinks(`${date} 10:00`);
      // 10:30 is off the one-hour grid; 11:00 overlaps nothing but the 10:00–11:00 itself at its end.
      await setSettings(t, admin.token, { calendar_slot_min: 30 });
      try {
        const moved = await act('move', { token: made.move, start_at: `${date} 10:30` });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
        assert.equal(moved.body.start_at, `${date} 10:30:00`);
      } finally {
        await setSettings(t, admin.token, { calendar_slot_min: 60 });
      }
    });

    it('two concurrent moves of two bookings into the same slot: exactly one wins', async () => {
      const a = await bookWithLinks(`${nextDate()} 10:00`);
      const b = await bookWithLinks(`${nextDate()} 10:00`);
      const target = `${nextDate()} 12:00`;
      const answers = await Promise.all([
        act('move', { token: a.move, start_at: target }),
        act('move', { token: b.move, start_at: target }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      assert.deepEqual(statuses, [200, 409], JSON.stringify(answers.map((answer) => answer.body)));
      const loser = answers.find((answer) => answer.status === 409)!;
      assert.equal(loser.body.code, 'slot_taken');
      const starts = [(await booking(a.id)).start_at, (await booking(b.id)).start_at];
      assert.equal(starts.filter((start) => start === `${target}:00`).length, 1);
    });

    describe('from the client account', () => {
      let clientToken: string;
      let other: { id: number };
      let email: string;

      before(async () => {
        const client = await createClient(t, admin.token);
        email = client.email!;
        clientToken = await t.ctx.signer.signClient(client.id);
        other = await bookWithLinks(`${nextDate()} 10:00`);
      });

      const mine = async (start: string) => {
        const booked = await publicBooking(t, { service_id: service.id, start_at: start }, { token: clientToken });
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
        return booked.body.id as number;
      };
      const move = (id: number, payload: object) =>
        t.request({ method: 'POST', url: `/api/public/me/bookings/${id}/move`, token: clientToken, payload });
      const cancel = (id: number) =>
        t.request({ method: 'POST', url: `/api/public/me/bookings/${id}/cancel`, token: clientToken });

      it('account move and cancel follow the cancellation window', async () => {
        const id = await mine(`${nextDate()} 10:00`);
        const target = nextDate();
        const moved = await move(id, { start_at: `${target} 15:00` });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
        assert.equal(moved.body.start_at, `${target} 15:00:00`);
        await setSettings(t, admin.token, { cancellation_window_hours: 24 * 300 });
        try {
          assertError(await move(id, { start_at: `${target} 11:00` }), 409, 'too_late_to_move');
          assertError(await cancel(id), 409, 'too_late_to_cancel');
          assert.equal((await booking(id)).start_at, `${target} 15:00:00`);
          assert.equal((await booking(id)).status, 'scheduled');
        } finally {
          await setSettings(t, admin.token, { cancellation_window_hours: 24 });
        }
        const cancelled = await cancel(id);
        assert.equal(cancelled.status, 200);
        assert.equal(cancelled.body.status, 'cancelled');
        await t.drain();
        assert.equal((await emailsTo(email, 'booking.cancelled')).length, 1);
      });

      it('a part of a visit is not moved alone: 409 part_of_visit, and its move link says so', async () => {
        const visit = await t.request({
          method: 'POST',
          url: '/api/public/visits',
          token: clientToken,
          payload: {
            client_name: 'Clara Client',
            client_email: email,
            start_at: `${nextDate()} 10:00`,
            parts: [{ service_id: service.id }, { service_id: service.id }],
          },
        });
        assert.equal(visit.status, 201, JSON.stringify(visit.body));
        const part = visit.body.bookings[0].id as number;
        assertError(await move(part, { start_at: `${nextDate()} 10:00` }), 409, 'part_of_visit');
        assert.equal((await booking(part)).start_at, visit.body.bookings[0].start_at);
        await t.drain();
        // The visit's confirmation carries each part's attend and cancel links, and no move link.
        const confirmations = await emailsTo(email, 'booking.confirmed');
        const parts = confirmations.at(-1)?.parts ?? [];
        assert.equal(parts.length, 2);
        const links = parts[0]!.links;
        assert.ok(links);
        assert.equal(links.moveUrl, undefined);
        const actions = (await read(tokenOf(links.cancelUrl))).body.actions;
        assert.equal(actions.move.allowed, false);
        assert.equal(actions.move.refusal.code, 'part_of_visit');
        assert.equal(actions.cancel.allowed, true);
      });

      const myList = async () =>
        (await t.request({ method: 'GET', url: '/api/public/me/bookings', token: clientToken })).body as Array<{
          id: number;
          start_at: string;
          actions: Record<
            'cancel' | 'move',
            { allowed: boolean; until: string | null; refusal: { code: string } | null }
          >;
        }>;

      it('the list says whether each booking can be cancelled and moved online now, until when, and else why not', async () => {
        const date = nextDate();
        const id = await mine(`${date} 10:00`);
        const listed = async () => (await myList()).find((entry) => entry.id === id)!;
        const before = DateTime.fromSQL(`${date} 10:00:00`).minus({ hours: 24 }).toFormat('yyyy-MM-dd HH:mm:ss');
        assert.deepEqual((await listed()).actions, {
          cancel: { allowed: true, until: before, refusal: null },
          move: { allowed: true, until: before, refusal: null },
        });
        await setSettings(t, admin.token, { cancellation_window_hours: 24 * 300 });
        try {
          const late = (await listed()).actions;
          assert.equal(late.cancel.allowed, false);
          assert.equal(late.cancel.refusal?.code, 'too_late_to_cancel');
          assert.equal(late.move.refusal?.code, 'too_late_to_move');
        } finally {
          await setSettings(t, admin.token, { cancellation_window_hours: 24 });
        }
        assert.equal((await cancel(id)).status, 200);
        const cancelled = (await listed()).actions;
        assert.equal(cancelled.cancel.refusal?.code, 'already_cancelled');
        assert.equal(cancelled.move.allowed, false);
      });

      it('move availability offers the starts the move accepts: the booking’s own time is free, its member only', async () => {
        const date = nextDate();
        const id = await mine(`${date} 10:00`);
        const starts = async (query: string) => {
          const response = await t.request({
            method: 'GET',
            url: `/api/public/me/bookings/${id}/availability?${query}`,
            token: clientToken,
          });
          assert.equal(response.status, 200, JSON.stringify(response.body));
          return (response.body as Array<{ start_at: string; staff_id: number }>).map((slot) => {
            assert.equal(slot.staff_id, staff.id);
            return slot.start_at.slice(11, 16);
          });
        };
        await setSettings(t, admin.token, { calendar_slot_min: 30 });
        try {
          const offered = await starts(`date=${date}`);
          // 09:30 and 10:30 overlap the booking's own 10:00–11:00: offered, since it moves away.
          assert.ok(
            offered.includes('09:30') && offered.includes('10:00') && offered.includes('10:30'),
            String(offered),
          );
          const forNew = await offeredStarts(t, { date, service_id: service.id, staff_id: staff.id });
          assert.equal(forNew.includes('10:30'), false, 'a new booking cannot take 10:30');
          const moved = await move(id, { start_at: `${date} 10:30` });
          assert.equal(moved.status, 200, JSON.stringify(moved.body));
        } finally {
          await setSettings(t, admin.token, { calendar_slot_min: 60 });
        }
        await setSettings(t, admin.token, { booking_allow_staff_choice: false });
        try {
          assert.ok((await starts(`date=${nextDate()}`)).length > 0, 'its own member without a choice');
          const refused = await t.request({
            method: 'GET',
            url: `/api/public/me/bookings/${id}/availability?date=${date}&staff_id=${staff.id}`,
            token: clientToken,
          });
          assertError(refused, 400, 'staff_choice_disabled');
        } finally {
          await setSettings(t, admin.token, { booking_allow_staff_choice: true });
        }
        const theirs = await t.request({
          method: 'GET',
          url: `/api/public/me/bookings/${other.id}/availability?date=${date}`,
          token: clientToken,
        });
        assertError(theirs, 404, 'not_found');
        const badDate = await t.request({
          method: 'GET',
          url: `/api/public/me/bookings/${id}/availability?date=2030-02-30`,
          token: clientToken,
        });
        assert.equal(badDate.status, 400);
      });

      it('a client cannot act on another client’s booking (404)', async () => {
        assertError(await move(other.id, { start_at: `${nextDate()} 11:00` }), 404, 'not_found');
        assertError(await cancel(other.id), 404, 'not_found');
        assert.equal((await booking(other.id)).status, 'scheduled');
      });

      it('another staff member only when the salon lets clients choose', async () => {
        const id = await mine(`${nextDate()} 10:00`);
        await setSettings(t, admin.token, { booking_allow_staff_choice: false });
        try {
          const refused = await move(id, { start_at: `${nextDate()} 11:00`, staff_id: admin.id });
          assertError(refused, 400, 'staff_choice_disabled');
        } finally {
          await setSettings(t, admin.token, { booking_allow_staff_choice: true });
        }
        const bad = await move(id, { start_at: 'tomorrow' });
        assert.equal(bad.status, 400);
      });
    });
  });
}
