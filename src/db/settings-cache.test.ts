import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DIALECTS } from '../../test/helpers/database.js';
import { statementCounter, twoConnections } from '../../test/helpers/two-connections.js';
import { SecretBox } from '../lib/secrets.js';
import { readSettings, readSettingsWithSecrets, readTimezone, updateSettingsRow } from './settings.js';
import { closeSettingsView, inSettingsView, openSettingsView, type SettingsView } from './settings-cache.js';

/** Runs `work` as a request's handler runs: inside its settings view. */
function inView<T>(view: SettingsView, work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => inSettingsView(view, () => void work().then(resolve, reject)));
}

for (const dialect of DIALECTS) {
  describe(`the settings held in process [${dialect}]`, () => {
    let connections: Awaited<ReturnType<typeof twoConnections>>;
    before(async () => {
      connections = await twoConnections(dialect);
    });
    after(() => connections.close());

    const version = async () =>
      (
        await connections.writer.db
          .selectFrom('settings')
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).version;

    it('the database moves the version on every update of the row, whoever writes it', async () => {
      const { writer } = connections;
      const start = await version();
      await writer.db.updateTable('settings').set({ salon_name: 'Kysely' }).where('id', '=', 1).execute();
      assert.equal(await version(), start + 1);
      await sql`update settings set salon_name = 'Plain SQL'`.execute(writer.db);
      assert.equal(await version(), start + 2);
      // Nothing changed, still a write: counted.
      await sql`update settings set salon_name = salon_name`.execute(writer.db);
      assert.equal(await version(), start + 3);
      // A writer cannot move it back (a restored row with an old version, say)…
      await writer.db.updateTable('settings').set({ version: 1, salon_name: 'Old' }).where('id', '=', 1).execute();
      assert.equal(await version(), start + 4);
      // …and one that moves it forward keeps its number.
      await writer.db
        .updateTable('settings')
        .set({ version: start + 100 })
        .where('id', '=', 1)
        .execute();
      assert.equal(await version(), start + 100);
    });

    it('reads the row once, then only its version; the held row is frozen and shared', async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      const first = await readSettings(db);
      const statements = counter.count;
      assert.ok(statements <= 2, `the first read: ${statements} statements`);
      const second = await readSettings(db);
      assert.equal(counter.count, statements + 1, 'one statement: the version');
      assert.equal(second, first, 'the same object');
      assert.ok(Object.isFrozen(second));
      assert.throws(() => {
        (second as { salon_name: string }).salon_name = 'changed by a caller';
      }, TypeError);
      assert.notEqual((await readSettings(db)).salon_name, 'changed by a caller');
    });

    it('a write on another connection, through Kysely or in plain SQL, is seen by the next read', async () => {
      const { reader, writer } = connections;
      await readSettings(reader.db);
      await writer.db.updateTable('settings').set({ salon_name: 'Elsewhere' }).where('id', '=', 1).execute();
      assert.equal((await readSettings(reader.db)).salon_name, 'Elsewhere');
      await sql`update settings set timezone = 'America/New_York'`.execute(writer.db);
      assert.equal(await readTimezone(reader.db), 'America/New_York');
      await sql`update settings set timezone = 'Europe/Amsterdam'`.execute(writer.db);
      assert.equal(await readTimezone(reader.db), 'Europe/Amsterdam');
    });

    it('a read inside the writing transaction sees the write; a rollback leaves the held row as it was', async () => {
      const { db } = connections.reader;
      assert.equal(await readTimezone(db), 'Europe/Amsterdam');
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await updateSettingsRow(trx, { timezone: 'Asia/Tokyo' });
          assert.equal(await readTimezone(trx), 'Asia/Tokyo');
          assert.equal((await readSettings(trx)).timezone, 'Asia/Tokyo');
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.equal(await readTimezone(db), 'Europe/Amsterdam');
      // A plain update in the transaction (not through updateSettingsRow) is seen all the same.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('settings').set({ timezone: 'Asia/Tokyo' }).where('id', '=', 1).execute();
        assert.equal(await readTimezone(trx), 'Asia/Tokyo');
      });
      assert.equal(await readTimezone(db), 'Asia/Tokyo');
      await db.updateTable('settings').set({ timezone: 'Europe/Amsterdam' }).where('id', '=', 1).execute();
      assert.equal(await readTimezone(db), 'Europe/Amsterdam');
    });

    it('a transaction that wrote nothing is served the held row after one version check', async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      const held = await readSettings(db);
      await db.transaction().execute(async (trx) => {
        const before = counter.count;
        assert.equal(await readSettings(trx), held);
        assert.equal(counter.count, before + 1);
      });
    });

    it('the opened secrets are a copy of their own: the held row keeps them sealed', async () => {
      const { db } = connections.reader;
      const secrets = new SecretBox(randomBytes(32));
      await db
        .updateTable('settings')
        .set({ smtp_pass: secrets.seal('smtp password'), checkout_secret_key: secrets.seal('sk_test') })
        .where('id', '=', 1)
        .execute();
      const opened = await readSettingsWithSecrets({ db, secrets });
      assert.equal(opened.smtp_pass, 'smtp password');
      assert.equal(opened.checkout_secret_key, 'sk_test');
      const held = await readSettings(db);
      assert.notEqual(opened, held);
      assert.match(held.smtp_pass, /^enc:v1:/);
      assert.match(held.checkout_secret_key, /^enc:v1:/);
      opened.salon_name = 'only in the copy';
      assert.notEqual((await readSettings(db)).salon_name, 'only in the copy');
      assert.equal((await readSettingsWithSecrets({ db, secrets })).smtp_pass, 'smtp password');
    });

    it("a request's view: the version its guard read serves every read without a statement, until it writes", async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      const { writer } = connections;
      const held = await readSettings(db);
      const view = openSettingsView(db, held.version);
      await inView(view, async () => {
        const before = counter.count;
        assert.equal(await readSettings(db), held);
        assert.equal(await readTimezone(db), held.timezone);
        assert.equal(counter.count, before, 'no statement');
        // A write elsewhere after the request's look: the request keeps what it saw, as it
        // keeps the user its guard read.
        await writer.db.updateTable('settings').set({ salon_name: 'Meanwhile' }).where('id', '=', 1).execute();
        assert.equal((await readSettings(db)).salon_name, held.salon_name);
        // Its own write: seen from then on.
        await db.transaction().execute((trx) => updateSettingsRow(trx, { salon_city: 'Utrecht' }));
        const after = await readSettings(db);
        assert.equal(after.salon_city, 'Utrecht');
        assert.equal(after.salon_name, 'Meanwhile');
      });
      // Whatever the request left running after its response looks again on every read.
      closeSettingsView(view);
      await writer.db.updateTable('settings').set({ salon_name: 'After the response' }).where('id', '=', 1).execute();
      await inView(view, async () => {
        assert.equal((await readSettings(db)).salon_name, 'After the response');
        const before = counter.count;
        await readSettings(db);
        assert.equal(counter.count, before + 1, 'a closed view is not trusted: the version is checked');
      });
    });

    it('a view without a version learns it from its first read; one the guard saw change reads the row at once', async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      const held = await readSettings(db);
      await inView(openSettingsView(db, null), async () => {
        const before = counter.count;
        await readSettings(db);
        await readTimezone(db);
        assert.equal(counter.count, before + 1, 'one version check for the whole request');
      });
      await connections.writer.db.updateTable('settings').set({ salon_name: 'Newer' }).where('id', '=', 1).execute();
      await inView(openSettingsView(db, held.version + 1), async () => {
        const before = counter.count;
        assert.equal((await readSettings(db)).salon_name, 'Newer');
        assert.equal(counter.count, before + 1, 'the row, without asking for the version first');
      });
    });
  });
}
