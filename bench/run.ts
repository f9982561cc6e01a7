import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import { connect } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD, generate, GENERATOR_VERSION, TIMEZONE } from './generate.js';
import { freePort } from './built-service.js';
import { measureOfflineOpen } from './offline-open.js';
import { loadIntoPostgres } from './postgres.js';
import { Random } from './random.js';
import { BUSY_DAY_SQL, OVERLAP_SQL, postgresProbe, sqliteProbe, type Probe } from './probe.js';
import { SmtpCounter } from './smtp-counter.js';

/*
 * npm run bench: the data set (generated once per seed, scale and schema, then cached), the
 * service started as `npm start` starts it, and a load from this process with autocannon, 50
 * connections, against every busy endpoint, next to a bare node:http server measured the
 * same way. Environment:
 *   BENCH_SCALE=1            share of the full chain (0.01 for a quick try)
 *   BENCH_SEED=42            seed of the generator
 *   BENCH_DURATION=10        seconds per measured endpoint (after a 2 s warm-up for reads)
 *   BENCH_CAMPAIGN_SECONDS=30  how long the worker's email throughput is watched
 *   BENCH_ENGINES=sqlite,postgres   which engines (postgres only with DATABASE_URL)
 *   BENCH_ONLY=list,calendar   only these phases
 *   DATABASE_URL=postgres://…  a server where the bench may create its own databases
 */

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataRoot = join(root, 'bench', '.data');
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seed = Number(process.env.BENCH_SEED ?? 42);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const campaignSeconds = Number(process.env.BENCH_CAMPAIGN_SECONDS ?? 30);
const connections = 50;
/** Only these phases (list, calendar, byid, availability, visit, products, clients, items, public, pos, reports, offline, campaign); all when unset. */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((p) => p.trim())) : null;
const phase = (name: string) => only === null || only.has(name);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim());
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
/** A cached data set is used for this many days; its future bookings move closer every day. */
const CACHE_DAYS = 7;

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, and socket errors (timeouts among them). */
  bad: number;
  /** Every request sent, answered or not. */
  sent: number;
  /** CPU time (user + system) of the answering process per request, in µs. */
  cpuUs?: number;
  /** The machine's 1-minute load average at the end of the measurement. */
  load?: number;
  target?: { ratio?: number; p99?: number };
}

interface SingleMeasure {
  name: string;
  first: number;
  median: number;
  status: number;
}

