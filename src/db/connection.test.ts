import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/helpers/database.js';

const postgres = DIALECTS.filter((dialect) => dialect === 'postgres');

for (const dialect of postgres) {
  describe(`database connection [${dialect}]`, () => {
    let testDb: TestDatabase;
    before(async () => {
      testDb = await createTestDatabase(dialect);
    });
    after(() => testDb.drop());

    it("PostgreSQL connections run without JIT compilation: every query is short, and compiling a calendar week's took longer than running it", async () => {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(testDb.database.db);
      assert.deepEqual(rows, [{ jit: 'off' }]);
    });
  });
}
