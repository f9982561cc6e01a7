import { onShutdown, openContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { createWorker } from './composition.js';
import { collectAfterStart } from './lib/collect-after-start.js';
import { createLogger } from './logger.js';

/** The worker process (entry: worker-main.ts): a job worker alone, apart from the API (PostgreSQL). */
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
  collectAfterStart();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
