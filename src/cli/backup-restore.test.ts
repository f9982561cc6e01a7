import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { craftBackupArchive } from '../../test/helpers/crafted-archive.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { openDataDir, putUpload, removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { insertClient } from '../../test/helpers/factories.js';
import { runEntry } from '../../test/helpers/server-process.js';
import { databaseFile } from '../storage/data-dir.js';

/** Runs a command to its end: exit code and everything it printed. */
async function command(entry: string, args: string[], env: Record<string, string>) {
  const running = runEntry(entry, args, env);
  const code = await running.exited;
  return { code, output: running.output() };
}

const skip = DIALECTS.includes('sqlite') ? false : 'SQLite backups: DIALECTS has no sqlite';

describe('npm run backup and npm run restore [sqlite]', { skip }, () => {
  after(removeTempDirs);

  it('back up, restore into a fresh DATA_DIR, refuse to restore over it without --force', async () => {
    const dataDir = tempDir('salon-data-');
    const { db, close } = await openDataDir(dataDir);
    await insertClient(db, { name: 'On The Command Line' });
    await close();
    await putUpload(dataDir, 'logos', Buffer.from('a logo'));
    const archive = join(tempDir('salon-backups-'), 'salon.zip');

    const backup = await command('src/cli/backup.ts', [archive], { DATA_DIR: dataDir });
    assert.equal(backup.code, 0, backup.output);
    assert.match(
      backup.output,
      /copying the database: 0%\ncopying the database: 10%\n(.*\n)*copying the database: 100%\n/,
    );
    assert.match(
      backup.output,
      new RegExp(`backup written: ${archive} \\([\\d.]+ kB; schema \\d{4}_\\w+; 1 uploaded file\\)`),
    );

    const fresh = join(tempDir('salon-restore-'), 'data');
    const restore = await command('src/cli/restore.ts', [archive], { DATA_DIR: fresh });
    assert.equal(restore.code, 0, restore.output);
    assert.match(restore.output, /checking the database \(PRAGMA integrity_check\)\n/);
    assert.match(
      restore.output,
      new RegExp(
        `restored into ${fresh}: the backup of \\S+ \\(Salon [\\d.]+, schema \\w+, 1 uploaded file\\); integrity check ok`,
      ),
    );
    const restored = await openDataDir(fresh);
    assert.deepEqual(await restored.db.selectFrom('clients').select('name').execute(), [
      { name: 'On The Command Line' },
    ]);
    await restored.close();

    const again = await command('src/cli/restore.ts', [archive], { DATA_DIR: fresh });
    assert.equal(again.code, 1);
    assert.equal(
      again.output,
      `${fresh} already holds a database (salon.db) and uploaded files (uploads/): add --force to replace them with the backup\n`,
    );
  });

  it('on PostgreSQL and on a wrong command line: exit 1 with one line saying what to do', async () => {
    const dataDir = tempDir('salon-data-');
    const onPostgres = await command('src/cli/backup.ts', ['x.zip'], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://salon@db.example/salon',
    });
    assert.equal(onPostgres.code, 1);
    assert.match(
      onPostgres.output,
      /^this backs up the embedded SQLite database; on PostgreSQL use pg_dump and pg_restore .*pg_dump --format=custom/,
    );
    const usage = await command('src/cli/restore.ts', [], { DATA_DIR: dataDir });
    assert.equal(usage.code, 1);
    assert.equal(usage.output, 'usage: npm run restore -- <file.zip> [--force] [--max-size <size, e.g. 5GB>]\n');
    const unknownFlag = await command('src/cli/backup.ts', ['x.zip', '--forse'], { DATA_DIR: dataDir });
    assert.equal(unknownFlag.code, 1);
    assert.match(unknownFlag.output, /Unknown option '--forse'.*\nusage: npm run backup -- <file.zip> \[--force\]\n$/s);
  });

  it('npm run restore of a small archive declaring a 1 GB database, or of a salon.db that is not SQLite: exit 1 with one line, no stack trace, nothing written', async () => {
    const dataDir = tempDir('salon-data-');
    await (await openDataDir(dataDir)).close();
    const database = readFileSync(databaseFile(dataDir));
    const fresh = join(tempDir('salon-restore-'), 'data');

    const bomb = await craftBackupArchive([{ name: 'salon.db', data: database, declaredBytes: 1_000_000_000 }]);
    const refused = await command('src/cli/restore.ts', [bomb], { DATA_DIR: fresh });
    assert.equal(refused.code, 1);
    assert.match(refused.output, /^refused: the archive declares 1\.0 GB of files, more than .*--max-size\n$/);

    const notSqlite = await craftBackupArchive([{ name: 'salon.db', data: Buffer.from('not a database') }]);
    const header = await command('src/cli/restore.ts', [notSqlite], { DATA_DIR: fresh });
    assert.equal(header.code, 1);
    assert.equal(header.output, "refused: the archive's salon.db is not a SQLite database\n");

    const small = await command('src/cli/restore.ts', [bomb, '--max-size', '1kB'], { DATA_DIR: fresh });
    assert.equal(small.code, 1);
    assert.match(small.output, /^refused: .* the limit given with --max-size \(1\.0 kB\).*\n$/);
    const unreadable = await command('src/cli/restore.ts', [bomb, '--max-size=plenty'], { DATA_DIR: fresh });
    assert.equal(unreadable.code, 1);
    assert.equal(unreadable.output, '--max-size must be a size such as 5GB or 750MB, got "plenty"\n');
    for (const output of [refused.output, header.output, small.output]) assert.doesNotMatch(output, /\n\s+at /);
    assert.equal(existsSync(fresh), false);
  });

  it('npm start refuses a schedule it cannot run, with a configuration error', async () => {
    const start = await command('src/main.ts', [], { DATA_DIR: tempDir('salon-data-'), BACKUP_KEEP_DAYS: '7' });
    assert.equal(start.code, 1);
    assert.match(
      start.output,
      /^configuration error: BACKUP_KEEP_DAYS is set but BACKUP_DIR, the folder of the daily backups, is not\n$/,
    );
  });
});
