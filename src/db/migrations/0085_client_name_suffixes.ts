import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * SQLite's client search finds names through an index of their suffixes
 * (`clients_search_name_suffixes`), and the FTS5 trigram table keeps emails alone
 * (`clients_search_emails`, counted by `clients_search_email_terms`). What a search finds does
 * not change: its `like`s still decide.
 *
 * A name's every suffix of at least three characters is a row, lower-cased as SQLite's lower()
 * does (ASCII letters only, the only ones its LIKE folds) and cut to its first 16 characters:
 * a text is in a name exactly when it starts one of the name's suffixes, so the clients whose
 * name holds a text are one range of the index. Names come from short lists, so each trigram of
 * a whole name is common: `Thomas van Dijk` read three FTS5 lists of 5,000–13,000 clients each
 * (~0.9 ms) for 177 namesakes, which the range reads one by one. Emails keep the trigram index:
 * their texts are longer (about twenty rows each as suffixes), and a part of one is rare.
 *
 * Rows per client: as many as its name has characters, less two (~10 on the bench's data, 39
 * MB for 200,000 clients). The suffixes of the name as it was are deleted by their own key, so
 * the table needs no second index by client; a row already there is left (`or ignore`), so an
 * index out of step with its table never refuses a client's write.
 */

/** The suffixes of `name` (a column reference) as rows (suffix), at most one per character, each cut to 16. */
const SUFFIXES = (name: string) =>
  `with recursive at(i) as (select 1 union all select i + 1 from at where i < length(${name}) - 2)
   select distinct substr(lower(${name}), i, 16) as suffix from at where length(${name}) >= 3`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const trigger of ['clients_search_insert', 'clients_search_update', 'clients_search_delete']) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await sql`drop table clients_search_terms`.execute(db);
  await sql`drop table clients_search`.execute(db);

  await sql
    .raw(
      `create table clients_search_name_suffixes (
         suffix text not null,
         client_id integer not null,
         primary key (suffix, client_id)
       ) without rowid`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into clients_search_name_suffixes (suffix, client_id)
       select distinct substr(lower(c.name), at.i, 16), c.id
       from clients c
       join (with recursive at(i) as (select 1 union all select i + 1 from at where i < (select max(length(name)) from clients))
             select i from at) at on at.i <= length(c.name) - 2`,
    )
    .execute(db);

  const options = `content='', contentless_delete=1, tokenize='trigram', detail='column'`;
  await sql.raw(`create virtual table clients_search_emails using fts5(email, ${options})`).execute(db);
  await sql
    .raw(`insert into clients_search_emails (rowid, email) select id, coalesce(email, '') from clients order by id`)
    .execute(db);
  await sql`insert into clients_search_emails (clients_search_emails) values ('optimize')`.execute(db);
  await sql`create virtual table clients_search_email_terms using fts5vocab(clients_search_emails, 'row')`.execute(db);

  await sql
    .raw(
      `create trigger clients_search_insert after insert on clients begin
         insert or ignore into clients_search_name_suffixes (suffix, client_id) select suffix, new.id from (${SUFFIXES('new.name')});
         insert into clients_search_emails (rowid, email) values (new.id, coalesce(new.email, ''));
         insert into clients_search_phones (rowid, phone) values (new.id, replace(replace(new.phone, ' ', ''), '-', ''));
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger clients_search_name_update after update of name on clients begin
         delete from clients_search_name_suffixes
           where client_id = old.id and suffix in (select suffix from (${SUFFIXES('old.name')}));
         insert or ignore into clients_search_name_suffixes (suffix, client_id) select suffix, new.id from (${SUFFIXES('new.name')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger clients_search_email_update after update of email on clients begin
         delete from clients_search_emails where rowid = old.id;
         insert into clients_search_emails (rowid, email) values (new.id, coalesce(new.email, ''));
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger clients_search_delete after delete on clients begin
         delete from clients_search_name_suffixes
           where client_id = old.id and suffix in (select suffix from (${SUFFIXES('old.name')}));
         delete from clients_search_emails where rowid = old.id;
         delete from clients_search_phones where rowid = old.id;
       end`,
    )
    .execute(db);
}
