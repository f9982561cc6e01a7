import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migrationNames } from '../db/migrate.js';
import { databaseCompanionFiles, databaseFile, uploadsDir } from '../storage/data-dir.js';
import { BackupArchive } from './archive-reader.js';
import { BackupError } from './errors.js';
import { DATABASE_ENTRY } from './manifest.js';
import { appliedMigrations, assertNotInUse, checkIntegrity } from './sqlite-file.js';
import { checkDeclaredSize, checkFreeSpace, defaultUnpackLimit } from './unpack-limits.js';

export interface RestoreOptions {
  dataDir: string;
  /** The backup archive. */
  archive: string;
  /** Replace the database and uploads already in `dataDir` (otherwise refused). */
  force?: boolean;
  /** Told each step, for the command line's progress lines. */
  onStep?: (message: string) => void;
  /** The migrations this version knows (tests pass a shorter list to play an older version). */
  knownMigrations?: readonly string[];
  /** The most the archive may unpack to (--max-size); default defaultUnpackLimit of its size. */
  maxBytes?: number;
}

/** The first bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface RestoreResult {
  schemaVersion: string;
  createdAt: string;
  appVersion: string;
  uploads: number;
}

/**
 * Restores a backup made by createBackup into `dataDir`, with the service stopped. Nothing in
 * `dataDir` changes until the whole archive has been unpacked beside it, every file matched
 * its checksum and the database passed PRAGMA integrity_check; then the database and the
 * uploads folder are swapped in by renames. Every path written is built here from the
 * manifest's checked names (`salon.db`, `uploads/<storage key>`), never taken from the archive.
 * Before anything is written, the declared total must fit the unpack limit and the free disk
 * space, and `salon.db` must start as a SQLite database does (unpack-limits.ts).
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir } = options;
  const known = options.knownMigrations ?? migrationNames;
  const step = options.onStep ?? (() => undefined);

  const archive = await BackupArchive.open(options.archive, known);
  try {
    const { manifest } = archive;
    const present = await existingData(dataDir);
    if (present.length > 0 && !options.force) {
      throw new BackupError(
        `${dataDir} already holds ${present.join(' and ')}: add --force to replace them with the backup`,
      );
    }
    assertNotInUse(databaseFile(dataDir));

    const archiveBytes = (await stat(options.archive)).size;
    const declared = archive.declaredBytes;
    const limit = options.maxBytes ?? defaultUnpackLimit(archiveBytes);
    checkDeclaredSize(declared, archiveBytes, limit, options.maxBytes !== undefined);
    const database = manifest.files.find((file) => file.path === DATABASE_ENTRY)!;
    const header = await archive.readStart(database, SQLITE_HEADER.length);
    if (!header.equals(SQLITE_HEADER)) {
      throw new BackupError(`refused: the archive's ${DATABASE_ENTRY} is not a SQLite database`);
    }

    await mkdir(dataDir, { recursive: true });
    await checkFreeSpace(declared, dataDir);
    const staging = await mkdtemp(join(dataDir, '.restore-'));
    try {
      const uploads = manifest.files.filter((file) => file.path !== DATABASE_ENTRY);
      step(`unpacking the database and ${uploads.length} uploaded files`);
      for (const file of manifest.files) await archive.extract(file, join(staging, file.path));

      step('checking the database (PRAGMA integrity_check)');
      const stagedDatabase = join(staging, DATABASE_ENTRY);
      checkIntegrity(stagedDatabase);
      const applied = appliedMigrations(stagedDatabase);
      const unknown = applied.filter((name) => !known.includes(name));
      if (unknown.length > 0) {
        throw new BackupError(`the backup's database has migrations this version does not know: ${unknown.join(', ')}`);
      }
      if (applied.at(-1) !== manifest.schema_version) {
        throw new BackupError(
          `the backup's database is at ${applied.at(-1)}, its manifest says ${manifest.schema_version}`,
        );
      }

      step(`putting the backup in place in ${dataDir}`);
      assertNotInUse(databaseFile(dataDir)); // again: unpacking a large archive takes a while
      await swapIn(staging, dataDir);
      return {
        schemaVersion: manifest.schema_version,
        createdAt: manifest.created_at,
        appVersion: manifest.app_version,
        uploads: uploads.length,
      };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    archive.close();
  }
}

/** What a restore would replace: the database, and any uploaded file. */
async function existingData(dataDir: string): Promise<string[]> {
  const present: string[] = [];
  if ([databaseFile(dataDir), ...databaseCompanionFiles(dataDir)].some((file) => existsSync(file))) {
    present.push('a database (salon.db)');
  }
  const uploads = await readdir(uploadsDir(dataDir), { recursive: true, withFileTypes: true }).catch(() => []);
  if (uploads.some((entry) => entry.isFile())) present.push('uploaded files (uploads/)');
  return present;
}

/**
 * Moves the unpacked backup from `staging` into `dataDir`. The old WAL and shared-memory files
 * go first: SQLite would otherwise replay the old database's WAL into the restored one. The old
 * uploads folder is moved into `staging`, which the caller removes.
 */
async function swapIn(staging: string, dataDir: string): Promise<void> {
  for (const file of [...databaseCompanionFiles(dataDir), databaseFile(dataDir)]) await rm(file, { force: true });
  await rename(join(staging, DATABASE_ENTRY), databaseFile(dataDir));
  const oldUploads = join(staging, 'replaced-uploads');
  if (existsSync(uploadsDir(dataDir))) await rename(uploadsDir(dataDir), oldUploads);
  const restoredUploads = join(staging, 'uploads');
  if (existsSync(restoredUploads)) await rename(restoredUploads, uploadsDir(dataDir));
}