interface EngineResult {
  engine: string;
  baseline: Measure;
  loads: Measure[];
  reports: SingleMeasure[];
  extras: Record<string, number | string>;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------- data set and cache

/**
 * The data set's key: the seed, the scale and the generator. Not the migrations: a cached set is
 * upgraded to the latest schema before each run, as a salon's database is by the service's start,
 * so a migration costs its own run over the data rather than half an hour of generation.
 */
function dataKey(): string {
  const hash = createHash('sha256');
  hash.update(`seed=${seed};scale=${scale};generator=${GENERATOR_VERSION};`);
  hash.update(readFileSync(join(root, 'bench', 'generate.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** The schema's key: every migration and the migrator (the PostgreSQL template is the data at one schema). */
function schemaKey(): string {
  const hash = createHash('sha256');
  const migrations = join(root, 'src', 'db', 'migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  hash.update(readFileSync(join(root, 'src', 'db', 'migrate.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** Brings a cached data set to the latest schema (nothing to do when it is there already). */
async function upgrade(file: string): Promise<void> {
  const started = performance.now();
  const database = connect({ sqliteFile: file });
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.destroy();
  }
  log(`data set: at the latest schema (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function dataSet(): Promise<{ file: string; key: string; today: string }> {
  const dir = join(dataRoot, `sqlite-${dataKey()}`);
  const file = join(dir, 'salon.db');
  const metaFile = join(dir, 'meta.json');
  const key = `${dataKey().slice(0, 8)}${schemaKey().slice(0, 8)}`;
  const today = DateTime.now().setZone(TIMEZONE).toFormat('yyyy-MM-dd');
  if (existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { today: string };
    const age = DateTime.fromISO(today).diff(DateTime.fromISO(meta.today), 'days').days;
    if (age >= 0 && age < CACHE_DAYS) {
      log(`data set: cached ${file} (generated for ${meta.today})`);
      await upgrade(file);
      return { file, key, today: meta.today };
    }
  }
  // One data set at a time: an outdated one is removed first (the full one is over a gigabyte).
  mkdirSync(dataRoot, { recursive: true });
  for (const entry of readdirSync(dataRoot)) {
    if (entry.startsWith('sqlite-')) rmSync(join(dataRoot, entry), { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  log(`data set: generating (scale ${scale}, seed ${seed}) into ${file}`);
  const summary = await generate({ file, scale, seed, today });
  log(`data set: ${JSON.stringify(summary.counts)} in ${summary.seconds.toFixed(0)} s`);
  writeFileSync(metaFile, JSON.stringify({ today, seed, scale, ...summary }, null, 2) + '\n');
  return { file, key, today };
}

// ---------------------------------------------------------------- processes

/** The compiled service, started as `npm start` starts it (`npm run bench` builds it first). */
const SERVICE = 'dist/server/main.js';

function startNode(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // The service runs as `npm start` runs it: plain node on the compiled build, so the pid
  // measured here is the service itself. The bench's own TypeScript (the baseline server, the
  // SQL profile) runs through tsx.
  // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it stops.
  const profile =
    process.env.BENCH_CPU_PROF && script === SERVICE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  // BENCH_SQL_PROFILE=<file>: time of every SQLite statement, written there when it stops.
  const sqlProfile =
    process.env.BENCH_SQL_PROFILE && script === SERVICE
      ? ['--import', 'tsx', '--import', './bench/sql-profile.ts']
      : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profile, ...loader, ...sqlProfile, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) log(`${script} exited with ${code}:\n${output}`);
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
}

async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error('the service exited while starting');
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error('the service did not become healthy');
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

// ---------------------------------------------------------------- HTTP helpers

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, ms };
}

type RequestSpec = NonNullable<autocannon.Options['requests']>[number];

/**
 * The process answering at each base URL. Its CPU time per request is reported next to the
 * throughput: on a machine shared with other work, req/s and the ratio move with the
 * neighbours' load, while the CPU a request costs the service hardly does.
 */
const processAt = new Map<string, number>();

/** User + system CPU time of a process so far, in µs (from /proc, Linux only). */
function cpuTimeUs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

async function load(
  name: string,
  base: string,
  options: { requests: RequestSpec[]; token?: string; warmup?: boolean },
  target?: Measure['target'],
): Promise<Measure> {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const run = (seconds: number) =>
    autocannon({
      url: base,
      connections,
      duration: seconds,
      headers,
      requests: options.requests,
    });
  if (options.warmup) await run(2);
  const samples: string[] = [];
  const pid = processAt.get(base);
  const cpuBefore = cpuTimeUs(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers,
    requests: options.requests.map((request) => ({
      ...request,
      onResponse: (status: number, body: string) => {
        if ((status < 200 || status >= 300) && samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
      },
    })),
  });
  if (samples.length > 0) {
    log(`  ${name}: status codes ${JSON.stringify(result.statusCodeStats)}; e.g. ${samples.join(' | ')}`);
  }
  const measure: Measure = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors too.
    bad: result.non2xx + result.errors,
    sent: result.requests.total + result.errors,
    cpuUs: (cpuTimeUs(pid) - cpuBefore) / result.requests.total,
    load: loadavg()[0]!,
    ...(target ? { target } : {}),
  };
  log(
    `  ${name}: ${measure.rps.toFixed(0)} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms, ` +
      `${measure.cpuUs?.toFixed(0)} µs CPU a request, load ${measure.load?.toFixed(1)}` +
      (measure.bad ? `, ${measure.bad} not 2xx` : ''),
  );
  return measure;
}

// ---------------------------------------------------------------- one engine

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  dataFile: string,
  pgUrl: string | undefined,
  mail: SmtpCounter,
): Promise<EngineResult> {
  log(`\n== ${engine}`);
  const runDir = join(dataRoot, `run-${engine}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  if (engine === 'sqlite') copyFileSync(dataFile, join(runDir, 'salon.db'));
  const extras: Record<string, number | string> = {};

  // The bare baseline, measured first, in its own process as the service is.
  const baselinePort = await freePort();
  const baselineProcess = startNode('bench/baseline-server.ts', { PORT: String(baselinePort) });
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  await waitForBaseline(baselineBase);
  if (baselineProcess.pid !== undefined) processAt.set(baselineBase, baselineProcess.pid);
  const baseline = await load('baseline node:http (200-byte JSON)', baselineBase, {
    requests: [{ method: 'GET', path: '/' }],
    warmup: true,
  });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: runDir,
    DATABASE_URL: pgUrl ?? '',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    SMTP_URL: mail.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Public bookings come from many visitors: through TRUST_PROXY the per-IP limit sees each
    // request's X-Forwarded-For address, so the production limits stay as they are.
    TRUST_PROXY: 'true',
    WORKER: 'on',
    JOB_POLL_MS: '200',
    // The service's default unless set, to compare worker settings.
    ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
  };

  // Cold start, three times (the first also applies pending migrations of a fresh copy).
  const starts: number[] = [];
  let service: ChildProcess | undefined;
  for (let i = 0; i < 3; i += 1) {
    service = startNode(SERVICE, env);
    starts.push(await waitHealthy(base, service));
    if (i < 2) await stop(service);
  }
  if (!service) throw new Error('no service');
  if (service.pid !== undefined) processAt.set(base, service.pid);
  extras.cold_start_ms = Math.round([...starts].sort((a, b) => a - b)[1] ?? NaN);
  extras.cold_starts_ms = starts.map((s) => Math.round(s)).join(' / ');
  await sleep(3000);
  extras.idle_rss_mb = Math.round(rssMb(service.pid));

  const probe: Probe = engine === 'sqlite' ? sqliteProbe(join(runDir, 'salon.db')) : postgresProbe(pgUrl as string);
  try {
    const login = await call(base, 'POST', '/api/auth/login', undefined, {
      email: BENCH_ADMIN_EMAIL,
      password: BENCH_ADMIN_PASSWORD,
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    const token = (login.body as { token: string }).token;

    const today = DateTime.now().setZone(TIMEZONE);
    const { max_id: maxBookingId } = await probe.one<{ max_id: number }>('select max(id) as max_id from bookings');
    const { n: clientCount } = await probe.one<{ n: number }>('select count(*) as n from clients');
    const busy = await probe.one<{ day: string; n: number }>(BUSY_DAY_SQL, [
      `${today.plus({ days: 1 }).toFormat('yyyy-MM-dd')} 00:00:00`,
      `${today.plus({ days: 30 }).toFormat('yyyy-MM-dd')} 00:00:00`,
    ]);
    extras.busy_day = `${busy.day} (${busy.n} bookings)`;
    const staffIds = Array.from({ length: 40 }, (_, i) => i + 2);
    const randomInt = (max: number) => 1 + Math.floor(Math.random() * max);

    const loads: Measure[] = [];
    const reports: SingleMeasure[] = [];
    if (phase('list')) {
      loads.push(
        await load(
          'GET /api/bookings?page=1',
          base,
          { requests: [{ method: 'GET', path: '/api/bookings?page=1' }], token, warmup: true },
          { ratio: 0.08, p99: 20 },
        ),
      );
    }
    if (phase('calendar')) {
      // The calendar's queries: next week (Monday to Sunday), four stylists side by side; the
      // whole week of one location (its ~13 staff); the day view of the busiest day.
      const monday = today.plus({ weeks: 1 }).startOf('week');
      const week = `from=${monday.toFormat('yyyy-MM-dd')}&to=${monday.plus({ days: 6 }).toFormat('yyyy-MM-dd')}`;
      loads.push(
        await load('GET /api/bookings?from=<monday>&to=<sunday>&staff_id=<4 ids>', base, {
          requests: [{ method: 'GET', path: `/api/bookings?${week}&staff_id=${staffIds.slice(0, 4).join(',')}` }],
          token,
          warmup: true,
        }),
        await load('GET /api/bookings?from=<monday>&to=<sunday>&location_id=2', base, {
          requests: [{ method: 'GET', path: `/api/bookings?${week}&location_id=2` }],
          token,
          warmup: true,
        }),
        await load('GET /api/bookings/day (busy day, all 40 staff)', base, {
          requests: [{ method: 'GET', path: `/api/bookings/day?date=${busy.day}` }],
          token,
          warmup: true,
        }),
      );
    }
    if (phase('byid')) {
      loads.push(
        await load(
          'GET /api/bookings/:id',
          base,
          {
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => ({ ...request, path: `/api/bookings/${randomInt(maxBookingId)}` }),
              },
            ],
            token,
            warmup: true,
          },
          { ratio: 0.25, p99: 20 },
        ),
      );
    }
    if (phase('availability')) {
      loads.push(
        await load(
          `GET /api/public/availability (busy day, any staff)`,
          base,
          {
            requests: [{ method: 'GET', path: `/api/public/availability?date=${busy.day}&service_id=6` }],
            warmup: true,
          },
          { ratio: 0.05, p99: 20 },
        ),
      );
    }
    if (phase('visit')) {
      // A three-service visit (full colour, wash & blow-dry, women's cut), each part to any
      // member: the engine places every part at every start of the busiest day.
      const parts = [{ service_id: 12 }, { service_id: 5 }, { service_id: 8 }];
      loads.push(
        await load(
          `POST /api/public/visit-availability (busy day, 3 services, any staff)`,
          base,
          {
            requests: [
              {
                method: 'POST',
                path: '/api/public/visit-availability',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ date: busy.day, parts }),
              },
            ],
            warmup: true,
          },
          { ratio: 0.2, p99: 25 },
        ),
      );
    }
    if (phase('products')) {
      loads.push(
        await load(
          'GET /api/inventory/products?page=1&search=',
          base,
          {
            requests: [{ method: 'GET', path: '/api/inventory/products?page=1&search=' }],
            token,
            warmup: true,
          },
          { ratio: 0.08, p99: 20 },
        ),
      );
    }
    if (phase('clients')) {
      // The till's and the list's client search as the desk types it, for clients picked at
      // random: the mobile number as a client says it (`06 1234 5678`), the start of the email
      // address, the whole name (~170 namesakes each), in turn; the till asks for a page of 8.
      // Then a surname alone (~13,000 matches), the broad search a page and its count must sort.
      // The clients are picked by the data's seed, so that two runs search the same texts: a
      // search costs from a quarter of a millisecond to over one, and 90 picked anew each run
      // made two runs of the same code hard to compare.
      const picks = new Random(seed);
      const typed: string[] = [];
      for (let i = 0; i < 90; i += 1) {
        const row = await probe.one<{ name: string; email: string; phone: string }>(
          'select name, email, phone from clients where id = ?',
          [picks.int(1, clientCount)],
        );
        const digits = `0${row.phone.slice(3)}`;
        typed.push(
          [
            `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`,
            row.email.slice(0, row.email.indexOf('@') + 1),
            row.name,
          ][i % 3] as string,
        );
      }
      let next = 0;
      const searchPath = (text: string) => `/api/clients?search=${encodeURIComponent(text)}&page=1&limit=8`;
      loads.push(
        await load(
          'GET /api/clients?search=<phone, email or name>&page=1&limit=8',
          base,
          {
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => ({ ...request, path: searchPath(typed[next++ % typed.length] as string) }),
              },
            ],
            token,
            warmup: true,
          },
          { p99: 50 },
        ),
        await load(
          'GET /api/clients?search=jansen&page=1&limit=8 (~13,000 matches)',
          base,
          { requests: [{ method: 'GET', path: searchPath('jansen') }], token, warmup: true },
          { p99: 50 },
        ),
      );
    }
    if (phase('items')) {
      // The till's item search (services, products, packages) per keystroke of a product's name.
      const words = ['sh', 'sham', 'shampoo', 'cut', 'colour', 'wax', 'serum', 'hair mask'];
      let next = 0;
      loads.push(
        await load(
          'GET /api/pos/items?q=<what the desk types>',
          base,
          {
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => ({
                  ...request,
                  path: `/api/pos/items?q=${encodeURIComponent(words[next++ % words.length] as string)}`,
                }),
              },
            ],
            token,
            warmup: true,
          },
          { p99: 50 },
        ),
      );
    }
    if (phase('public')) {
      // Distinct free slots for the public bookings: each staff member's own free starts of a
      // 15-minute service, far enough ahead to be many, none offered twice.
      const slots: Array<{ staff_id: number; start_at: string }> = [];
      const wanted = 40_000;
      for (let ahead = 89; ahead >= 31 && slots.length < wanted; ahead -= 1) {
        const date = today.plus({ days: ahead }).toFormat('yyyy-MM-dd');
        const answers = await Promise.all(
          staffIds.map((staff) =>
            call(base, 'GET', `/api/public/availability?date=${date}&service_id=2&staff_id=${staff}`),
          ),
        );
        for (const answer of answers) {
          if (answer.status !== 200) continue;
          for (const slot of answer.body as Array<{ staff_id: number; start_at: string }>) slots.push(slot);
        }
      }
      extras.free_slots_collected = slots.length;
      const before = await probe.one<{ n: number }>('select count(*) as n from bookings');
      let next = 0;
      const publicBookings = await load(
        'POST /api/public/bookings (distinct free slots)',
        base,
        {
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const index = next++;
                const slot = slots[index % slots.length] as { staff_id: number; start_at: string };
                return {
                  ...request,
                  path: '/api/public/bookings',
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
                  },
                  body: JSON.stringify({
                    service_id: 2,
                    staff_id: slot.staff_id,
                    start_at: slot.start_at,
                    client_name: `Bench Visitor ${index}`,
                    client_email: `visitor${index}.${Date.now() % 100000}@bench.example.com`,
                  }),
                };
              },
            },
          ],
        },
        { ratio: 0.08 },
      );
      loads.push(publicBookings);
      const after = await probe.one<{ n: number }>('select count(*) as n from bookings');
      const overlaps = await probe.one<{ n: number }>(OVERLAP_SQL);
      extras.public_bookings_created = after.n - before.n;
      extras.double_bookings = overlaps.n;
    }
    if (phase('pos')) {
      loads.push(
        await load(
          'POST /api/pos (3 lines)',
          base,
          {
            requests: [
              {
                method: 'POST',
                setupRequest: (request) => {
                  const first = randomInt(500);
                  const second = (first % 500) + 1;
                  return {
                    ...request,
                    path: '/api/pos',
                    headers: { ...request.headers, 'content-type': 'application/json' },
                    body: JSON.stringify({
                      client_id: randomInt(clientCount),
                      staff_id: staffIds[randomInt(staffIds.length) - 1],
                      items: [
                        { type: 'service', id: 6, quantity: 1 },
                        { type: 'product', id: first, quantity: 1 },
                        { type: 'product', id: second, quantity: 1 },
                      ],
                      payment_method: 'cash',
                    }),
                  };
                },
              },
            ],
            token,
          },
          { ratio: 0.08 },
        ),
      );
    }
    if (phase('reports')) {
      // Reports: latency of single requests over the whole data set (first, then the median of 4 more).
      for (const report of [
        'sales-summary',
        'booking-count',
        'item-breakdown',
        'staff-performance',
        'retention',
        'heatmap',
        'forecast',
        'promotions',
        'gift-cards',
        'dashboard',
      ]) {
        const times: number[] = [];
        let status = 0;
        for (let i = 0; i < 5; i += 1) {
          const answer = await call(base, 'GET', `/api/reporting/${report}`, token);
          status = answer.status;
          times.push(answer.ms);
        }
        const warm = times.slice(1).sort((a, b) => a - b);
        const measure = {
          name: `GET /api/reporting/${report}`,
          first: times[0] ?? NaN,
          median: ((warm[1] ?? 0) + (warm[2] ?? 0)) / 2,
          status,
        };
        log(
          `  ${measure.name}: ${status}, first ${measure.first.toFixed(0)} ms, median ${measure.median.toFixed(0)} ms`,
        );
        reports.push(measure);
      }
    }
    if (phase('offline')) {
      // The stylist's phone without a network (bench/offline-open.ts): the office and today's agenda from the cache.
      const offline = await measureOfflineOpen(base, token, TIMEZONE);
      extras.offline_open_ms = offline.medianMs ?? 'no chromium';
      extras.offline_open_slow_cpu_ms = offline.slowCpuMedianMs ?? 'no chromium';
      extras.offline_open_runs = offline.runs;
      log(`  offline open: ${offline.runs}`);
    }
    extras.rss_after_load_mb = Math.round(rssMb(service.pid));

    if (phase('campaign')) {
      // Campaign to every consenting client: the time to enqueue, then the worker's pace.
      const created = await call(base, 'POST', '/api/campaigns', token, {
        name: 'Spring news',
        subject: 'Spring is here: 15 % off colour',
        blocks: [
          { type: 'heading', text: 'Spring at Studio Olivia' },
          { type: 'text', text: 'Book a colour before the end of the month and get 15 % off.' },
          { type: 'button', label: 'Book now', href: 'https://salon.example.com/book' },
        ],
      });
      if (created.status !== 201 && created.status !== 200) {
        throw new Error(`campaign create failed: ${created.status} ${JSON.stringify(created.body)}`);
      }
      const campaignId = (created.body as { id: number }).id;
      const mailBefore = mail.received;
      const send = await call(base, 'POST', `/api/campaigns/${campaignId}/send`, token);
      extras.campaign_send_status = send.status;
      extras.campaign_recipients = (send.body as { recipient_count?: number }).recipient_count ?? 0;
      extras.campaign_enqueue_ms = Math.round(send.ms);
      log(
        `  campaign send: ${send.status}, ${extras.campaign_recipients} recipients enqueued in ${send.ms.toFixed(0)} ms`,
      );
      // The first seconds include loading mjml; the pace is measured after a 5-second ramp.
      await sleep(5000);
      const startCount = mail.received;
      const startedAt = performance.now();
      await sleep(campaignSeconds * 1000);
      const sent = mail.received - startCount;
      extras.worker_emails_per_s = Math.round(sent / ((performance.now() - startedAt) / 1000));
      extras.emails_received_total = mail.received - mailBefore;
      log(`  worker: ${extras.worker_emails_per_s} emails/s to the SMTP sink`);
    }
    return { engine, baseline, loads, reports, extras };
  } finally {
    await probe.close();
    await stop(service);
    // The machine is shared: the baseline is measured again after the service stopped, and
    // the ratios use the mean of both, so a neighbour's burst does not skew them one way.
    const again = await load('baseline node:http, again at the end', baselineBase, {
      requests: [{ method: 'GET', path: '/' }],
      warmup: true,
    });
    await stop(baselineProcess);
    extras.baseline_start_rps = Math.round(baseline.rps);
    extras.baseline_end_rps = Math.round(again.rps);
    baseline.rps = (baseline.rps + again.rps) / 2;
    baseline.name = `baseline node:http (200-byte JSON), mean of ${extras.baseline_start_rps} and ${extras.baseline_end_rps}`;
  }
}

