import './require-supported-node.js';
import { onShutdown, openContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { createWorker } from './composition.js';
import { createLogger } from './logger.js';

/** `npm run worker`: a job worker alone, for running workers apart from the API (PostgreSQL). */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const { ctx, database } = await openContext(config, log);
  const worker = createWorker(ctx);
  onShutdown(log, async () => {
    await worker.stop();
    await database.destroy();
  });
  worker.start();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
