import { rmSync } from 'node:fs';
import type { DestinationStream } from 'pino';
import type { Config } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Dialect } from '../../src/db/connection.js';
import { createContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';
import { testConfig } from './config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  /** What the services take: configuration, database, signer, secrets, storage, logger. */
  ctx: AppContext;
  testDb: TestDatabase;
  /** Drops the database and removes the data directory. */
  close(): Promise<void>;
}

/**
 * The service's context on a fresh database of `dialect`, without the HTTP app: for the
 * service-level tests, which call a module's service functions directly. Building the app
 * (every route's schemas compiled) is what costs most in a test file's set-up; a rule that
 * is not about HTTP does not need it.
 */
export async function createTestContext(
  dialect: Dialect,
  options: { config?: Partial<Config>; logDestination?: DestinationStream } = {},
): Promise<TestContext> {
  const testDb = await createTestDatabase(dialect);
  const config = testConfig({ databaseUrl: testDb.url, ...options.config });
  const ctx = createContext(
    config,
    { db: testDb.database.db, dialect, ...(testDb.database.poolStats ? { poolStats: testDb.database.poolStats } : {}) },
    createLogger(config.logLevel, options.logDestination),
  );
  return {
    ctx,
    testDb,
    async close() {
      await testDb.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
