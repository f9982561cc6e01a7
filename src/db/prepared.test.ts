import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/helpers/database.js';
import { inListShape, listOf, listValues, prepared, preparedByShape } from './prepared.js';

const settingBySlot = prepared((db, p: { id: number; min: number }) =>
  db
    .selectFrom('settings')
    .select(['id', 'calendar_slot_min'])
    .where('id', '=', p.id)
    .where('calendar_slot_min', '>=', p.min),
);
const settingsPage = prepared((db, p: { limit: number; offset: number }) =>
  db.selectFrom('settings').select('id').where('id', '>', 0).orderBy('id').limit(p.limit).offset(p.offset),
);

// A constant with a quote and a request value compared with the same column.
const settingByZone = prepared((db, p: { timezone: string }) =>
  db.selectFrom('settings').select('id').where('timezone', '<>', "Europe/O'Brien").where('timezone', '=', p.timezone),
);

const settingsIn = preparedByShape((db, p: Record<string, number>, length: number) =>
  db
    .selectFrom('settings')
    .select('id')
    .where('id', 'in', listOf<number>(p, 'id', length))
    .orderBy('id'),
);

for (const dialect of DIALECTS) {
  describe(`prepared queries [${dialect}]`, () => {
    let testDb: TestDatabase;
    before(async () => {
      testDb = await createTestDatabase(dialect);
    });
    after(() => testDb.drop());

    it('each execution takes its own values; constants of the query stay', async () => {
      const db = testDb.database.db;
      const slot = (await db.selectFrom('settings').select('calendar_slot_min').executeTakeFirstOrThrow())
        .calendar_slot_min;
      assert.deepEqual(await settingBySlot.first(db, { id: 1, min: slot }), { id: 1, calendar_slot_min: slot });
      assert.equal(await settingBySlot.first(db, { id: 1, min: slot + 1 }), undefined);
      assert.equal(await settingBySlot.first(db, { id: 2, min: 0 }), undefined);
      assert.deepEqual(await settingsPage.all(db, { limit: 10, offset: 0 }), [{ id: 1 }]);
      assert.deepEqual(await settingsPage.all(db, { limit: 10, offset: 1 }), []);
    });

    it('a constant with a quote and a request value with one both compare as written', async () => {
      const db = testDb.database.db;
      const { timezone } = await db.selectFrom('settings').select('timezone').executeTakeFirstOrThrow();
      assert.deepEqual(await settingByZone.all(db, { timezone }), [{ id: 1 }]);
      assert.deepEqual(await settingByZone.all(db, { timezone: "Europe/O'Brien" }), []);
      await db.updateTable('settings').set({ timezone: "Europe/O'Brien" }).execute();
      try {
        assert.deepEqual(await settingByZone.all(db, { timezone: "Europe/O'Brien" }), []);
      } finally {
        await db.updateTable('settings').set({ timezone }).execute();
      }
    });

    it('one query per shape: an in-list of each length, with its own values', async () => {
      const db = testDb.database.db;
      assert.deepEqual(await settingsIn.all(db, 1, listValues('id', [1])), [{ id: 1 }]);
      assert.deepEqual(await settingsIn.all(db, 1, listValues('id', [2])), []);
      assert.deepEqual(await settingsIn.all(db, 3, listValues('id', [3, 1, 2])), [{ id: 1 }]);
      assert.deepEqual(await settingsIn.all(db, 3, listValues('id', [4, 5, 6])), []);
    });

    it('an in-list padded to its shape (the next power of two) by its last value matches what the list matches', async () => {
      const db = testDb.database.db;
      assert.deepEqual([0, 1, 2, 3, 4, 5, 8, 9, 500].map(inListShape), [1, 1, 2, 4, 4, 8, 8, 16, 512]);
      assert.deepEqual(listValues('id', [3, 1, 2], 4), { id0: 3, id1: 1, id2: 2, id3: 2 });
      assert.deepEqual(await settingsIn.all(db, 4, listValues('id', [3, 1, 2], 4)), [{ id: 1 }]);
      assert.deepEqual(
        await settingsIn.all(db, 4, listValues('id', [2, 1], 4)),
        [{ id: 1 }],
        'the 1 padded twice, found once',
      );
      assert.deepEqual(await settingsIn.all(db, 4, listValues('id', [4, 5, 6], 4)), []);
    });

    it('runs inside a transaction on its connection, seeing its uncommitted writes', async () => {
      const db = testDb.database.db;
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('settings').set({ calendar_slot_min: 5 }).where('id', '=', 1).execute();
          assert.deepEqual(await settingBySlot.first(trx, { id: 1, min: 5 }), { id: 1, calendar_slot_min: 5 });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      assert.notEqual((await settingBySlot.first(db, { id: 1, min: 0 }))?.calendar_slot_min, 5);
    });
  });
}
