import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { ConfigError, DEFAULT_BACKUP_KEEP_DAYS, loadConfig, loadDataLocation } from '../config.js';

describe('scheduled backups from the environment (BACKUP_DIR, BACKUP_KEEP_DAYS)', () => {
  const dataDir = tempDir('salon-config-');
  after(removeTempDirs);
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const refused = (env: Record<string, string>, message: RegExp) =>
    assert.throws(
      () => load(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
    );

  it('off unless BACKUP_DIR is set; set, the folder is created and backups are kept 14 days', () => {
    assert.equal(load({}).backup, null);
    const dir = join(tempDir('salon-backups-'), 'nightly');
    assert.deepEqual(load({ BACKUP_DIR: dir }).backup, { dir, keepDays: DEFAULT_BACKUP_KEEP_DAYS });
    assert.ok(existsSync(dir));
    assert.equal(DEFAULT_BACKUP_KEEP_DAYS, 14);
    assert.deepEqual(load({ BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '30' }).backup, { dir, keepDays: 30 });
  });

  it('stops the start with a clear message on a value that cannot work', () => {
    const dir = tempDir('salon-backups-');
    refused({ BACKUP_KEEP_DAYS: '7' }, /BACKUP_KEEP_DAYS is set but BACKUP_DIR.* is not/);
    refused({ BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '0' }, /BACKUP_KEEP_DAYS must be an integer between 1 and 3650/);
    refused({ BACKUP_DIR: dir, BACKUP_KEEP_DAYS: 'a week' }, /BACKUP_KEEP_DAYS must be an integer/);
    refused(
      { BACKUP_DIR: dir, DATABASE_URL: 'postgres://salon@db.example/salon' },
      /BACKUP_DIR is set with DATABASE_URL: .*pg_dump/,
    );
    refused({ BACKUP_DIR: join(dataDir, 'uploads', 'backups') }, /must not be inside DATA_DIR\/uploads/);
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    refused({ BACKUP_DIR: join(file, 'backups') }, /BACKUP_DIR .* cannot be created or written to/);
  });

  it('the backup and restore commands read DATA_DIR and DATABASE_URL without creating anything', () => {
    const missing = join(tempDir('salon-config-'), 'not-yet');
    assert.deepEqual(loadDataLocation({ DATA_DIR: missing }), { dataDir: missing, databaseUrl: undefined });
    assert.equal(existsSync(missing), false);
    assert.throws(() => loadDataLocation({ DATABASE_URL: 'mysql://x' }), ConfigError);
  });
});
