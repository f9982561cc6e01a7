import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { connect, type Database } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { SecretBox } from './lib/secrets.js';
import { databaseFile } from './storage/data-dir.js';

/** Connects to the configured database and migrates it: the common start of server and worker. */
export async function openContext(config: Config, log: Logger): Promise<{ ctx: AppContext; database: Database }> {
  const database = connect({
    databaseUrl: config.databaseUrl,
    sqliteFile: databaseFile(config.dataDir),
    onPoolError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
  try {
    await migrateToLatest(database.db, database.dialect, undefined, new SecretBox(config.secretsKey));
  } catch (error) {
    await database.destroy();
    throw error;
  }
  log.info({ database: database.dialect }, 'database ready');
  const ctx = createContext(config, database, log);
  return { ctx, database };
}

/** Runs `stop` once on SIGTERM or SIGINT, then exits 0 (1 if stopping failed). */
export function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
}
