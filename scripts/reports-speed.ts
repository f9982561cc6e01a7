import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import { startBuiltService } from '../bench/built-service.js';
import { BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD, TIMEZONE } from '../bench/generate.js';
import { DESKTOP } from '../web/e2e/actions.js';
import { launchChromium } from '../web/e2e/chromium.js';

/*
 * How fast the owner's report screens show their figures on the bench's full chain (2 M bookings,
 * 0.96 M orders): the built service (`dist/server/main.js`, as `npm start`) on a copy of the
 * bench's cached SQLite data set, each screen opened in Debian's chromium in a fresh browser
 * context (an empty cache: the reports' chunk is downloaded and started each time, as on the
 * first visit of the day), signed in as the bench's admin. Timed from the navigation's start to
 * the figures' table on screen (the chart's table alternative, or the heatmap's table), three runs,
 * median; with the reports' API answers' end (Resource Timing) beside it, to tell the API's time
 * from the page's. Each ranged report is opened on its default period (this month so far) and on
 * the longest the revenue chart draws (24 months). A measure, not a test: bench/README.md records
 * the figures.
 *
 *   npm run bench (once, to generate bench/.data) && node scripts/build-web.mjs \
 *     && node scripts/build-server.mjs && npx tsx scripts/reports-speed.ts
 *
 * CACHED=1 opens each screen in one context that has opened it once already (the code from the
 * browser's cache, as at a desk; the figures are asked for again each time).
 * BENCH_DB=<file> measures another SQLite file (it is copied first, never changed); ONLY=revenue,vat
 * only the screens whose names start so. BEFORE_ROOT=<checkout> measures that checkout's build too
 * (its service on the same copy), run for run in turn with this one's on each screen, so that
 * both meet the same load: a row per build and screen, and each build's medians at the end.
 */

const RUNS = 3;
/** `ONLY=revenue,items` measures only the screens whose names start so. */
const ONLY = process.env.ONLY?.split(',');
/** `CACHED=1`: the code in the browser's cache, as at a desk that opened the screen before. */
const CACHED = process.env.CACHED === '1';
/** `WATERFALL=1` prints each run's requests (start and end, ms from the navigation): the code's waves beside the session's refresh. */
const WATERFALL = process.env.WATERFALL === '1';
const REQUESTS = `performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/assets/') || e.name.includes('/api/'))
  .map((e) => Math.round(e.startTime) + '–' + Math.round(e.responseEnd) + ' ms ' + new URL(e.name).pathname)`;
const root = new URL('..', import.meta.url).pathname;

/** The newest cached data set of the bench (bench/run.ts keeps one, `bench/.data/sqlite-<key>/salon.db`). */
function benchDatabase(): string {
  if (process.env.BENCH_DB) return process.env.BENCH_DB;
  const dataRoot = join(root, 'bench', '.data');
  const sets = existsSync(dataRoot)
    ? readdirSync(dataRoot)
        .filter((entry) => entry.startsWith('sqlite-') && existsSync(join(dataRoot, entry, 'meta.json')))
        .map((entry) => join(dataRoot, entry, 'salon.db'))
    : [];
  const newest = sets.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error('no bench data set in bench/.data: run `npm run bench` first (it generates one)');
  return newest;
}

/** `BEFORE_ROOT=<checkout>`: that build measured too, in turn with this one. */
const BEFORE_ROOT = process.env.BEFORE_ROOT;

