import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, setupSalon, type TestApp } from '../../test/helpers/app.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { insertClient } from '../../test/helpers/factories.js';
import { mergeClientSearchIndex } from './search-index-merge.js';

for (const dialect of DIALECTS) {
  describe(`the client search index's hourly merge [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    before(async () => {
      t = await createTestApp(dialect);
      token = (await setupSalon(t)).token;
    });
    after(() => t.close());

    it('clients added one by one leave segments that the merge joins, in steps, until nothing is left to merge; every client is still found', async () => {
      // Each insert is its own transaction, so each leaves a segment of its own on SQLite.
      const added = [];
      for (let i = 0; i < 40; i += 1) {
        added.push(await insertClient(t.ctx.db, { name: `Merge Probe ${String(i).padStart(2, '0')}`, email: `merge-probe-${i}@example.com` })); // prettier-ignore
      }
      const steps = await mergeClientSearchIndex(t.ctx.db, dialect);
      if (dialect === 'sqlite') {
        assert.ok(steps >= 1, `a fragmented index is merged (${steps} steps)`);
        await sql`insert into clients_search_emails (clients_search_emails, rank) values ('integrity-check', 0)`.execute(t.ctx.db); // prettier-ignore
        await sql`insert into clients_search_phones (clients_search_phones, rank) values ('integrity-check', 0)`.execute(t.ctx.db); // prettier-ignore
      } else {
        assert.equal(steps, 0, "PostgreSQL's trigram indexes need no merge");
      }
      assert.equal(await mergeClientSearchIndex(t.ctx.db, dialect), 0, 'a merged index has nothing left to merge');

      for (const probe of [added[0]!, added[17]!, added[39]!]) {
        const found = await t.request({ method: 'GET', url: `/api/clients?search=${encodeURIComponent(probe.email!)}`, token }); // prettier-ignore
        assert.equal(found.status, 200);
        assert.deepEqual(
          found.body.map((c: { id: number }) => c.id),
          [probe.id],
        );
      }
      const all = await t.request({ method: 'GET', url: '/api/clients?search=merge%20probe&page=1&limit=5', token });
      assert.equal(all.body.total, 40);
    });
  });
}