async function waitForBaseline(base: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    try {
      if ((await fetch(base)).status === 200) return;
    } catch {
      // not yet
    }
    await sleep(20);
  }
  throw new Error('baseline server did not start');
}

// ---------------------------------------------------------------- the table

function table(result: EngineResult): string {
  const lines: string[] = [];
  const base = result.baseline.rps;
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  lines.push(`### ${result.engine}`);
  lines.push('');
  const cpu = (measure: Measure) => (measure.cpuUs === undefined ? '' : measure.cpuUs.toFixed(0));
  const load = (measure: Measure) => (measure.load === undefined ? '' : measure.load.toFixed(1));
  lines.push(row(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'CPU µs/req', 'load', 'target', 'met']));
  lines.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---']));
  lines.push(
    row([
      result.baseline.name,
      base.toFixed(0),
      String(result.baseline.p50),
      String(result.baseline.p99),
      '1.000',
      cpu(result.baseline),
      load(result.baseline),
      '',
      '',
    ]),
  );
  for (const measure of result.loads) {
    const ratio = measure.rps / base;
    const wants: string[] = [];
    let met = true;
    if (measure.target?.ratio !== undefined) {
      wants.push(`≥ ${measure.target.ratio.toFixed(2)}`);
      met &&= ratio >= measure.target.ratio;
    }
    if (measure.target?.p99 !== undefined) {
      wants.push(`p99 ≤ ${measure.target.p99} ms`);
      met &&= measure.p99 <= measure.target.p99;
    }
    if (measure.bad > 0) wants.push(`${measure.bad} not 2xx`);
    // A latency of answers that mostly failed or never came measures nothing: a target is met only
    // by a phase whose answers (all but 1 % at most, as the till's stock-outs) were successes.
    if (measure.target) met &&= measure.sent > 0 && measure.bad <= measure.sent / 100;
    lines.push(
      row([
        measure.name,
        measure.rps.toFixed(0),
        String(measure.p50),
        String(measure.p99),
        ratio.toFixed(3),
        cpu(measure),
        load(measure),
        wants.join(', '),
        measure.target ? (met ? 'yes' : '**no**') : '',
      ]),
    );
  }
  if (result.reports.length > 0) {
    lines.push('');
    lines.push(row(['report (single request)', 'status', 'first ms', 'median of 4 ms', 'target', 'met']));
    lines.push(row(['---', '---:', '---:', '---:', '---', '---']));
    for (const report of result.reports) {
      const met = report.status === 200 && Math.max(report.first, report.median) <= 250;
      lines.push(
        row([
          report.name,
          String(report.status),
          report.first.toFixed(0),
          report.median.toFixed(0),
          '≤ 250 ms',
          met ? 'yes' : '**no**',
        ]),
      );
    }
  }
  lines.push('');
  const x = result.extras;
  lines.push(row(['other', 'value', 'target', 'met']));
  lines.push(row(['---', '---:', '---', '---']));
  // A phase left out by BENCH_ONLY measured nothing: its rows are left out too.
  const other = (measured: unknown, name: string, value: string, target: string, ok?: boolean) => {
    if (measured === undefined) return;
    lines.push(row([name, value, target, ok === undefined ? '' : ok ? 'yes' : '**no**']));
  };
  other(
    x.public_bookings_created,
    'public bookings created / double bookings',
    `${x.public_bookings_created} / ${x.double_bookings}`,
    '0 double',
    x.double_bookings === 0,
  );
  other(
    x.campaign_recipients,
    `campaign send: ${x.campaign_recipients} recipients enqueued`,
    `${x.campaign_enqueue_ms} ms`,
    '≤ 10,000 ms',
    Number(x.campaign_enqueue_ms) <= 10_000 && Number(x.campaign_send_status) < 300,
  );
  other(
    x.worker_emails_per_s,
    'worker email throughput to the SMTP sink',
    `${x.worker_emails_per_s}/s`,
    '≥ 300/s',
    Number(x.worker_emails_per_s) >= 300,
  );
  other(
    x.cold_start_ms,
    `cold start to healthy (median of ${x.cold_starts_ms})`,
    `${x.cold_start_ms} ms`,
    '≤ 1,000 ms',
    Number(x.cold_start_ms) <= 1000,
  );
  other(
    x.offline_open_ms,
    `offline: the office and today's agenda from the cache, phone profile (median of ${x.offline_open_runs})`,
    `${x.offline_open_ms} ms`,
    '≤ 1,000 ms',
    Number(x.offline_open_ms) <= 1000,
  );
  other(x.offline_open_slow_cpu_ms, 'offline, the same with a 4× CPU slowdown', `${x.offline_open_slow_cpu_ms} ms`, '');
  other(x.idle_rss_mb, 'idle RSS after start', `${x.idle_rss_mb} MB`, '≤ 150 MB', Number(x.idle_rss_mb) <= 150);
  other(x.rss_after_load_mb, 'RSS after the load', `${x.rss_after_load_mb} MB`, '');
  if (x.busy_day !== undefined) {
    lines.push('');
    lines.push(
      `busy day: ${x.busy_day}; free slots collected for the public bookings: ${x.free_slots_collected ?? '–'}`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = Date.now();
  const { file, key } = await dataSet();
  const mail = await new SmtpCounter().start();
  const results: EngineResult[] = [];
  try {
    if (engines.includes('sqlite')) results.push(await benchEngine('sqlite', file, undefined, mail));
    if (engines.includes('postgres')) {
      if (databaseUrl) {
        const url = await loadIntoPostgres(databaseUrl, file, key, log);
        results.push(await benchEngine('postgres', file, url, mail));
      } else {
        log('\n(PostgreSQL skipped: set DATABASE_URL to a server where the bench may create databases)');
      }
    }
  } finally {
    await mail.stop();
  }
  const header = [
    `## Results (${new Date().toISOString().slice(0, 16)}Z, scale ${scale}, seed ${seed}, ${connections} connections, ${duration} s per endpoint)`,
    '',
  ];
  const output = header.concat(results.map(table)).join('\n\n');
  writeFileSync(join(dataRoot, 'last-results.md'), output + '\n');
  writeFileSync(join(dataRoot, 'last-results.json'), JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(`\n${output}\n\nwhole run: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
