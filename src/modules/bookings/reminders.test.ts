import assert from 'node:assert/strict';
import { localeFormat } from '../../messages/index.js';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { createClient, createService, nextSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { FakeTwilio } from '../../../test/helpers/fake-twilio.js';
import { createJobHandlers, createWorker } from '../../composition.js';
import { connect } from '../../db/connection.js';
import type { Job } from '../../db/types.js';
import type { JobPayloads } from '../../jobs/types.js';

const HOUR = 3_600_000;
const FROM = '+3197010203040';

/** A slot `hours` from now on the salon's wall clock (Europe/Amsterdam unless set otherwise). */
function slotIn(hours: number, timezone: string) {
  const start = DateTime.now().setZone(timezone).plus({ hours }).startOf('minute');
  return {
    start_at: start.toFormat('yyyy-MM-dd HH:mm:ss'),
    end_at: start.plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss'),
    override: true,
  };
}

/** A start as the reminders of an English-writing salon show it ("Friday 2 January 2031 at 10:00"). */
const when = (startAt: string) => localeFormat('en', { timeFormat: '24h', currency: 'EUR' }).dateTime(startAt);

for (const dialect of DIALECTS) {
  describe(`appointment reminders [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { id: number };
    let service: { id: number };
    let timezone: string;
    const twilio = new FakeTwilio();

    before(async () => {
      await twilio.start();
      t = await createTestApp(dialect, { config: { twilioApiBaseUrl: twilio.url } });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      service = await createService(t, admin.token, { name: 'Balayage' });
      await setSettings(t, admin.token, {
        salon_address: 'Keizersgracht 1',
        salon_postcode: '1015 AA',
        salon_city: 'Amsterdam',
      });
      timezone = (await t.ctx.db.selectFrom('settings').select('timezone').executeTakeFirstOrThrow()).timezone;
    });
    after(async () => {
      await t.close();
      await twilio.stop();
    });

    const book = async (clientId: number, slot: object = nextSlot()) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: clientId, staff_id: staff.id, service_id: service.id, ...slot },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number; start_at: string; end_at: string };
    };
    const move = async (id: number, slot: { start_at: string; end_at: string }) => {
      const response = await t.request({
        method: 'PUT',
        url: `/api/bookings/${id}`,
        token: admin.token,
        payload: { start_at: slot.start_at, end_at: slot.end_at },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    const reminderJobs = async (bookingId: number, statuses: Job['status'][] = ['queued', 'failed']) =>
      (
        await t.ctx.db
          .selectFrom('jobs')
          .selectAll()
          .where('name', '=', 'booking.reminder')
          .where('status', 'in', statuses)
          .orderBy('id')
          .execute()
      )
        .map((job) => ({ ...job, data: JSON.parse(job.payload) as JobPayloads['booking.reminder'] }))
        .filter((job) => job.data.bookingId === bookingId);
    /** Time passing until the reminder with this key is due: its run_at moved into the past. */
    const makeDue = (key: string) =>
      t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', key)
        .where('status', '=', 'queued')
        .execute();
    const reminderMails = (to: string) => t.mail.to(to).filter((mail) => /^Reminder:/.test(mail.subject));
    const runAtOf = (startAt: string, hours: number) =>
      new Date(
        DateTime.fromFormat(startAt, 'yyyy-MM-dd HH:mm:ss', { zone: timezone }).toMillis() - hours * HOUR,
      ).toISOString();

    /**
     * Two workers draining the queue at once. On PostgreSQL the second has its own connection
     * pool, as a second process would; in-memory SQLite has one connection, so both share it.
     */
    const twoWorkers = async (run: (drain: () => Promise<number[]>) => Promise<void>) => {
      const pool = dialect === 'postgres' ? connect({ databaseUrl: t.testDb.url! }) : null;
      try {
        const other = pool ? { ...t.ctx, db: pool.db } : t.ctx;
        const workers = [createWorker(t.ctx), createWorker(other)];
        await run(() => Promise.all(workers.map((worker) => worker.drain())));
      } finally {
        await pool?.destroy();
      }
    };

    it('a booking made, moved twice and cancelled gets exactly its reminders, none after the cancel, with two workers running', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [48, 24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Rita Reminded' });
      const [first, second, third] = [nextSlot(), nextSlot(), nextSlot()];
      const booking = await book(client.id, first);
      const key48 = `reminder:${booking.id}:email:48`;
      const key24 = `reminder:${booking.id}:email:24`;

      let jobs = await reminderJobs(booking.id);
      assert.deepEqual(jobs.map((job) => job.key).sort(), [key24, key48]);
      for (const job of jobs) {
        assert.equal(job.data.startAt, first.start_at);
        assert.equal(job.run_at, runAtOf(first.start_at, job.data.hours), 'due the configured hours before the start');
      }

      await twoWorkers(async (drainBoth) => {
        await t.drain(); // the confirmation, so that only reminders remain
        await makeDue(key48);
        await drainBoth();
        assert.equal(reminderMails(client.email!).length, 1, 'the 48-hour reminder of the first start');
        assert.ok(reminderMails(client.email!)[0]!.text.includes(`When: ${when(first.start_at)}`));

        await move(booking.id, second);
        jobs = await reminderJobs(booking.id);
        assert.deepEqual(jobs.map((job) => job.key).sort(), [key24, key48], 'one pending job per reminder');
        for (const job of jobs) {
          assert.equal(job.data.startAt, second.start_at);
          assert.equal(job.run_at, runAtOf(second.start_at, job.data.hours), 'moved with the booking');
        }

        await move(booking.id, third);
        jobs = await reminderJobs(booking.id);
        assert.deepEqual(jobs.map((job) => job.key).sort(), [key24, key48]);
        for (const job of jobs) assert.equal(job.data.startAt, third.start_at);

        await makeDue(key48);
        await drainBoth();
        const sent = reminderMails(client.email!);
        assert.equal(sent.length, 2, 'the 48-hour reminder of the new start');
        assert.ok(sent[1]!.text.includes(`When: ${when(third.start_at)}`), sent[1]!.text);
        assert.match(sent[1]!.text, /Balayage with /);
        assert.match(sent[1]!.text, /Address: Keizersgracht 1, 1015 AA Amsterdam/);
        assert.match(sent[1]!.text, /Duration: 1 h\n/);
        assert.match(sent[1]!.text, /Move appointment: http\S+\/booking\/move\?token=/);
        assert.match(sent[1]!.text, /Cancel appointment: http\S+\/booking\/cancel\?token=/);
        // The attend link works: the client confirms they will come.
        const attendToken = /Confirm I'll be there: \S+\/booking\/attend\?token=(\S+)/.exec(sent[1]!.text)![1]!;
        const attended = await t.request({
          method: 'POST',
          url: '/api/public/booking-actions/attend',
          payload: { token: decodeURIComponent(attendToken) },
        });
        assert.equal(attended.status, 200, JSON.stringify(attended.body));
        const confirmed = await t.ctx.db
          .selectFrom('bookings')
          .select('client_confirmed_at')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow();
        assert.ok(confirmed.client_confirmed_at, 'attendance confirmed');

        const cancelled = await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
        assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
        assert.deepEqual(await reminderJobs(booking.id), [], 'the cancel dropped the pending reminder');

        // A job already claimed when the cancel came (or one that escaped): it re-reads the
        // booking and sends nothing.
        await t.ctx.db
          .insertInto('jobs')
          .values({
            name: 'booking.reminder',
            payload: JSON.stringify({ bookingId: booking.id, channel: 'email', hours: 24, startAt: third.start_at }),
            status: 'queued',
            run_at: new Date(Date.now() - 1000).toISOString(),
            attempts: 0,
            max_attempts: 5,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
            key: key24,
          })
          .execute();
        await drainBoth();
      });
      assert.equal(reminderMails(client.email!).length, 2, 'nothing after the cancel');
      const ledger = await t.ctx.db
        .selectFrom('booking_reminders')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        ledger.map((row) => [row.channel, row.hours, row.start_at]),
        [
          ['email', 48, first.start_at],
          ['email', 48, third.start_at],
        ],
      );
    });

    it('a reminder runs once even when its job is executed twice, at once and again later', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Dora Double' });
      const booking = await book(client.id);
      const [job] = await reminderJobs(booking.id);
      assert.ok(job);
      const handler = createJobHandlers(t.ctx)['booking.reminder'];
      const context = { jobId: job.id, attempt: 1, maxAttempts: 5, isLastAttempt: false, log: t.ctx.log };
      await Promise.all([handler(job.data, context), handler(job.data, context)]);
      await handler(job.data, { ...context, attempt: 2 });
      const outbox = await t.ctx.db
        .selectFrom('emails')
        .select('id')
        .where('recipient', '=', client.email!)
        .where('template', '=', 'booking.reminder')
        .execute();
      assert.equal(outbox.length, 1);
      const ledger = await t.ctx.db
        .selectFrom('booking_reminders')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .execute();
      assert.equal(ledger.length, 1);
      assert.equal(ledger[0]!.message_id, outbox[0]!.id, 'the ledger names the email it sent');
    });

    it('an SMS reminder reaches the provider for a consenting client, and none goes to an opted-out one', async () => {
      await setSettings(t, admin.token, {
        sms_enabled: 1,
        sms_provider: 'twilio',
        sms_account_sid: twilio.accountSid,
        sms_auth_token: twilio.authToken,
        sms_from: FROM,
        reminder_email_enabled: 0,
        reminder_sms_enabled: 1,
        reminder_sms_hours: [2],
      });
      await t.drain();
      const consenting = await createClient(t, admin.token, {
        name: 'Sara Sms',
        phone: '06 1111 2222',
        sms_consent: 1,
      });
      const optedOut = await createClient(t, admin.token, { name: 'Otto Out', phone: '06 3333 4444', sms_consent: 0 });
      const yes = await book(consenting.id);
      const no = await book(optedOut.id);
      for (const booking of [yes, no]) {
        const jobs = await reminderJobs(booking.id);
        assert.deepEqual(
          jobs.map((job) => job.key),
          [`reminder:${booking.id}:sms:2`],
        );
        await makeDue(jobs[0]!.key!);
      }
      await t.drain();
      const toYes = twilio.messages.filter((message) => message.to === '+31611112222');
      assert.equal(toYes.length, 1);
      assert.match(toYes[0]!.body, /^Reminder: your appointment at Studio Test, /);
      assert.ok(toYes[0]!.body.includes(when(yes.start_at)), toYes[0]!.body);
      assert.match(toYes[0]!.body, /Address: Keizersgracht 1/);
      assert.match(toYes[0]!.body, /Cancel appointment: \S+\/booking\/cancel\?token=/);
      assert.equal(twilio.messages.filter((message) => message.to === '+31633334444').length, 0);
      assert.equal(reminderMails(consenting.email!).length, 0, 'email reminders are off');
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_sms_enabled: 0, sms_enabled: 0 });
      await t.drain();
    });

    it('reminders turned off: none planned, and the ones planned before are dropped and not sent', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Olga Off' });
      const before = await book(client.id);
      assert.equal((await reminderJobs(before.id)).length, 1);

      await setSettings(t, admin.token, { reminder_email_enabled: 0 });
      // Made due before the resync job has run: the reminder job itself checks the settings.
      await makeDue(`reminder:${before.id}:email:24`);
      await t.drain();
      assert.deepEqual(await reminderJobs(before.id), []);
      const after = await book(client.id);
      assert.deepEqual(await reminderJobs(after.id), [], 'none planned while off');
      await t.drain();
      assert.equal(reminderMails(client.email!).length, 0);
      await setSettings(t, admin.token, { reminder_email_enabled: 1 });
      await t.drain();
    });

    it('a booking made inside the reminder window gets no past-due reminder', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24, 2] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Lena Late' });
      const booking = await book(client.id, slotIn(3, timezone));
      const jobs = await reminderJobs(booking.id);
      assert.deepEqual(
        jobs.map((job) => job.key),
        [`reminder:${booking.id}:email:2`],
        'only the reminder still ahead',
      );
      assert.ok(Date.parse(jobs[0]!.run_at) > Date.now() + 50 * 60_000, 'due two hours before, not now');
      await t.drain();
      assert.equal(reminderMails(client.email!).length, 0);

      // Moved to start within the hour: the 2-hour reminder has passed as well.
      await move(booking.id, slotIn(1, timezone));
      assert.deepEqual(await reminderJobs(booking.id), []);
    });

    it('a visit of several services gets one reminder listing them all, and its reminders move with the visit', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Vera Visit' });
      const second = await createService(t, admin.token, { name: 'Blow-dry', duration_min: 30 });
      const slot = nextSlot();
      const created = await t.request({
        method: 'POST',
        url: '/api/bookings/visits',
        token: admin.token,
        payload: {
          client_id: client.id,
          start_at: slot.start_at,
          parts: [
            { service_id: service.id, staff_id: staff.id },
            { service_id: second.id, staff_id: staff.id },
          ],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const parts = created.body.bookings as Array<{ id: number; start_at: string }>;
      assert.equal(parts.length, 2);

      const later = nextSlot();
      const moved = await t.request({
        method: 'PUT',
        url: `/api/bookings/visits/${created.body.id}`,
        token: admin.token,
        payload: { start_at: later.start_at },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const movedParts = moved.body.bookings as Array<{ id: number; start_at: string }>;
      for (const part of movedParts) {
        const jobs = await reminderJobs(part.id);
        assert.equal(jobs.length, 1);
        assert.equal(jobs[0]!.data.startAt, part.start_at, 'the reminder of each part follows the move');
        await makeDue(jobs[0]!.key!);
      }
      await t.drain();
      const sent = reminderMails(client.email!);
      assert.equal(sent.length, 1, 'one reminder for the whole visit');
      assert.match(sent[0]!.text, /Balayage with /);
      assert.match(sent[0]!.text, /Blow-dry with /);
      assert.match(sent[0]!.text, /Duration: 1 h 30 min/);
      assert.match(sent[0]!.text, /Cancel appointment \(Balayage\): \S+\/booking\/cancel\?token=/);
      assert.match(sent[0]!.text, /Cancel appointment \(Blow-dry\): \S+\/booking\/cancel\?token=/);
      assert.doesNotMatch(sent[0]!.text, /Move appointment/, 'the salon moves a visit, not the client');
      assert.ok(sent[0]!.text.includes(`When: ${when(later.start_at)}`), sent[0]!.text);
    });

    it('every occurrence of a series has its reminders; moving the series moves them, cancelling it drops them', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Sven Series' });
      const slot = nextSlot();
      const created = await t.request({
        method: 'POST',
        url: '/api/bookings/series',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: slot.start_at,
          every_weeks: 1,
          count: 2,
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const occurrences = created.body.bookings as Array<{ id: number; start_at: string }>;
      assert.equal(occurrences.length, 2);
      for (const occurrence of occurrences) {
        const jobs = await reminderJobs(occurrence.id);
        assert.deepEqual(
          jobs.map((job) => job.data.startAt),
          [occurrence.start_at],
        );
      }

      const newStart = DateTime.fromFormat(occurrences[0]!.start_at, 'yyyy-MM-dd HH:mm:ss')
        .plus({ hours: 3 })
        .toFormat('yyyy-MM-dd HH:mm:ss');
      const moved = await t.request({
        method: 'PUT',
        url: `/api/bookings/series/${created.body.id}`,
        token: admin.token,
        payload: { from_booking_id: occurrences[0]!.id, start_at: newStart, override: true },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      for (const occurrence of moved.body.bookings as Array<{ id: number; start_at: string }>) {
        assert.notEqual(occurrence.start_at, occurrences.find((o) => o.id === occurrence.id)!.start_at);
        const jobs = await reminderJobs(occurrence.id);
        assert.deepEqual(
          jobs.map((job) => job.data.startAt),
          [occurrence.start_at],
          'moved with the occurrence',
        );
        assert.equal(jobs[0]!.run_at, runAtOf(occurrence.start_at, 24));
      }

      const cancelled = await t.request({
        method: 'DELETE',
        url: `/api/bookings/series/${created.body.id}`,
        token: admin.token,
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      for (const occurrence of occurrences) assert.deepEqual(await reminderJobs(occurrence.id), []);
    });

    it('a provisional booking has no reminders until it is confirmed', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Paula Provisional' });
      const booking = await book(client.id, { ...nextSlot(), provisional: true });
      assert.deepEqual(await reminderJobs(booking.id), []);
      const confirmed = await t.request({
        method: 'PUT',
        url: `/api/bookings/${booking.id}`,
        token: admin.token,
        payload: { status: 'scheduled' },
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      const jobs = await reminderJobs(booking.id);
      assert.deepEqual(
        jobs.map((job) => [job.key, job.data.startAt]),
        [[`reminder:${booking.id}:email:24`, booking.start_at]],
      );
    });

    it('changing the reminder hours re-plans future bookings; hours are validated', async () => {
      await setSettings(t, admin.token, { reminder_email_enabled: 1, reminder_email_hours: [24] });
      await t.drain();
      const client = await createClient(t, admin.token, { name: 'Hanna Hours' });
      const booking = await book(client.id);
      await setSettings(t, admin.token, { reminder_email_hours: [2, 72] });
      const settings = await t.request({ method: 'GET', url: '/api/settings', token: admin.token });
      assert.deepEqual(settings.body.reminder_email_hours, [72, 2]);
      await t.drain();
      const jobs = await reminderJobs(booking.id);
      assert.deepEqual(jobs.map((job) => job.key).sort(), [
        `reminder:${booking.id}:email:2`,
        `reminder:${booking.id}:email:72`,
      ]);
      for (const job of jobs) assert.equal(job.run_at, runAtOf(booking.start_at, job.data.hours));

      for (const bad of [[0], [24, 24], [1, 2, 3, 4], [337], ['24']]) {
        const response = await t.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: { reminder_sms_hours: bad },
        });
        assertError(response, 400, 'validation_failed');
      }
    });
  });
}
