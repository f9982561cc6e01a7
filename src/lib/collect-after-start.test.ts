import assert from 'node:assert/strict';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { collectAfterStart } from './collect-after-start.js';

describe('the collection after the start', () => {
  it('runs a second after the start as full collections back to back (the memory-reducing kind); the global scope gets no gc', async () => {
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as unknown as { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
          majors.push(entry.startTime);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      const started = performance.now();
      collectAfterStart();
      assert.equal((globalThis as { gc?: unknown }).gc, undefined);
      await sleep(600);
      assert.deepEqual(majors, [], 'not before its time');
      await sleep(900);
      // V8's last-resort collection repeats full collections until nothing more is freed.
      assert.ok(majors.length >= 2, `${majors.length} full collections`);
      assert.ok(majors[0]! >= started + 900, `at ${majors[0]! - started} ms`);
    } finally {
      observer.disconnect();
    }
  });
});
