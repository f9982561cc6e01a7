import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { connect } from './connection.js';
import {
  copyDatabase,
  describePostgresTables,
  MIGRATOR_TABLES,
  isSqliteSearchIndex,
  quoteIdentifier,
  sqliteColumns,
  sqliteRowCount,
  type CopyProgress,
  type TargetTable,
} from './copy-to-postgres.js';
import { migrateToLatest, migrationNames } from './migrate.js';
import { postgresChecksum, sqliteChecksum, type TableChecksum } from './table-checksums.js';

/*
 * A salon's SQLite database moved whole into an empty PostgreSQL database: the target is
 * migrated by the app's own migrations, every table's rows copied (copy-to-postgres.ts), the
 * identity sequences set after the highest id, and the result verified (a row count and a
 * checksum per table, table-checksums.ts) before the move counts as done.
 *
 * The SQLite file is opened read-only and read inside one transaction, so the copy and its
 * verification see one consistent state of it even if something were still writing.
 */

/** The move cannot start: nothing has been written to the target. */
export class MigrationRefused extends Error {}

export interface TableMismatch {
  table: string;
  sqlite: { rows: number; checksum: string };
  postgres: { rows: number; checksum: string };
}

/** The copy differs from its source: the named tables' counts, checksums or id sequences. */
export class VerificationFailed extends Error {
  constructor(
    readonly mismatches: TableMismatch[],
    readonly sequenceProblems: string[] = [],
  ) {
    super(
      `verification failed: ${[
        ...mismatches.map((m) =>
          m.sqlite.rows === m.postgres.rows
            ? `${m.table} (same row count, checksums differ)`
            : `${m.table} (${m.sqlite.rows} rows in SQLite, ${m.postgres.rows} in PostgreSQL)`,
        ),
        ...sequenceProblems,
      ].join('; ')}`,
    );
    this.name = 'VerificationFailed';
  }

  /** The tables that differ. */
  get tables(): string[] {
    return this.mismatches.map((m) => m.table);
  }
}

export interface MigrateToPostgresOptions {
  /** The salon's SQLite database (DATA_DIR/salon.db). */
  sqliteFile: string;
  /** postgres://… of the empty target database. */
  targetUrl: string;
  progress?: CopyProgress;
  /** Told what happens, a line at a time. */
  log?: (line: string) => void;
  /** Verify after the copy (default true); the benchmark's load, whose source is generated, may skip it. */
  verify?: boolean;
}

export interface MigrateToPostgresReport {
  tables: TableChecksum[];
  rows: number;
  copySeconds: number;
  /** null when not verified. */
  verifySeconds: number | null;
}

const silentProgress: CopyProgress = { start: () => undefined, advance: () => undefined, finish: () => undefined };

function openSource(file: string): SqliteDatabase.Database {
  if (!existsSync(file)) {
    throw new MigrationRefused(`there is no SQLite database at ${file}: set DATA_DIR to the service's data directory`);
  }
  try {
    return new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new MigrationRefused(`cannot open the SQLite database ${file}: ${(error as Error).message}`);
  }
}

/** The source must be at exactly this version's migrations, the schema the target gets. */
function checkSourceMigrations(sqlite: SqliteDatabase.Database, file: string): void {
  const hasTable = sqlite
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'`)
    .get();
  if (!hasTable) throw new MigrationRefused(`${file} is not a salon database (it has no schema_migrations table)`);
  const applied = (
    sqlite.prepare(`select name from schema_migrations order by name`).all() as Array<{ name: string }>
  ).map((row) => row.name);
  const latest = migrationNames[migrationNames.length - 1];
  const unknown = applied.filter((name) => !migrationNames.includes(name));
  if (unknown.length > 0) {
    throw new MigrationRefused(
      `${file} has migrations this version does not know (${unknown.join(', ')}): run the version of the service that wrote it`,
    );
  }
  if (applied.length !== migrationNames.length) {
    throw new MigrationRefused(
      `${file} is at migration ${applied[applied.length - 1] ?? '(none)'}, this version at ${latest}: ` +
        'start this version of the service on it once (it migrates the database at start), stop it, and run this again',
    );
  }
}

