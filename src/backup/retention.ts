import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WORK_DIR_PREFIX } from './create.js';

/*
 * The scheduled backups' names and their retention. Retention looks only at names it made:
 * `salon-backup-<UTC time>.zip`, dated by the name (not by the file's time, which a copy or a
 * restore of the folder changes), and the work directories of backups cut short. Anything
 * else in the folder is never touched.
 */

const NAME = /^salon-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.zip$/;
/** A work directory is left only by a crash; no backup takes this long. */
const STALE_WORK_DIR_MS = 24 * 3_600_000;

/** `salon-backup-20270314T020000Z.zip`: sorts by time, and says it in UTC whatever the machine's zone. */
export function scheduledBackupName(at: Date): string {
  return `salon-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.zip`;
}

/** The time in a scheduled backup's name, or null for any other name. */
export function scheduledBackupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  // A name such as …1399… parses to no date, or (Date's leniency) to another one: not ours.
  return !Number.isNaN(time.getTime()) && scheduledBackupName(time) === name ? time : null;
}

/**
 * Deletes the scheduled backups in `dir` older than `keepDays` days, except the newest, which
 * stays however old it is (a schedule that stopped running must not end with no backup at
 * all), and work directories left by a crash. Returns the names removed.
 */
export async function pruneBackups(dir: string, keepDays: number, now: Date = new Date()): Promise<string[]> {
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const entries = await readdir(dir, { withFileTypes: true });
  const backups = entries
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: entry.name, time: scheduledBackupTime(entry.name) }))
    .filter((backup): backup is { name: string; time: Date } => backup.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const removed: string[] = [];
  for (const backup of backups.slice(1)) {
    if (backup.time.getTime() >= cutoff) continue;
    await rm(join(dir, backup.name), { force: true });
    removed.push(backup.name);
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(WORK_DIR_PREFIX)) continue;
    const path = join(dir, entry.name);
    if ((await stat(path)).mtimeMs < now.getTime() - STALE_WORK_DIR_MS) {
      await rm(path, { recursive: true, force: true });
      removed.push(entry.name);
    }
  }
  return removed;
}
