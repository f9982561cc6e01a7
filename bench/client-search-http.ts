/*
 * The client search (`GET /api/clients?search=…&page=1&limit=8`, what the till asks) and the
 * till's item search (`GET /api/pos/items?q=`) through the real service, loaded as
 * `npm run bench` loads it (autocannon, 50 connections, a 2 s warm-up, then BENCH_DURATION
 * seconds), on 200,000 clients shaped as the bench's (bench/client-search-data.ts) and the
 * bench's catalogue of services and 500 products, without the full chain's half-hour
 * generator. Per search kind: req/s, p50, p99 and the service's CPU time per request (from
 * /proc/<pid>/stat before and after: what a request costs, whatever the neighbours' load) and,
 * on PostgreSQL, that of the server processes serving its database.
 *
 *   node scripts/build-server.mjs && npx tsx bench/client-search-http.ts
 *   BENCH_SQLITE_DIR=/tmp/clients       keep the SQLite file (salon.db) there (built when missing)
 *   BENCH_ENGINES=sqlite,postgres DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *                                       PostgreSQL too, in database BENCH_PG_NAME (default
 *                                       salon_bench_clients_http), kept and reused when it exists
 *   BENCH_DURATION=10   BENCH_ONLY=phone,email,name,surname,items   BENCH_CPU_PROF=<dir>
 *   BENCH_SQL_PROFILE=<file>
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import SqliteDatabase from 'better-sqlite3';
import { connect } from '../src/db/connection.js';
import { startBuiltService } from './built-service.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { benchClients, buildSqliteClients, deskSearches, fillPostgresClients } from './client-search-data.js';
import { PRODUCT_KINDS, PRODUCT_LINES, SERVICES } from './generate.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_SERVICE=<main.js> measures another build (e.g. main's, for the figures before a change). */
const SERVICE = resolve(process.env.BENCH_SERVICE ?? join(root, 'dist', 'server', 'main.js'));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',').map((e) => e.trim());
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((p) => p.trim())) : null;
const pgName = /^[a-z][a-z0-9_]{0,40}$/.test(process.env.BENCH_PG_NAME ?? '')
  ? (process.env.BENCH_PG_NAME as string)
  : 'salon_bench_clients_http';
const log = (line: string) => process.stderr.write(`${line}\n`);
const ADMIN = { email: 'owner@clients-bench.example.com', password: 'clients-bench-password' };

/** The bench's catalogue: its services, and 500 products named as its generator names them. */
function catalogue(): { services: Array<[string, number, number]>; products: Array<[string, string, number, string]> } {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return {
    services: SERVICES.map(([name, minutes, price]) => [name, minutes, price]),
    products: Array.from({ length: 500 }, (_, index) => {
      const i = index + 1;
      const name = `${PRODUCT_LINES[i % PRODUCT_LINES.length]} ${PRODUCT_KINDS[Math.floor(i / PRODUCT_LINES.length) % PRODUCT_KINDS.length]} ${pad(i, 3)}`;
      return [name, `SKU-${pad(i, 5)}`, 800 + (i % 38) * 100, `87${pad(i, 11)}`];
    }),
  };
}

async function sqliteFile(): Promise<string> {
  const dir = process.env.BENCH_SQLITE_DIR?.trim() || mkdtempSync(join(tmpdir(), 'salon-clients-http-'));
  const file = join(dir, 'salon.db');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  await buildSqliteClients(file, benchClients());
  const raw = new SqliteDatabase(file);
  const now = new Date().toISOString();
  const { services, products } = catalogue();
  raw.transaction(() => {
    const service = raw.prepare(
      'insert into services (name, duration_min, price, position, active, created_at, updated_at) values (?, ?, ?, 0, 1, ?, ?)',
    );
    for (const [name, minutes, price] of services) service.run(name, minutes, price, now, now);
    const product = raw.prepare(
      `insert into products (name, sku, price, purchase_price, quantity_on_hand, low_stock_threshold, ean_code,
         article_number, active, created_at, updated_at) values (?, ?, ?, 0, 10, 5, ?, ?, 1, ?, ?)`,
    );
    for (const [name, sku, price, ean] of products) product.run(name, sku, price, ean, `A-${sku}`, now, now);
  })();
  raw.close();
  log(`sqlite: built ${file} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return file;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function postgresUrl(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [pgName]);
    const url = withDatabase(serverUrl, pgName);
    if (exists.rowCount) return url;
    const started = performance.now();
    await admin.query(`create database ${pgName}`);
    const database = connect({ databaseUrl: url, poolSize: 1 });
    try {
      await migrateToLatest(database.db, 'postgres');
      await fillPostgresClients(database, benchClients());
      const now = new Date().toISOString();
      const { services, products } = catalogue();
      await database.db
        .insertInto('services')
        .values(
          services.map(([name, duration_min, price]) => ({
            name,
            duration_min,
            price,
            position: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })),
        ) // prettier-ignore
        .execute();
      await database.db
        .insertInto('products')
        .values(
          products.map(([name, sku, price, ean_code]) => ({
            ...{ name, sku, price, ean_code, purchase_price: 0, quantity_on_hand: 10, low_stock_threshold: 5 },
            ...{ category_id: null, supplier_id: null, vat_rate_id: null, article_number: `A-${sku}`, active: 1 },
            ...{ created_at: now, updated_at: now },
          })),
        )
        .execute();
    } finally {
      await database.destroy();
    }
    await admin.query(`vacuum analyze`).catch(() => undefined);
    log(`postgres: built ${pgName} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return url;
  } finally {
    await admin.end();
  }
}

