#!/usr/bin/env node
// Runs every *.test.ts under src/, test/ and web/ with node's test runner (through tsx).
// The files are listed here rather than left to `--test`'s own discovery, so that a path filter
// picks them and a mistyped filter fails loudly; the run fails when a test fails or when no
// test ran at all.
//
// Speed: starting a process and loading the service's modules through tsx costs about 1.5 s
// of CPU per test file, a third of the suite's CPU when every file had its own process. The
// files are therefore split into TEST_CONCURRENCY groups (default 4), balanced by weight, and
// each group runs in one process (`--test-isolation=none`): the modules load once per group,
// and the groups run at the same time. Each file still builds its own app on its own fresh
// database. TEST_ISOLATION=process runs one process per file instead (slower; for a file that
// is suspected of leaking state into the next).
//
// Usage: npm test [-- <path substring> …]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function findTests(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (entry.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const filters = process.argv.slice(2);
const files = ['src', 'test', 'web']
  .flatMap((dir) => findTests(join(root, dir)))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? 4));
const isolation = process.env.TEST_ISOLATION === 'process' ? 'process' : 'none';
const dialects = (process.env.DIALECTS ?? 'sqlite').split(',').map((name) => name.trim());

/**
 * The slowest files' running time in seconds, measured in a whole SQLite run as CI makes it (four
 * groups on two cores). They are a fifth of the suite, so a file weighed wrongly by its size (a
 * pure test whose loops, not its size, make its time; a browser test that does more per line than
 * most) made one group minutes longer than another. Only these slow files are listed: an error
 * on a small file moves little. Measure again (the seconds per file in `npm test`'s report) when
 * one of them changes much.
 */
const MEASURED_SECONDS = {
  'web/e2e/email-links.test.ts': 209,
  'web/e2e/link-pages.test.ts': 144,
  'web/e2e/look.test.ts': 143,
  // Made quicker (the Dutch phone pass a short check; fewer samples): the figure before times
  // the CPU each took alone after over before (0.64 to 0.78; time.test.ts a fifth).
  'web/e2e/notifications.test.ts': 130,
  'web/e2e/manage-settings.test.ts': 120,
  'web/e2e/manage-offers.test.ts': 97,
  'web/e2e/client-card.test.ts': 82,
  'test/fuzz/openapi-fuzz.test.ts': 87,
  'src/lib/time.test.ts': 25,
};
/**
 * The size model's weight of a second: in a whole run at CI's concurrency a unit of weight below
 * costs about 0.4 ms (the groups' 4,700 s over the suite's weight, less the files listed here).
 */
const WEIGHT_PER_SECOND = 2500;

/**
 * A file's expected running time, for balancing the groups: its size times what a byte of such
 * a file costs. Measured on the whole suite (seconds per KB of source, SQLite, 2 cores): a browser
 * or component test (chromium, pages, axe) about 8, an API test about 0.6, a test that starts
 * processes of its own about 0.9 (it waits for them). A file whose cost has nothing to do with
 * its size says so in a comment, `test-weight: <multiplier>` (a fuzz run, a whole-tree scan).
 */
function weightOf(file) {
  const source = readFileSync(join(root, file), 'utf8');
  // Pure code (test/helpers/engine-free.ts) runs only in the pass that includes SQLite.
  if (source.includes('engineFreeSkip()') && !dialects.includes('sqlite')) return source.length * 0.1;
  const measured = MEASURED_SECONDS[file];
  if (measured !== undefined) {
    const runsHere = dialects.includes('sqlite') || !file.startsWith('web/');
    if (runsHere) return measured * WEIGHT_PER_SECOND;
  }
  const declared = /\btest-weight: (\d+)\b/.exec(source);
  if (declared) return source.length * Number(declared[1]);
  if (file.startsWith('web/e2e/') || file.startsWith('web/component/')) {
    // Without SQLite the browser tests but those of live updates run nothing (web/e2e/browser.ts).
    const runsHere = dialects.includes('sqlite') || !/BROWSER_DIALECTS|componentSkip/.test(source);
    return source.length * (runsHere ? 13 : 0.1);
  }
  return source.length * (/\b(spawn|fork|execFile)\(/.test(source) ? 2 : 1);
}

/** Splits the files into groups of about equal weight: the heaviest file goes to the lightest group, and so on. */
function groupsOf(list, count) {
  const groups = Array.from({ length: Math.min(count, list.length) }, () => ({ weight: 0, files: [] }));
  const byWeight = list.map((file) => ({ file, weight: weightOf(file) })).sort((a, b) => b.weight - a.weight);
  for (const { file, weight } of byWeight) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return groups.map((g) => g.files.sort());
}

// The web front end's tests (and any test of the pages the service serves) need its build, and
// the tests that start the service as `npm start` does run the compiled server: both made here
// once, before the groups start, rather than by several test processes at once. Quick when
// nothing changed (each build script compares a hash of its inputs).
for (const [script, what] of [
  ['scripts/build-web.mjs', 'web'],
  ['scripts/build-server.mjs', 'server'],
]) {
  const build = spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`the ${what} build failed`);
    process.exit(1);
  }
}

