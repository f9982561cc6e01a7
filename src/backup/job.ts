import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { AppContext } from '../context.js';
import { readTimezone } from '../db/settings.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/types.js';
import { createBackup } from './create.js';
import { pruneBackups, scheduledBackupName } from './retention.js';

/*
 * The daily backup (BACKUP_DIR, BACKUP_KEEP_DAYS), a recurring job like the other daily runs:
 * every worker keeps it queued (`ensureBackupScheduled` on its maintenance tick) and each run
 * queues its successor at the next 03:00 in the salon's time zone. A machine switched off at
 * night takes the missed backup as soon as its worker starts. Only a worker on the machine of
 * DATA_DIR can run it, which on SQLite is every worker.
 */

export const BACKUP_JOB_KEY = 'system.backup';
const RUN_AT_HOUR = 3;

/** Milliseconds from `now` until the next 03:00 in `timezone` (DST days included). */
export function msUntilNextBackup(timezone: string, now: Date = new Date()): number {
  const local = DateTime.fromJSDate(now).setZone(timezone);
  let next = local.set({ hour: RUN_AT_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 }).set({ hour: RUN_AT_HOUR });
  return Math.max(0, next.toMillis() - now.getTime());
}

/** Keeps the daily backup queued while BACKUP_DIR is set (SQLite only: config.ts refuses it otherwise). */
export async function ensureBackupScheduled(ctx: Pick<AppContext, 'db' | 'config'>): Promise<void> {
  if (!ctx.config.backup) return;
  const timezone = await readTimezone(ctx.db);
  await enqueue(
    ctx.db,
    'system.backup',
    {},
    { key: BACKUP_JOB_KEY, ifAbsent: true, delayMs: msUntilNextBackup(timezone) },
  );
}

export function backupJob(ctx: AppContext): JobHandler<'system.backup'> {
  return async (_payload, { log }) => {
    const schedule = ctx.config.backup;
    if (!schedule || ctx.dialect !== 'sqlite') {
      log.info('scheduled backups are off (BACKUP_DIR unset): nothing to do');
      return;
    }
    // The successor first: a backup that fails is retried and may end dead (an alert on dead
    // jobs says so), and tomorrow's still runs.
    const timezone = await readTimezone(ctx.db);
    await enqueue(ctx.db, 'system.backup', {}, { key: BACKUP_JOB_KEY, delayMs: msUntilNextBackup(timezone) });
    const now = new Date();
    const backup = await createBackup({
      dataDir: ctx.config.dataDir,
      target: join(schedule.dir, scheduledBackupName(now)),
      // A retry within the same second finds its own earlier attempt's name.
      force: true,
    });
    const removed = await pruneBackups(schedule.dir, schedule.keepDays, now);
    log.info(
      { file: backup.file, bytes: backup.bytes, uploads: backup.uploads, schema: backup.schemaVersion, removed },
      'backup written',
    );
    if (backup.skipped.length > 0) {
      log.warn(
        { files: backup.skipped.slice(0, 20) },
        'files in DATA_DIR/uploads that the service did not make were left out',
      );
    }
  };
}
