import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService } from '../../../test/helpers/factories.js';
import { hashToken } from '../../lib/tokens.js';
import { todayIn } from '../../lib/time.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './service.js';

/** The day `days` from today in the salon's zone (the test salon keeps the default, Amsterdam). */
function salonDay(days: number): string {
  const date = new Date(`${todayIn('Europe/Amsterdam')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string;
  tzid: string | undefined;
  start: string;
  url: string;
}

/** A feed's document parsed back by a calendar library, as a calendar app reads it. */
function parseFeed(text: string): { name: unknown; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status')),
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
      // The wall-clock time as the app shows it in the event's zone.
      start: event.startDate.toString().replace('T', ' '),
      url: String(component.getFirstPropertyValue('url')),
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname'), events };
}

/** The path part of a feed's address (the app's requests are injected, not sent to PUBLIC_BASE_URL). */
const pathOf = (url: string) => {
  assert.ok(url.startsWith(`${PUBLIC_BASE_URL}/api/calendar-feeds/`), url);
  return url.slice(PUBLIC_BASE_URL.length);
};

for (const dialect of DIALECTS) {
  describe(`calendar feeds [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let anna: { id: number; token: string };
    let bram: { id: number; token: string };
    let service: { id: number; name: string };
    const bookings: Record<string, number> = {};

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
      anna = await createStaff(t);
      bram = await createStaff(t);
      await t.ctx.db.updateTable('users').set({ name: 'Anna Stylist' }).where('id', '=', anna.id).execute();
      await t.ctx.db.updateTable('users').set({ name: 'Bram Barber' }).where('id', '=', bram.id).execute();
      service = await insertService(t.ctx.db, { name: 'Cut and colour' });
      const client = await insertClient(t.ctx.db, { name: 'Clara Client' });
      const book = async (
        key: string,
        staffId: number,
        day: number,
        status: 'scheduled' | 'provisional' | 'cancelled' | 'completed' = 'scheduled',
      ) => {
        bookings[key] = await insertBooking(t.ctx.db, {
          client_id: client.id,
          staff_id: staffId,
          service_id: service.id,
          start_at: `${salonDay(day)} 10:00:00`,
          end_at: `${salonDay(day)} 11:00:00`,
          status,
          price: 4500,
        });
      };
      await book('annaTomorrow', anna.id, 1);
      await book('annaRequest', anna.id, 2, 'provisional');
      await book('annaCancelled', anna.id, 3, 'cancelled');
      await book('annaLastWeek', anna.id, -7, 'completed');
      await book('annaTooOld', anna.id, -(FEED_DAYS_BACK + 1));
      await book('annaTooFar', anna.id, FEED_DAYS_AHEAD + 1);
      await book('annaToCancel', anna.id, 4);
      await book('bramTomorrow', bram.id, 1);
    });
    after(() => t.close());

    async function createFeed(token: string, payload: object = {}) {
      return t.request({ method: 'POST', url: '/api/calendar-feeds', token, payload });
    }
    async function fetchFeed(url: string, headers: Record<string, string> = {}) {
      return t.request({ method: 'GET', url: pathOf(url), headers });
    }

    it('a member’s feed shows their appointments in the window, every status but cancelled, at the salon’s wall-clock time', async () => {
      const created = await createFeed(anna.token, { name: 'iPhone' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.scope, 'staff');
      assert.equal(created.body.user_id, anna.id);
      assert.equal(created.body.name, 'iPhone');

      const feed = await fetchFeed(created.body.url);
      assert.equal(feed.status, 200);
      assert.match(String(feed.headers['content-type']), /^text\/calendar; charset=utf-8/);
      const parsed = parseFeed(feed.body);
      assert.equal(parsed.name, 'Studio Test: Anna Stylist');
      const byUid = new Map(parsed.events.map((event) => [event.uid, event]));
      const host = new URL(PUBLIC_BASE_URL).hostname;
      const expected = ['annaLastWeek', 'annaTomorrow', 'annaRequest', 'annaToCancel'];
      assert.deepEqual([...byUid.keys()].sort(), expected.map((key) => `booking-${bookings[key]}@${host}`).sort());
      const tomorrow = byUid.get(`booking-${bookings.annaTomorrow}@${host}`)!;
      assert.equal(tomorrow.summary, 'Cut and colour: Clara Client');
      assert.equal(tomorrow.tzid, 'Europe/Amsterdam');
      assert.equal(tomorrow.start, `${salonDay(1)} 10:00:00`);
      assert.equal(tomorrow.status, 'CONFIRMED');
      assert.equal(tomorrow.url, `${PUBLIC_BASE_URL}/bookings/${bookings.annaTomorrow}`);
      assert.equal(byUid.get(`booking-${bookings.annaRequest}@${host}`)!.status, 'TENTATIVE');
    });

    it('a cancelled appointment leaves the feed', async () => {
      const created = await createFeed(anna.token);
      const host = new URL(PUBLIC_BASE_URL).hostname;
      const uid = `booking-${bookings.annaToCancel}@${host}`;
      assert.ok(parseFeed((await fetchFeed(created.body.url)).body).events.some((event) => event.uid === uid));
      const cancel = await t.request({
        method: 'PUT',
        url: `/api/bookings/${bookings.annaToCancel}`,
        token: admin.token,
        payload: { status: 'cancelled' },
      });
      assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
      assert.ok(!parseFeed((await fetchFeed(created.body.url)).body).events.some((event) => event.uid === uid));
    });

    it('the address is shown once: listed feeds carry no address and the token is stored only as its hash', async () => {
      const created = await createFeed(bram.token, { name: 'Desk' });
      const token = decodeURIComponent(created.body.url.split('/').at(-2));
      const row = await t.ctx.db
        .selectFrom('calendar_feeds')
        .selectAll()
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.token_hash, hashToken(token));
      assert.ok(!JSON.stringify(row).includes(token));

      const listed = await t.request({ method: 'GET', url: '/api/calendar-feeds', token: bram.token });
      assert.equal(listed.status, 200);
      assert.ok(listed.body.length >= 1);
      assert.ok(
        listed.body.every((feed: { user_id: number }) => feed.user_id === bram.id),
        'a member sees their own',
      );
      assert.ok(!JSON.stringify(listed.body).includes(token));
      assert.ok(listed.body.every((feed: object) => !('url' in feed)));

      const all = await t.request({ method: 'GET', url: '/api/calendar-feeds', token: admin.token });
      assert.ok(
        all.body.some((feed: { user_id: number }) => feed.user_id === anna.id),
        'an admin sees every feed',
      );
    });

    it('a member subscribes to their own agenda only; an admin to another member’s or to the whole salon', async () => {
      assert.equal((await createFeed(anna.token, { staff_id: bram.id })).body.code, 'forbidden');
      assert.equal((await createFeed(anna.token, { scope: 'salon' })).status, 403);

      const forBram = await createFeed(admin.token, { staff_id: bram.id });
      assert.equal(forBram.status, 201);
      assert.equal(forBram.body.user_id, bram.id);
      const bramEvents = parseFeed((await fetchFeed(forBram.body.url)).body).events;
      assert.deepEqual(
        bramEvents.map((event) => event.summary),
        ['Cut and colour: Clara Client'],
      );

      const salon = await createFeed(admin.token, { scope: 'salon' });
      assert.equal(salon.status, 201);
      const parsed = parseFeed((await fetchFeed(salon.body.url)).body);
      assert.equal(parsed.name, 'Studio Test');
      const summaries = parsed.events.map((event) => event.summary);
      assert.ok(summaries.includes('Cut and colour: Clara Client (Anna Stylist)'));
      assert.ok(summaries.includes('Cut and colour: Clara Client (Bram Barber)'));

      assert.equal((await createFeed(admin.token, { scope: 'salon', staff_id: bram.id })).status, 400);
      assert.equal((await createFeed(admin.token, { staff_id: 999_999 })).status, 404);
    });

    it('a revoked feed, or one whose owner is deactivated or no longer an admin, answers 404', async () => {
      const mine = await createFeed(anna.token);
      const other = await createFeed(bram.token);
      const refused = await t.request({
        method: 'DELETE',
        url: `/api/calendar-feeds/${other.body.id}`,
        token: anna.token,
      });
      assert.equal(refused.status, 404, 'another member’s feed is as if absent');
      assert.equal((await fetchFeed(other.body.url)).status, 200);

      const revoked = await t.request({
        method: 'DELETE',
        url: `/api/calendar-feeds/${mine.body.id}`,
        token: anna.token,
      });
      assert.equal(revoked.status, 200);
      const gone = await fetchFeed(mine.body.url);
      assert.equal(gone.status, 404);
      assert.equal(gone.body.code, 'not_found');

      const second = await createStaff(t, 'admin');
      const salon = await createFeed(second.token, { scope: 'salon' });
      assert.equal((await fetchFeed(salon.body.url)).status, 200);
      const demote = await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${second.id}`,
        token: admin.token,
        payload: { role: 'staff' },
      });
      assert.equal(demote.status, 200, JSON.stringify(demote.body));
      assert.equal((await fetchFeed(salon.body.url)).status, 404);

      const deactivate = await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${bram.id}`,
        token: admin.token,
        payload: { active: false },
      });
      assert.equal(deactivate.status, 200, JSON.stringify(deactivate.body));
      assert.equal((await fetchFeed(other.body.url)).status, 404);
      await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${bram.id}`,
        token: admin.token,
        payload: { active: true },
      });
    });

    it('an unknown token is 404 with the error body; a poll with the ETag is 304 without a body', async () => {
      const unknown = await t.request({ method: 'GET', url: '/api/calendar-feeds/not-a-feed/calendar.ics' });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.code, 'not_found');

      const created = await createFeed(anna.token);
      const first = await fetchFeed(created.body.url);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
      const again = await fetchFeed(created.body.url, { 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.body, '');
    });

    it('a fetch records when the feed was last used', async () => {
      const created = await createFeed(anna.token, { name: 'Watch' });
      await fetchFeed(created.body.url);
      const listed = await t.request({ method: 'GET', url: '/api/calendar-feeds', token: anna.token });
      const feed = listed.body.find((item: { id: number }) => item.id === created.body.id);
      assert.match(feed.last_used_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
  });
}
