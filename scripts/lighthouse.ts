import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BOOKING_BUDGET_BYTES, firstLoadJs } from '../web/build/bundle-size.js';
import { startDemoSalon } from './demo-salon.js';

/*
 * `npm run lighthouse`: Lighthouse's mobile profile (a mid-range phone on a slow 4G line,
 * simulated) on the booking page of a small, realistic salon (scripts/demo-salon.ts), served by
 * the whole service from the current web build, in Debian's chromium. Prints each page's
 * performance, accessibility, best-practices and SEO scores, its key metrics and the booking
 * page's first-load JavaScript, and exits 1 when a score is under its bar. Too slow and too
 * dependent on the machine for `npm test`: run it after a change to the pages and write the
 * figures into bench/README.md ("Booking page in the browser").
 *
 *   npm run lighthouse                       # each page LIGHTHOUSE_RUNS (3) times, the median run
 *   LIGHTHOUSE_RUNS=1 npm run lighthouse     # quicker, noisier
 *   LIGHTHOUSE_REPORTS=/tmp/lh npm run lighthouse   # also writes each median run's HTML report there
 *   LIGHTHOUSE_TASKS=1 npm run lighthouse    # also each run's long tasks (what its blocking time is made of)
 *   LIGHTHOUSE_DIST=/tmp/dist npm run lighthouse    # another web build (a copy of web/dist), to compare
 *
 * A new public page adds a line to PAGES.
 */

const PAGES = [
  { name: '/book (English)', path: '/book?lang=en' },
  { name: '/book (Dutch)', path: '/book?lang=nl' },
];

/** The bars of the issue: a score under one fails the run. */
const BARS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const TASKS = process.env.LIGHTHOUSE_TASKS === '1';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * A run's long tasks as Lighthouse simulated them (the phone's slower CPU applied): when each
 * began, how long it took, the script it is attributed to and what its time went to (ms by
 * Lighthouse's task groups: script evaluation, parsing, style and layout...).
 */
function longTasks(lhr: Lhr): string[] {
  const details = lhr.audits['long-tasks']?.details as
    { debugData?: { urls: string[]; tasks: Array<Record<string, number>> } } | undefined;
  const { urls = [], tasks = [] } = details?.debugData ?? {};
  return tasks
    .slice()
    .sort((a, b) => a.startTime! - b.startTime!)
    .map(({ urlIndex, startTime, duration, ...groups }) => {
      const url = (urls[urlIndex!] ?? '?').replace(/^https?:\/\/[^/]+/, '');
      const parts = Object.entries(groups)
        .filter(([, ms]) => ms >= 5)
        .sort((a, b) => b[1] - a[1])
        .map(([group, ms]) => `${group} ${Math.round(ms)}`);
      return `at ${Math.round(startTime!)} ms, ${Math.round(duration!)} ms: ${url} (${parts.join(', ')})`;
    });
}

/** What kept a category under 100: its audits that did not pass, with their titles. */
function shortcomings(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)}): ${audit.title}`);
}

const DIST = process.env.LIGHTHOUSE_DIST || undefined;

const { gzipBytes, files } = firstLoadJs('public.html', DIST);
const salon = await startDemoSalon({ webDistDir: DIST });
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    '--headless=new',
    '--disable-gpu',
    '--disable-quic',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ],
  logLevel: 'silent',
});

let failed = false;
try {
  console.log(
    `Lighthouse, mobile profile, ${RUNS} run(s) per page (the median by performance), chromium at ${CHROME}\n`,
  );
  const rows: string[][] = [];
  let version = '';
  let benchmark = 0;
  // The pages take turns (English, Dutch, English, ...): on a machine whose load drifts, each
  // page's runs then meet the same moments, and a difference between them is the pages'.
  const runsOf = new Map(PAGES.map((page) => [page, [] as Result[]]));
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      for (let attempts = 0; ; attempts++) {
        const result = await lighthouse(`${salon.base}${page.path}`, {
          port: chrome.port,
          output: REPORTS ? 'html' : 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const error = result ? result.lhr.runtimeError : { message: 'no result' };
        if (!error) {
          runsOf.get(page)!.push(result!);
          break;
        }
        // A trace Chrome failed to record (NO_NAVSTART and the like) says nothing of the page: run again.
        if (attempts >= 2) throw new Error(`${page.path}: ${error.message}`);
      }
    }
  }
  for (const page of PAGES) {
    const runs = runsOf.get(page)!;
    // Every run's figures, not only the median's: under load they swing from run to run.
    for (const [index, { lhr }] of runs.entries()) {
      const figures = METRICS.map(
        ([id, label]) => `${label} ${lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '?'}`,
      );
      console.log(
        `${page.name}, run ${index + 1}: performance ${score(lhr, 'performance')}, ${figures.join(', ')}, ` +
          `CPU index ${Math.round(lhr.environment.benchmarkIndex)}`,
      );
      if (TASKS) for (const line of longTasks(lhr)) console.log(`  ${line}`);
    }
    runs.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const median = runs[Math.floor(runs.length / 2)]!;
    const lhr = median.lhr;
    version = lhr.lighthouseVersion;
    benchmark = Math.round(lhr.environment.benchmarkIndex);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const file = join(REPORTS, `${page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.html`);
      writeFileSync(file, String(median.report));
      writeFileSync(file.replace(/\.html$/, '.json'), JSON.stringify(lhr));
    }
    rows.push([
      page.name,
      ...CATEGORIES.map((category) => String(score(lhr, category))),
      ...METRICS.map(([id]) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '?'),
    ]);
    for (const category of CATEGORIES) {
      const value = score(lhr, category);
      const bar = BARS[category];
      if (bar !== undefined && value < bar) {
        failed = true;
        console.log(`${page.name}: ${category} ${value} is under ${bar}`);
      }
      for (const line of shortcomings(lhr, category)) console.log(`${page.name}, ${category}: ${line}`);
    }
  }

  const header = ['page', 'perf', 'a11y', 'BP', 'SEO', ...METRICS.map(([, label]) => label)];
  console.log(`\nLighthouse ${version}, ${new Date().toISOString().slice(0, 10)}, CPU benchmark index ${benchmark}`);
  // Lighthouse's own threshold: under it the machine is slower than the profile assumes (or busy).
  if (benchmark < 1000) console.log('(a benchmark index under 1000: a slow or busy machine; the scores suffer)');
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nbooking page first load: ${(gzipBytes / 1024).toFixed(1)} KB of JavaScript gzipped ` +
      `(budget ${BOOKING_BUDGET_BYTES / 1024} KB; ${files.join(', ')})`,
  );
  if (gzipBytes > BOOKING_BUDGET_BYTES) failed = true;
  console.log(
    `bars: performance ≥ ${BARS.performance}, accessibility ${BARS.accessibility}, best practices ≥ ${BARS['best-practices']}: ${failed ? 'FAILED' : 'met'}`,
  );
} finally {
  chrome.kill();
  await salon.close();
}
process.exit(failed ? 1 : 0);
