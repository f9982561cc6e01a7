import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { testConfig } from '../../test/helpers/config.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { openDataDir, removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { createWorker } from '../composition.js';
import { createContext } from '../context.js';
import { enqueue } from '../jobs/queue.js';
import { createLogger } from '../logger.js';
import { WORK_DIR_PREFIX } from './create.js';
import { BACKUP_JOB_KEY, ensureBackupScheduled, msUntilNextBackup } from './job.js';
import { pruneBackups, scheduledBackupName, scheduledBackupTime } from './retention.js';

const DAY = 86_400_000;

describe('scheduled backups: names and retention', () => {
  after(removeTempDirs);

  it('a scheduled backup is named by its UTC time, and only such names are read as one', () => {
    const at = new Date('2027-03-14T02:00:05.250Z');
    assert.equal(scheduledBackupName(at), 'salon-backup-20270314T020005Z.zip');
    assert.deepEqual(scheduledBackupTime('salon-backup-20270314T020005Z.zip'), new Date('2027-03-14T02:00:05Z'));
    for (const name of [
      'salon-backup-20271314T020005Z.zip', // month 13
      'salon-backup-20270230T020005Z.zip', // 30 February
      'salon-backup-20270314T020005Z.zip.partial',
      'my-salon-backup-20270314T020005Z.zip',
      'salon-backup-latest.zip',
      'salon.zip',
    ]) {
      assert.equal(scheduledBackupTime(name), null, name);
    }
  });

  it('deletes only scheduled backups older than the kept days, never the newest, and work folders a crash left', async () => {
    const dir = tempDir('salon-retention-');
    const now = new Date('2027-06-30T03:00:00Z');
    const ago = (days: number) => scheduledBackupName(new Date(now.getTime() - days * DAY));
    const files = [ago(0), ago(1), ago(6), ago(8), ago(30), 'notes.txt', 'salon.zip', 'salon-backup-old.zip'];
    for (const name of files) writeFileSync(join(dir, name), 'x');
    // A folder with a backup's name is not a backup.
    mkdirSync(join(dir, ago(40)));
    const staleWork = join(dir, `${WORK_DIR_PREFIX}abc123`);
    const runningWork = join(dir, `${WORK_DIR_PREFIX}def456`);
    mkdirSync(staleWork);
    mkdirSync(runningWork);
    utimesSync(staleWork, new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - 2 * DAY));
    utimesSync(runningWork, new Date(now.getTime() - 60_000), new Date(now.getTime() - 60_000));

    const removed = await pruneBackups(dir, 7, now);
    assert.deepEqual(removed.sort(), [ago(8), ago(30), `${WORK_DIR_PREFIX}abc123`].sort());
    assert.deepEqual(
      readdirSync(dir).sort(),
      [
        ago(0),
        ago(1),
        ago(6),
        ago(40),
        'notes.txt',
        'salon.zip',
        'salon-backup-old.zip',
        `${WORK_DIR_PREFIX}def456`,
      ].sort(),
    );
  });

  it('keeps the newest backup however old, when the schedule stopped', async () => {
    const dir = tempDir('salon-retention-');
    const now = new Date('2027-06-30T03:00:00Z');
    const old = [40, 50, 60].map((days) => scheduledBackupName(new Date(now.getTime() - days * DAY)));
    for (const name of old) writeFileSync(join(dir, name), 'x');
    assert.deepEqual((await pruneBackups(dir, 7, now)).sort(), [old[1], old[2]].sort());
    assert.deepEqual(readdirSync(dir), [old[0]]);
  });

  it('runs at the next 03:00 in the salon’s time zone, across a DST change', () => {
    // 2027-03-28 is the spring change in Amsterdam (02:00 → 03:00).
    assert.equal(msUntilNextBackup('Europe/Amsterdam', new Date('2027-03-27T23:00:00Z')), 2 * 3_600_000);
    assert.equal(msUntilNextBackup('Europe/Amsterdam', new Date('2027-03-28T01:00:00Z')), 24 * 3_600_000);
    assert.equal(msUntilNextBackup('UTC', new Date('2027-06-30T03:00:00Z')), DAY);
  });
});

const skip = DIALECTS.includes('sqlite') ? false : 'SQLite backups: DIALECTS has no sqlite';

describe('the daily backup job [sqlite]', { skip }, () => {
  after(removeTempDirs);

  it('with BACKUP_DIR set, the worker keeps it queued; a run writes a backup, prunes old ones, and queues the next', async () => {
    const dataDir = tempDir('salon-data-');
    const backupDir = tempDir('salon-backups-');
    const old = scheduledBackupName(new Date(Date.now() - 30 * DAY));
    const recent = scheduledBackupName(new Date(Date.now() - DAY));
    writeFileSync(join(backupDir, old), 'x');
    writeFileSync(join(backupDir, recent), 'x');
    writeFileSync(join(backupDir, 'keep-me.zip'), 'x');

    const { db, close } = await openDataDir(dataDir);
    try {
      const off = createContext(testConfig({ dataDir }), { db, dialect: 'sqlite' }, createLogger('silent'));
      await ensureBackupScheduled(off);
      assert.equal(
        await db.selectFrom('jobs').select('id').where('name', '=', 'system.backup').executeTakeFirst(),
        undefined,
      );

      const config = testConfig({ dataDir, backup: { dir: backupDir, keepDays: 7 } });
      const ctx = createContext(config, { db, dialect: 'sqlite' }, createLogger('silent'));
      await ensureBackupScheduled(ctx);
      await ensureBackupScheduled(ctx);
      const queued = await db.selectFrom('jobs').selectAll().where('name', '=', 'system.backup').execute();
      assert.equal(queued.length, 1);
      assert.equal(queued[0]!.key, BACKUP_JOB_KEY);

      // Due now, as after a night the machine was off.
      await db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const started = Date.now();
      assert.equal(await createWorker(ctx).drain(), 1);

      const written = readdirSync(backupDir).filter((name) => name !== recent && name !== 'keep-me.zip');
      assert.equal(written.length, 1, written.join(', '));
      const time = scheduledBackupTime(written[0]!);
      assert.ok(time && Math.abs(time.getTime() - started) < 5000, written[0]);
      assert.deepEqual(readdirSync(backupDir).sort(), [written[0]!, recent, 'keep-me.zip'].sort());

      const next = await db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', 'system.backup')
        .where('status', '=', 'queued')
        .execute();
      assert.equal(next.length, 1);
      const expected = started + msUntilNextBackup('Europe/Amsterdam', new Date(started));
      assert.ok(Math.abs(Date.parse(next[0]!.run_at) - expected) < 5000, next[0]!.run_at);
    } finally {
      await close();
    }
  });

  it('a queued run after BACKUP_DIR was unset does nothing and queues no successor', async () => {
    const dataDir = tempDir('salon-data-');
    const { db, close } = await openDataDir(dataDir);
    try {
      const ctx = createContext(testConfig({ dataDir }), { db, dialect: 'sqlite' }, createLogger('silent'));
      await enqueue(db, 'system.backup', {}, { key: BACKUP_JOB_KEY });
      assert.equal(await createWorker(ctx).drain(), 1);
      const jobs = await db.selectFrom('jobs').select('status').where('name', '=', 'system.backup').execute();
      assert.deepEqual(jobs, [{ status: 'done' }]);
    } finally {
      await close();
    }
  });
});
