import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { connect, type Database, type Dialect } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DB } from '../../src/db/types.js';
import { createLogger } from '../../src/logger.js';
import { testConfig } from './config.js';
import { createTestDatabase } from './database.js';

export interface SharedDatabase {
  database: Database;
  /** The PostgreSQL address; undefined for SQLite, whose file is `salon.db` in the config's data dir. */
  url: string | undefined;
  config: Config;
  drop(): Promise<void>;
}

/**
 * A migrated database that another process, or another connection in this one, can open too:
 * a SQLite file in the config's data dir (where the service looks for it), or a fresh
 * PostgreSQL database. For the tests of several workers or processes sharing one database.
 */
export async function sharedDatabase(dialect: Dialect): Promise<SharedDatabase> {
  if (dialect === 'sqlite') {
    const config = testConfig();
    const database = connect({ sqliteFile: join(config.dataDir, 'salon.db') });
    await migrateToLatest(database.db, 'sqlite');
    return {
      database,
      url: undefined,
      config,
      drop: async () => {
        await database.destroy();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  }
  const testDb = await createTestDatabase('postgres');
  const config = testConfig({ databaseUrl: testDb.url });
  return {
    database: testDb.database,
    url: testDb.url,
    config,
    drop: async () => {
      await testDb.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The service's context on a given connection (what a worker or route of that process gets). */
export function contextOn(config: Config, db: Kysely<DB>, dialect: Dialect): AppContext {
  return createContext(config, { db, dialect }, createLogger(config.logLevel));
}
