import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Database, type Dialect } from '../../src/db/connection.js';
import { TEST_PG_URL } from './database.js';

/**
 * An empty database of `dialect`, not migrated: for tests of a migration, which bring it to the
 * schema before that migration (`migrateToLatest(db, dialect, upTo)`), write rows in the old
 * shape, and migrate on.
 */
export async function blankDatabase(
  dialect: Dialect,
): Promise<{ database: Database; url: string | undefined; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const database = connect({ sqliteFile: ':memory:' });
    return { database, url: undefined, drop: () => database.destroy() };
  }
  const name = `salon_upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const database = connect({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.destroy();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
