import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * The measuring scripts' way to start the compiled service (`dist/server/main.js`, as
 * `npm start`) on a port of its own and wait until it answers its health check.
 */

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface BuiltServiceOptions {
  /** The checkout whose build runs (the working directory). */
  root: string;
  /** Node's arguments: flags, then the service's script. */
  args: string[];
  /** Added to this process's environment, before PORT and HOST. */
  env: NodeJS.ProcessEnv;
  /** How long a start may take (migrations over a large data set take a while), and how often to ask. */
  timeoutMs: number;
  pollMs: number;
}

/** Starts the service and resolves once `/api/health` answers 200; fails if it exits first. */
export async function startBuiltService(options: BuiltServiceOptions): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, options.args, {
    cwd: options.root,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < options.timeoutMs; waited += options.pollMs) {
    if (child.exitCode !== null) throw new Error('the service exited while starting');
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return { base, child };
    await sleep(options.pollMs);
  }
  throw new Error('the service did not become healthy');
}
