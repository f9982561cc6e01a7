import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/helpers/database.js';
import { nextNumber } from './sequences.js';

for (const dialect of DIALECTS) {
  describe(`sequences [${dialect}]`, () => {
    let testDb: TestDatabase;
    before(async () => {
      testDb = await createTestDatabase(dialect);
    });
    after(() => testDb.drop());

    it('IO numbers are IO + two-digit year + four digits and restart each year', async () => {
      const db = testDb.database.db;
      const in2026 = new Date('2026-03-01T12:00:00Z');
      const in2027 = new Date('2027-01-05T12:00:00Z');
      assert.equal(await nextNumber(db, 'IO', 'Europe/Amsterdam', in2026), 'IO260001');
      assert.equal(await nextNumber(db, 'IO', 'Europe/Amsterdam', in2026), 'IO260002');
      assert.equal(await nextNumber(db, 'IO', 'Europe/Amsterdam', in2027), 'IO270001');
      assert.equal(await nextNumber(db, 'IO', 'Europe/Amsterdam', in2026), 'IO260003');
    });

    it('the year of an IO number is the year in the salon time zone', async () => {
      const db = testDb.database.db;
      // 23:30 UTC on 31 December is already New Year in Amsterdam.
      assert.match(await nextNumber(db, 'IO', 'Europe/Amsterdam', new Date('2030-12-31T23:30:00Z')), /^IO310001$/);
      assert.match(await nextNumber(db, 'IO', 'UTC', new Date('2032-12-31T23:30:00Z')), /^IO320001$/);
    });

    it('CRED and ART_PRODUCT numbers carry no year, never restart and grow past 999', async () => {
      const db = testDb.database.db;
      assert.equal(await nextNumber(db, 'CRED', 'Europe/Amsterdam', new Date('2026-01-01T12:00:00Z')), 'CRED001');
      assert.equal(await nextNumber(db, 'CRED', 'Europe/Amsterdam', new Date('2027-01-01T12:00:00Z')), 'CRED002');
      assert.equal(await nextNumber(db, 'ART_PRODUCT', 'Europe/Amsterdam'), 'ART_PRODUCT001');
      await db.updateTable('sequences').set({ value: 999 }).where('name', '=', 'ART_PRODUCT').execute();
      assert.equal(await nextNumber(db, 'ART_PRODUCT', 'Europe/Amsterdam'), 'ART_PRODUCT1000');
    });

    it('numbers are unique under concurrent creation, each in its own transaction', async () => {
      const db = testDb.database.db;
      const numbers = await Promise.all(
        Array.from({ length: 30 }, () =>
          db
            .transaction()
            .execute((trx) => nextNumber(trx, 'IO', 'Europe/Amsterdam', new Date('2040-06-01T12:00:00Z'))),
        ),
      );
      assert.equal(new Set(numbers).size, 30);
      assert.deepEqual(
        [...numbers].sort(),
        Array.from({ length: 30 }, (_, i) => `IO40${String(i + 1).padStart(4, '0')}`),
      );
    });

    it('a rolled-back transaction gives its number back', async () => {
      const db = testDb.database.db;
      const at = new Date('2050-06-01T12:00:00Z');
      await db
        .transaction()
        .execute(async (trx) => {
          await nextNumber(trx, 'IO', 'UTC', at);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      assert.equal(await nextNumber(db, 'IO', 'UTC', at), 'IO500001');
    });
  });
}
