import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * The salon's own message texts are held in process like the settings row, and checked by the
 * same number: any change of `message_texts` (insert, update, delete; from the app, an import
 * or psql) bumps the settings row's `version`, so a process that checks the version (once a
 * request, once a campaign email) sees both current. Their writes are rare (an owner editing a
 * text); every email rendered reads them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create function message_texts_version_bump() returns trigger language plpgsql as $$
      begin
        update settings set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger message_texts_version after insert or update or delete on message_texts
      for each statement execute function message_texts_version_bump()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`message_texts_version_${event}`)} after ${sql.raw(event)} on message_texts
        begin update settings set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}
