import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { connect } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { Progress } from './progress.js';

/*
 * The PostgreSQL side of the benchmark: the same data set, copied from the generated SQLite
 * file into a database migrated by the app's own migrations. Loaded once per cache key into a
 * template database (secondary indexes dropped during the load and rebuilt after, large
 * multi-row inserts with foreign-key triggers off), then every run gets a fresh
 * `CREATE DATABASE … TEMPLATE` copy, since the run writes into it.
 */

const TEMPLATE_PREFIX = 'salon_bench_tpl_';
const RUN_DATABASE = 'salon_bench_run';
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
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
      `select datname from pg_database where datname like 'salon_bench_tpl_%'`,
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
  const database = connect({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.destroy();
  }

  const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const progress = new Progress();
  try {
    // Foreign keys are already whole in the source; their triggers would only slow the load.
    await client.query(`set session_replication_role = replica`);
    const tables = (
      sqlite
        .prepare(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
           and name not in ('schema_migrations', 'schema_migrations_lock') order by name`,
        )
        .all() as Array<{ name: string }>
    ).map((row) => row.name);
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'
       and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes.rows) await client.query(`drop index "${index.indexname}"`);
    await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`);

    for (const table of tables) {
      const columns = (sqlite.prepare(`pragma table_info("${table}")`).all() as Array<{ name: string }>).map(
        (c) => c.name,
      );
      const { n: total } = sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
      if (total === 0) continue;
      const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      const columnList = columns.map((c) => `"${c}"`).join(', ');
      const statementFor = (rows: number) => {
        const values: string[] = [];
        for (let r = 0; r < rows; r += 1) {
          values.push(`(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        }
        return `insert into "${table}" (${columnList}) values ${values.join(', ')}`;
      };
      const fullStatement = statementFor(perBatch);
      progress.start(table, total);
      let batch: unknown[] = [];
      let rows = 0;
      let done = 0;
      await client.query('begin');
      for (const row of sqlite.prepare(`select * from "${table}"`).raw().iterate() as Iterable<unknown[]>) {
        batch.push(...row);
        rows += 1;
        if (rows === perBatch) {
          await client.query(fullStatement, batch);
          done += rows;
          batch = [];
          rows = 0;
          progress.update(done);
        }
      }
      if (rows > 0) await client.query(statementFor(rows), batch);
      await client.query('commit');
      progress.done(total);
      if (columns.includes('id')) {
        await client.query(
          `select setval(pg_get_serial_sequence('"${table}"', 'id'), (select coalesce(max(id), 0) + 1 from "${table}"), false)
           where pg_get_serial_sequence('"${table}"', 'id') is not null`,
        );
      }
    }
    progress.start('indexes', indexes.rows.length);
    for (const [i, index] of indexes.rows.entries()) {
      await client.query(index.indexdef);
      progress.update(i + 1);
    }
    progress.done(indexes.rows.length);
    // What autovacuum would have done on a database that grew to this size.
    await client.query('analyze');
  } finally {
    await client.end();
    sqlite.close();
  }
}
