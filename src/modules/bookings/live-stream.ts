import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { changesAfter, holdsAfter, lastSeq, type BookingChange, type ChangeFeed } from './live-changes.js';
import { agendaOf } from './reads.js';

/*
 * GET /api/bookings/events: the desks' live updates, as server-sent events. Each event says
 * which booking changed, how (kind), its version, and the days, staff members and locations it
 * touched before and after, so a desk refetches exactly the views those concern; never the
 * client's data. The stream:
 *
 * - `ready` first, its id the log's newest seq: the desk's cached views are as of then;
 * - `booking` per change the caller may see (with `staff_personal_agenda_enabled` a staff
 *   member sees only changes touching their own column), its id the change's seq;
 * - with `Last-Event-ID` (the browser's EventSource sends it when it reconnects): the changes
 *   after it from the log, then live ones; when the log no longer reaches back that far (a desk
 *   away for more than a day) or knows no such id, `reset` instead: refetch everything;
 * - a comment line every HEARTBEAT_MS, so proxies keep the connection and the desk notices a
 *   dead one; `retry` tells the browser to reconnect after RETRY_MS.
 *
 * A stream outlives the request that opened it, so the caller's sign-in is checked again every
 * SESSION_CHECK_MS (the same check the guard made: token unexpired, user active, session open):
 * signing out (here or everywhere) or a deactivation ends the stream within that time, in any
 * process of a scale-out, and an expired token's stream ends so the desk reconnects with its
 * new one. A desk's own sign-out closes its stream itself, at once.
 *
 * Resuming re-sends the last RESUME_SLACK changes before the id too: on PostgreSQL
 * transactions commit a little out of seq order, and a change committed while the desk was
 * away may have a lower seq than one it had seen. A change seen twice costs a refetch.
 */

export const HEARTBEAT_MS = 25_000;
export const RETRY_MS = 2_000;
export const SESSION_CHECK_MS = 5_000;
const RESUME_SLACK = 50;
/** More missed changes than this: refetching everything is cheaper than replaying them. */
const MAX_RESUME = 5_000;
/** A desk that reads slower than this much pending output is dropped; it resumes on reconnect. */
const MAX_PENDING_BYTES = 1024 * 1024;

export interface StreamOptions {
  /** The id the desk resumes after (Last-Event-ID or `last_event_id`); undefined: a fresh start. */
  lastEventId: number | undefined;
  heartbeatMs?: number;
  /**
   * The headers the service's hooks set on every answer (the security headers, X-Request-Id,
   * CORS): a stream is written past Fastify, which would otherwise send them itself.
   */
  headers?: Record<string, string | number | string[]>;
  /** Whether the caller is still signed in with the stream's token; false (or a failure) ends the stream. */
  stillSignedIn?: () => Promise<boolean>;
  sessionCheckMs?: number;
}

function frame(event: string, id: number | null, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function eventOf(change: BookingChange): string {
  const { seq, ...data } = change;
  return frame('booking', seq, data);
}

/** Serves one desk's stream on `response` until the desk leaves or the feed ends it. */
export async function serveEventStream(
  ctx: AppContext,
  feed: ChangeFeed,
  caller: AuthUser,
  request: IncomingMessage,
  response: ServerResponse,
  options: StreamOptions,
): Promise<void> {
  const own = await agendaOf(ctx.db, caller);
  const visible = (change: BookingChange) => own === null || change.staff_ids.includes(own);

  let open = true;
  let heartbeat: NodeJS.Timeout | null = null;
  let sessionCheck: NodeJS.Timeout | null = null;
  let unsubscribe: () => void = () => undefined;
  const close = () => {
    if (!open) return;
    open = false;
    if (heartbeat) clearInterval(heartbeat);
    if (sessionCheck) clearInterval(sessionCheck);
    unsubscribe();
    response.end();
  };
  const write = (text: string) => {
    if (!open) return;
    response.write(text);
    if (response.writableLength > MAX_PENDING_BYTES) close();
  };

  // Live changes wait here until the start (ready or the missed ones) is written.
  let pending: BookingChange[] | null = [];
  const sent = new Set<number>();
  const deliver = (change: BookingChange) => {
    if (!visible(change) || sent.has(change.seq)) return;
    write(eventOf(change));
  };
  unsubscribe = await feed.subscribe({
    change: (change) => (pending === null ? deliver(change) : pending.push(change)),
    end: close,
  });
  request.on('close', close);
  if (request.destroyed || response.destroyed) close();

  response.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies that buffer answers (nginx) would hold the events back.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  write(`retry: ${RETRY_MS}\n\n`);

  const newest = await lastSeq(ctx);
  const { lastEventId } = options;
  if (lastEventId === undefined) {
    write(frame('ready', newest, { seq: newest }));
  } else if (lastEventId > newest || !(await holdsAfter(ctx, lastEventId))) {
    write(frame('reset', newest, { seq: newest }));
  } else {
    const missed = await changesAfter(ctx, Math.max(0, lastEventId - RESUME_SLACK), MAX_RESUME);
    if (missed.length === MAX_RESUME) write(frame('reset', newest, { seq: newest }));
    else {
      for (const change of missed) {
        deliver(change);
        sent.add(change.seq);
      }
    }
  }
  const waiting = pending;
  pending = null;
  for (const change of waiting) deliver(change);
  sent.clear();

  if (!open) return;
  heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const { stillSignedIn } = options;
  if (stillSignedIn) {
    let checking = false;
    sessionCheck = setInterval(() => {
      if (checking) return;
      checking = true;
      stillSignedIn()
        .then((signedIn) => {
          if (!signedIn) close();
        }, close)
        .finally(() => {
          checking = false;
        });
    }, options.sessionCheckMs ?? SESSION_CHECK_MS);
    sessionCheck.unref();
  }
}
