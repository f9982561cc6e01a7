import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('../..', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs an entry of this repository (`src/main.ts`, `src/cli/backup.ts` …) as npm's scripts run
 * it: its compiled build in dist/server, with plain node (the suite builds it first).
 */
export function runEntry(entry: string, args: string[], env: Record<string, string>): RunningProcess {
  const built = `dist/server/${basename(entry, '.ts')}.js`;
  const child = spawn(process.execPath, [built, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
      if (code !== 'timeout') return code;
      child.kill('SIGKILL');
      throw new Error(`${entry} did not exit after SIGTERM:\n${output}`);
    },
  };
}

/** Polls `probe` until it returns a value (errors count as not yet). */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds = 40): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
