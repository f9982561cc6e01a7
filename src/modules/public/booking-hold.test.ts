import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { offeredStarts, publicBooking, setupBookingSalon, startsDayByDay } from '../../../test/helpers/public.js';
import { holdReleaseJobKey } from './booking-hold.js';

/*
 * A booking page filled by a script: fresh addresses, every slot taken, nobody ever coming.
 * With `booking_hold_new_clients`, a stranger's booking waits for the link in its email and is
 * released when that link is not clicked in time; known clients book as before.
 */

const RELEASE_JOB = 'public.booking_hold_release';

for (const dialect of DIALECTS) {
  describe(`a booking page filled by a script: bookings held for their confirm link [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let service: { id: number };
    const freeStart = startsDayByDay(
      () => t,
      () => service.id,
    );
    const isOffered = async (startAt: string) =>
      (await offeredStarts(t, { date: startAt.slice(0, 10), service_id: service.id })).includes(startAt.slice(11, 16));
    const statusOf = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/bookings/${id}`, token: admin.token })).body.status as string;
    const releaseJobsOf = (firstBookingId: number) =>
      t.ctx.db
        .selectFrom('jobs')
        .select(['id', 'run_at', 'status'])
        .where('name', '=', RELEASE_JOB)
        .where('key', '=', holdReleaseJobKey(firstBookingId))
        .execute();
    /** The hold's time has come: its release job made due, then run by the queue's own worker. */
    const holdTimeHasPassed = async (firstBookingId: number) => {
      const moved = await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('name', '=', RELEASE_JOB)
        .where('key', '=', holdReleaseJobKey(firstBookingId))
        .where('status', '=', 'queued')
        .executeTakeFirst();
      assert.equal(moved.numUpdatedRows, 1n, 'one release job waits for the booking');
      await t.drain();
    };
    const confirmToken = (email: string) => {
      const text = t.mail.to(email).at(-1)?.text ?? '';
      const token = /http:\/\/salon\.test\/booking\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
      assert.ok(token, `the email to ${email} carries the confirm link`);
      return decodeURIComponent(token);
    };

    before(async () => {
      t = await createTestApp(dialect);
      ({ admin, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    it('off by default: a stranger books directly (scheduled, nothing held, no release job)', async () => {
      const settings = (await t.request({ method: 'GET', url: '/api/settings', token: admin.token })).body;
      assert.equal(settings.booking_hold_new_clients, 0);
      assert.equal(settings.booking_hold_minutes, 60);
      const booked = await publicBooking(t, { service_id: service.id, start_at: await freeStart() });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.status, 'scheduled');
      assert.deepEqual(await releaseJobsOf(booked.body.id), []);
    });

    it('the hold settings are validated: booking_hold_minutes outside 15–1440 → 400, nothing changed', async () => {
      for (const minutes of [14, 1441, 30.5]) {
        const response = await t.request({
          method: 'PUT',
          url: '/api/settings',
          token: admin.token,
          payload: { booking_hold_new_clients: true, booking_hold_minutes: minutes },
        });
        assertError(response, 400, 'validation_failed');
      }
      const settings = (await t.request({ method: 'GET', url: '/api/settings', token: admin.token })).body;
      assert.equal(settings.booking_hold_new_clients, 0);
      assert.equal(settings.booking_hold_minutes, 60);
    });

    it("on: a script's fresh address gets a provisional booking and the request email; clicking its link confirms it, and the release leaves it be", async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: true, booking_hold_minutes: 30 });
      const email = uniqueEmail('stranger');
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: await freeStart(),
        client_email: email,
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.status, 'provisional');
      assert.equal('provisional_token' in booked.body, false, 'the token travels only by email');
      await t.drain();
      const token = confirmToken(email);

      const confirmed = await t.request({ method: 'POST', url: '/api/public/bookings/confirm', payload: { token } });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      assert.equal(confirmed.body.status, 'scheduled');
      await holdTimeHasPassed(booked.body.id);
      assert.equal(await statusOf(booked.body.id), 'scheduled', 'a confirmed booking is never released');
    });

    it('on: not clicked, the booking is released after booking_hold_minutes: cancelled, its time offered again, no email to the address', async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: 1, booking_hold_minutes: 45 });
      const email = uniqueEmail('never-clicks');
      const startAt = await freeStart();
      const before = Date.now();
      const booked = await publicBooking(t, { service_id: service.id, start_at: startAt, client_email: email });
      assert.equal(booked.body.status, 'provisional', JSON.stringify(booked.body));
      const [job] = await releaseJobsOf(booked.body.id);
      assert.ok(job, 'the release is scheduled with the booking');
      const minutes = (Date.parse(job.run_at) - before) / 60_000;
      assert.ok(minutes >= 45 && minutes < 46, `the release is due after booking_hold_minutes (${minutes})`);
      await t.drain();
      assert.equal(await statusOf(booked.body.id), 'provisional', 'held until the time has passed');
      assert.equal(await isOffered(startAt), false, 'the held booking occupies its time');
      const mailsBefore = t.mail.to(email).length;

      await holdTimeHasPassed(booked.body.id);
      assert.equal(await statusOf(booked.body.id), 'cancelled');
      assert.equal(await isOffered(startAt), true, 'the time is free again');
      assert.equal(t.mail.to(email).length, mailsBefore, 'no email about the release');
      const token = confirmToken(email);
      const late = await t.request({ method: 'POST', url: '/api/public/bookings/confirm', payload: { token } });
      assertError(late, 409, 'not_provisional');
    });

    it('on: the release runs twice (a retry) and changes nothing the second time', async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: 1 });
      const booked = await publicBooking(t, { service_id: service.id, start_at: await freeStart() });
      await holdTimeHasPassed(booked.body.id);
      const row = () =>
        t.ctx.db
          .selectFrom('bookings')
          .select(['status', 'updated_at'])
          .where('id', '=', booked.body.id)
          .executeTakeFirstOrThrow();
      const once = await row();
      assert.equal(once.status, 'cancelled');
      await t.ctx.db
        .updateTable('jobs')
        .set({ status: 'queued', run_at: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', holdReleaseJobKey(booked.body.id))
        .execute();
      assert.equal(await t.drain(), 1, 'the release ran again');
      assert.deepEqual(await row(), once, 'the second run wrote nothing');
    });

    it('on: a known client (their email on record) books directly', async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: 1 });
      const known = await createClient(t, admin.token);
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: await freeStart(),
        client_email: known.email!.toUpperCase(),
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.status, 'scheduled');
      assert.deepEqual(await releaseJobsOf(booked.body.id), []);
    });

    it('on: a signed-in client books directly, whatever address the form carries', async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: 1 });
      const known = await createClient(t, admin.token);
      await t.request({ method: 'POST', url: '/api/public/client-magic-link', payload: { email: known.email } });
      await t.drain();
      const link = /http:\/\/salon\.test\/client\/magic\?token=([A-Za-z0-9_%-]+)/.exec(
        t.mail.to(known.email!).at(-1)?.text ?? '',
      )?.[1];
      assert.ok(link, 'the sign-in link reached the client');
      const signedIn = await t.request({
        method: 'GET',
        url: `/api/public/client-verify-magic?token=${link}`,
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const booked = await publicBooking(
        t,
        { service_id: service.id, start_at: await freeStart(), client_email: uniqueEmail('typed') },
        { token: signedIn.body.clientToken as string },
      );
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      assert.equal(booked.body.status, 'scheduled');
      assert.deepEqual(await releaseJobsOf(booked.body.id), []);
    });

    it("on: a stranger's visit is held and released as one", async () => {
      await setSettings(t, admin.token, { booking_hold_new_clients: 1 });
      const startAt = await freeStart();
      const visit = await t.request({
        method: 'POST',
        url: '/api/public/visits',
        payload: {
          client_name: 'Vera Visit',
          client_email: uniqueEmail('visit-stranger'),
          start_at: startAt,
          parts: [{ service_id: service.id }, { service_id: service.id }],
        },
      });
      assert.equal(visit.status, 201, JSON.stringify(visit.body));
      assert.equal(visit.body.status, 'provisional');
      const ids = (visit.body.bookings as Array<{ id: number }>).map((part) => part.id);
      await holdTimeHasPassed(ids[0]!);
      for (const id of ids) assert.equal(await statusOf(id), 'cancelled');
    });

    it("request mode: a stranger's provisional booking waits for its answer and is never released by the hold", async () => {
      await setSettings(t, admin.token, { booking_mode: 'request', booking_hold_new_clients: 1 });
      try {
        const booked = await publicBooking(t, { service_id: service.id, start_at: await freeStart() });
        assert.equal(booked.body.status, 'provisional', JSON.stringify(booked.body));
        assert.deepEqual(await releaseJobsOf(booked.body.id), [], 'no release is scheduled');
        // Even a release job naming it (as if scheduled by mistake) leaves it as it is.
        await t.ctx.db
          .insertInto('jobs')
          .values({
            name: RELEASE_JOB,
            payload: JSON.stringify({ bookingIds: [booked.body.id] }),
            status: 'queued',
            run_at: new Date(Date.now() - 1000).toISOString(),
            attempts: 0,
            max_attempts: 3,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
            key: holdReleaseJobKey(booked.body.id),
          })
          .execute();
        await t.drain();
        assert.equal(await statusOf(booked.body.id), 'provisional');
      } finally {
        await setSettings(t, admin.token, { booking_mode: 'direct' });
      }
    });
  });
}
