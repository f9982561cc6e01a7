import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /** PostgreSQL: the pool's connections now (for the metrics); absent on SQLite (one connection). */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface ConnectOptions {
  /** postgres://… selects PostgreSQL; otherwise `sqliteFile` is used. */
  databaseUrl?: string | undefined;
  /** Path of the SQLite file, or `:memory:`. */
  sqliteFile?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** Told about errors of idle pooled connections (server restart, failover, admin kill). */
  onPoolError?: (error: Error) => void;
}

/**
 * Write transactions on SQLite start with BEGIN IMMEDIATE: the write lock is taken at the
 * start, so two processes (server + separate worker) never both read under a deferred lock
 * and then deadlock on the upgrade (SQLITE_BUSY that busy_timeout cannot resolve).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

function openSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads through memory mapping instead of a read() call per page: a booking by id on the
  // full chain touches half a dozen random pages, and the calls were a sixth of its CPU
  // (bench/README.md). Writes still go through SQLite's own write path.
  sqlite.pragma('mmap_size = 1073741824');
  // Kysely prepares each query anew; caching prepared statements by SQL text avoids
  // re-parsing the same few hundred statements on every request.
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= 1000) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

// PostgreSQL returns bigint (count(*), sum of integers) as strings by default; every such
// value here fits in a JS number, and both dialects must give the same types.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function connect(options: ConnectOptions): Database {
  if (options.databaseUrl) {
    // JIT compilation is for long analytical queries: on a calendar week (1,414 bookings with
    // their clients' names) its cost estimate passes jit_above_cost and compiling takes 40–80 ms
    // of a query that runs in 24 ms without it. Every query here is short.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: '-c jit=off',
    });
    // An idle connection that the server drops emits 'error' on the pool; unheard, that
    // event would crash the process. The pool replaces the connection on next use.
    pool.on('error', options.onPoolError ?? (() => undefined));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      destroy: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const sqlite = openSqlite(options.sqliteFile ?? ':memory:');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
