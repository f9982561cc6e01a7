import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/connection.js';
import type { DB } from './db/types.js';
import type { TokenSigner } from './lib/jwt.js';
import type { SecretBox } from './lib/secrets.js';
import type { FileStorage } from './storage/storage.js';

/** What every service needs, built once in main.ts (or the test helper) and passed down. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dialect: Dialect;
  signer: TokenSigner;
  secrets: SecretBox;
  storage: FileStorage;
  log: FastifyBaseLogger;
}
