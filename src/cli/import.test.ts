import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connect } from '../db/connection.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/helpers/database.js';

/*
 * `npm run import` as an operator runs it: a process of its own on the configured database
 * (DATA_DIR's SQLite file, or DATABASE_URL), its summary on stdout, its progress on stderr
 * (a line per tenth when stderr is not a terminal), and its exit status.
 */

const root = new URL('../..', import.meta.url).pathname;

function runImport(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/import.ts', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stdout, stderr })));
}

describe('npm run import: usage', () => {
  it('a wrong command line prints the usage and exits 1, as does a missing file; --help exits 0', async () => {
    const wrong = await runImport(['bookings', 'file.csv'], {});
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /Unknown kind "bookings"/);
    assert.match(wrong.stderr, /Usage: npm run import/);
    const missing = await runImport(['clients', join(tmpdir(), 'no-such-export.csv')], {});
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /no such file/);
    const help = await runImport(['--help'], {});
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--dry-run/);
  });
});

for (const dialect of DIALECTS) {
  describe(`npm run import [${dialect}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let pg: TestDatabase | undefined;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'salon-import-'));
      env = { DATA_DIR: join(dir, 'data') };
      if (dialect === 'postgres') {
        pg = await createTestDatabase('postgres');
        env.DATABASE_URL = pg.url!;
      }
      writeFileSync(
        join(dir, 'klanten.csv'),
        '\uFEFFVoornaam;Achternaam;E-mailadres;Telefoonnummer\r\nJan;Berg;jan@example.com;06 1234 5678\r\nEva;Jansen;;0612345679\r\n',
      );
      writeFileSync(join(dir, 'broken.csv'), 'name,email\nBroken,not-an-email\n');
    });
    after(async () => {
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const clientCount = async () => {
      const database = pg ? connect({ databaseUrl: pg.url }) : connect({ sqliteFile: join(dir, 'data', 'salon.db') });
      try {
        const row = await database.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      } finally {
        await database.destroy();
      }
    };

    it('dry run, import, and a second run that changes nothing', async () => {
      const file = join(dir, 'klanten.csv');
      const dry = await runImport(['clients', file, '--preset', 'nl', '--dry-run'], env);
      assert.equal(dry.status, 0, dry.stderr);
      assert.match(
        dry.stdout,
        /clients: 2 rows: 2 would be created, 0 would be updated, 0 unchanged, 0 refused \(dry run/,
      );
      assert.match(dry.stderr, /imported 2\/2 rows \(100%\)/);
      assert.equal(await clientCount(), 0);

      const real = await runImport(['clients', file, '--preset', 'nl', '--verbose'], env);
      assert.equal(real.status, 0, real.stderr);
      assert.match(real.stdout, /line 2 \(jan@example.com\): create #\d+/);
      assert.match(real.stdout, /clients: 2 rows: 2 created, 0 updated, 0 unchanged, 0 refused/);
      assert.equal(await clientCount(), 2);

      const again = await runImport(['clients', file, '--preset', 'nl', '--json'], env);
      assert.equal(again.status, 0, again.stderr);
      const report = JSON.parse(again.stdout) as { totals: Record<string, number> };
      assert.deepEqual(report.totals, { rows: 2, create: 0, update: 0, unchanged: 2, refused: 0 });
      assert.equal(await clientCount(), 2);
    });

    it('refused rows are listed with their reason and the exit status is 2; a file refused as a whole, 1', async () => {
      const refused = await runImport(['clients', join(dir, 'broken.csv')], env);
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(
        refused.stdout,
        /line 2 \(not-an-email\): refused, validation_failed: email → email has an invalid value/,
      );
      const unmapped = await runImport(['services', join(dir, 'broken.csv'), '--map', 'name=ignore'], env);
      assert.equal(unmapped.status, 1);
      assert.match(unmapped.stderr, /import refused \(mapping_incomplete\)/);
    });
  });
}
