import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type Page } from '../../http/pagination.js';

/*
 * The ordered matches of broad client searches, held in process while nothing they depend on
 * changes.
 *
 * A search's page and its exact `total` read every match: a surname alone is thousands of
 * clients in a chain (~13,000 Jansens in 200,000), and reading, counting and ordering them costs
 * ~5 ms of CPU on every keystroke and every page turned, where the search of a phone or an
 * email costs well under one. So a search found to be broad is remembered; when it comes again
 * (the next page, another desk, the same name typed again) its matches' ids are read once, in
 * order, and kept: the total is their number and a page is a slice of them, read by primary key.
 *
 * What keeps them exact is the database's client search generation (migration 0083), moved by
 * every committed change of what a search finds or how it orders (a client added, removed,
 * renamed, erased, merged…): the ids are kept under the generation read before reading them,
 * and used only while the generation is still that one, so a change is seen by the next search
 * in every process. The generation is read before the ids, so ids kept under a generation are
 * never older than it; a change committed in between makes them newer, and they are read again.
 *
 * Only searches of at least BROAD matches are kept: a narrower one costs less to search again
 * than to keep. Per database, at most MOST_IDS ids, the least recently used search forgotten first.
 */

/** Matches from which a search's ordered ids are worth keeping. */
export const BROAD = 500;
/** Ids kept per database at most (8 bytes each). */
const MOST_IDS = 1_000_000;
/** Searches remembered as broad per database at most, their ids kept or not. */
const MOST_SEARCHES = 2_000;

interface Held {
  /** The generation the ids were read under; null before they are first read. */
  generation: number | null;
  ids: Float64Array;
}

class HeldSearches {
  private readonly searches = new Map<string, Held>();
  private readonly pending = new Map<string, { generation: number; ids: Promise<Float64Array> }>();
  private idsHeld = 0;

  get(key: string): Held | undefined {
    const held = this.searches.get(key);
    if (held) {
      // Most recently used last: the first in the map is the first to go.
      this.searches.delete(key);
      this.searches.set(key, held);
    }
    return held;
  }

  set(key: string, held: Held): void {
    this.forget(key);
    this.searches.set(key, held);
    this.idsHeld += held.ids.length;
    for (const [oldest] of this.searches) {
      if (this.idsHeld <= MOST_IDS && this.searches.size <= MOST_SEARCHES) break;
      this.forget(oldest);
    }
  }

  /**
   * The ids of `key` read under `generation` and kept (forgotten when fewer than BROAD). Reads
   * that miss under the same generation share one: twenty desks paging a surname after a change
   * read its matches once, not twenty times.
   */
  reading(key: string, generation: number, orderedIds: () => Promise<number[]>): Promise<Float64Array> {
    const pending = this.pending.get(key);
    if (pending?.generation === generation) return pending.ids;
    const ids = orderedIds().then((list) => Float64Array.from(list));
    const entry = { generation, ids };
    this.pending.set(key, entry);
    const done = () => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    ids.then((read) => {
      done();
      // A read under an older generation that ends after a newer one is not kept over it.
      if ((this.searches.get(key)?.generation ?? 0) > generation) return;
      if (read.length >= BROAD) this.set(key, { generation, ids: read });
      else this.forget(key);
    }, done);
    return ids;
  }

  forget(key: string): void {
    const held = this.searches.get(key);
    if (!held) return;
    this.idsHeld -= held.ids.length;
    this.searches.delete(key);
  }
}

/** Per database (Kysely's adapter, one per connection pool), as the settings row is held. */
const heldByDatabase = new WeakMap<object, HeldSearches>();

function heldSearches(db: Kysely<DB>): HeldSearches {
  const database = db.getExecutor().adapter;
  let held = heldByDatabase.get(database);
  if (!held) heldByDatabase.set(database, (held = new HeldSearches()));
  return held;
}

async function readGeneration(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{
    generation: number | string;
  }>`select generation from client_search_generation where id = 1`.execute(db);
  // PostgreSQL's bigint comes as a string.
  return Number(rows[0]?.generation ?? 0);
}

export interface SearchPageReads<Row extends { id: number }> {
  /** The search's page and total as one statement reads them, for a search not known to be broad. */
  pageAndTotal: () => Promise<Page<Row>>;
  /** The ids of every match, in the list's order. */
  orderedIds: () => Promise<number[]>;
  /** The rows of these ids, in any order. */
  rowsOf: (ids: number[]) => Promise<Row[]>;
}

/**
 * A search's page with its exact total: from the ids kept for it when it is known to be broad
 * and nothing changed since, else read. `key` names everything that decides the matches and
 * their order.
 */
export async function searchPage<Row extends { id: number }>(
  db: Kysely<DB>,
  key: string,
  request: { page: number; limit?: number | undefined },
  reads: SearchPageReads<Row>,
): Promise<Page<Row>> {
  const searches = heldSearches(db);
  const held = searches.get(key);
  if (!held) {
    const page = await reads.pageAndTotal();
    if (page.total >= BROAD) searches.set(key, { generation: null, ids: new Float64Array(0) });
    return page;
  }
  const generation = await readGeneration(db);
  // Looked at again: another search may have read the ids meanwhile.
  const current = searches.get(key);
  const ids =
    current?.generation === generation ? current.ids : await searches.reading(key, generation, reads.orderedIds);
  const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const offset = (request.page - 1) * limit;
  const pageIds = Array.from(ids.subarray(Math.min(offset, ids.length), Math.min(offset + limit, ids.length)));
  const rows = pageIds.length > 0 ? await reads.rowsOf(pageIds) : [];
  if (rows.length < pageIds.length) {
    // A client gone between the ids and their rows (a change this generation has not seen
    // yet, or a table emptied by hand): searched again as one statement.
    searches.forget(key);
    return reads.pageAndTotal();
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const total = ids.length;
  return {
    data: pageIds.map((id) => byId.get(id)!),
    page: request.page,
    limit,
    total,
    total_pages: Math.ceil(total / limit),
  };
}
