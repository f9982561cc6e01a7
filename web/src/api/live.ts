// query-core, which react-query re-exports: the unit tests, compiled as the service is, load no React types.
import type { Query, QueryClient, QueryKey } from '@tanstack/query-core';

/*
 * The desks' live updates: the service's event stream (GET /api/bookings/events) says which
 * booking changed and which days, staff members and locations it touched before and after;
 * the cached reads those concern are made stale, so the screens showing them ask again. A
 * `reset` (the stream could not replay what was missed) makes every booking read stale. The
 * stream (booking-events.ts) reconnects by itself and resumes from the last event's id.
 */

export const EVENTS_PATH = '/api/bookings/events';

/** One `booking` event's data. */
export interface LiveChange {
  booking_id: number;
  version: number;
  kind: 'created' | 'moved' | 'status' | 'updated';
  days: string[];
  staff_ids: number[];
  location_ids: (number | null)[];
}

/** What a stream is to this file: anything dispatching the stream's events by name, as EventSource does. */
export interface EventStream {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
}

/** The booking reads that start with these paths; lists are filtered by the service, so any may hold the booking. */
// The phone's agenda (the caller's own bookings of a few days) among them.
const BOOKING_READS = ['/api/bookings', '/api/bookings/day', '/api/bookings/agenda'];

const initOf = (key: QueryKey) =>
  key[2] as { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> } } | undefined;

/** Whether a cached read (keyed `[method, path, init]`) may show what `change` changed. */
export function isStaleAfter(change: LiveChange, key: QueryKey): boolean {
  if (key[0] !== 'get' || typeof key[1] !== 'string') return false;
  const path = key[1];
  if (path === '/api/bookings/day') {
    const date = initOf(key)?.params?.query?.date;
    return typeof date !== 'string' || change.days.includes(date);
  }
  if (path === '/api/bookings/{id}') return Number(initOf(key)?.params?.path?.id) === change.booking_id;
  return BOOKING_READS.includes(path);
}

/** Every booking read: after a `reset`. */
export function isBookingRead(key: QueryKey): boolean {
  return key[0] === 'get' && typeof key[1] === 'string' && key[1].startsWith('/api/bookings');
}

/**
 * Makes stale, on `client`, what each event of `stream` concerns, until the returned function
 * closes it. A page that shows bookings calls it in an effect. The stream must carry the staff
 * token (`Authorization`, as every office request): the browser's EventSource cannot send that
 * header, and the session cookie is sent only to the session endpoints, so the stream is read
 * with fetch, reconnecting with `last_event_id` set to the last event's id.
 */
export function followChanges(client: QueryClient, stream: EventStream): () => void {
  // `ready` starts a stream that resumes nothing (the first connection): a change committed
  // between a page's read and the stream's start reached no one, so the booking reads fetched
  // before the stream was asked for are made stale; those fetched since are newer than its start.
  const since = Date.now();
  stream.addEventListener('ready', () => {
    void client.invalidateQueries({
      predicate: (query: Query) => isBookingRead(query.queryKey) && query.state.dataUpdatedAt < since,
    });
  });
  stream.addEventListener('booking', (event) => {
    let change: LiveChange;
    try {
      change = JSON.parse(event.data) as LiveChange;
    } catch {
      return;
    }
    void client.invalidateQueries({ predicate: (query: Query) => isStaleAfter(change, query.queryKey) });
  });
  stream.addEventListener('reset', () => {
    void client.invalidateQueries({ predicate: (query: Query) => isBookingRead(query.queryKey) });
  });
  return () => stream.close();
}
