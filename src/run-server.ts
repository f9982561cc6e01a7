import { buildApp } from './app.js';
import { onShutdown, openContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { createWorker } from './composition.js';
import { collectAfterStart } from './lib/collect-after-start.js';
import { createLogger } from './logger.js';

/** The server process (entry: main.ts): HTTP server plus, unless WORKER=off, the job worker. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const { ctx, database } = await openContext(config, log);
  const app = await buildApp(ctx);
  const worker = config.worker === 'on' ? createWorker(ctx) : null;

  onShutdown(log, async () => {
    await app.close(); // stops accepting, waits for in-flight requests
    await worker?.stop(); // lets the running job finish
    await database.destroy();
  });

  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  collectAfterStart();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
