import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect, PoolStats } from './db/connection.js';
import type { DB } from './db/types.js';
import { TokenSigner } from './lib/jwt.js';
import { SecretBox } from './lib/secrets.js';
import { uploadsDir } from './storage/data-dir.js';
import { LocalDiskStorage, type FileStorage } from './storage/storage.js';

/** What every service needs, built once per process by createContext() and passed down. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dialect: Dialect;
  signer: TokenSigner;
  secrets: SecretBox;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The PostgreSQL pool's connections now; absent on SQLite. */
  poolStats?: () => PoolStats;
}

/** The one way to build the context: the server, the worker and the tests all use it. */
export function createContext(
  config: Config,
  database: { db: Kysely<DB>; dialect: Dialect; poolStats?: () => PoolStats },
  log: FastifyBaseLogger,
): AppContext {
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    signer: new TokenSigner(config.jwtSecret),
    secrets: new SecretBox(config.secretsKey),
    storage: new LocalDiskStorage(uploadsDir(config.dataDir)),
    log,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  };
}
