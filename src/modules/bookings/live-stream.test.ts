import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createContext } from '../../context.js';
import { connect } from '../../db/connection.js';
import { createLogger } from '../../logger.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { purgeExpired } from '../../jobs/maintenance.js';
import { SESSION_CHECK_MS } from './live-stream.js';

/*
 * GET /api/bookings/events over real HTTP: a change reaches an open stream with what it
 * touched; a desk that reconnects gets what it missed, or `reset` when the log no longer
 * reaches back; a staff member with a personal agenda sees only their own column's changes;
 * on PostgreSQL a change made through one API process reaches a stream on another.
 */

interface SseEvent {
  id: string | undefined;
  event: string;
  data: any;
}

/** A desk's stream: the events as they come, and a wait for the next that matches. */
async function openStream(base: string, token: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/bookings/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  const pump = (async () => {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':') || !line.includes(':')) continue;
          const at = line.indexOf(':');
          fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
        }
        if (!fields.has('event')) continue;
        events.push({
          id: fields.get('id'),
          event: fields.get('event')!,
          data: JSON.parse(fields.get('data') ?? 'null'),
        });
        for (const wake of waiters.splice(0)) wake();
      }
    }
  })().catch(() => undefined);
  let read = 0;
  /** The next event (after those already taken) that `match` picks; fails after `ms`. */
  const next = async (match: (e: SseEvent) => boolean, ms = 5000): Promise<SseEvent> => {
    const deadline = Date.now() + ms;
    for (;;) {
      while (read < events.length) {
        const event = events[read++]!;
        if (match(event)) return event;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next,
    /** Whether the service ended the stream within `ms`. */
    async endsWithin(ms: number): Promise<boolean> {
      return Promise.race([pump.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}

for (const dialect of DIALECTS) {
  describe(`live updates between desks [${dialect}]`, () => {
    let t: TestApp;
    let base: string;
    let admin: { token: string; id: number };
    let staff: { id: number; token: string };
    let colleague: { id: number; token: string };
    let client: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      colleague = await createStaff(t);
      client = await createClient(t, admin.token);
      service = await createService(t, admin.token);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(() => t.close());

    const book = async (staffId = staff.id) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staffId, service_id: service.id, ...nextSlot() },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { id: number; start_at: string; version: number };
    };
    const ofBooking = (id: number, kind?: string) => (e: SseEvent) =>
      e.event === 'booking' && e.data.booking_id === id && (kind === undefined || e.data.kind === kind);

    it('a change reaches an open stream: booking id, version, kind, the days, staff and locations before and after', async () => {
      const desk = await openStream(base, admin.token);
      try {
        assert.equal(desk.status, 200);
        assert.match(desk.contentType ?? '', /^text\/event-stream/);
        const ready = await desk.next((e) => e.event === 'ready');
        assert.match(ready.id!, /^\d+$/);
        const booking = await book();
        const created = await desk.next(ofBooking(booking.id, 'created'));
        assert.equal(created.data.version, 1);
        assert.deepEqual(created.data.days, [booking.start_at.slice(0, 10)]);
        assert.deepEqual(created.data.staff_ids, [staff.id]);
        assert.ok(Number(created.id) > Number(ready.id));
        const slot = nextSlot();
        const moved = await t.request({
          method: 'PUT',
          url: `/api/bookings/${booking.id}`,
          token: admin.token,
          payload: { start_at: slot.start_at, end_at: slot.end_at, staff_id: colleague.id },
        });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
        const event = await desk.next(ofBooking(booking.id, 'moved'));
        assert.equal(event.data.version, moved.body.version);
        assert.deepEqual(event.data.days, [booking.start_at.slice(0, 10), slot.date].sort());
        assert.deepEqual([...event.data.staff_ids].sort(), [staff.id, colleague.id].sort());
        assert.ok(Array.isArray(event.data.location_ids));
        await t.request({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: admin.token });
        await desk.next(ofBooking(booking.id, 'status'));
      } finally {
        await desk.close();
      }
    });

    it('resume: with Last-Event-ID the desk gets the changes it missed; an id the log no longer reaches gives reset', async () => {
      const desk = await openStream(base, admin.token);
      const ready = await desk.next((e) => e.event === 'ready');
      await desk.close();
      const missed = await book();
      const back = await openStream(base, admin.token, { 'last-event-id': ready.id! });
      try {
        await back.next(ofBooking(missed.id, 'created'));
      } finally {
        await back.close();
      }
      // A malformed id or one ahead of the log resumes nothing.
      for (const id of ['not-a-seq', '999999999']) {
        const odd = await openStream(base, admin.token, { 'last-event-id': id });
        try {
          await odd.next((e) => e.event === 'reset');
        } finally {
          await odd.close();
        }
      }
      // A day later the worker's maintenance has pruned the log (keeping the newest row): the old id is beyond it.
      await book();
      await purgeExpired(t.ctx.db, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
      const late = await openStream(base, admin.token, { 'last-event-id': ready.id! });
      try {
        const reset = await late.next((e) => e.event === 'reset');
        assert.match(reset.id!, /^\d+$/);
      } finally {
        await late.close();
      }
    });

    it('least privilege: with staff_personal_agenda_enabled a staff member’s stream carries only changes of their own bookings', async () => {
      await setSettings(t, admin.token, { staff_personal_agenda_enabled: true });
      const own = await openStream(base, staff.token);
      try {
        await own.next((e) => e.event === 'ready');
        const theirs = await book(colleague.id);
        const mine = await book(staff.id);
        await own.next(ofBooking(mine.id, 'created'));
        assert.equal(own.events.filter(ofBooking(theirs.id)).length, 0);
        // Moved from the colleague into their column: now it concerns them.
        const slot = nextSlot();
        await t.request({
          method: 'PUT',
          url: `/api/bookings/${theirs.id}`,
          token: admin.token,
          payload: { staff_id: staff.id, start_at: slot.start_at, end_at: slot.end_at },
        });
        await own.next(ofBooking(theirs.id, 'moved'));
      } finally {
        await own.close();
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: false });
      }
    });

    it('a stream ends when its sign-in does: signed out everywhere, its stream closes within the session check; a colleague’s stays open', async () => {
      const member = await createStaff(t);
      const other = await createStaff(t);
      const browser = async (who: { email: string; password: string }) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/auth/web-session',
          payload: { email: who.email, password: who.password },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.token as string;
      };
      const token = await browser(member);
      const mine = await openStream(base, token);
      const theirs = await openStream(base, await browser(other));
      try {
        await mine.next((e) => e.event === 'ready');
        await theirs.next((e) => e.event === 'ready');
        const out = await t.request({ method: 'POST', url: '/api/auth/sign-out-everywhere', token });
        assert.equal(out.status, 200, JSON.stringify(out.body));
        assert.equal(await mine.endsWithin(SESSION_CHECK_MS + 3000), true, 'the signed-out stream ends');
        assert.equal(await theirs.endsWithin(100), false, 'another member’s stream goes on');
        const again = await fetch(`${base}/api/bookings/events`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(again.status, 401, 'and cannot be reopened with the ended token');
      } finally {
        await mine.close();
        await theirs.close();
      }
    });

    it('an unauthenticated stream is 401 unauthenticated, as every office route', async () => {
      const response = await fetch(`${base}/api/bookings/events`);
      assert.equal(response.status, 401);
      assert.equal(((await response.json()) as { code: string }).code, 'unauthenticated');
    });

    if (dialect === 'postgres') {
      it('scale-out: a change made through one API process reaches a stream open on another (LISTEN/NOTIFY)', async () => {
        const database = connect({ databaseUrl: t.testDb.url! });
        let second: FastifyInstance | undefined;
        try {
          second = await buildApp(createContext(t.ctx.config, database, createLogger('silent')));
          await second.listen({ port: 0, host: '127.0.0.1' });
          const other = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
          const desk = await openStream(other, admin.token);
          try {
            await desk.next((e) => e.event === 'ready');
            const booking = await book(); // through the first process
            const event = await desk.next(ofBooking(booking.id, 'created'), 2000);
            assert.equal(event.data.version, 1);
          } finally {
            await desk.close();
          }
        } finally {
          await second?.close();
          await database.destroy();
        }
      });
    }
  });
}
