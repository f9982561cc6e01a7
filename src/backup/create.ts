import { existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { appVersion } from '../lib/app-version.js';
import { databaseFile, uploadsDir } from '../storage/data-dir.js';
import { isStorageKey } from '../storage/storage.js';
import { ArchiveWriter } from './archive-writer.js';
import { BackupError } from './errors.js';
import { buildManifest, DATABASE_ENTRY, UPLOADS_PREFIX } from './manifest.js';
import { appliedMigrations } from './sqlite-file.js';
import { snapshotSqlite, type SnapshotOptions } from './sqlite-snapshot.js';

export interface BackupOptions extends SnapshotOptions {
  dataDir: string;
  /** The archive to write. */
  target: string;
  /** Replace `target` when it exists (otherwise refused). */
  force?: boolean;
  /** Told each step, for the command line's progress lines. */
  onStep?: (message: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  schemaVersion: string;
  uploads: number;
  /** Files under uploads/ that are not storage keys (so never the service's): left out. */
  skipped: string[];
}

/** A prefix of the work directories (scheduled backups' retention removes old ones left by a crash). */
export const WORK_DIR_PREFIX = '.salon-backup-';

/**
 * Writes a backup of the SQLite database and the uploads of `dataDir` to `target`, while the
 * service keeps running: first a consistent copy of the database (sqlite-snapshot.ts), then
 * the uploads. In that order every file the copy refers to is already on disk when the
 * uploads are read (a key is written before the row that names it commits, and never
 * rewritten); only a file deleted in the seconds between the two steps can be missing, and
 * a file added meanwhile is taken along unreferenced, which is harmless.
 *
 * Everything is written inside a hidden work directory next to `target` and renamed to
 * `target` only once complete and synced, so a backup cut short (crash, full disk) never
 * appears under the name of a finished one.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const source = databaseFile(options.dataDir);
  const target = resolve(options.target);
  const step = options.onStep ?? (() => undefined);
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}: is DATA_DIR right?`);
  if (existsSync(target) && !options.force) {
    throw new BackupError(`${target} exists: choose another name, or add --force to replace it`);
  }
  if (!existsSync(dirname(target))) throw new BackupError(`the directory ${dirname(target)} does not exist`);

  const work = await mkdtemp(join(dirname(target), WORK_DIR_PREFIX));
  try {
    const copy = join(work, DATABASE_ENTRY);
    await snapshotSqlite(source, copy, { ...options, onProgress: inTenths('copying the database', step) });
    const schemaVersion = appliedMigrations(copy).at(-1);
    if (!schemaVersion) throw new BackupError(`${source} has no migrations applied: not a Salon database`);

    const partial = join(work, basename(target));
    const archive = await ArchiveWriter.create(partial);
    try {
      // Deflate shrinks a database several times; uploads are images and PDFs, compressed already.
      await archive.add(copy, DATABASE_ENTRY, { compress: true, onProgress: inTenths('archiving the database', step) });
      const { keys, skipped } = await listUploads(uploadsDir(options.dataDir));
      step(`archiving ${keys.length} uploaded files`);
      let uploads = 0;
      for (const key of keys) {
        if (await archive.add(join(uploadsDir(options.dataDir), key), UPLOADS_PREFIX + key, { compress: false })) {
          uploads += 1;
        }
      }
      await archive.finish(
        buildManifest({ createdAt: new Date(), appVersion: appVersion(), schemaVersion, files: archive.files }),
      );
      await rename(partial, target);
      await syncDirectory(dirname(target));
      return { file: target, bytes: (await stat(target)).size, schemaVersion, uploads, skipped };
    } catch (error) {
      archive.abort();
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Reports a task's progress as `label: 0%`, `label: 10%` … `label: 100%`, each line once. */
function inTenths(label: string, step: (message: string) => void): (done: number) => void {
  let shown = -1;
  return (done) => {
    const tenths = Math.floor(Math.min(1, Math.max(0, done)) * 10);
    for (let tenth = shown + 1; tenth <= tenths; tenth += 1) step(`${label}: ${tenth * 10}%`);
    shown = Math.max(shown, tenths);
  };
}

/** The storage keys under `root` (`folder/name.ext`), sorted, and any other file found there. */
async function listUploads(root: string): Promise<{ keys: string[]; skipped: string[] }> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: [], skipped: [] };
    throw error;
  }
  const keys: string[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
    (isStorageKey(key) ? keys : skipped).push(key);
  }
  return { keys: keys.sort(), skipped: skipped.sort() };
}

/** Makes a rename in `dir` survive a power cut (the file's own data was synced before). */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
