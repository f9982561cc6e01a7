import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { kindOf, type ChecksumTable, type ValueKind } from './table-checksums.js';

/*
 * Copying every row of a salon's SQLite database into a PostgreSQL database that the app's own
 * migrations have already shaped. The one implementation behind `npm run migrate-to-postgres`
 * and the benchmark's PostgreSQL data set.
 *
 * The target's shape is read from the target itself (information_schema): which tables and
 * columns exist, each column's type (which decides how a SQLite value is handed over), the
 * primary keys (the checksum's row order), the identity columns (their sequences are set
 * after the copy) and the foreign keys (the copy order, parents first).
 *
 * Speed: rows go in as multi-row INSERTs of about 60,000 parameters (PostgreSQL takes at most
 * 65,535 per statement), prepared once per table and re-bound for each batch, with the next
 * batch read from SQLite while the server stores the previous one. Secondary indexes are
 * dropped before the load and built once after it, which is several times faster than keeping
 * them up to date row by row. Triggers are off for the copying session
 * (`session_replication_role = replica`): the foreign keys are already whole in the source,
 * and the app's own triggers (booking counters, report rollups) must not count the copied rows
 * a second time, since the tables they maintain are copied as data.
 */

/** The migrator's bookkeeping tables: each side's are its own, never copied. */
export const MIGRATOR_TABLES: readonly string[] = ['schema_migrations', 'schema_migrations_lock'];

/**
 * SQLite's client search indexes (the names' suffixes, the FTS5 tables and the tables FTS5
 * keeps them in), which its triggers fill from `clients`: PostgreSQL indexes the same search on
 * `clients` itself (pg_trgm), so these have no counterpart there and nothing of them is copied.
 */
export function isSqliteSearchIndex(table: string): boolean {
  return table.startsWith('clients_search_');
}

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

export interface TargetColumn {
  name: string;
  /** information_schema.columns.data_type, e.g. `integer`, `text`, `timestamp with time zone`. */
  dataType: string;
  kind: ValueKind;
  /** The sequence of an identity or serial column, else null. */
  sequence: string | null;
}

export interface TargetTable extends ChecksumTable {
  columns: TargetColumn[];
  /** Tables this one refers to through a foreign key (itself excluded). */
  references: string[];
}

