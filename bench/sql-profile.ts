import { writeFileSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

/*
 * BENCH_SQL_PROFILE=<file>: loaded into the service with --import, it times every SQLite
 * statement by its SQL text and writes the totals to <file> when the process exits. A tool of
 * the benchmark for finding the query behind a slow endpoint; not part of the service.
 */
const output = process.env.BENCH_SQL_PROFILE;
if (output) {
  const totals = new Map<string, { calls: number; ms: number }>();
  const probe = new SqliteDatabase(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run']) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const entry = totals.get(this.source) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        totals.set(this.source, entry);
      }
    };
  }
  process.on('exit', () => {
    const rows = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 60);
    writeFileSync(
      output,
      rows
        .map(
          ([source, { calls, ms }]) =>
            `${ms.toFixed(0).padStart(8)} ms ${String(calls).padStart(8)} calls  ${source.replace(/\s+/g, ' ').slice(0, 400)}`,
        )
        .join('\n') + '\n',
    );
  });
}