/** The built service of `serviceRoot` on the copy in `dataDir` (SQLite), without its worker. */
function startService(dataDir: string, serviceRoot = root) {
  return startBuiltService({
    root: serviceRoot,
    args: ['dist/server/main.js'],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'reports-speed-jwt-secret-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
      WORKER: 'off',
      // Each browser context is a desk of its own (its own X-Forwarded-For, below): the per-address
      // limit on the session's refresh (60 a minute) is not what is measured, and ~80 page loads a
      // minute from one address would meet it.
      TRUST_PROXY: 'true',
    },
    timeoutMs: 120_000,
    pollMs: 50,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

// ---------------------------------------------------------------- the screens

const today = DateTime.now().setZone(TIMEZONE).startOf('day');
/** The longest period the revenue chart draws whole: 24 calendar months up to today. */
const LONG = `from=${today.startOf('month').minus({ months: 23 }).toISODate()}&to=${today.toISODate()}`;
const RANGED = ['revenue', 'items', 'staff', 'retention', 'bookings', 'promotions', 'gift-cards', 'vat'];
const SCREENS: { name: string; path: string }[] = [
  { name: 'dashboard (/manage/reports)', path: '/manage/reports' },
  ...RANGED.map((id) => ({ name: `${id}, this month so far`, path: `/manage/reports/${id}` })),
  { name: 'heatmap (all time)', path: '/manage/reports/heatmap' },
  { name: 'forecast (next 30 days)', path: '/manage/reports/forecast' },
  ...RANGED.map((id) => ({ name: `${id}, 24 months`, path: `/manage/reports/${id}?${LONG}` })),
];

/**
 * In the page: the time (ms from the navigation's start) at which the figures' table is in the
 * document with a row, or the report's empty state ("Nothing in this period.", English) or its
 * error; then the reports' API answers.
 */
const FIGURES_SHOWN = `new Promise((resolve) => {
  // A screen that never shows its figures is reported with what it shows instead, never waited for.
  const giveUpAt = performance.now() + 15000;
  const check = () => {
    const main = document.querySelector('main') ?? document.body;
    const table = main.querySelector('table.report-table tbody tr, table.heatmap tbody tr');
    const failed = main.querySelector('[role="alert"]');
    const empty = [...main.querySelectorAll('p')].some((p) => p.textContent === 'Nothing in this period.');
    if (table || failed || empty) {
      const api = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/reporting/'));
      resolve({
        shown: performance.now(),
        failed: failed ? failed.textContent : null,
        empty,
        requests: api.length,
        apiStart: Math.min(...api.map((e) => e.startTime)),
        apiEnd: Math.max(0, ...api.map((e) => e.responseEnd)),
        apiSlowest: Math.max(0, ...api.map((e) => e.responseEnd - e.requestStart)),
      });
    } else if (performance.now() > giveUpAt) {
      resolve({ shown: performance.now(), failed: 'nothing shown in 15 s: ' + main.innerText.slice(0, 300), empty: false, requests: 0, apiStart: 0, apiEnd: 0, apiSlowest: 0 });
    } else setTimeout(check, 5);
  };
  check();
})`;

interface Shown {
  shown: number;
  failed: string | null;
  /** The report's "Nothing in this period." instead of a table. */
  empty: boolean;
  requests: number;
  /** When the first report request was sent: before it, the page's code and the session's restore. */
  apiStart: number;
  apiEnd: number;
  apiSlowest: number;
}

const source = benchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'salon-reports-speed-'));
console.log(`data set: ${source} (${(statSync(source).size / 1e9).toFixed(2)} GB), copied to ${dataDir}`);
copyFileSync(source, join(dataDir, 'salon.db'));
const { base, child } = await startService(dataDir);
// The same data and the same signing key: the session cookie (per host, not per port) opens both.
const before = BEFORE_ROOT ? await startService(dataDir, BEFORE_ROOT) : null;
const builds = [
  { name: 'this build', base },
  ...(before ? [{ name: `before (${BEFORE_ROOT})`, base: before.base }] : []),
];
const browser = await launchChromium();
try {
  const options = { ...DESKTOP, baseURL: base, locale: 'en-GB', timezoneId: TIMEZONE };
  // Signed in once; each run starts a new context with the session cookie only (no cached code).
  let desks = 0;
  /** A new desk's address for a browser context (see TRUST_PROXY above). */
  const desk = () => ({ extraHTTPHeaders: { 'x-forwarded-for': `10.9.${(++desks >> 8) & 255}.${desks & 255}` } });
  const signIn = await browser.newContext({ ...options, ...desk() });
  const page = await signIn.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(BENCH_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(BENCH_ADMIN_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  const session = await signIn.storageState();

  // The manager's area without the reports: the reports' chunk (and its chart library) is not fetched.
  await page.goto('/manage');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const chunks = await page.evaluate<string[]>(
    `performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/assets/'))`,
  );
  const reportsChunkOnManage = chunks.some((name) => name.includes('ReportsScreens-'));
  await signIn.close();

  const assets = join(root, 'web', 'dist', 'assets');
  const withCharts = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('recharts-wrapper'),
  );
  for (const file of withCharts) {
    const bytes = readFileSync(join(assets, file));
    console.log(
      `chart library in: ${file}: ${Math.round(bytes.length / 1000)} KB, ${Math.round(gzipSync(bytes).length / 1000)} KB gzip`,
    );
  }
  console.log(
    `the reports' chunk fetched by /manage (the manager's area index): ${reportsChunkOnManage ? 'yes' : 'no'}`,
  );

  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const rows: string[] = [];
  const medians = builds.map(() => ({ shown: [] as number[], apiStart: [] as number[] }));
  for (const screen of SCREENS.filter((s) => !ONLY || ONLY.some((word) => s.name.startsWith(word)))) {
    const runs: Shown[][] = builds.map(() => []);
    // CACHED=1: one context per build, the screen visited once before the runs, as at a desk.
    const shared = CACHED
      ? await Promise.all(
          builds.map((build) =>
            browser.newContext({ ...options, ...desk(), baseURL: build.base, storageState: session }),
          ),
        )
      : null;
    for (const context of shared ?? []) {
      const warm = await context.newPage();
      await warm.goto(screen.path, { waitUntil: 'commit' });
      await warm.evaluate<Shown>(FIGURES_SHOWN);
      await warm.close();
    }
    // Run for run in turn: each build's runs meet the same moments of the machine's load.
    for (let run = 0; run < RUNS; run++) {
      for (const [index, build] of builds.entries()) {
        const context =
          shared?.[index] ??
          (await browser.newContext({ ...options, ...desk(), baseURL: build.base, storageState: session }));
        const tab = await context.newPage();
        await tab.goto(screen.path, { waitUntil: 'commit' });
        const result = await tab.evaluate<Shown>(FIGURES_SHOWN);
        if (WATERFALL)
          console.log(
            `${screen.path}, ${build.name}, run ${run + 1}:\n  ${(await tab.evaluate<string[]>(REQUESTS)).join('\n  ')}`,
          );
        await (shared ? tab.close() : context.close());
        if (result.failed !== null) throw new Error(`${screen.path}: ${result.failed}`);
        runs[index]!.push(result);
      }
    }
    for (const context of shared ?? []) await context.close();
    for (const [index, build] of builds.entries()) {
      const buildRuns = runs[index]!;
      const shown = buildRuns.map((r) => Math.round(r.shown));
      const apiStart = median(buildRuns.map((r) => r.apiStart));
      medians[index]!.shown.push(median(shown));
      medians[index]!.apiStart.push(apiStart);
      const line =
        `| ${screen.name}${builds.length > 1 ? `, ${build.name}` : ''} | ${shown.join(' / ')} | **${median(shown)}** | ${apiStart.toFixed(0)} ` +
        `| ${median(buildRuns.map((r) => r.apiEnd)).toFixed(0)} ` +
        `| ${median(buildRuns.map((r) => r.apiSlowest)).toFixed(0)} | ${buildRuns[0]?.requests ?? 0}${buildRuns[0]?.empty ? ' (empty)' : ''} | ${median(shown) <= 1000 ? 'yes' : '**no**'} |`;
      console.log(line);
      rows.push(line);
    }
  }
  console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  console.log(
    '\n| screen | figures shown, runs (ms) | median | first report request sent | last report answer in | slowest answer | report requests | ≤ 1 s |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
  for (const [index, build] of builds.entries()) {
    const { shown, apiStart } = medians[index]!;
    console.log(
      `${build.name}: figures shown, median of the ${shown.length} medians ${median(shown)} ms (${shown.filter((ms) => ms <= 1000).length} of ${shown.length} within 1 s, the slowest ${Math.max(...shown)} ms); first report request sent, median ${median(apiStart).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  for (const service of [child, ...(before ? [before.child] : [])]) {
    service.kill('SIGTERM');
    await new Promise((resolveExit) => service.once('exit', resolveExit));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