/**
 * What a database holds right after the app's migrations, by table: the rows migrations
 * write themselves (the settings row and the like). Learned by migrating an in-memory SQLite
 * database, so it follows the migrations without a hand-kept list.
 */
async function rowsMigrationsWrite(): Promise<Map<string, number>> {
  const database = connect({ sqliteFile: ':memory:' });
  try {
    await migrateToLatest(database.db, database.dialect);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    const counts = new Map<string, number>();
    for (const { name } of tables.rows) {
      if (isSqliteSearchIndex(name)) continue;
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(database.db);
      if (Number(rows[0]?.n ?? 0) > 0) counts.set(name, Number(rows[0]!.n));
    }
    return counts;
  } finally {
    await database.destroy();
  }
}

/**
 * The target holds data when any table of its schema (the app's or any other) holds more rows
 * than the app's migrations write into it: a database another program uses, or one a salon
 * already runs on. A new database, or one that only the migrations have touched (a move that
 * failed half-way and was rolled back), is empty.
 */
async function tablesWithData(client: pg.ClientBase): Promise<Array<{ table: string; rows: string }>> {
  const seeded = await rowsMigrationsWrite();
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const found: Array<{ table: string; rows: string }> = [];
  for (const { table_name: table } of tables.rows) {
    if (MIGRATOR_TABLES.includes(table)) continue;
    const allowed = seeded.get(table) ?? 0;
    const limit = allowed + 1_000;
    const { rows } = await client.query<{ n: number }>(
      `select count(*) as n from (select 1 from ${quoteIdentifier(table)} limit ${limit}) as sample`,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > allowed) found.push({ table, rows: n >= limit ? `${limit}+` : String(n) });
  }
  return found;
}

/** Both databases have the same tables with the same columns (this version's schema on both). */
function checkSameShape(sqlite: SqliteDatabase.Database, tables: readonly TargetTable[]): void {
  const sourceTables = (
    sqlite
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .all() as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) => !MIGRATOR_TABLES.includes(name) && !isSqliteSearchIndex(name));
  const targetNames = tables.map((table) => table.name);
  const problems: string[] = [];
  for (const name of sourceTables)
    if (!targetNames.includes(name)) problems.push(`table ${name} is missing in PostgreSQL`);
  for (const name of targetNames) if (!sourceTables.includes(name)) problems.push(`table ${name} is missing in SQLite`);
  for (const table of tables) {
    if (!sourceTables.includes(table.name)) continue;
    const source = sqliteColumns(sqlite, table.name);
    const target = table.columns.map((c) => c.name);
    const missing = target.filter((c) => !source.includes(c));
    const extra = source.filter((c) => !target.includes(c));
    if (missing.length || extra.length) {
      problems.push(
        `${table.name}: ${[...missing.map((c) => `${c} only in PostgreSQL`), ...extra.map((c) => `${c} only in SQLite`)].join(', ')}`,
      );
    }
  }
  if (problems.length > 0) throw new Error(`the two schemas differ: ${problems.join('; ')}`);
}

/**
 * Row counts and checksums per table on both sides; the sequences checked to continue after
 * the highest id. Throws VerificationFailed naming every table that differs.
 */