const tapDir = mkdtempSync(join(tmpdir(), 'salon-tap-'));
const env = { ...process.env, NODE_ENV: 'test' };

/** Runs node's test runner on `group`; resolves with its exit status, spec output and TAP. */
function runGroup(group, index, extraArgs) {
  const specFile = join(tapDir, `${index}.spec`);
  const tapFile = join(tapDir, `${index}.tap`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      // A test that waits for ever (a promise nothing settles) fails after ten minutes instead of
      // holding the whole run until CI gives up on it; the slowest test takes about two under load.
      '--test-timeout=600000',
      ...extraArgs,
      '--test-reporter=spec',
      `--test-reporter-destination=${specFile}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...group,
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const read = (file) => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return '';
        }
      };
      resolve({ status: status ?? (signal ? 1 : 0), spec: read(specFile), tap: read(tapFile) });
    });
  });
}

console.log(
  `DIALECTS=${process.env.DIALECTS ?? 'sqlite'} — ${files.length} test files — node ${process.version} — ` +
    (isolation === 'none'
      ? `${Math.min(concurrency, files.length)} processes`
      : `one process per file, ${concurrency} at once`),
);
const started = Date.now();
const runs =
  isolation === 'none'
    ? groupsOf(files, concurrency).map((group, index) =>
        runGroup(group, index, ['--test-isolation=none']).then((run) => {
          // A group's report is printed whole when it ends, so groups never interleave.
          process.stdout.write(run.spec);
          return run;
        }),
      )
    : [
        runGroup(files, 0, [`--test-concurrency=${concurrency}`]).then((run) => {
          process.stdout.write(run.spec);
          return run;
        }),
      ];
const results = await Promise.all(runs);
rmSync(tapDir, { recursive: true, force: true });

const count = (tap, name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
const total = (name) => results.reduce((sum, run) => sum + count(run.tap, name), 0);
const tests = total('tests');
const failed = total('fail') + total('cancelled');
console.log(
  `\nall groups: ${tests} tests, ${total('pass')} passed, ${failed} failed or cancelled, ` +
    `${total('skipped')} skipped, ${total('todo')} todo — ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
/**
 * The spec reporter lists a group's failures, with their errors and stacks, at the end of that
 * group's report, which may be printed long before the run ends. A log read from its end (CI keeps
 * only the end of a long one) would hold the failing tests' names but not why they failed, so the
 * failures of every group are printed again last: each failure's first lines (where it is, its
 * name, its message and the top of its stack).
 */
const LINES_PER_FAILURE = 16;
const failures = results.flatMap((run) => {
  const at = run.spec.lastIndexOf('✖ failing tests:');
  if (at < 0) return [];
  // After the heading, one entry per failure, each starting with where its test is.
  return run.spec
    .slice(run.spec.indexOf('\n', at) + 1)
    .split(/\n(?=test at )/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => entry.split('\n').slice(0, LINES_PER_FAILURE).join('\n'));
});
if (failures.length > 0) console.log(`\nwhy they failed (the first lines of each):\n\n${failures.join('\n\n')}`);
if (tests === 0) {
  // A test of pure code is skipped where DIALECTS does not include sqlite (engineFreeSkip).
  console.error(dialects.includes('sqlite') ? 'no test ran' : 'no test ran (pure code runs only with DIALECTS=sqlite)');
  process.exit(1);
}
if (failed > 0 || results.some((run) => run.status !== 0)) process.exit(1);
