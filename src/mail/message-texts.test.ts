import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DIALECTS } from '../../test/helpers/database.js';
import { statementCounter, twoConnections } from '../../test/helpers/two-connections.js';
import { readSettings } from '../db/settings.js';
import { withSettingsVersion } from '../db/settings-cache.js';
import { readMessageOverrides } from './message-texts.js';

/*
 * The salon's own message texts are held in process while the settings version stays, and
 * every change of them, by any writer, moves that version (migration 0031).
 */

const KEY = 'booking.confirmed';
const SUBJECT_KEY = 'booking.confirmed.subject';

for (const dialect of DIALECTS) {
  describe(`the message texts held in process [${dialect}]`, () => {
    let connections: Awaited<ReturnType<typeof twoConnections>>;
    before(async () => {
      connections = await twoConnections(dialect);
    });
    after(() => connections.close());

    const version = async () =>
      (await connections.writer.db.selectFrom('settings').select('version').executeTakeFirstOrThrow()).version;
    const saveText = (subject: string) =>
      connections.writer.db
        .insertInto('message_texts')
        .values({ key: KEY, language: 'en', subject, body: 'Body', updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['key', 'language']).doUpdateSet({ subject }))
        .execute();

    it('any change of the message texts, through Kysely or in plain SQL, moves the settings version', async () => {
      // Moves: grows by at least one (an upsert on PostgreSQL fires its INSERT and its UPDATE
      // triggers both).
      let last = await version();
      const moved = async () => {
        const now = await version();
        assert.ok(now > last, `version ${now} after ${last}`);
        last = now;
      };
      await saveText('Inserted');
      await moved();
      await saveText('Updated');
      await moved();
      await sql`update message_texts set body = 'Plain SQL'`.execute(connections.writer.db);
      await moved();
      await connections.writer.db.deleteFrom('message_texts').execute();
      await moved();
    });

    it('reads the texts once, then only the version; a change on another connection is seen by the next read', async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      await saveText('First');
      assert.equal((await readMessageOverrides(db, 'en')).get(SUBJECT_KEY), 'First');
      const before = counter.count;
      const again = await readMessageOverrides(db, 'en');
      assert.equal(again.get(SUBJECT_KEY), 'First');
      assert.equal(counter.count, before + 1, 'one statement: the version');

      await saveText('Second');
      assert.equal((await readMessageOverrides(db, 'en')).get(SUBJECT_KEY), 'Second');
      // Each language is held on its own.
      assert.equal((await readMessageOverrides(db, 'nl')).get(SUBJECT_KEY), undefined);
    });

    it('a transaction that changed a text reads its change; a rollback leaves the held texts as they were', async () => {
      const { db } = connections.reader;
      await saveText('Held');
      assert.equal((await readMessageOverrides(db, 'en')).get(SUBJECT_KEY), 'Held');
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await trx.updateTable('message_texts').set({ subject: 'Rolled back' }).execute();
          assert.equal((await readMessageOverrides(trx, 'en')).get(SUBJECT_KEY), 'Rolled back');
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.equal((await readMessageOverrides(db, 'en')).get(SUBJECT_KEY), 'Held');
    });

    it('work that read the version with its own row reads the settings and the texts without a statement', async () => {
      const counter = statementCounter();
      const db = connections.reader.db.withPlugin(counter);
      const held = await readSettings(db);
      await readMessageOverrides(db, 'en');
      await withSettingsVersion(db, held.version, async () => {
        const before = counter.count;
        assert.equal(await readSettings(db), held);
        await readMessageOverrides(db, 'en');
        assert.equal(counter.count, before, 'no statement');
      });
      // Outside it, the version is checked again.
      const before = counter.count;
      await readMessageOverrides(db, 'en');
      assert.equal(counter.count, before + 1);
    });
  });
}
