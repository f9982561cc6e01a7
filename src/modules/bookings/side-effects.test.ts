import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import {
  createClient,
  createService,
  jobsNamed,
  nextSlot,
  pastSlot,
  setSettings,
} from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { localeFormat } from '../../messages/index.js';

/** How the (English, 24-hour) test salon's emails write a time. */
const english = localeFormat('en', { timeFormat: '24h', currency: 'EUR' });

const MINUTE = 60_000;

/** `YYYY-MM-DD HH:MM:SS` (salon zone) of a job's run_at, back to ms since epoch, roughly (± zone offset ignored). */
const minutesBetween = (later: string, earlier: string) =>
  Math.round((Date.parse(later.replace(' ', 'T') + 'Z') - Date.parse(earlier.replace(' ', 'T') + 'Z')) / MINUTE);

for (const dialect of DIALECTS) {
  describe(`booking side effects [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number; email: string };
    let staff: { token: string; id: number };
    let client: { id: number; name: string; email: string };
    let noEmail: { id: number };
    let service: { id: number; name: string };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = (await createClient(t, admin.token, { name: 'Eva Email' })) as typeof client;
      noEmail = await createClient(t, admin.token, { name: 'No Mail', email: null });
      service = await createService(t, admin.token, { name: 'Perm' });
    });
    after(() => t.close());

    const book = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...nextSlot(), ...payload },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const update = async (id: number, payload: object) => {
      const response = await t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: admin.token, payload });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const mailsTo = (address: string, subject: RegExp) => t.mail.to(address).filter((m) => subject.test(m.subject));
    const notificationsOf = (userId: number, type: string) =>
      t.ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', type).execute();
    const now = async () => {
      const jobs = await t.request({ method: 'GET', url: '/api/system/jobs?page=1&limit=1', token: admin.token });
      return jobs.body.data[0].created_at as string;
    };
    /** Makes the booking's delayed jobs due, then runs them. */
    const runDelayed = async (bookingId: number) => {
      await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('status', '=', 'queued')
        .where('payload', '=', JSON.stringify({ bookingId }))
        .execute();
      await t.drain();
    };

    it('regular booking created: job booking.created (confirmation email) and a booking.new notification for the staff member', async () => {
      const booking = await book();
      const jobs = await jobsNamed(t, admin.token, 'booking.created', booking.id);
      assert.equal(jobs.length, 1);
      assert.equal(minutesBetween(jobs[0]!.run_at, await now()), 0, 'runs at once');
      const notes = await notificationsOf(staff.id, 'booking.new');
      assert.ok(notes.some((n) => n.link === `/bookings/${booking.id}`));
      assert.equal(await jobsNamed(t, admin.token, 'booking.review_request', booking.id).then((j) => j.length), 0);
      await t.drain();
      const mails = mailsTo(client.email, /Your appointment at .* on \w+day \d+ \w+ \d{4}$/);
      assert.ok(
        mails.some((m) => m.text.includes(english.dateTime(booking.start_at))),
        'confirmation names the date and time in the locale',
      );
      assert.equal(mailsTo(client.email, /confirm your appointment/).length, 0, 'no provisional email');
    });

    it('booking.created skips a client without email, and a booking cancelled before the job ran', async () => {
      const before = t.mail.messages.length;
      const withoutEmail = await book({ client_id: noEmail.id });
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', withoutEmail.id)).length, 1);
      const gone = await book();
      await t.request({ method: 'DELETE', url: `/api/bookings/${gone.id}`, token: admin.token });
      await t.drain();
      const jobs = await jobsNamed(t, admin.token, 'booking.created', gone.id);
      assert.equal(jobs[0]!.status, 'done');
      const confirmations = t.mail.messages
        .slice(before)
        .filter((m) => /Your appointment at .* on \w+day \d+ \w+ \d{4}$/.test(m.subject));
      assert.equal(confirmations.length, 0);
    });

    it('provisional booking: provisional_token, confirm/decline email with base_url links, admins notified; no booking.created', async () => {
      // The salon's booking front end on its own origin, which the admin allowed for email links.
      await setSettings(t, admin.token, { email_link_origins: ['https://book.example'] });
      const booking = await book({ provisional: true, base_url: 'https://book.example/' });
      assert.equal(booking.status, 'provisional');
      assert.match(booking.provisional_token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal((await jobsNamed(t, admin.token, 'booking.created', booking.id)).length, 0);
      assert.equal(
        (await notificationsOf(staff.id, 'booking.new')).filter((n) => n.link === `/bookings/${booking.id}`).length,
        0,
      );
      const adminNotes = await notificationsOf(admin.id, 'booking.request');
      assert.ok(adminNotes.some((n) => n.link === `/bookings/${booking.id}`));
      await t.drain();
      const mail = mailsTo(client.email, /confirm your appointment/).at(-1);
      assert.ok(mail);
      assert.ok(mail.text.includes(`https://book.example/booking/confirm?token=${booking.provisional_token}`));
      assert.ok(mail.text.includes(`https://book.example/booking/decline?token=${booking.provisional_token}`));
      // booking_request_notify_email is on by default: the admin is emailed too.
      assert.ok(mailsTo(admin.email, /Booking request/).length >= 1);
    });

    it('provisional booking without base_url uses PUBLIC_BASE_URL; booking_request_notify_email off: no admin email', async () => {
      await setSettings(t, admin.token, { booking_request_notify_email: false });
      try {
        await t.drain();
        const adminBefore = mailsTo(admin.email, /Booking request/).length;
        const booking = await book({ provisional: true });
        await t.drain();
        const mail = mailsTo(client.email, /confirm your appointment/).at(-1)!;
        assert.ok(mail.text.includes(`${PUBLIC_BASE_URL}/booking/confirm?token=${booking.provisional_token}`));
        assert.equal(mailsTo(admin.email, /Booking request/).length, adminBefore);
        assert.ok(
          (await notificationsOf(admin.id, 'booking.request')).some((n) => n.link === `/bookings/${booking.id}`),
        );
      } finally {
        await setSettings(t, admin.token, { booking_request_notify_email: true });
      }
    });

    it('booking with waitlist_id: waitlist-confirmed email to the client, entry booked', async () => {
      const slot = nextSlot();
      const now = new Date().toISOString();
      const entry = await t.ctx.db
        .insertInto('waitlist_entries')
        .values({
          client_id: client.id,
          service_id: service.id,
          staff_id: null,
          date: slot.date,
          time_from: null,
          time_to: null,
          status: 'offered',
          notes: '',
          offered_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const booking = await book({ ...slot, waitlist_id: entry.id });
      assert.equal(booking.waitlist_id, entry.id);
      const stored = await t.ctx.db
        .selectFrom('waitlist_entries')
        .select('status')
        .where('id', '=', entry.id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.status, 'booked');
      await t.drain();
      assert.equal(mailsTo(client.email, /waitlist appointment .* is booked/).length, 1);

      const stranger = await createClient(t, admin.token);
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: stranger.id,
          staff_id: staff.id,
          service_id: service.id,
          ...nextSlot(),
          waitlist_id: entry.id,
        },
      });
      assert.equal(response.status, 400);
      assert.equal(response.body.code, 'waitlist_client_mismatch');
    });

    it('time change: booking.updated 30 minutes later; a second change within the window keeps one job and sends one email', async () => {
      const booking = await book();
      await t.drain();
      const before = mailsTo(client.email, /has moved/).length;
      const slot = nextSlot();
      await update(booking.id, { start_at: slot.start_at, end_at: slot.end_at });
      let jobs = await jobsNamed(t, admin.token, 'booking.updated', booking.id);
      assert.equal(jobs.length, 1);
      assert.equal(minutesBetween(jobs[0]!.run_at, await now()), 30);
      await update(booking.id, { start_at: `${slot.date} 16:00`, end_at: `${slot.date} 17:00` });
      jobs = await jobsNamed(t, admin.token, 'booking.updated', booking.id);
      assert.equal(jobs.length, 1, 'rescheduled, not duplicated');
      await t.drain();
      assert.equal(mailsTo(client.email, /has moved/).length, before, 'not before 30 minutes');
      await runDelayed(booking.id);
      const moved = mailsTo(client.email, /has moved/);
      assert.equal(moved.length, before + 1);
      assert.ok(moved.at(-1)!.text.includes(english.dateTime(`${slot.date} 16:00:00`)), 'the current times');
    });

    it('no booking.updated for notes-only changes, nor for time changes of completed, no-show or cancelled bookings', async () => {
      const plain = await book();
      await update(plain.id, { notes: 'x', internal_notes: 'y', start_at: plain.start_at });
      assert.equal((await jobsNamed(t, admin.token, 'booking.updated', plain.id)).length, 0);
      for (const status of ['completed', 'no-show', 'cancelled']) {
        const booking = await book(pastSlot());
        await update(booking.id, { status });
        const slot = nextSlot();
        await update(booking.id, { start_at: slot.start_at, end_at: slot.end_at });
        assert.equal((await jobsNamed(t, admin.token, 'booking.updated', booking.id)).length, 0, status);
      }
    });

    it('booking.updated skips a booking cancelled meanwhile', async () => {
      const booking = await book();
      const slot = nextSlot();
      await update(booking.id, { start_at: slot.start_at, end_at: slot.end_at });
      await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
      await t.drain();
      const before = mailsTo(client.email, /has moved/).length;
      await runDelayed(booking.id);
      assert.equal(mailsTo(client.email, /has moved/).length, before);
      assert.equal((await jobsNamed(t, admin.token, 'booking.updated', booking.id))[0]!.status, 'done');
    });

    it('completed: feedback_token in the PUT response, review request with the review link; no follow-up while disabled', async () => {
      const booking = await book(pastSlot());
      const done = await update(booking.id, { status: 'completed' });
      assert.match(done.feedback_token, /^[A-Za-z0-9_-]{43}$/);
      const reviews = await jobsNamed(t, admin.token, 'booking.review_request', booking.id);
      assert.equal(reviews.length, 1);
      assert.equal((await jobsNamed(t, admin.token, 'booking.followup', booking.id)).length, 0);
      await t.drain();
      const mail = mailsTo(client.email, /How was your visit/).at(-1);
      assert.ok(mail?.text.includes(`${PUBLIC_BASE_URL}/review?token=${done.feedback_token}`));
      // Completing again is a no-op: no second token or review request.
      const again = await update(booking.id, { status: 'completed' });
      assert.equal(again.feedback_token, done.feedback_token);
      assert.equal((await jobsNamed(t, admin.token, 'booking.review_request', booking.id)).length, 1);
    });

    it('completed with followup_sequences_enabled: booking.followup 3 days later and the follow-up notification removed', async () => {
      await setSettings(t, admin.token, { followup_sequences_enabled: true });
      try {
        const booking = await book(pastSlot());
        const other = await book();
        const insert = (link: string) =>
          t.ctx.db
            .insertInto('notifications')
            .values({
              user_id: staff.id,
              type: 'booking.followup',
              title: 'Follow up',
              message: 'Call the client',
              link,
              is_read: 0,
              created_at: new Date().toISOString(),
            })
            .execute();
        await insert(`/bookings/${booking.id}`);
        await insert(`/bookings/${other.id}`);
        await update(booking.id, { status: 'completed' });
        const jobs = await jobsNamed(t, admin.token, 'booking.followup', booking.id);
        assert.equal(jobs.length, 1);
        assert.equal(minutesBetween(jobs[0]!.run_at, await now()), 3 * 24 * 60);
        const left = (await notificationsOf(staff.id, 'booking.followup')).map((n) => n.link);
        assert.ok(!left.includes(`/bookings/${booking.id}`));
        assert.ok(left.includes(`/bookings/${other.id}`), "another booking's stays");
        await t.drain();
        const before = mailsTo(client.email, /next visit/).length;
        await runDelayed(booking.id);
        assert.equal(mailsTo(client.email, /next visit/).length, before + 1);
      } finally {
        await setSettings(t, admin.token, { followup_sequences_enabled: false });
      }
    });

    it('no-show while noshow_enabled is off: status only, no job or email', async () => {
      const booking = await book(pastSlot());
      await t.drain();
      const jobsBefore = (await t.request({ method: 'GET', url: '/api/system/jobs?page=1', token: admin.token })).body
        .total;
      const mailsBefore = t.mail.messages.length;
      const response = await update(booking.id, { status: 'no-show' });
      assert.equal(response.status, 'no-show');
      assert.equal(response.feedback_token, null);
      const jobsAfter = (await t.request({ method: 'GET', url: '/api/system/jobs?page=1', token: admin.token })).body
        .total;
      assert.equal(jobsAfter, jobsBefore);
      await t.drain();
      assert.equal(t.mail.messages.length, mailsBefore);
    });

    it('DELETE: booking.cancelled job with a cancellation email; the freed slot goes to the first matching waitlist entry', async () => {
      const slot = nextSlot();
      const booking = await book(slot);
      const waiting = await createClient(t, admin.token, { name: 'Wendy Waiting' });
      const stamp = new Date().toISOString();
      const joined = await t.ctx.db
        .insertInto('waitlist_entries')
        .values({
          client_id: waiting.id,
          service_id: service.id,
          staff_id: null,
          date: slot.date,
          time_from: null,
          time_to: null,
          status: 'waiting',
          notes: '',
          offered_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
      assert.equal(response.status, 200);
      assert.equal((await jobsNamed(t, admin.token, 'booking.cancelled', booking.id)).length, 1);
      const entry = await t.ctx.db
        .selectFrom('waitlist_entries')
        .select('status')
        .where('id', '=', joined.id)
        .executeTakeFirstOrThrow();
      assert.equal(entry.status, 'offered');
      await t.drain();
      assert.equal(mailsTo(client.email, /is cancelled/).length >= 1, true);
      assert.ok(t.mail.to(waiting.email!).length >= 1, 'the waiting client is told');

      // A refused DELETE causes nothing.
      const again = await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
      assert.equal(again.status, 409);
      assert.equal((await jobsNamed(t, admin.token, 'booking.cancelled', booking.id)).length, 1);
    });

    it('refused writes cause nothing: an overlap or a holiday leaves no job, email or notification', async () => {
      const slot = nextSlot();
      const first = await book(slot);
      await t.drain();
      const jobsBefore = (await t.request({ method: 'GET', url: '/api/system/jobs?page=1', token: admin.token })).body
        .total;
      const notesBefore = (await notificationsOf(staff.id, 'booking.new')).length;
      const clash = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staff.id, service_id: service.id, ...slot },
      });
      assert.equal(clash.status, 409);
      const moved = await t.request({
        method: 'PUT',
        url: `/api/bookings/${first.id}`,
        token: admin.token,
        payload: { end_at: slot.start_at },
      });
      assert.equal(moved.status, 400);
      const jobsAfter = (await t.request({ method: 'GET', url: '/api/system/jobs?page=1', token: admin.token })).body
        .total;
      assert.equal(jobsAfter, jobsBefore);
      assert.equal((await notificationsOf(staff.id, 'booking.new')).length, notesBefore);
    });
  });
}
