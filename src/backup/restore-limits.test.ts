import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { craftBackupArchive } from '../../test/helpers/crafted-archive.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { openDataDir, removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { insertClient } from '../../test/helpers/factories.js';
import { databaseFile } from '../storage/data-dir.js';
import { createBackup } from './create.js';
import { BackupError } from './errors.js';
import { restoreBackup } from './restore.js';
import {
  ByteLimitStream,
  checkDeclaredSize,
  checkFreeSpace,
  defaultUnpackLimit,
  MIN_UNPACK_LIMIT,
  parseSize,
} from './unpack-limits.js';

const skip = DIALECTS.includes('sqlite') ? false : 'SQLite backups: DIALECTS has no sqlite';
const GB = 1_000_000_000;

async function assertRefused(work: Promise<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof BackupError, `a BackupError (one line for the operator), got ${String(error)}`);
    assert.match(error.message, message);
    return true;
  });
}

describe('restore limits: what an archive may unpack to', () => {
  it('by default 100 times the archive, at least 256 MiB', () => {
    assert.equal(defaultUnpackLimit(1_000_000), MIN_UNPACK_LIMIT);
    assert.equal(defaultUnpackLimit(10 * GB), 1000 * GB);
  });

  it('a declared total over the limit is refused, saying how to raise it', () => {
    checkDeclaredSize(100, 1_000_000, defaultUnpackLimit(1_000_000), false);
    assert.throws(
      () => checkDeclaredSize(GB, 1_000_000, defaultUnpackLimit(1_000_000), false),
      /declares 1\.0 GB of files, more than 268\.4 MB, the most an archive of 1\.0 MB may unpack to .*--max-size/,
    );
    assert.throws(() => checkDeclaredSize(2000, 1_000_000, 1000, true), /the limit given with --max-size \(1\.0 kB\)/);
  });

  it('a declared total the disk has no room for is refused', async () => {
    await checkFreeSpace(1000, tempDir('salon-room-'));
    await assert.rejects(checkFreeSpace(Number.MAX_SAFE_INTEGER, tempDir('salon-room-')), /free .*make room first/);
  });

  it('the unpacked bytes are counted as they stream: one past the declared size fails', async () => {
    const sink = () =>
      new Writable({
        write: (_chunk, _encoding, callback) => callback(),
      });
    const chunks = () => Readable.from([Buffer.alloc(600), Buffer.alloc(400)]);
    await pipeline(chunks(), new ByteLimitStream(1000, 'salon.db'), sink());
    await assert.rejects(
      pipeline(chunks(), new ByteLimitStream(999, 'salon.db'), sink()),
      (error: unknown) => error instanceof BackupError && /salon\.db unpacks to more than/.test(error.message),
    );
  });

  it('--max-size reads sizes as the messages print them', () => {
    assert.equal(parseSize('5GB'), 5 * GB);
    assert.equal(parseSize('1.5 gb'), 1.5 * GB);
    assert.equal(parseSize('750MB'), 750_000_000);
    assert.equal(parseSize('4096'), 4096);
    for (const wrong of ['', 'lots', '-1GB', '0', '5 GiB']) assert.equal(parseSize(wrong), null, wrong);
  });
});

describe('restore of crafted archives [sqlite]', { skip }, () => {
  let database: Buffer;
  let genuine: string;
  before(async () => {
    const dataDir = tempDir('salon-data-');
    const { db, close } = await openDataDir(dataDir);
    await insertClient(db, { name: 'Kept Safe' });
    await close();
    database = readFileSync(databaseFile(dataDir));
    genuine = join(tempDir('salon-backups-'), 'salon.zip');
    await createBackup({ dataDir, target: genuine });
  });
  after(removeTempDirs);

  it('a small archive declaring a 1 GB database is refused before anything is written', async () => {
    const bomb = await craftBackupArchive([{ name: 'salon.db', data: database, declaredBytes: GB }]);
    const fresh = tempDir('salon-restore-');
    await assertRefused(restoreBackup({ dataDir: fresh, archive: bomb }), /declares 1\.0 GB of files.*--max-size/);
    assert.deepEqual(readdirSync(fresh), []);
  });

  it('an entry that inflates past the size it declares is stopped while unpacking, and nothing stays', async () => {
    // 20 MB of zeros deflate to a few kB; the archive says the file is the database's size.
    const inflating = Buffer.concat([database, Buffer.alloc(20_000_000)]);
    const bomb = await craftBackupArchive([{ name: 'salon.db', data: inflating, declaredBytes: database.length }]);
    const fresh = join(tempDir('salon-restore-'), 'data');
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: bomb }),
      /salon\.db (unpacks to more than|cannot be unpacked)/,
    );
    assert.deepEqual(readdirSync(fresh), [], 'the unpacking folder is removed');
  });

  it('a salon.db that is not a SQLite database is refused by its header before anything is unpacked', async () => {
    const notDatabase = await craftBackupArchive([
      { name: 'salon.db', data: Buffer.from('#!/bin/sh\necho this is not a database\n') },
      { name: 'uploads/logos/0123456789abcdef0123456789abcdef.png', data: randomBytes(5000) },
    ]);
    const fresh = tempDir('salon-restore-');
    await assertRefused(restoreBackup({ dataDir: fresh, archive: notDatabase }), /salon\.db is not a SQLite database/);
    assert.deepEqual(readdirSync(fresh), []);
  });

  it('a salon.db with a SQLite header and garbage after it is refused in one line, nothing replaced', async () => {
    const garbage = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), randomBytes(8192)]);
    const archive = await craftBackupArchive([{ name: 'salon.db', data: garbage }]);
    const fresh = join(tempDir('salon-restore-'), 'data');
    await assertRefused(restoreBackup({ dataDir: fresh, archive }), /the restored database (cannot be read|fails)/);
    assert.equal(existsSync(databaseFile(fresh)), false);
  });

  it('maxBytes (--max-size) overrides the default limit: below the backup it refuses, above it restores', async () => {
    const fresh = join(tempDir('salon-restore-'), 'data');
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: genuine, maxBytes: 1000 }),
      /the limit given with --max-size \(1\.0 kB\)/,
    );
    const restored = await restoreBackup({ dataDir: fresh, archive: genuine, maxBytes: GB });
    assert.equal(restored.uploads, 0);
    assert.equal(existsSync(databaseFile(fresh)), true);
  });
});
