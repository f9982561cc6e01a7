import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { followChanges, type EventStream, type LiveChange } from '../src/api/live.js';

/*
 * The live updates on a real query cache: a `booking` event makes stale exactly the reads it
 * concerns (its days, the booking itself, the lists), a `reset` every booking read. The events
 * come from an EventTarget dispatching MessageEvents as the browser's EventSource does.
 */

const DAY = (date: string): QueryKey => ['get', '/api/bookings/day', { params: { query: { date } } }];
const BOOKING = (id: number): QueryKey => ['get', '/api/bookings/{id}', { params: { path: { id } } }];
const LIST: QueryKey = ['get', '/api/bookings', { params: { query: { from: '2026-11-23' } } }];
const CLIENTS: QueryKey = ['get', '/api/clients', {}];

function setUp() {
  const client = new QueryClient();
  for (const key of [
    DAY('2026-11-23'),
    DAY('2026-11-24'),
    DAY('2026-11-25'),
    BOOKING(12),
    BOOKING(13),
    LIST,
    CLIENTS,
  ]) {
    client.setQueryData(key, { read: true });
  }
  const target = new EventTarget();
  let closed = false;
  const stream: EventStream = {
    addEventListener: (type, listener) => target.addEventListener(type, listener as unknown as (event: Event) => void),
    close: () => void (closed = true),
  };
  const stop = followChanges(client, stream);
  const raw = (type: string, data: string) => target.dispatchEvent(new MessageEvent(type, { data }));
  const send = (type: string, data: unknown) => raw(type, JSON.stringify(data));
  const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, raw, send, stale, stop, closed: () => closed };
}

const change = (over: Partial<LiveChange>): LiveChange => ({
  booking_id: 12,
  version: 2,
  kind: 'moved',
  days: ['2026-11-23'],
  staff_ids: [2],
  location_ids: [null],
  ...over,
});

describe('live updates make stale what a change concerns', () => {
  it('a moved booking: the days it left and reached, the booking itself and the lists; other days, bookings and reads stay', () => {
    const { send, stale } = setUp();
    send('booking', change({ days: ['2026-11-23', '2026-11-25'] }));
    assert.equal(stale(DAY('2026-11-23')), true);
    assert.equal(stale(DAY('2026-11-25')), true);
    assert.equal(stale(DAY('2026-11-24')), false);
    assert.equal(stale(BOOKING(12)), true);
    assert.equal(stale(BOOKING(13)), false);
    assert.equal(stale(LIST), true);
    assert.equal(stale(CLIENTS), false);
  });

  it('reset: every booking read is stale, other reads stay; the returned function closes the stream', () => {
    const { send, stale, stop, closed } = setUp();
    send('reset', { seq: 40 });
    for (const key of [DAY('2026-11-23'), DAY('2026-11-24'), BOOKING(13), LIST]) assert.equal(stale(key), true);
    assert.equal(stale(CLIENTS), false);
    stop();
    assert.equal(closed(), true);
  });

  it('ready (a stream resuming nothing): booking reads fetched before the stream was asked for are stale, those fetched since stay', () => {
    const { client, send, stale } = setUp();
    const before = DAY('2026-11-20');
    client.setQueryData(before, { read: true }, { updatedAt: Date.now() - 60_000 });
    const clientsBefore: QueryKey = ['get', '/api/clients', { params: { query: { q: 'a' } } }];
    client.setQueryData(clientsBefore, { read: true }, { updatedAt: Date.now() - 60_000 });
    const since: QueryKey = DAY('2026-11-21');
    client.setQueryData(since, { read: true }, { updatedAt: Date.now() + 1_000 });
    send('ready', { seq: 7 });
    assert.equal(stale(before), true);
    assert.equal(stale(since), false);
    assert.equal(stale(clientsBefore), false, 'only booking reads');
  });

  it('an event whose data is not JSON changes nothing', () => {
    const { raw, send, stale } = setUp();
    raw('booking', '{');
    assert.equal(stale(DAY('2026-11-23')), false);
    // The stream still works after it.
    send('booking', change({}));
    assert.equal(stale(DAY('2026-11-23')), true);
  });
});
