import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Every process holds the settings row in memory (db/settings.ts) and reads it again only when
 * `version` differs from the one it holds. The database bumps it on every UPDATE of the row, so
 * no writer can forget: the settings module, a test, an import or an operator in psql alike.
 * A writer that sets a higher version keeps it; any other update adds one, so the version only
 * ever grows (and the SQLite trigger's own UPDATE does not fire it again).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function settings_version_bump() returns trigger language plpgsql as $$
      begin
        if new.version <= old.version then new.version := old.version + 1; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger settings_version before update on settings
      for each row execute function settings_version_bump()`.execute(db);
  } else {
    await sql`create trigger settings_version after update on settings
      for each row when new.version <= old.version
      begin update settings set version = old.version + 1 where id = new.id; end`.execute(db);
  }
}
