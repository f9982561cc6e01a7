/**
 * For a test file that touches no database (pure code): it runs in the pass whose DIALECTS
 * names SQLite and is skipped in a PostgreSQL-only pass. CI runs the whole suite once per
 * engine, and a second run of pure code would test nothing new. `scripts/run-tests.mjs` reads
 * the name of this function in a file's source to give such a file no weight in that pass.
 */
export function engineFreeSkip(): string | false {
  const dialects = (process.env.DIALECTS ?? 'sqlite').split(',').map((name) => name.trim());
  return dialects.includes('sqlite') ? false : 'touches no database: runs in the pass that includes SQLite';
}
