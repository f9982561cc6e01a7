import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../src/db/connection.js';
import { formatInstant } from '../src/lib/time.js';
import { DIALECTS } from './helpers/database.js';
import { freePort, runEntry, waitFor, type RunningProcess } from './helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from './helpers/shared-database.js';

/*
 * Each API process holds the settings row in memory (src/db/settings-cache.ts). Two real
 * server processes on one database: a change made through one, or in plain SQL behind both
 * (an operator in psql), is what the other answers with on its very next request.
 */

interface Settings {
  salon_name: string;
  timezone: string;
  salon_city: string;
  updated_at: string;
  [field: string]: unknown;
}

for (const dialect of DIALECTS) {
  describe(`settings across two API processes [${dialect}]`, () => {
    const processes: RunningProcess[] = [];
    let shared: SharedDatabase;
    /** The test's own connection: the "operator in psql". */
    let direct: Database;
    let first: string;
    let second: string;
    let token: string;

    async function start(env: Record<string, string>): Promise<string> {
      const port = await freePort();
      const running = runEntry('main', [], { ...env, PORT: String(port) });
      processes.push(running);
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`the server on ${port}`, async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
      return base;
    }

    const get = async <T>(base: string, path: string, auth = true): Promise<T> => {
      const response = await fetch(`${base}${path}`, auth ? { headers: { authorization: `Bearer ${token}` } } : {});
      assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
      return (await response.json()) as T;
    };
    const settingsOf = (base: string) => get<Settings>(base, '/api/settings');
    const salonPageOf = (base: string) =>
      get<{ salon_name: string; timezone: string }>(base, '/api/public/salon-page', false);

    async function change(base: string, patch: Partial<Settings>): Promise<Settings> {
      const response = await fetch(`${base}/api/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(patch),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as Settings;
    }

    /** The row's updated_at as the API writes it in `timezone`. */
    async function storedUpdatedAt(timezone: string): Promise<string> {
      const row = await direct.db.selectFrom('settings').select('updated_at').executeTakeFirstOrThrow();
      return formatInstant(row.updated_at, timezone);
    }

    before(async () => {
      shared = await sharedDatabase(dialect);
      direct = shared.database;
      const env: Record<string, string> = {
        DATA_DIR: shared.config.dataDir,
        HOST: '127.0.0.1',
        WORKER: 'off',
        JWT_SECRET: randomBytes(32).toString('hex'),
        ...(shared.url ? { DATABASE_URL: shared.url } : {}),
      };
      first = await start(env);
      second = await start(env);

      const setup = await fetch(`${first}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          admin_name: 'Two Processes',
          admin_email: 'owner@two.example',
          admin_password: 'two-processes-pass',
          salon_name: 'Proc One',
        }),
      });
      assert.equal(setup.status, 201, await setup.clone().text());
      token = ((await setup.json()) as { token: string }).token;
    });

    after(async () => {
      for (const running of processes) {
        const code = await running.stop();
        assert.equal(code, 0, running.output());
      }
      await shared.drop();
    });

    it('a change through one process is what the other answers at once, signed in or not', async () => {
      // The second process reads (and holds) the settings first.
      assert.equal((await settingsOf(second)).salon_name, 'Proc One');
      assert.equal((await salonPageOf(second)).salon_name, 'Proc One');

      const changed = await change(first, { salon_name: 'Renamed', timezone: 'America/New_York' });
      assert.equal(changed.salon_name, 'Renamed');
      // Without a token first: no user check brings the version along, the read checks it itself.
      assert.deepEqual(await salonPageOf(second), await salonPageOf(first));
      assert.equal((await salonPageOf(second)).salon_name, 'Renamed');
      assert.equal((await salonPageOf(second)).timezone, 'America/New_York');
      const seen = await settingsOf(second);
      assert.deepEqual(seen, changed, 'the same answer from both processes');
      assert.equal(seen.updated_at, await storedUpdatedAt('America/New_York'), 'written in the new time zone');
      assert.equal('version' in seen, false, 'the row version is not part of the API');

      // Back and forth, each read right after the other process's write, signed in and not.
      for (let round = 0; round < 10; round++) {
        const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
        await change(writer, { salon_name: `Salon ${round}`, salon_city: `City ${round}` });
        if (round % 4 < 2) {
          assert.equal((await salonPageOf(reader)).salon_name, `Salon ${round}`);
          assert.equal((await settingsOf(reader)).salon_city, `City ${round}`);
        } else {
          assert.equal((await settingsOf(reader)).salon_city, `City ${round}`);
          assert.equal((await salonPageOf(reader)).salon_name, `Salon ${round}`);
        }
      }
    });

    it('an update in plain SQL behind both processes is seen by both on their next request', async () => {
      await settingsOf(first);
      await settingsOf(second);
      await sql`update settings set salon_name = 'Edited in SQL', timezone = 'Asia/Tokyo'`.execute(direct.db);
      // One process asked without a token first, the other with one.
      assert.equal((await salonPageOf(first)).salon_name, 'Edited in SQL');
      assert.equal((await settingsOf(second)).salon_name, 'Edited in SQL');
      for (const base of [first, second]) {
        const settings = await settingsOf(base);
        assert.equal(settings.salon_name, 'Edited in SQL');
        assert.equal(settings.updated_at, await storedUpdatedAt('Asia/Tokyo'));
        assert.equal((await salonPageOf(base)).timezone, 'Asia/Tokyo');
      }
    });
  });
}