/** Told how the work advances, for a progress bar. */
export interface CopyProgress {
  /** A phase begins (copying rows, building indexes, verifying), `total` of its units to do. */
  start(phase: string, total: number): void;
  /** `amount` more units are done; `detail` names the table at work. */
  advance(amount: number, detail: string): void;
  /** The phase is over. */
  finish(): void;
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every base table of the target's current schema but the migrator's own, as the app's migrations made them. */
export async function describePostgresTables(client: pg.ClientBase): Promise<TargetTable[]> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    sequence: string | null;
  }>(
    `select c.table_name, c.column_name, c.data_type,
            pg_get_serial_sequence(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name), c.column_name) as sequence
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`,
  );
  const keys = await client.query<{ table_name: string; column_name: string }>(
    `select k.table_name, k.column_name
     from information_schema.table_constraints t
     join information_schema.key_column_usage k
       on k.constraint_schema = t.constraint_schema and k.constraint_name = t.constraint_name and k.table_name = t.table_name
     where t.table_schema = current_schema() and t.constraint_type = 'PRIMARY KEY'
     order by k.table_name, k.ordinal_position`,
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint f
     join pg_class child on child.oid = f.conrelid
     join pg_class parent on parent.oid = f.confrelid
     where f.contype = 'f' and f.connamespace = current_schema()::regnamespace`,
  );
  const tables = new Map<string, TargetTable>();
  for (const row of columns.rows) {
    if (MIGRATOR_TABLES.includes(row.table_name)) continue;
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], primaryKey: [], references: [] };
      tables.set(row.table_name, table);
    }
    table.columns.push({
      name: row.column_name,
      dataType: row.data_type,
      kind: kindOf(row.data_type),
      sequence: row.sequence,
    });
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  for (const row of references.rows) {
    const table = tables.get(row.child);
    if (table && row.parent !== row.child && !table.references.includes(row.parent)) table.references.push(row.parent);
  }
  for (const table of tables.values()) {
    // Every table of the app has a primary key; a table without one is ordered by all its columns.
    if (table.primaryKey.length === 0) table.primaryKey = table.columns.map((c) => c.name);
  }
  return [...tables.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The tables in an order where each comes after the tables it refers to (ties by name). With
 * triggers off the order does not matter to PostgreSQL; it keeps the copy readable in the
 * progress output and valid should triggers ever be on. A cycle (none today) falls back to
 * name order for the tables in it.
 */
export function copyOrder(tables: readonly TargetTable[]): TargetTable[] {
  const remaining = new Map(tables.map((table) => [table.name, table]));
  const ordered: TargetTable[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining.values()].filter((table) =>
      table.references.every((parent) => parent === table.name || !remaining.has(parent)),
    );
    const next = ready.length > 0 ? ready : [...remaining.values()];
    next.sort((a, b) => (a.name < b.name ? -1 : 1));
    const table = next[0]!;
    ordered.push(table);
    remaining.delete(table.name);
  }
  return ordered;
}

type Converter = (value: unknown) => unknown;

const asText = (value: unknown) => (Buffer.isBuffer(value) ? value.toString('utf8') : value);

/**
 * How a value read from SQLite is handed to PostgreSQL for a column of `kind`. SQLite keeps
 * booleans as 0/1, dates and instants as text (Unix milliseconds if a number), JSON as text,
 * bytes as blobs; PostgreSQL parses text into its own types, so most values pass as they are.
 * Null for the kinds that need no change (the row is then passed without a copy).
 */
export function converterFor(kind: ValueKind): Converter | null {
  switch (kind) {
    case 'boolean':
      return (value) => {
        if (value === null || value === undefined) return null;
        if (value === 1 || value === 1n || value === true) return true;
        if (value === 0 || value === 0n || value === false) return false;
        return asText(value); // PostgreSQL parses 't', 'true', 'yes' … and refuses anything else
      };
    case 'timestamptz':
    case 'timestamp':
    case 'date':
      return (value) =>
        typeof value === 'number' || typeof value === 'bigint' ? new Date(Number(value)).toISOString() : asText(value);
    case 'json':
      return (value) => (typeof value === 'bigint' || typeof value === 'number' ? String(value) : asText(value));
    case 'bytes':
      return (value) =>
        value === null || value === undefined || Buffer.isBuffer(value)
          ? value
          : Buffer.from(String(value as string | number | bigint), 'utf8');
    case 'text':
      return (value) => asText(value);
    case 'integer':
    case 'decimal':
      // bigint (SQLite read with safe integers) is sent as its decimal text: exact.
      return null;
  }
}

/** The columns of a SQLite table, in their order. */
export function sqliteColumns(sqlite: SqliteDatabase.Database, table: string): string[] {
  return (sqlite.prepare(`pragma table_info(${quoteIdentifier(table)})`).all() as Array<{ name: string }>).map(
    (column) => column.name,
  );
}

export function sqliteRowCount(sqlite: SqliteDatabase.Database, table: string): number {
  const row = sqlite.prepare(`select count(*) as n from ${quoteIdentifier(table)}`).get() as { n: number };
  return Number(row.n);
}

/**
 * Copies one table's rows. Runs inside the caller's transaction, on a session with triggers
 * off. Integers are read as bigint, so none loses precision on the way.
 */
export async function copyTable(
  sqlite: SqliteDatabase.Database,
  client: pg.ClientBase,
  table: TargetTable,
  onRows: (rows: number) => void,
): Promise<number> {
  const names = table.columns.map((c) => c.name);
  const converters = table.columns.map((c) => converterFor(c.kind));
  const convert = converters.some(Boolean);
  const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / names.length));
  const columnList = names.map(quoteIdentifier).join(', ');
  const statementFor = (rows: number) => {
    const values: string[] = [];
    for (let r = 0; r < rows; r += 1) {
      values.push(`(${names.map((_, c) => `$${r * names.length + c + 1}`).join(', ')})`);
    }
    return `insert into ${quoteIdentifier(table.name)} (${columnList}) values ${values.join(', ')}`;
  };
  // Named: PostgreSQL parses and plans the full batch's statement (tens of thousands of
  // parameters) once per table instead of once per batch.
  const fullBatch = { name: `copy_${table.name}`, text: statementFor(perBatch) };
  const rows = sqlite
    .prepare(`select ${columnList} from ${quoteIdentifier(table.name)}`)
    .raw(true)
    .safeIntegers(true)
    .iterate() as Iterable<unknown[]>;

  let batch: unknown[] = [];
  let inBatch = 0;
  let copied = 0;
  let pending: Promise<unknown> | null = null;
  try {
    for (const row of rows) {
      if (convert) {
        for (let c = 0; c < row.length; c += 1) {
          const converter = converters[c];
          batch.push(converter ? converter(row[c]) : row[c]);
        }
      } else {
        for (const value of row) batch.push(value);
      }
      inBatch += 1;
      if (inBatch === perBatch) {
        // One batch in flight while the next is read: the server and this process work at once.
        if (pending) await pending;
        pending = client.query({ ...fullBatch, values: batch });
        copied += inBatch;
        onRows(inBatch);
        batch = [];
        inBatch = 0;
      }
    }
  } catch (error) {
    // The batch in flight has failed too, or will be rolled back: its outcome is not the news.
    await pending?.catch(() => undefined);
    throw error;
  }
  if (pending) await pending;
  if (inBatch > 0) {
    await client.query(statementFor(inBatch), batch);
    copied += inBatch;
    onRows(inBatch);
  }
  return copied;
}

export interface SecondaryIndex {
  name: string;
  table: string;
  definition: string;
}

/** Indexes that back no constraint (primary keys and unique constraints stay: they are the constraints). */
export async function secondaryIndexes(client: pg.ClientBase): Promise<SecondaryIndex[]> {
  const result = await client.query<{ indexname: string; tablename: string; indexdef: string }>(
    `select indexname, tablename, indexdef from pg_indexes
     where schemaname = current_schema()
       and indexname not in (select conname from pg_constraint where connamespace = current_schema()::regnamespace)
     order by tablename, indexname`,
  );
  return result.rows.map((row) => ({ name: row.indexname, table: row.tablename, definition: row.indexdef }));
}

/**
 * Each identity column's sequence continues after the highest id in use, or after the highest
 * SQLite ever gave out (its `sqlite_sequence`, which AUTOINCREMENT keeps even when the last rows
 * were deleted), so no id is handed out twice, not even one a deleted row had.
 */
export async function setSequences(
  client: pg.ClientBase,
  tables: readonly TargetTable[],
  sqliteHighest: ReadonlyMap<string, number>,
): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      if (!column.sequence) continue;
      await client.query(
        `select setval($1::regclass, greatest(coalesce((select max(${quoteIdentifier(column.name)}) from ${quoteIdentifier(table.name)}), 0), $2::bigint) + 1, false)`,
        [column.sequence, sqliteHighest.get(table.name) ?? 0],
      );
    }
  }
}

/** SQLite's AUTOINCREMENT high-water marks, by table (absent when no table uses AUTOINCREMENT). */
export function sqliteSequenceValues(sqlite: SqliteDatabase.Database): Map<string, number> {
  const exists = sqlite.prepare(`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`).get();
  if (!exists) return new Map();
  const rows = sqlite.prepare(`select name, seq from sqlite_sequence`).all() as Array<{ name: string; seq: number }>;
  return new Map(rows.map((row) => [row.name, Number(row.seq)]));
}

/**
 * Copies every table's rows from `sqlite` into the migrated, emptied-of-data target, in one
 * transaction: a failure leaves the target as the migrations left it. Then ANALYZE, as
 * autovacuum would have done on a database that grew to this size.
 */
export async function copyDatabase(
  sqlite: SqliteDatabase.Database,
  client: pg.ClientBase,
  tables: readonly TargetTable[],
  progress: CopyProgress,
): Promise<void> {
  const counts = new Map(tables.map((table) => [table.name, sqliteRowCount(sqlite, table.name)]));
  await client.query('begin');
  try {
    // Zone-less text copied into a timestamptz column means UTC, as the checksum reads it.
    await client.query(`set local timezone = 'UTC'`);
    await client.query(`set local session_replication_role = replica`);
    await client.query(`set local maintenance_work_mem = '256MB'`);
    const indexes = await secondaryIndexes(client);
    for (const index of indexes) await client.query(`drop index ${quoteIdentifier(index.name)}`);
    // The rows the migrations themselves wrote (the settings row and the like) make way for the salon's own.
    await client.query(`truncate ${tables.map((table) => quoteIdentifier(table.name)).join(', ')}`);

    progress.start(
      'copying rows',
      [...counts.values()].reduce((sum, n) => sum + n, 0),
    );
    for (const table of copyOrder(tables)) {
      if (counts.get(table.name) === 0) continue;
      await copyTable(sqlite, client, table, (rows) => progress.advance(rows, table.name));
    }
    progress.finish();

    progress.start('building indexes', indexes.length);
    for (const index of indexes) {
      await client.query(index.definition);
      progress.advance(1, index.table);
    }
    progress.finish();

    await setSequences(client, tables, sqliteSequenceValues(sqlite));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  await client.query('analyze');
}
