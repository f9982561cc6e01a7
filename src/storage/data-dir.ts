import { join } from 'node:path';

/*
 * What the service keeps in DATA_DIR (docs/operations.md, "What is in DATA_DIR"), named in one
 * place for the server, the worker, and backup and restore.
 */

/** The embedded SQLite database, when DATABASE_URL is unset. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'salon.db');
}

/** SQLite's companions of the database in WAL mode: a stale pair must never meet another database. */
export function databaseCompanionFiles(dataDir: string): string[] {
  const database = databaseFile(dataDir);
  return [`${database}-wal`, `${database}-shm`];
}

/** The uploaded files (LocalDiskStorage's root). */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}
