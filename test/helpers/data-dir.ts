import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { connect } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DB } from '../../src/db/types.js';
import { databaseFile, uploadsDir } from '../../src/storage/data-dir.js';
import { LocalDiskStorage, newStorageKey } from '../../src/storage/storage.js';

const made: string[] = [];

/** A folder under the system's temporary directory, removed by `removeTempDirs`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Opens (creating and migrating when new) the SQLite database of `dataDir`, as the service does. */
export async function openDataDir(dataDir: string): Promise<{ db: Kysely<DB>; close: () => Promise<void> }> {
  const database = connect({ sqliteFile: databaseFile(dataDir) });
  await migrateToLatest(database.db, 'sqlite');
  return { db: database.db, close: () => database.destroy() };
}

/** Stores `data` as the service would (a generated key under DATA_DIR/uploads); returns the key. */
export async function putUpload(dataDir: string, folder: string, data: Buffer, extension = 'png'): Promise<string> {
  const key = newStorageKey(folder, extension);
  await new LocalDiskStorage(uploadsDir(dataDir)).put(key, data);
  return key;
}
