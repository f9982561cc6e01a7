import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/helpers/database.js';
import { enqueue } from './queue.js';

for (const dialect of DIALECTS) {
  describe(`job keys [${dialect}]`, () => {
    let testDb: TestDatabase;
    before(async () => {
      testDb = await createTestDatabase(dialect);
    });
    after(() => testDb.drop());

    it('enqueuing a key that is still queued moves that job instead of adding a second', async () => {
      const db = testDb.database.db;
      const first = await enqueue(db, 'mail.send', { emailId: 1 }, { key: 'booking:7', delayMs: 60_000 });
      const second = await enqueue(db, 'mail.send', { emailId: 2 }, { key: 'booking:7', delayMs: 1_800_000 });
      assert.equal(second, first);
      const jobs = await db.selectFrom('jobs').selectAll().where('key', '=', 'booking:7').execute();
      assert.equal(jobs.length, 1);
      assert.deepEqual(JSON.parse(jobs[0]!.payload), { emailId: 2 });
      assert.ok(Date.parse(jobs[0]!.run_at) > Date.now() + 1_700_000, 'moved to the later run time');
    });

    it('once the keyed job has started, the key enqueues a new job', async () => {
      const db = testDb.database.db;
      const first = await enqueue(db, 'mail.send', { emailId: 3 }, { key: 'booking:8' });
      await db.updateTable('jobs').set({ status: 'running' }).where('id', '=', first).execute();
      const second = await enqueue(db, 'mail.send', { emailId: 4 }, { key: 'booking:8' });
      assert.notEqual(second, first);
    });

    it('jobs without a key are never merged', async () => {
      const db = testDb.database.db;
      const a = await enqueue(db, 'mail.send', { emailId: 5 });
      const b = await enqueue(db, 'mail.send', { emailId: 5 });
      assert.notEqual(a, b);
    });
  });
}
