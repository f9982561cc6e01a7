import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import type { ReceivedMail } from '../../../test/helpers/smtp-sink.js';
import { localeFormat } from '../../messages/index.js';

/** The (English) test salon's subject dates: "Friday 28 March 2031". */
const onDate = (date: string) =>
  new RegExp(`on ${localeFormat('en', { timeFormat: '24h', currency: 'EUR' }).date(date)}$`);

/** The calendar part of an email, parsed back by a calendar library, as a calendar app reads it. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  assert.ok(part, `"${mail.subject}" has a text/calendar part`);
  const calendar = new ICAL.Component(ICAL.parse(part.content));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  assert.equal(events.length, 1, 'one event');
  const event = new ICAL.Event(events[0]);
  return {
    partMethod: part.params.method,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: events[0]!.getFirstPropertyValue('status'),
    tzid: events[0]!.getFirstProperty('dtstart')?.getParameter('tzid'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    organizer: events[0]!.getFirstPropertyValue('organizer'),
  };
}

for (const dialect of DIALECTS) {
  describe(`booking calendar attachment [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { id: number };
    let client: { id: number; email: string };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await setSettings(t, admin.token, {
        salon_name: 'Studio Noord',
        salon_email: 'hello@studio-noord.example',
        salon_address: 'Kerkstraat 1',
        salon_postcode: '1017 GA',
        salon_city: 'Amsterdam',
        timezone: 'Europe/Amsterdam',
      });
      staff = await createStaff(t);
      client = (await createClient(t, admin.token, { name: 'Ics Client' })) as typeof client;
      service = await createService(t, admin.token, { name: 'Balayage' });
    });
    after(() => t.close());

    const request = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    /** Makes the booking's delayed jobs (the change email waits 30 minutes) due, then runs them. */
    const runDelayed = async (bookingId: number) => {
      await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('status', '=', 'queued')
        .where('payload', '=', JSON.stringify({ bookingId }))
        .execute();
      await t.drain();
    };
    const mailsTo = (subject: RegExp) => t.mail.to(client.email).filter((mail) => subject.test(mail.subject));

    it('confirmed, moved across the daylight-saving change, cancelled: one event, same UID, rising SEQUENCE, REQUEST, REQUEST, CANCEL', async () => {
      // 2031-03-30 is the last Sunday of March: Amsterdam moves from +01:00 to +02:00.
      const booking = await request('POST', '/api/bookings', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2031-03-28 10:00:00',
        end_at: '2031-03-28 11:30:00',
      });
      await t.drain();
      await request('PUT', `/api/bookings/${booking.id}`, {
        start_at: '2031-03-31 10:00:00',
        end_at: '2031-03-31 11:30:00',
      });
      await runDelayed(booking.id);
      await request('DELETE', `/api/bookings/${booking.id}`);
      await t.drain();

      const [confirmed, moved, cancelled] = [onDate('2031-03-28'), /has moved/, /is cancelled/].map((subject) => {
        const mails = mailsTo(subject);
        assert.equal(mails.length, 1, String(subject));
        return calendarOf(mails[0]!);
      });
      const uid = `booking-${booking.id}@${new URL(PUBLIC_BASE_URL).hostname}`;
      for (const event of [confirmed!, moved!, cancelled!]) {
        assert.equal(event.uid, uid);
        assert.equal(event.tzid, 'Europe/Amsterdam');
        assert.equal(event.summary, 'Balayage at Studio Noord');
        assert.equal(event.location, 'Kerkstraat 1, 1017 GA Amsterdam');
        assert.match(event.description, /Balayage with /);
        assert.equal(event.organizer, 'mailto:hello@studio-noord.example');
      }
      assert.equal(confirmed!.sequence, 0);
      assert.ok(moved!.sequence > confirmed!.sequence, 'the change is a newer revision');
      assert.ok(cancelled!.sequence > moved!.sequence, 'the cancellation is a newer revision');
      assert.deepEqual(
        [confirmed!, moved!, cancelled!].map((event) => [event.method, event.partMethod, event.status]),
        [
          ['REQUEST', 'REQUEST', 'CONFIRMED'],
          ['REQUEST', 'REQUEST', 'CONFIRMED'],
          ['CANCEL', 'CANCEL', 'CANCELLED'],
        ],
      );
      // 10:00 in Amsterdam: 09:00 UTC in winter time, 08:00 UTC in summer time.
      assert.deepEqual([confirmed!.start, confirmed!.end], ['2031-03-28T09:00:00.000Z', '2031-03-28T10:30:00.000Z']);
      assert.deepEqual([moved!.start, moved!.end], ['2031-03-31T08:00:00.000Z', '2031-03-31T09:30:00.000Z']);
      assert.deepEqual([cancelled!.start, cancelled!.end], ['2031-03-31T08:00:00.000Z', '2031-03-31T09:30:00.000Z']);
    });

    it('a provisional booking carries no event until the client confirms it; its confirmation then does', async () => {
      const booking = await request('POST', '/api/bookings', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2031-04-02 14:00:00',
        end_at: '2031-04-02 15:00:00',
        provisional: true,
      });
      await t.drain();
      const asked = mailsTo(/confirm your appointment/).at(-1);
      assert.ok(asked);
      assert.equal(asked.attachments.length, 0, 'nothing to add to a calendar yet');
      const answer = await t.request({
        method: 'POST',
        url: '/api/public/bookings/confirm',
        payload: { token: booking.provisional_token },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      await t.drain();
      const confirmed = mailsTo(onDate('2031-04-02'));
      assert.equal(confirmed.length, 1);
      const event = calendarOf(confirmed[0]!);
      assert.equal(event.uid, `booking-${booking.id}@${new URL(PUBLIC_BASE_URL).hostname}`);
      assert.equal(event.method, 'REQUEST');
      assert.equal(event.start, '2031-04-02T12:00:00.000Z');
    });

    it('every change of time, staff member or service and the cancellation raise ics_sequence; notes do not', async () => {
      const other = await createStaff(t);
      const booking = await request('POST', '/api/bookings', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2031-04-07 10:00:00',
        end_at: '2031-04-07 11:00:00',
      });
      const sequence = async () =>
        (
          await t.ctx.db
            .selectFrom('bookings')
            .select('ics_sequence')
            .where('id', '=', booking.id)
            .executeTakeFirstOrThrow()
        ).ics_sequence;
      assert.equal(await sequence(), 0);
      await request('PUT', `/api/bookings/${booking.id}`, { notes: 'Bring photos' });
      assert.equal(await sequence(), 0);
      await request('PUT', `/api/bookings/${booking.id}`, { end_at: '2031-04-07 11:15:00' });
      assert.equal(await sequence(), 1);
      await request('PUT', `/api/bookings/${booking.id}`, { staff_id: other.id });
      assert.equal(await sequence(), 2);
      await request('PUT', `/api/bookings/${booking.id}`, { status: 'cancelled' });
      assert.equal(await sequence(), 3);
    });

    it('a visit is one event from its first start to its last end: one confirmation, one cancellation, same UID, rising SEQUENCE', async () => {
      const blowDry = await createService(t, admin.token, { name: 'Blow-dry' });
      const created = await t.request({
        method: 'POST',
        url: '/api/bookings/visits',
        token: admin.token,
        payload: {
          client_id: client.id,
          start_at: '2031-04-09 10:00',
          parts: [
            { service_id: service.id, staff_id: staff.id },
            { service_id: blowDry.id, staff_id: staff.id },
          ],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const ids = (created.body.bookings as { id: number }[]).map((part) => part.id);
      const sequences = async () =>
        (
          await t.ctx.db.selectFrom('bookings').select('ics_sequence').where('id', 'in', ids).orderBy('id').execute()
        ).map((row) => row.ics_sequence);
      await t.drain();
      assert.deepEqual(await sequences(), [0, 0]);
      const uid = `visit-${created.body.id}@${new URL(PUBLIC_BASE_URL).hostname}`;
      const confirmations = mailsTo(onDate('2031-04-09')).map(calendarOf);
      assert.deepEqual(
        confirmations.map((event) => [event.uid, event.method, event.sequence, event.start, event.end]),
        [[uid, 'REQUEST', 0, '2031-04-09T08:00:00.000Z', '2031-04-09T10:00:00.000Z']],
        'one confirmation for the visit, covering both parts (two hours)',
      );
      assert.equal(confirmations[0]!.summary, 'Balayage, Blow-dry at Studio Noord');
      await request('PUT', `/api/bookings/visits/${created.body.id}`, { start_at: '2031-04-09 13:00' });
      assert.deepEqual(await sequences(), [1, 1]);
      await request('DELETE', `/api/bookings/visits/${created.body.id}`);
      await t.drain();
      assert.deepEqual(await sequences(), [2, 2]);
      const cancellations = mailsTo(/is cancelled/)
        .map(calendarOf)
        .filter((event) => event.uid.startsWith('visit-'));
      assert.deepEqual(
        cancellations.map((event) => [event.uid, event.method, event.sequence]),
        [[uid, 'CANCEL', 4]],
        'one cancellation for the visit, a newer revision than the move',
      );
    });
  });
}
