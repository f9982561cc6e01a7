import SqliteDatabase from 'better-sqlite3';

export interface SnapshotOptions {
  /**
   * Pages copied per step; between steps the event loop runs (the scheduled backup shares its
   * process with the HTTP server). Tests make it small to stretch a backup across many writes.
   */
  pagesPerStep?: number;
  /** Told the share copied (0–1) after each step. */
  onProgress?: (done: number) => void;
}

/** 4 MB a step at SQLite's default page size: a few milliseconds of the event loop each. */
const DEFAULT_PAGES_PER_STEP = 1024;

/**
 * Copies the SQLite database `source` to the new file `destination` with SQLite's online
 * backup API, while other connections (the running service) keep writing.
 *
 * The copy is the database as it was when this function started. The backup API on its own
 * gives that only if nothing writes during the copy: it holds its read lock for one step at a
 * time, and a write by another connection between two steps restarts it from page one, so
 * under steady writes a stepwise backup may never finish (measured: a database of about 25 MB,
 * written every millisecond by another process, was not copied after 10 s and 80,000 steps).
 * Here the source connection opens a read transaction first and keeps it for the whole copy:
 * in WAL mode that pins one snapshot, which writers do not disturb (they append to the WAL;
 * checkpoints stop short of pages a reader still needs), so the steps never restart and all
 * of them read the same moment (the same copy: 0.3 s).
 */
export async function snapshotSqlite(
  source: string,
  destination: string,
  options: SnapshotOptions = {},
): Promise<void> {
  const sqlite = new SqliteDatabase(source, { fileMustExist: true });
  try {
    sqlite.exec('begin');
    // A deferred transaction takes its snapshot at its first read.
    sqlite.prepare('select count(*) from sqlite_schema').get();
    const pages = Math.max(1, options.pagesPerStep ?? DEFAULT_PAGES_PER_STEP);
    await sqlite.backup(destination, {
      progress: ({ totalPages, remainingPages }) => {
        options.onProgress?.(totalPages > 0 ? 1 - remainingPages / totalPages : 1);
        return pages;
      },
    });
    options.onProgress?.(1);
    sqlite.exec('commit');
  } finally {
    sqlite.close();
  }
}
