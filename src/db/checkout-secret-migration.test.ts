import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { SecretBox } from '../lib/secrets.js';
import { migrateToLatest, migrationNames } from './migrate.js';

/*
 * 0036 seals the checkout webhook secret that was saved in clear before it counted as a
 * secret, so the backups made after the upgrade no longer carry it.
 */

const MIGRATION = '0036_checkout_webhook_secret_sealed';
const BEFORE = migrationNames[migrationNames.indexOf(MIGRATION) - 1]!;
const WEBHOOK_SECRET = 'whsec_saved_in_clear_0123456789';

for (const dialect of DIALECTS) {
  describe(`migration ${MIGRATION} [${dialect}]`, () => {
    const upgrade = async (secrets: SecretBox) => {
      const { database, drop } = await blankDatabase(dialect);
      const { db } = database;
      try {
        await migrateToLatest(db, dialect, BEFORE);
        await db.updateTable('settings').set({ checkout_webhook_secret: WEBHOOK_SECRET }).where('id', '=', 1).execute();
        await migrateToLatest(db, dialect, undefined, secrets);
        return (await db.selectFrom('settings').select('checkout_webhook_secret').executeTakeFirstOrThrow())
          .checkout_webhook_secret;
      } finally {
        await drop();
      }
    };

    it('a checkout webhook secret stored in clear before the upgrade is sealed with SECRETS_KEY', async () => {
      const secrets = new SecretBox(randomBytes(32));
      const after = await upgrade(secrets);
      assert.ok(!after.includes(WEBHOOK_SECRET), 'still in clear');
      assert.equal(secrets.open(after), WEBHOOK_SECRET);
    });

    it('without SECRETS_KEY the secret stays as given (as every secret is stored then)', async () => {
      assert.equal(await upgrade(new SecretBox(null)), WEBHOOK_SECRET);
    });
  });
}
