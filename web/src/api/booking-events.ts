import { createParser } from 'eventsource-parser';
import { api } from './client';
import { ApiError } from './errors';
import type { EventStream } from './live';

/*
 * The desk's end of `GET /api/bookings/events`: the service's event stream, read through the
 * API client (so it carries the staff token like every office request; the browser's
 * EventSource cannot send it) and parsed by eventsource-parser. It behaves as EventSource does
 * where it matters:
 *
 * - it reconnects by itself when the stream ends or the connection drops (the service
 *   restarted, the laptop slept, the token expired and the service ended the stream), after the
 *   `retry` the service named, with the last event's id as `last_event_id`, so the service
 *   replays what was missed (or says `reset`);
 * - a 401 means the token no longer admits anyone: the session is asked for a new one once
 *   (`renew`), and the stream stops when there is none (signed out here or everywhere);
 * - a refusal that a retry cannot change (400, 403) stops it; a 503 or 429 is retried.
 *
 * `close()` aborts the request and every retry.
 */

export interface BookingEventsOptions {
  /** Asks the session for a fresh token after a 401; resolves whether someone is still signed in. */
  renew: () => Promise<boolean>;
  /** The wait before reconnecting when the service named none. */
  retryMs?: number;
}

type Listener = (event: { data: string }) => void;

const MAX_RETRY_MS = 30_000;

export function openBookingEvents({ renew, retryMs = 2_000 }: BookingEventsOptions): EventStream {
  const listeners = new Map<string, Set<Listener>>();
  let closed = false;
  let controller: AbortController | null = null;
  let lastEventId: string | undefined;
  let wait = retryMs;
  let failures = 0;
  let sleeping: { timer: ReturnType<typeof setTimeout>; wake: () => void } | null = null;

  const dispatch = (name: string, data: string) => {
    for (const listener of listeners.get(name) ?? []) listener({ data });
  };
  const parser = createParser({
    onEvent(event) {
      if (event.id !== undefined) lastEventId = event.id;
      failures = 0;
      dispatch(event.event ?? 'message', event.data);
    },
    onRetry(ms) {
      wait = ms;
    },
  });

  const sleep = (ms: number) =>
    new Promise<void>((wake) => {
      sleeping = { timer: setTimeout(wake, ms), wake };
    }).finally(() => {
      sleeping = null;
    });

  async function readOnce(): Promise<'again' | 'stop'> {
    controller = new AbortController();
    parser.reset();
    try {
      const { data } = await api.GET('/api/bookings/events', {
        params: { query: lastEventId === undefined ? {} : { last_event_id: Number(lastEventId) } },
        parseAs: 'stream',
        signal: controller.signal,
      });
      if (!data) return 'again';
      const reader = data.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'again';
        parser.feed(value);
      }
    } catch (error) {
      if (closed) return 'stop';
      if (error instanceof ApiError) {
        if (error.status === 401) return (await renew()) ? 'again' : 'stop';
        if (error.status < 500 && error.status !== 429) return 'stop';
      }
      failures += 1;
      return 'again';
    }
  }

  void (async () => {
    while (!closed) {
      if ((await readOnce()) === 'stop' || closed) return;
      // Failing again and again (the service down): wait longer each time, up to half a minute.
      await sleep(Math.min(MAX_RETRY_MS, wait * 2 ** Math.min(failures, 4)));
    }
  })();

  return {
    addEventListener(type, listener) {
      const set = listeners.get(type) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(type, set);
    },
    close() {
      closed = true;
      controller?.abort();
      if (sleeping) {
        clearTimeout(sleeping.timer);
        sleeping.wake();
      }
    },
  };
}
