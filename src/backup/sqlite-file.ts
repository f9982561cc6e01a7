import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { BackupError } from './errors.js';

/* Looks at a SQLite file outside the service's own connection: before and after a restore. */

function open(file: string, timeoutMs = 5000): SqliteDatabase.Database {
  return new SqliteDatabase(file, { fileMustExist: true, timeout: timeoutMs });
}

/** The names of the migrations applied to the database in `file`, in order. */
export function appliedMigrations(file: string): string[] {
  const sqlite = open(file);
  try {
    return sqlite
      .prepare<[], { name: string }>('select name from schema_migrations order by name')
      .all()
      .map((row) => row.name);
  } catch (error) {
    throw new BackupError(`${file} is not a Salon database: ${(error as Error).message}`);
  } finally {
    sqlite.close();
  }
}

/** SQLite's full consistency check (every page, index and constraint); throws unless it says `ok`. */
export function checkIntegrity(file: string): void {
  const sqlite = open(file);
  try {
    let problems: string[];
    try {
      problems = sqlite
        .prepare<[], { integrity_check: string }>('pragma integrity_check')
        .all()
        .map((row) => row.integrity_check);
    } catch (error) {
      // A file with a SQLite header and garbage after it: SQLite refuses to read it at all.
      throw new BackupError(`the restored database cannot be read: ${(error as Error).message}`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(`the restored database fails PRAGMA integrity_check: ${problems.slice(0, 5).join('; ')}`);
    }
  } finally {
    sqlite.close();
  }
}

/**
 * Refuses when another process has the database at `file` open: the running service, whose
 * files a restore must not pull away. Every connection to a WAL database keeps a shared lock
 * for as long as it is open, idle or not, so an exclusive lock is granted only when no other
 * connection exists; asking without waiting costs a few milliseconds. A file that SQLite
 * cannot read as a database at all is in nobody's use as one, and is left to be replaced.
 */
export function assertNotInUse(file: string): void {
  if (!existsSync(file)) return;
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = open(file, 0);
    sqlite.pragma('locking_mode = exclusive');
    sqlite.exec('begin exclusive; commit');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) {
      throw new BackupError(`${file} is open in another process (is the service running?): stop it before restoring`);
    }
  } finally {
    sqlite?.close();
  }
}
