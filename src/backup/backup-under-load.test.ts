import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DIALECTS } from '../../test/helpers/database.js';
import { openDataDir, putUpload, removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { clientRow } from '../../test/helpers/factories.js';
import { freePort, runEntry, waitFor } from '../../test/helpers/server-process.js';
import { uploadsDir } from '../storage/data-dir.js';
import { createBackup } from './create.js';
import { restoreBackup } from './restore.js';
import { checkIntegrity } from './sqlite-file.js';

/*
 * The promise of `npm run backup`: taken while the service keeps writing, a backup holds every
 * write the service acknowledged before the backup started, and restores into a working
 * database. The service is the real one (`npm start`, its own process, WAL mode), the writes
 * are HTTP requests creating clients, and the backup runs in this process, as the command does.
 */

const FILLER_CLIENTS = 20_000;
const WRITERS = 4;

const skip = DIALECTS.includes('sqlite') ? false : 'SQLite backups: DIALECTS has no sqlite';

describe('a backup under write load [sqlite]', { skip }, () => {
  after(removeTempDirs);

  it('holds every write acknowledged before it started, and restores into a fresh DATA_DIR that passes integrity_check', async () => {
    const dataDir = tempDir('salon-load-');
    // Some bulk, so that the copy spans thousands of steps while the writes go on.
    const seeded = await openDataDir(dataDir);
    const now = new Date().toISOString();
    for (let batch = 0; batch < FILLER_CLIENTS / 500; batch += 1) {
      await seeded.db
        .insertInto('clients')
        .values(
          Array.from({ length: 500 }, (_, i) =>
            clientRow({
              name: `Filler ${batch * 500 + i}`,
              email: null,
              notes: 'x'.repeat(200),
              created_at: now,
              updated_at: now,
            }),
          ),
        )
        .execute();
    }
    await seeded.close();
    const logo = randomBytes(20_000);
    const logoKey = await putUpload(dataDir, 'logos', logo);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = runEntry('src/main.ts', [], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const target = join(tempDir('salon-backups-'), 'under-load.zip');
    const acknowledged: Array<{ id: number; name: string; at: number }> = [];
    let before: typeof acknowledged;
    try {
      await waitFor('the service', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
      const setup = await fetch(`${base}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          admin_name: 'Load Owner',
          admin_email: 'load.owner@example.com',
          admin_password: 'load-password-1',
          salon_name: 'Load',
        }),
      });
      assert.equal(setup.status, 201);
      const { token } = (await setup.json()) as { token: string };

      let writing = true;
      let sequence = 0;
      const writer = async () => {
        while (writing) {
          sequence += 1;
          const name = `Load ${sequence}`;
          const response = await fetch(`${base}/api/clients`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ name }),
          });
          assert.equal(response.status, 201, await response.clone().text());
          const { id } = (await response.json()) as { id: number };
          acknowledged.push({ id, name, at: performance.now() });
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      await waitFor('the first writes', async () => (acknowledged.length >= 50 ? true : undefined));

      before = [...acknowledged];
      const started = performance.now();
      let copied = Infinity;
      const backup = await createBackup({
        dataDir,
        target,
        pagesPerStep: 4,
        onStep: (step) => {
          if (step.startsWith('archiving the database') && copied === Infinity) copied = performance.now();
        },
      });
      writing = false;
      await Promise.all(writers);

      const duringCopy = acknowledged.filter((write) => write.at > started && write.at < copied).length;
      assert.ok(duringCopy > 0, 'the service acknowledged writes while the database was being copied');
      assert.equal(backup.uploads, 1);
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }

    const fresh = join(tempDir('salon-restored-'), 'data');
    const restored = await restoreBackup({ dataDir: fresh, archive: target });
    assert.equal(restored.uploads, 1);
    checkIntegrity(join(fresh, 'salon.db'));

    const { db, close } = await openDataDir(fresh);
    try {
      const rows = await db.selectFrom('clients').select(['id', 'name']).where('name', 'like', 'Load %').execute();
      const found = new Map(rows.map((row) => [row.id, row.name]));
      const lost = before.filter((write) => found.get(write.id) !== write.name);
      assert.deepEqual(lost, [], `${lost.length} of ${before.length} acknowledged writes are not in the backup`);
      // Writes acknowledged after it started may or may not be in it, but none that was never made.
      const made = new Set(acknowledged.map((write) => write.id));
      assert.deepEqual(
        rows.filter((row) => !made.has(row.id)),
        [],
      );
      const filler = await db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', 'Filler %')
        .executeTakeFirstOrThrow();
      assert.equal(Number(filler.count), FILLER_CLIENTS);
    } finally {
      await close();
    }
    assert.deepEqual(readFileSync(join(uploadsDir(fresh), logoKey)), logo);
  });
});
