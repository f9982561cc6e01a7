import pg from 'pg';
import { connect, type Database } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrateSqliteToPostgres } from '../src/db/migrate-to-postgres.js';
import { Progress } from './progress.js';

/*
 * The PostgreSQL side of the benchmark: the same data set, copied from the generated SQLite
 * file into a database migrated by the app's own migrations, by the code behind
 * `npm run migrate-to-postgres` (src/db/copy-to-postgres.ts). Loaded once per cache key into a
 * template database, then every run gets a fresh `CREATE DATABASE … TEMPLATE` copy, since the
 * run writes into it.
 */

/**
 * `BENCH_PG_NAME` (default `salon_bench`) names the bench's databases, so that two people
 * benching on one PostgreSQL server do not drop each other's template or run database.
 */
const requestedName = process.env.BENCH_PG_NAME ?? '';
const NAME = /^[a-z][a-z0-9_]{0,30}$/.test(requestedName) ? requestedName : 'salon_bench';
const TEMPLATE_PREFIX = `${NAME}_tpl_`;
const RUN_DATABASE = `${NAME}_run`;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A database `name` made afresh on the server (any left from an earlier run dropped), migrated
 * by the app's migrations, handed to `use` over one connection, and dropped after: for a
 * bench that writes its own rows rather than the generated data set.
 */
export async function withScratchPostgres(
  serverUrl: string,
  name: string,
  use: (database: Database) => Promise<void>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const database = connect({ databaseUrl: withDatabase(serverUrl, name), poolSize: 1 });
  try {
    await migrateToLatest(database.db, 'postgres');
    await use(database);
  } finally {
    await database.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function loadIntoPostgres(
  serverUrl: string,
  sqliteFile: string,
  key: string,
  log: (line: string) => void,
): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${key}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const existing = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [TEMPLATE_PREFIX],
    );
    if (!existing.rows.some((row) => row.datname === template)) {
      for (const row of existing.rows) await admin.query(`drop database if exists "${row.datname}"`);
      await admin.query(`create database "${template}"`);
      try {
        await fill(withDatabase(serverUrl, template), sqliteFile, log);
      } catch (error) {
        await admin.query(`drop database if exists "${template}"`);
        throw error;
      }
    } else {
      log(`PostgreSQL: cached template database ${template}`);
    }
    await admin.query(`drop database if exists "${RUN_DATABASE}" with (force)`);
    await admin.query(`create database "${RUN_DATABASE}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, RUN_DATABASE);
}

async function fill(url: string, sqliteFile: string, log: (line: string) => void): Promise<void> {
  log(`PostgreSQL: loading the data set into ${new URL(url).pathname.slice(1)}`);
  const bar = new Progress();
  let done = 0;
  // The generated source needs no proof of the copy on every new data set:
  // `npm run migrate-to-postgres` verifies the same code path on a salon's data.
  await migrateSqliteToPostgres({
    sqliteFile,
    targetUrl: url,
    verify: false,
    log: (line) => log(`PostgreSQL: ${line}`),
    progress: {
      start(phase, total) {
        done = 0;
        bar.start(phase, total);
      },
      advance(amount) {
        done += amount;
        bar.update(done);
      },
      finish: () => bar.done(done),
    },
  });
}
