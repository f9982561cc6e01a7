import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { ZipFile } from 'yazl';
import { DIALECTS } from '../../test/helpers/database.js';
import { openDataDir, putUpload, removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { insertClient } from '../../test/helpers/factories.js';
import { migrationNames } from '../db/migrate.js';
import { appVersion } from '../lib/app-version.js';
import { databaseFile, uploadsDir } from '../storage/data-dir.js';
import { createBackup } from './create.js';
import { BackupError } from './errors.js';
import { buildManifest, MANIFEST_ENTRY, type Manifest } from './manifest.js';
import { restoreBackup } from './restore.js';
import { checkIntegrity } from './sqlite-file.js';

const skip = DIALECTS.includes('sqlite') ? false : 'SQLite backups: DIALECTS has no sqlite';

/** The names of the clients in the database of `dataDir`. */
async function clientNames(dataDir: string): Promise<string[]> {
  const { db, close } = await openDataDir(dataDir);
  try {
    return (await db.selectFrom('clients').select('name').orderBy('id').execute()).map((row) => row.name);
  } finally {
    await close();
  }
}

/** A data directory with one client and one upload, as a running salon has. */
async function salonDataDir(clientName: string): Promise<{ dataDir: string; uploadKey: string; upload: Buffer }> {
  const dataDir = tempDir('salon-data-');
  const { db, close } = await openDataDir(dataDir);
  await insertClient(db, { name: clientName });
  await close();
  const upload = randomBytes(3000);
  return { dataDir, uploadKey: await putUpload(dataDir, 'packing-slips', upload, 'pdf'), upload };
}

interface CraftedEntry {
  name: string;
  data: Buffer;
}

/**
 * A zip archive with exactly these entry names, written as given. yazl refuses to write an
 * absolute or `..` name, so each entry is written under a placeholder of the same length and
 * the name patched into the bytes afterwards (the local header and the central directory).
 */
async function craftArchive(entries: CraftedEntry[], manifest?: Manifest | string): Promise<string> {
  const zip = new ZipFile();
  const patches: Array<[Buffer, Buffer]> = [];
  for (const [index, entry] of entries.entries()) {
    const placeholder = `${String(index).padStart(3, '0')}${'q'.repeat(entry.name.length - 3)}`;
    zip.addBuffer(entry.data, placeholder, { compress: false });
    patches.push([Buffer.from(placeholder), Buffer.from(entry.name)]);
  }
  const listed =
    manifest ??
    buildManifest({
      createdAt: new Date(),
      appVersion: appVersion(),
      schemaVersion: migrationNames.at(-1)!,
      files: entries.map((entry) => ({
        path: entry.name,
        bytes: entry.data.length,
        sha256: createHash('sha256').update(entry.data).digest('hex'),
      })),
    });
  zip.addBuffer(Buffer.from(typeof listed === 'string' ? listed : JSON.stringify(listed)), MANIFEST_ENTRY);
  zip.end();
  const bytes = await buffer(zip.outputStream as Readable);
  for (const [placeholder, name] of patches) {
    for (let at = bytes.indexOf(placeholder); at !== -1; at = bytes.indexOf(placeholder, at + 1)) name.copy(bytes, at);
  }
  const file = join(tempDir('salon-crafted-'), 'crafted.zip');
  writeFileSync(file, bytes);
  return file;
}

describe('backup and restore [sqlite]', { skip }, () => {
  let archive: string;
  let salon: Awaited<ReturnType<typeof salonDataDir>>;
  before(async () => {
    salon = await salonDataDir('Backed Up');
    archive = join(tempDir('salon-backups-'), 'salon.zip');
    await createBackup({ dataDir: salon.dataDir, target: archive });
  });
  after(removeTempDirs);

  async function assertRefused(work: Promise<unknown>, message: RegExp): Promise<void> {
    await assert.rejects(work, (error: unknown) => {
      assert.ok(error instanceof BackupError, String(error));
      assert.match(error.message, message);
      return true;
    });
  }

  it('restores into an empty DATA_DIR: the database, the uploads, and a manifest saying what made it', async () => {
    const fresh = join(tempDir('salon-restore-'), 'data');
    const restored = await restoreBackup({ dataDir: fresh, archive });
    assert.equal(restored.schemaVersion, migrationNames.at(-1));
    assert.equal(restored.appVersion, JSON.parse(readFileSync('package.json', 'utf8')).version);
    assert.ok(Date.now() - Date.parse(restored.createdAt) < 60_000);
    assert.equal(restored.uploads, 1);
    assert.deepEqual(await clientNames(fresh), ['Backed Up']);
    assert.deepEqual(readFileSync(join(uploadsDir(fresh), salon.uploadKey)), salon.upload);
    // Nothing of the unpacking is left behind.
    assert.deepEqual(readdirSync(fresh).sort(), ['salon.db', 'uploads']);
  });

  it('refuses to replace a database or uploads without --force and leaves them as they were; --force replaces both', async () => {
    const other = await salonDataDir('Already Here');
    await assertRefused(restoreBackup({ dataDir: other.dataDir, archive }), /already holds a database .* --force/);
    assert.deepEqual(await clientNames(other.dataDir), ['Already Here']);

    const uploadsOnly = tempDir('salon-uploads-only-');
    await putUpload(uploadsOnly, 'logos', randomBytes(10));
    await assertRefused(restoreBackup({ dataDir: uploadsOnly, archive }), /already holds uploaded files/);

    await restoreBackup({ dataDir: other.dataDir, archive, force: true });
    checkIntegrity(databaseFile(other.dataDir));
    assert.deepEqual(await clientNames(other.dataDir), ['Backed Up']);
    assert.deepEqual(readdirSync(uploadsDir(other.dataDir), { recursive: true }).sort(), [
      'packing-slips',
      join('packing-slips', salon.uploadKey.split('/')[1]!),
    ]);
  });

  it('never lets a WAL left by an old database replay into the restored one', async () => {
    // The old database was deleted by hand, its last writes still in the WAL beside it.
    const leftover = await salonDataDir('Deleted');
    const old = new SqliteDatabase(databaseFile(leftover.dataDir));
    old.pragma('wal_autocheckpoint = 0');
    old.prepare("update clients set name = 'From The Old WAL'").run();
    const wal = readFileSync(`${databaseFile(leftover.dataDir)}-wal`);
    old.close();
    rmSync(databaseFile(leftover.dataDir));
    writeFileSync(`${databaseFile(leftover.dataDir)}-wal`, wal);

    await assertRefused(restoreBackup({ dataDir: leftover.dataDir, archive }), /already holds a database/);
    await restoreBackup({ dataDir: leftover.dataDir, archive, force: true });
    checkIntegrity(databaseFile(leftover.dataDir));
    assert.deepEqual(await clientNames(leftover.dataDir), ['Backed Up']);
  });

  it('refuses, even with --force, while another connection has the database open (the service)', async () => {
    const running = await salonDataDir('Running');
    const service = await openDataDir(running.dataDir);
    try {
      await assertRefused(
        restoreBackup({ dataDir: running.dataDir, archive, force: true }),
        /open in another process \(is the service running\?\)/,
      );
    } finally {
      await service.close();
    }
    await restoreBackup({ dataDir: running.dataDir, archive, force: true });
  });

  it('refuses a backup of a schema this version does not know, or of a newer archive format, writing nothing', async () => {
    const fresh = tempDir('salon-restore-');
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive, knownMigrations: migrationNames.slice(0, -1) }),
      new RegExp(`schema \\(${migrationNames.at(-1)}, Salon [^)]+\\) is newer than this version of Salon knows`),
    );
    const db = { name: 'salon.db', data: readFileSync(databaseFile(salon.dataDir)) };
    const manifest = {
      ...buildManifest({ createdAt: new Date(), appVersion: '9.0.0', schemaVersion: '0001', files: [] }),
    };
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: await craftArchive([db], { ...manifest, format_version: 2 } as never) }),
      /archive format 2, made by a newer version of Salon \(9\.0\.0\)/,
    );
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: await craftArchive([db], '{"format":"something-else"}') }),
      /not a Salon backup/,
    );
    assert.deepEqual(readdirSync(fresh), []);
  });

  it('refuses an archive with an entry outside uploads/ or not listed in its manifest, writing nothing anywhere', async () => {
    const fresh = join(tempDir('salon-restore-'), 'deep', 'data');
    const db = { name: 'salon.db', data: readFileSync(databaseFile(salon.dataDir)) };
    const evil = Buffer.from('#!/bin/sh\necho owned\n');
    const cases: Array<[string, RegExp]> = [
      ['../../evil.sh', /invalid relative path/],
      ['uploads/../../../evil.sh', /invalid relative path/],
      ['/tmp/salon-evil.sh', /absolute path/],
      ['uploads/logos/evil.sh', /neither the database nor an upload/],
      ['jwt-secret', /neither the database nor an upload/],
      ['uploads/x/0123456789abcdef0123456789abcdef.png/../../../evil', /invalid relative path/],
    ];
    for (const [name, message] of cases) {
      await assertRefused(
        restoreBackup({ dataDir: fresh, archive: await craftArchive([db, { name, data: evil }]) }),
        message,
      );
    }
    // Listed in no manifest, though its name is fine.
    const stowawayName = `uploads/logos/${'c'.repeat(32)}.png`;
    const stowaway = await craftArchive(
      [db, { name: stowawayName, data: evil }],
      buildManifest({
        createdAt: new Date(),
        appVersion: '0',
        schemaVersion: migrationNames.at(-1)!,
        files: [
          { path: 'salon.db', bytes: db.data.length, sha256: createHash('sha256').update(db.data).digest('hex') },
        ],
      }),
    );
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: stowaway }),
      new RegExp(`holds "${stowawayName}", which its manifest does not list`),
    );
    // A manifest listing a path of its own.
    const listing = buildManifest({
      createdAt: new Date(),
      appVersion: '0',
      schemaVersion: migrationNames.at(-1)!,
      files: [{ path: '../evil.sh', bytes: 1, sha256: 'a'.repeat(64) }],
    });
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: await craftArchive([db], listing) }),
      /not a database or upload: "\.\.\/evil\.sh"/,
    );

    assert.equal(existsSync(fresh), false);
    assert.equal(existsSync('/tmp/salon-evil.sh'), false);
    assert.equal(existsSync(join(fresh, '..', '..', 'evil.sh')), false);
  });

  it('refuses a damaged or a cut-short archive', async () => {
    const fresh = tempDir('salon-restore-');
    const data = readFileSync(databaseFile(salon.dataDir));
    const damaged = await craftArchive(
      [{ name: 'salon.db', data }],
      buildManifest({
        createdAt: new Date(),
        appVersion: '0',
        schemaVersion: migrationNames.at(-1)!,
        files: [{ path: 'salon.db', bytes: data.length, sha256: 'b'.repeat(64) }],
      }),
    );
    await assertRefused(
      restoreBackup({ dataDir: fresh, archive: damaged }),
      /damaged: salon.db does not match its checksum/,
    );
    const whole = readFileSync(archive);
    const cut = join(tempDir('salon-cut-'), 'cut.zip');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await assertRefused(restoreBackup({ dataDir: fresh, archive: cut }), /is not a complete backup archive/);
    await assertRefused(restoreBackup({ dataDir: fresh, archive: join(fresh, 'nothing.zip') }), /no such file/);
    assert.deepEqual(readdirSync(fresh), []);
  });

  it('a backup refuses to replace an existing file without --force, and leaves nothing but the archive', async () => {
    const folder = tempDir('salon-backups-');
    const target = join(folder, 'salon.zip');
    writeFileSync(target, 'an older backup');
    await assertRefused(
      createBackup({ dataDir: salon.dataDir, target }),
      /exists: choose another name, or add --force/,
    );
    assert.equal(readFileSync(target, 'utf8'), 'an older backup');
    await createBackup({ dataDir: salon.dataDir, target, force: true });
    assert.deepEqual(readdirSync(folder), ['salon.zip']);
    await assertRefused(
      createBackup({ dataDir: tempDir('salon-empty-'), target: join(folder, 'x.zip') }),
      /no database at/,
    );
    await assertRefused(
      createBackup({ dataDir: salon.dataDir, target: join(folder, 'missing', 'x.zip') }),
      /does not exist/,
    );
    assert.deepEqual(readdirSync(folder), ['salon.zip']);
  });
});
