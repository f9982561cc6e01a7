import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The client search's generation: one number that moves with every committed change that could
 * change what a search finds or the order it lists them in: a client added or removed, or a
 * change of a client's name, email, phone, created_at, erased_at or merged_into_id. A process
 * holds the ordered matches of a broad search (a surname: thousands of clients) under the
 * generation it read before reading them, and trusts them while the generation stays
 * (modules/clients/search-results.ts). Bumped by the database, so no writer can forget it: the
 * clients module, a booking that creates its client, an import, a merge, an operator in psql.
 *
 * SQLite: a trigger on each kind of write, inside the writer's transaction (SQLite's writers
 * are serialised anyway). A change of other columns (notes, consents) does not move it.
 *
 * PostgreSQL: a deferred constraint trigger, so the row is updated at commit, once per
 * transaction (`last_xact`). A transaction takes the row's lock as the very last thing it
 * does, and writers of clients queue only for each other's commit. An immediate trigger would
 * take the lock at its first client written and hold it while waiting for other locks: two
 * transactions each writing a client the other writes next would deadlock on it. TRUNCATE
 * fires no row trigger, so it has a statement trigger of its own.
 */

const SEARCHED_COLUMNS = ['name', 'email', 'phone', 'created_at', 'erased_at', 'merged_into_id'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('client_search_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .addColumn('last_xact', 'bigint')
    .execute();
  await sql`insert into client_search_generation (id, generation) values (1, 1)`.execute(db);

  const changed = SEARCHED_COLUMNS.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  if (dialect === 'postgres') {
    await sql`
      create function client_search_generation_bump() returns trigger language plpgsql as $$
      begin
        update client_search_generation set generation = generation + 1, last_xact = txid_current()
          where id = 1 and last_xact is distinct from txid_current();
        return null;
      end $$`.execute(db);
    await sql`create constraint trigger client_search_generation_write after insert or delete on clients
      deferrable initially deferred for each row execute function client_search_generation_bump()`.execute(db);
    await sql
      .raw(
        `create constraint trigger client_search_generation_change after update on clients
         deferrable initially deferred for each row when (${changed})
         execute function client_search_generation_bump()`,
      )
      .execute(db);
    await sql`create trigger client_search_generation_truncate after truncate on clients
      for each statement execute function client_search_generation_bump()`.execute(db);
    return;
  }
  const bump = 'update client_search_generation set generation = generation + 1 where id = 1;';
  await sql.raw(`create trigger client_search_generation_insert after insert on clients begin ${bump} end`).execute(db);
  await sql.raw(`create trigger client_search_generation_delete after delete on clients begin ${bump} end`).execute(db);
  await sql
    .raw(
      `create trigger client_search_generation_change after update on clients
       when ${changed.replaceAll('is distinct from', 'is not')} begin ${bump} end`,
    )
    .execute(db);
}