export async function verifyCopy(
  sqlite: SqliteDatabase.Database,
  client: pg.ClientBase,
  tables: readonly TargetTable[],
  progress: CopyProgress = silentProgress,
): Promise<TableChecksum[]> {
  const total = tables.reduce((sum, table) => sum + sqliteRowCount(sqlite, table.name), 0);
  progress.start('verifying', total * 2);
  const results: TableChecksum[] = [];
  const mismatches: TableMismatch[] = [];
  const sequenceProblems: string[] = [];
  await client.query('begin isolation level repeatable read read only');
  try {
    for (const table of tables) {
      const source = sqliteChecksum(sqlite, table, (rows) => progress.advance(rows, table.name));
      const target = await postgresChecksum(client, table, (rows) => progress.advance(rows, table.name));
      results.push(source);
      if (source.rows !== target.rows || source.checksum !== target.checksum) {
        mismatches.push({
          table: table.name,
          sqlite: { rows: source.rows, checksum: source.checksum },
          postgres: { rows: target.rows, checksum: target.checksum },
        });
      }
    }
    for (const table of tables) {
      for (const column of table.columns.filter((c) => c.sequence)) {
        const { rows } = await client.query<{ next: string; highest: string | null }>(
          `select (select case when is_called then last_value + 1 else last_value end from ${column.sequence}) as next,
                  (select max(${quoteIdentifier(column.name)}) from ${quoteIdentifier(table.name)}) as highest`,
        );
        const { next, highest } = rows[0]!;
        if (highest !== null && BigInt(next) <= BigInt(highest)) {
          sequenceProblems.push(
            `${table.name}.${column.name}: its sequence would give ${next}, but ${highest} is in use`,
          );
        }
      }
    }
  } finally {
    await client.query('commit');
    progress.finish();
  }
  if (mismatches.length > 0 || sequenceProblems.length > 0) throw new VerificationFailed(mismatches, sequenceProblems);
  return results;
}

/** `npm run migrate-to-postgres`: the whole move (see the top of this file). */
export async function migrateSqliteToPostgres(options: MigrateToPostgresOptions): Promise<MigrateToPostgresReport> {
  const progress = options.progress ?? silentProgress;
  const log = options.log ?? (() => undefined);
  const sqlite = openSource(options.sqliteFile);
  const client = new pg.Client({ connectionString: options.targetUrl, options: '-c jit=off' });
  try {
    checkSourceMigrations(sqlite, options.sqliteFile);
    // One read transaction from here to the end of the verification: one state of the file.
    sqlite.exec('begin');
    sqlite.prepare('select count(*) from schema_migrations').get();

    try {
      await client.connect();
    } catch (error) {
      throw new MigrationRefused(`cannot connect to the PostgreSQL database: ${(error as Error).message}`);
    }
    const occupied = await tablesWithData(client);
    if (occupied.length > 0) {
      throw new MigrationRefused(
        `the PostgreSQL database is not empty (${occupied
          .slice(0, 5)
          .map((t) => `${t.table}: ${t.rows} rows`)
          .join(', ')}${occupied.length > 5 ? `, and ${occupied.length - 5} more tables` : ''}): ` +
          'move into a new, empty database (createdb), never one a service has already run on',
      );
    }

    // Triggers must be off while copying (copy-to-postgres.ts); asked before anything is written.
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
    } catch (error) {
      throw new MigrationRefused(
        `the PostgreSQL role may not turn triggers off for the copy (${(error as Error).message}): run the move as ` +
          'a superuser, or grant the role that right (PostgreSQL 15 and later: ' +
          'GRANT SET ON PARAMETER session_replication_role TO <role>)',
      );
    } finally {
      await client.query('rollback').catch(() => undefined);
    }

    log('migrating the PostgreSQL database (the app’s migrations)');
    const target = connect({ databaseUrl: options.targetUrl, poolSize: 1 });
    try {
      await migrateToLatest(target.db, target.dialect);
    } finally {
      await target.destroy();
    }

    const tables = await describePostgresTables(client);
    checkSameShape(sqlite, tables);

    const copyStarted = Date.now();
    await copyDatabase(sqlite, client, tables, progress);
    const copySeconds = (Date.now() - copyStarted) / 1000;
    const rows = tables.reduce((sum, table) => sum + sqliteRowCount(sqlite, table.name), 0);
    log(`copied ${rows.toLocaleString('en')} rows of ${tables.length} tables in ${copySeconds.toFixed(1)} s`);

    if (options.verify === false) return { tables: [], rows, copySeconds, verifySeconds: null };
    const verifyStarted = Date.now();
    const checksums = await verifyCopy(sqlite, client, tables, progress);
    const verifySeconds = (Date.now() - verifyStarted) / 1000;
    log(`verified: every table's row count and checksum are equal on both sides (${verifySeconds.toFixed(1)} s)`);
    return { tables: checksums, rows, copySeconds, verifySeconds };
  } finally {
    if (sqlite.inTransaction) sqlite.exec('commit');
    sqlite.close();
    await client.end().catch(() => undefined);
  }
}
