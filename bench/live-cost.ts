/*
 * What a booking change costs the service with desks watching it live (GET /api/bookings/events):
 * the compiled service on a fresh database, one booking changed CHANGES times with no stream
 * open and again with STREAMS streams open, the service process's CPU time (/proc/<pid>/stat)
 * measured over each series. The difference per change is what spreading it to the streams
 * costs; the total is the change plus the spreading.
 *
 *   npm run build:server && npx tsx bench/live-cost.ts                  # SQLite
 *   LIVE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live-cost.ts   # PostgreSQL
 *
 * On PostgreSQL the script creates and drops its own database `salon_bench_live`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 20);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 200);
const root = new URL('..', import.meta.url).pathname;

function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function call<T = { id: number }>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const parsed = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** An open stream that counts the `booking` events it has read. */
async function openStream(base: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/bookings/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const state = { events: 0 };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      state.events += decoder.decode(value).split('event: booking\n').length - 1;
    }
  })().catch(() => undefined);
  return { state, close: () => (abort.abort(), pump) };
}

async function series(base: string, token: string, bookingId: number, streams: number, pid: number) {
  const desks = await Promise.all(Array.from({ length: streams }, () => openStream(base, token)));
  await sleep(500);
  const before = cpuUs(pid);
  for (let i = 0; i < CHANGES; i += 1) {
    await call(base, 'PUT', `/api/bookings/${bookingId}`, token, { notes: `change ${i}` });
  }
  // Every desk has every change (the SQLite feed reads the log every 250 ms).
  const deadline = Date.now() + 10_000;
  while (desks.some((desk) => desk.state.events < CHANGES) && Date.now() < deadline) await sleep(20);
  const cpu = cpuUs(pid) - before;
  const delivered = desks.map((desk) => desk.state.events);
  await Promise.all(desks.map((desk) => desk.close()));
  return { cpuPerChangeMs: cpu / CHANGES / 1000, delivered };
}

async function main() {
  const pgAdmin = process.env.LIVE_DATABASE_URL;
  let databaseUrl = '';
  if (pgAdmin) {
    const client = new pg.Client({ connectionString: pgAdmin });
    await client.connect();
    await client.query('drop database if exists salon_bench_live with (force)');
    await client.query('create database salon_bench_live');
    await client.end();
    const url = new URL(pgAdmin);
    url.pathname = '/salon_bench_live';
    databaseUrl = url.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-live-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      WORKER: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) break;
      } catch {
        if (i > 600) throw new Error('the service did not start');
      }
      await sleep(100);
    }
    const setup = await call<{ token: string; user: { id: number } }>(base, 'POST', '/api/auth/setup', undefined, {
      admin_name: 'Bench Owner',
      admin_email: 'owner@bench.example',
      admin_password: 'bench-password-1',
      salon_name: 'Bench',
    });
    const token = setup.token;
    const client = await call(base, 'POST', '/api/clients', token, { name: 'Bench Client' });
    const service = await call(base, 'POST', '/api/services', token, { name: 'Cut', duration_min: 30, price: 30 });
    const booking = await call(base, 'POST', '/api/bookings', token, {
      client_id: client.id,
      staff_id: setup.user.id,
      service_id: service.id,
      start_at: '2031-06-02 10:00',
      override: true,
    });
    await series(base, token, booking.id, 0, child.pid!); // warm-up
    const quiet = await series(base, token, booking.id, 0, child.pid!);
    const watched = await series(base, token, booking.id, STREAMS, child.pid!);
    const engine = pgAdmin ? 'postgres' : 'sqlite';
    const spread = watched.cpuPerChangeMs - quiet.cpuPerChangeMs;
    console.log(
      JSON.stringify(
        {
          engine,
          changes: CHANGES,
          streams: STREAMS,
          cpu_per_change_ms_no_streams: Number(quiet.cpuPerChangeMs.toFixed(2)),
          cpu_per_change_ms_with_streams: Number(watched.cpuPerChangeMs.toFixed(2)),
          spreading_ms_per_change: Number(spread.toFixed(2)),
          events_per_stream: [Math.min(...watched.delivered), Math.max(...watched.delivered)],
        },
        null,
        2,
      ),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (pgAdmin) {
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query('drop database if exists salon_bench_live with (force)');
      await admin.end();
    }
  }
}

await main();
