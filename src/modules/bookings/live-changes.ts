import type { AppContext } from '../../context.js';
import { listen, type Listener } from '../../db/listen.js';
import type { Selectable } from 'kysely';
import type { BookingChangesTable } from '../../db/types.js';

/*
 * The calendar's changes as they happen, for the desks' live event stream (live-stream.ts).
 * The database is the change log: triggers on `bookings` write a `booking_changes` row in the
 * transaction of every change (migration 0041). One feed per API process spreads them to the
 * process's open streams:
 *
 * - PostgreSQL: the trigger also NOTIFYs the row; the feed LISTENs on a connection of its own,
 *   so a change made through any process of the scale-out reaches every process's desks, at
 *   commit, in commit order. When that connection drops, every stream is ended: each desk
 *   reconnects with the id of the last event it got and is served what it missed from the log.
 * - SQLite (one process): the feed reads the log after the last row it spread, every
 *   POLL_MS while a stream is open. Writes are serialised there, so rows appear in `seq` order.
 *
 * A change costs the process one read (SQLite) or one notification (PostgreSQL), whatever the
 * number of desks; each desk then gets a few hundred bytes, not a recomputed day.
 */

export const POLL_MS = 250;

export interface BookingChange {
  seq: number;
  booking_id: number;
  version: number;
  kind: 'created' | 'moved' | 'status' | 'updated';
  /** The dates the booking touched before and after the change. */
  days: string[];
  staff_ids: number[];
  location_ids: (number | null)[];
}

export interface ChangeSubscriber {
  change(change: BookingChange): void;
  /** The feed can no longer vouch that nothing was missed: the stream ends, the desk resumes. */
  end(): void;
}

const unique = <T>(items: T[]) => [...new Set(items)];

export function toChange(row: Selectable<BookingChangesTable>): BookingChange {
  return {
    seq: Number(row.seq),
    booking_id: row.booking_id,
    version: row.version,
    kind: row.kind,
    days: unique(row.days.split(',')).sort(),
    staff_ids: unique(row.staff_ids.split(',').map(Number)),
    location_ids: unique(row.location_ids.split(',').map((id) => (id === '' ? null : Number(id)))),
  };
}

/** The log's rows after `seq`, oldest first. */
export async function changesAfter(ctx: AppContext, seq: number, limit = 1000): Promise<BookingChange[]> {
  const rows = await ctx.db
    .selectFrom('booking_changes')
    .selectAll()
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(toChange);
}

/** The newest seq in the log, 0 when empty. */
export async function lastSeq(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('booking_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Whether the log still holds everything after `seq` (a row at or before it is left). */
export async function holdsAfter(ctx: AppContext, seq: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('booking_changes')
    .select('seq')
    .where('seq', '<=', seq)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One per process (the app's): started by its first subscriber, stopped with the app. */
export class ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private starting: Promise<void> | null = null;
  private listener: Listener | null = null;
  private poll: NodeJS.Timeout | null = null;
  private cursor = 0;
  private reading = false;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /** Resolves once the feed is live: every change committed from then on reaches `subscriber`. */
  async subscribe(subscriber: ChangeSubscriber): Promise<() => void> {
    this.subscribers.add(subscriber);
    try {
      this.starting ??= this.start();
      await this.starting;
    } catch (error) {
      this.subscribers.delete(subscriber);
      this.starting = null;
      throw error;
    }
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private async start(): Promise<void> {
    if (this.ctx.dialect === 'postgres') {
      const url = this.ctx.config.databaseUrl;
      if (!url) throw new Error('PostgreSQL without DATABASE_URL: nothing to listen on');
      this.listener = await listen(url, 'booking_changes', {
        message: (payload) => this.spread(toChange(JSON.parse(payload) as Selectable<BookingChangesTable>)),
        lost: (error) => {
          this.ctx.log.warn({ err: error }, 'live updates: listening connection lost; streams end and resume');
          this.endAll();
        },
      });
    } else {
      this.cursor = await lastSeq(this.ctx);
      this.poll = setInterval(() => void this.read(), POLL_MS);
      this.poll.unref();
    }
  }

  private async read(): Promise<void> {
    if (this.reading || this.stopped || this.subscribers.size === 0) return;
    this.reading = true;
    try {
      for (const change of await changesAfter(this.ctx, this.cursor)) {
        this.cursor = change.seq;
        this.spread(change);
      }
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'live updates: reading the change log failed; streams end and resume');
      this.endAll();
    } finally {
      this.reading = false;
    }
  }

  private spread(change: BookingChange): void {
    for (const subscriber of this.subscribers) subscriber.change(change);
  }

  private endAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    this.endAll();
    await this.listener?.close();
  }
}