/** User + system CPU time of a process so far, in µs (fields 14 and 15 of /proc/<pid>/stat, in 1/100 s). */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function start(env: NodeJS.ProcessEnv) {
  // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SQL_PROFILE=<file>: the time of every SQLite statement, written there when it stops.
  const sqlProfile = process.env.BENCH_SQL_PROFILE ? ['--import', 'tsx', '--import', './bench/sql-profile.ts'] : [];
  return startBuiltService({
    root,
    args: [...profile, ...sqlProfile, SERVICE],
    env: { ...env, LOG_LEVEL: 'warn', WORKER: 'off' },
    timeoutMs: 60_000,
    pollMs: 10,
  });
}

async function signIn(base: string): Promise<string> {
  const status = (await (await fetch(`${base}/api/auth/setup-status`)).json()) as { needsSetup?: boolean };
  if (status.needsSetup) {
    const answer = await fetch(`${base}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ admin_name: 'Bench Owner', admin_email: ADMIN.email, admin_password: ADMIN.password, salon_name: 'Bench', language: 'nl' }), // prettier-ignore
    });
    if (answer.status !== 200 && answer.status !== 201)
      throw new Error(`setup: ${answer.status} ${await answer.text()}`);
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** CPU time so far of the PostgreSQL server processes serving `database` (its backends), in µs. */
async function backendsCpuUs(serverUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      database,
    ]);
    return rows.reduce((sum, row) => sum + (() => { try { return cpuTimeUs(row.pid); } catch { return 0; } })(), 0); // prettier-ignore
  } finally {
    await admin.end();
  }
}

async function load(
  engine: string,
  name: string,
  base: string,
  pid: number,
  token: string,
  paths: string[],
  databaseCpu?: () => Promise<number>,
) {
  let next = 0;
  const options = {
    url: base,
    connections: 50,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET' as const, setupRequest: (r: object) => ({ ...r, path: paths[next++ % paths.length] }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const before = cpuTimeUs(pid);
  const databaseBefore = await databaseCpu?.();
  const result = await autocannon({ ...options, duration });
  const cpu = (cpuTimeUs(pid) - before) / result.requests.total;
  // Backends that ended during the run are missed; the pool keeps its connections open.
  const databaseAfter = await databaseCpu?.();
  const databasePart =
    databaseBefore === undefined || databaseAfter === undefined
      ? ''
      : ` | PostgreSQL ${((databaseAfter - databaseBefore) / result.requests.total).toFixed(0)} µs CPU/req`;
  const bad = result.non2xx + result.errors + result.timeouts;
  log(
    `${engine} | ${name} | ${result.requests.average.toFixed(0)} req/s | p50 ${result.latency.p50} ms | ` +
      `p99 ${result.latency.p99} ms | ${cpu.toFixed(0)} µs CPU/req${databasePart} | load ${loadavg()[0]!.toFixed(1)}` +
      (bad ? ` | ${bad} not 2xx` : ''),
  );
}

async function bench(engine: string, env: NodeJS.ProcessEnv, databaseCpu?: () => Promise<number>): Promise<void> {
  const { child, base } = await start(env);
  try {
    const token = await signIn(base);
    const searches = deskSearches(benchClients(), 90);
    const typed = (kind: string) => searches.find((s) => s.kind.startsWith(kind))!.typed;
    const clientPath = (text: string) => `/api/clients?search=${encodeURIComponent(text)}&page=1&limit=8`;
    const kinds: Array<[string, string, string[]]> = [
      ['phone', 'a mobile typed with spaces (`06 1234 5678`)', typed('a mobile').map(clientPath)],
      ['email', 'the start of an email (`client123457@`)', typed('the start of an email').map(clientPath)],
      ['name', 'a whole name (`Eva Jansen`)', typed('a whole name').map(clientPath)],
      ['surname', 'a surname alone (`jansen`)', [clientPath('jansen')]],
      ['items', 'the till\'s item search (GET /api/pos/items?q=…)', ['sh', 'sham', 'shampoo', 'cut', 'colour', 'wax', 'serum', 'hair mask'].map((q) => `/api/pos/items?q=${encodeURIComponent(q)}`)],
    ]; // prettier-ignore
    for (const [key, name, paths] of kinds) {
      if (only === null || only.has(key)) await load(engine, name, base, child.pid!, token, paths, databaseCpu);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

if (!existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: node scripts/build-server.mjs`);
const jwt = { JWT_SECRET: 'clients-bench-jwt-secret-0123456789abcdef' };
if (engines.includes('sqlite')) {
  const file = await sqliteFile();
  await bench('sqlite', { ...jwt, DATA_DIR: dirname(file), DATABASE_URL: '' });
  if (!process.env.BENCH_SQLITE_DIR) rmSync(dirname(file), { recursive: true, force: true });
}
const serverUrl = process.env.DATABASE_URL?.trim();
if (engines.includes('postgres') && serverUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-clients-http-pg-'));
  const url = await postgresUrl(serverUrl);
  await bench('postgres', { ...jwt, DATA_DIR: dataDir, DATABASE_URL: url }, () => backendsCpuUs(serverUrl, pgName));
  rmSync(dataDir, { recursive: true, force: true });
}
