import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * SQLite's client search index (`clients_search`, migration 0060) rebuilt for a cheaper search,
 * whose answers do not change (the search's `like`s still decide what is found):
 *
 *  - `detail='column'`: each entry of a trigram's list names the row and the columns holding it,
 *    without the positions in the text. The search no longer asks for the typed text as a phrase
 *    (every trigram of it, at consecutive positions), which read the long lists of the common
 *    trigrams every client shares (`cli` of `client…@`, `+31`, ` va`) to the end: it asks for
 *    the rows holding its few rarest trigrams, and the `like`s check those few rows. Positions
 *    were most of the index's size and most of what a search decoded.
 *  - `clients_search_terms` (fts5vocab): how many clients hold each trigram, by which the search
 *    picks its rarest ones.
 *  - `optimize`: the rebuilt index as one segment (clients added one by one leave many, each
 *    looked up by every search until FTS5's automatic merges join them).
 *
 * The triggers of migration 0060 write to the table by name and keep working. Nothing changes
 * on PostgreSQL, whose pg_trgm indexes are on the search's own expressions.
 */

const PHONE = (column: string) => `replace(replace(${column}, ' ', ''), '-', '')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`drop table clients_search`.execute(db);
  await sql`create virtual table clients_search using fts5(name, email, phone, content='', contentless_delete=1, tokenize='trigram', detail='column')`.execute(
    db,
  );
  await sql
    .raw(
      `insert into clients_search (rowid, name, email, phone)
       select id, name, coalesce(email, ''), ${PHONE('phone')} from clients order by id`,
    )
    .execute(db);
  await sql`insert into clients_search (clients_search) values ('optimize')`.execute(db);
  await sql`create virtual table clients_search_terms using fts5vocab(clients_search, 'row')`.execute(db);
}
