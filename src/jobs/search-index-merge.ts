import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { DB } from '../db/types.js';

/** Leaf pages one merge step writes at most: a short write, so a booking never waits long behind it. */
const PAGES_PER_STEP = 500;
/** Steps one maintenance tick takes at most (~8 MB written); a fragmented index is finished on later ticks. */
const MAX_STEPS = 200;

/** SQLite's client search indexes in FTS5: emails, and phones (names are a plain b-tree). */
const INDEXES = ['clients_search_emails', 'clients_search_phones'] as const;

/**
 * Brings SQLite's client search indexes in FTS5 (`clients_search_emails`, `clients_search_phones`) back
 * towards one segment each. Every client added or changed one by one leaves a small segment,
 * and a search reads each segment's lists of its trigrams: FTS5's own automatic merges keep
 * their number bounded but not small (a search of a freshly filled index cost about 1.5 times
 * that of an optimized one on the bench's 200,000 clients). A negative `merge` merges every
 * segment, as `optimize` does, in steps of a few hundred pages, each its own short write; it
 * does nothing once the index is one segment, so an hourly run costs nothing on a quiet day.
 * FTS5 tells whether a step did work only by the connection's total changes moving by two or
 * more. PostgreSQL's trigram indexes keep themselves (GIN's pending list is merged by
 * autovacuum): nothing to do there.
 *
 * Returns how many steps did work, of both indexes together.
 */
export async function mergeClientSearchIndex(db: Kysely<DB>, dialect: Dialect): Promise<number> {
  if (dialect !== 'sqlite') return 0;
  let steps = 0;
  for (const index of INDEXES) {
    const table = sql.table(index);
    while (steps < MAX_STEPS) {
      const before = await totalChanges(db);
      await sql`insert into ${table} (${table}, rank) values ('merge', ${-PAGES_PER_STEP})`.execute(db);
      if ((await totalChanges(db)) - before < 2) break;
      steps += 1;
    }
  }
  return steps;
}

async function totalChanges(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ changes: number }>`select total_changes() as changes`.execute(db);
  return Number(rows[0]!.changes);
}
