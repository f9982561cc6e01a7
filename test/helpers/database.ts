import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connect, type Database, type Dialect } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** The dialects to run every database test on: `DIALECTS=sqlite,postgres` (default sqlite). */
export const DIALECTS: Dialect[] = (process.env.DIALECTS ?? 'sqlite')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean)
  .map((d) => {
    if (d !== 'sqlite' && d !== 'postgres') throw new Error(`unknown dialect in DIALECTS: ${d}`);
    return d;
  });

/** A server where the tests may create and drop databases. */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  /** Connection string of this database (postgres) or undefined (in-memory sqlite). */
  url: string | undefined;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

/**
 * Templates are named after the migrations' content and their registry (migrate.ts, which
 * decides which files run): any change there gets a new template.
 */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    hash.update(file).update(readFileSync(migrationsDir + file));
  }
  hash.update(readFileSync(new URL('../../src/db/migrate.ts', import.meta.url)));
  return `salon_tpl_${hash.digest('hex').slice(0, 12)}`;
}

function urlFor(database: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    // Test files run in parallel processes: one builds the template, the others wait.
    await client.query('select pg_advisory_lock(727274)');
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureTemplate(client: pg.Client): Promise<string> {
  const name = templateName();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount) return name;
  // Templates of other migration sets are left alone: another test run on this server (a
  // CI run of another commit, say) may be cloning from one right now.
  // Built under a temporary name and renamed when complete, so a crash never leaves a
  // half-migrated template behind.
  const building = `${name}_building`;
  await client.query(`drop database if exists "${building}" with (force)`);
  await client.query(`create database "${building}"`);
  const database = connect({ databaseUrl: urlFor(building), poolSize: 1 });
  try {
    await migrateToLatest(database.db, 'postgres');
  } finally {
    await database.destroy();
  }
  await client.query(`alter database "${building}" rename to "${name}"`);
  return name;
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const database = connect({ sqliteFile: ':memory:' });
    await migrateToLatest(database.db, 'sqlite');
    return { database, url: undefined, drop: () => database.destroy() };
  }
  const name = `salon_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (client) => {
    const template = await ensureTemplate(client);
    await client.query(`create database "${name}" template "${template}"`);
  });
  const url = urlFor(name);
  const database = connect({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      await database.destroy();
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
