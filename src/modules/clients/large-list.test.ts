import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`clients list without page [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    it('a list without page holds every client with its labels, also beyond the drivers’ parameter limits', async () => {
      const now = new Date().toISOString();
      const rows = Array.from({ length: 1200 }, (_, i) => ({
        name: `Bulk client ${String(i).padStart(4, '0')}`,
        phone: '',
        gender: '',
        notes: '',
        marketing_consent: 0,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.ctx.db
          .insertInto('clients')
          .values(rows.slice(i, i + 200))
          .execute();
      const last = await t.ctx.db
        .selectFrom('clients')
        .select('id')
        .where('name', '=', 'Bulk client 1199')
        .executeTakeFirstOrThrow();
      const label = await t.ctx.db
        .insertInto('client_labels')
        .values({ name: 'VIP', name_key: 'vip', color: '#6e56cf', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('client_label_assignments')
        .values({ client_id: last.id, label_id: label.id })
        .execute();

      const response = await t.request({ method: 'GET', url: '/api/clients', token: admin.token });
      assert.equal(response.status, 200);
      assert.equal(response.body.length, 1200);
      assert.deepEqual(response.body.at(-1).labels, ['VIP']);
    });
  });
}
