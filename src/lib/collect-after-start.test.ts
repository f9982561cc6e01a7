import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

/*
 * Run in a process of its own: the test runner shares one process among many test files, whose
 * allocations make V8 run full collections of its own at any time, which no observer can tell
 * apart from the one under test. Alone, a process that only waits makes none.
 */
const CHILD = `
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
const { collectAfterStart } = await import(process.env.MODULE_URL);
const majors = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(entry.startTime - started);
  }
});
observer.observe({ entryTypes: ['gc'] });
const started = performance.now();
collectAfterStart();
const globalGc = typeof globalThis.gc;
await sleep(600);
const early = [...majors];
await sleep(900);
observer.disconnect();
process.stdout.write(JSON.stringify({ globalGc, early, majors }));
`;

describe('the collection after the start', () => {
  it('runs a second after the start as full collections back to back (the memory-reducing kind); the global scope gets no gc', async () => {
    const moduleUrl = new URL('./collect-after-start.ts', import.meta.url).href;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', CHILD],
      { env: { ...process.env, MODULE_URL: moduleUrl }, cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    const { globalGc, early, majors } = JSON.parse(stdout) as { globalGc: string; early: number[]; majors: number[] };
    assert.equal(globalGc, 'undefined', 'the global scope gets no gc');
    assert.deepEqual(early, [], 'not before its time');
    // V8's last-resort collection repeats full collections until nothing more is freed.
    assert.ok(majors.length >= 2, `${majors.length} full collections`);
    assert.ok(majors[0]! >= 900, `at ${majors[0]!} ms`);
  });
});
