import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { migrateToLatest } from './migrate.js';

/*
 * 0023 rewrites the phones saved before numbers were validated in E.164, so that text
 * messages reach them; what is not a valid number is left for a person to correct.
 */

for (const dialect of DIALECTS) {
  describe(`migration 0023_client_phones_e164 [${dialect}]`, () => {
    it('valid phones saved before E.164 are rewritten in E.164 in the salon’s country; others stay as typed', async () => {
      const { database, drop } = await blankDatabase(dialect);
      try {
        const { db } = database;
        await migrateToLatest(db, dialect, '0022_web_sessions');
        await db.updateTable('settings').set({ language: 'nl' }).where('id', '=', 1).execute();
        const now = new Date().toISOString();
        const phones = ['06-1234 5678', '+32 470 12 34 56', '+31612345679', 'call the desk', '', ' 020 123 4567 '];
        const ids: number[] = [];
        for (const [i, phone] of phones.entries()) {
          const row = await db
            .insertInto('clients')
            .values({ name: `Client ${i}`, phone, created_at: now, updated_at: now } as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
        await migrateToLatest(db, dialect);
        const after = await db.selectFrom('clients').select(['id', 'phone']).orderBy('id').execute();
        assert.deepEqual(
          after.map((row) => row.phone),
          ['+31612345678', '+32470123456', '+31612345679', 'call the desk', '', '+31201234567'],
        );
      } finally {
        await drop();
      }
    });
  });
}
