#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner (through tsx).
// The files are listed here rather than left to `--test`'s own discovery, so that a path filter
// picks them and a mistyped filter fails loudly; the run fails when a test fails or when no
// test ran at all.
// Usage: npm test [-- <path substring> …]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function findTests(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (entry.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const filters = process.argv.slice(2);
const files = ['src', 'test']
  .flatMap((dir) => findTests(join(root, dir)))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const tapDir = mkdtempSync(join(tmpdir(), 'salon-tap-'));
const tapFile = join(tapDir, 'results.tap');
console.log(`DIALECTS=${process.env.DIALECTS ?? 'sqlite'} — ${files.length} test files — node ${process.version}`);
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 4}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);

const tap = readFileSync(tapFile, 'utf8');
rmSync(tapDir, { recursive: true, force: true });
const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
const tests = count('tests');
const failed = count('fail');
if (tests === 0) {
  console.error('no test ran');
  process.exit(1);
}
if (result.status !== 0 || failed > 0) process.exit(result.status || 1);
