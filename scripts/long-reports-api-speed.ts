import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DateTime } from 'luxon';
import { startBuiltService } from '../bench/built-service.js';
import { BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD } from '../bench/generate.js';

/*
 * The reports' API over long periods on the bench's data set (2 M bookings, 0.96 M orders):
 * retention, VAT, the revenue series and the sales summary over the 24 months the revenue chart
 * draws at most, and over the data's current month. The built service (`dist/server/main.js`
 * of SERVICE_ROOT, this checkout by default, as `npm start`, WORKER=off) on a copy of
 * BENCH_DB (never changed), one request at a time: a first request, then RUNS timed ones.
 * Prints the time the service took to start (its migrations run then) and the load average;
 * ANSWERS=<file> writes every answer, to compare two builds' figures on the same data.
 * PG_URL=<database> measures a PostgreSQL copy of the data set instead (moved there by
 * `npm run migrate-to-postgres`; BENCH_DB then only names the data set whose days to ask for).
 *
 *   BENCH_DB=bench/.data/sqlite-…/salon.db npx tsx scripts/long-reports-api-speed.ts
 *   SERVICE_ROOT=<another checkout> ANSWERS=/tmp/before.json BENCH_DB=… npx tsx scripts/long-reports-api-speed.ts
 */

const root = process.env.SERVICE_ROOT ?? new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 5);
const PG_URL = process.env.PG_URL ?? '';
const source = process.env.BENCH_DB;
if (!source || !existsSync(source)) throw new Error('BENCH_DB=<the bench data set salon.db> is required');
// The data set's own today (bench/generate.ts writes it next to the file), so the periods are its.
const meta = join(dirname(source), 'meta.json');
const today = DateTime.fromISO(
  existsSync(meta) ? (JSON.parse(readFileSync(meta, 'utf8')) as { today: string }).today : DateTime.now().toISODate(),
);
const LONG = `from=${today.startOf('month').minus({ months: 23 }).toISODate()}&to=${today.toISODate()}`;
const MONTH = `from=${today.startOf('month').toISODate()}&to=${today.toISODate()}`;
const PATHS = [
  `retention?${LONG}`,
  `vat?${LONG}`,
  `sales-series?${LONG}&interval=month`,
  `sales-summary?${LONG}`,
  `retention?${MONTH}`,
  `vat?${MONTH}`,
  `sales-series?${MONTH}&interval=week`,
];

/** The built service of `root` on the copy in `dataDir` (or on PG_URL), without its worker. */
function startService(dataDir: string) {
  return startBuiltService({
    root,
    args: ['dist/server/main.js'],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: PG_URL,
      JWT_SECRET: 'reports-speed-jwt-secret-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
      WORKER: 'off',
    },
    timeoutMs: 1_200_000,
    pollMs: 100,
  });
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dataDir = mkdtempSync(join(tmpdir(), 'salon-long-reports-'));
if (PG_URL) console.log(`data set ${PG_URL}; service ${root}; load ${load()}`);
else {
  console.log(`data set ${source}, copied to ${dataDir}; service ${root}; load ${load()}`);
  copyFileSync(source, join(dataDir, 'salon.db'));
}
const started = performance.now();
const { base, child } = await startService(dataDir);
console.log(
  `service healthy after ${Math.round(performance.now() - started)} ms (migrations included); load ${load()}`,
);
const answers: Record<string, unknown> = {};
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async (path: string) => {
    const at = performance.now();
    const response = await fetch(`${base}/api/reporting/${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body: unknown = await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - at, body };
  };
  for (const path of PATHS) {
    const first = await get(path);
    answers[path] = first.body;
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push((await get(path)).ms);
    console.log(
      `${path.padEnd(62)} first ${Math.round(first.ms)} ms; runs ${runs.map(Math.round).join(' / ')}; ` +
        `median ${Math.round(median(runs))} ms; load ${load()}`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolveExit) => child.once('exit', resolveExit));
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.ANSWERS) writeFileSync(process.env.ANSWERS, `${JSON.stringify(answers, null, 2)}\n`);
