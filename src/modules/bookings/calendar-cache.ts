import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { prepared } from '../../db/prepared.js';

/*
 * The calendar's reads (the day view, a week's bookings), kept per process as the bytes of
 * their answer and served again while nothing they show has changed.
 *
 * A desk opens these all day and they are the service's most expensive reads (hundreds of
 * bookings, each with its names and timestamps). What an answer shows is fixed by its query
 * (date or dates, filters, the caller's own agenda) and by the database, and the database
 * says when that moved: triggers raise a number per calendar date for every change of a
 * booking or a resource hold on it, and the number `*` for every change of what all dates
 * show (staff, clients' and services' names, shifts, time off, opening hours, holidays,
 * resources); the settings row has its own version (migrations 0052 and 0029).
 *
 * So a read first reads those numbers for its dates (one indexed statement), then:
 * - when an answer is held for the same query under the same numbers, sends it;
 * - otherwise computes it, and holds it under the numbers it read.
 *
 * Why this is never stale, on either engine and with several processes: the numbers are
 * raised in the transaction of the change, so they commit with it; they are read before any
 * of the answer's data, so the answer holds at least every change those numbers count (it
 * may hold a later one too, which is newer, never older). An answer is only served to a read
 * that found exactly the numbers it was held under: every change since raised one of them.
 * Nothing is shared between processes but the database; each process holds its own answers.
 */

/** The bytes held in all, per database (a busy day is ~0.5 MB). */
const MAX_BYTES = 32 * 1024 * 1024;
/** A range longer than this is computed every time (a calendar reads a day or a week). */
export const MAX_CACHED_DAYS = 35;

interface Held {
  /** The numbers it was computed under. */
  versions: string;
  /** Their sum: numbers only grow, so a larger sum is a later state. */
  total: number;
  body: Buffer;
}

class AnswerCache {
  private readonly held = new Map<string, Held>();
  private readonly computing = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  get(key: string, versions: string): Buffer | undefined {
    const entry = this.held.get(key);
    if (entry === undefined || entry.versions !== versions) return undefined;
    // Most recently used last: the first entries are the ones to drop.
    this.held.delete(key);
    this.held.set(key, entry);
    return entry.body;
  }

  set(key: string, entry: Held): void {
    const old = this.held.get(key);
    // Two reads computing one query concurrently: the one that read the later numbers stays.
    if (old !== undefined && old.total > entry.total) return;
    if (old !== undefined) this.drop(key, old);
    if (entry.body.length > MAX_BYTES / 4) return;
    this.held.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, value] of this.held) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(oldest, value);
    }
  }

  private drop(key: string, entry: Held): void {
    this.held.delete(key);
    this.bytes -= entry.body.length;
  }

  /** One computation per query and numbers at a time: the others wait for its answer. */
  share(key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    let running = this.computing.get(key);
    if (running === undefined) {
      running = compute().finally(() => this.computing.delete(key));
      this.computing.set(key, running);
    }
    return running;
  }
}

/** One cache per database (the tests run many apps, each on its own). */
const caches = new WeakMap<object, AnswerCache>();

function cacheOf(ctx: AppContext): AnswerCache {
  let cache = caches.get(ctx.db);
  if (cache === undefined) {
    cache = new AnswerCache();
    caches.set(ctx.db, cache);
  }
  return cache;
}

/** The numbers of the dates first…last (YYYY-MM-DD, text order is date order), of `*` and of the settings. */
const versionsOf = prepared((db, p: { first: string; last: string }) =>
  db
    .selectFrom('calendar_versions')
    .select(['scope', 'version'])
    .where((eb) => eb.or([eb.and([eb('scope', '>=', p.first), eb('scope', '<=', p.last)]), eb('scope', '=', '*')]))
    .unionAll(
      db
        .selectFrom('settings')
        .select([sql<string>`'settings'`.as('scope'), 'version'])
        .where('id', '=', 1),
    ),
);

/**
 * The answer of `key` (the query, whatever decides its content but the database) over the
 * dates first…last: held bytes when nothing they show changed, else `compute()`d and held.
 */
export async function cachedAnswer(
  ctx: AppContext,
  key: string,
  dates: { first: string; last: string },
  compute: () => Promise<Buffer>,
): Promise<Buffer> {
  const rows = await versionsOf.all(ctx.db, dates);
  rows.sort((a, b) => (a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : 0));
  let versions = '';
  let total = 0;
  for (const row of rows) {
    versions += `${row.scope}=${row.version};`;
    total += Number(row.version);
  }
  const cache = cacheOf(ctx);
  const held = cache.get(key, versions);
  if (held !== undefined) return held;
  return cache.share(`${key}\n${versions}`, async () => {
    const body = await compute();
    cache.set(key, { versions, total, body });
    return body;
  });
}
