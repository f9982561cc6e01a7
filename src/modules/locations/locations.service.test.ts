import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext } from '../../../test/helpers/context.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { createLocation, deleteLocation, getLocation, updateLocation } from './service.js';

// Service-level: the one-default rule is the service's (its transaction and lock), so these
// call it directly; the HTTP answers of the same endpoints are in locations.test.ts.
for (const dialect of DIALECTS) {
  describe(`locations service: one default location at a time [${dialect}]`, () => {
    let t: TestContext;

    before(async () => {
      t = await createTestContext(dialect);
    });
    after(() => t.close());

    const defaults = async () =>
      (await t.ctx.db.selectFrom('locations').select('id').where('is_default', '=', 1).execute()).map((r) => r.id);

    it('saving a location with is_default = 1 clears is_default on all others', async () => {
      const first = await createLocation(t.ctx, { name: 'Default one', is_default: 1 });
      assert.deepEqual(await defaults(), [first.id]);
      const second = await createLocation(t.ctx, { name: 'Default two', is_default: true });
      assert.deepEqual(await defaults(), [second.id]);
      assert.equal((await getLocation(t.ctx.db, first.id)).is_default, 0);

      const third = await createLocation(t.ctx, { name: 'Default three' });
      const promoted = await updateLocation(t.ctx, third.id, { is_default: 1 });
      assert.equal(promoted.is_default, 1);
      assert.deepEqual(await defaults(), [third.id]);

      // Saving the default again as default keeps it.
      assert.equal((await updateLocation(t.ctx, third.id, { is_default: 1, phone: '1' })).is_default, 1);
      assert.deepEqual(await defaults(), [third.id]);
    });

    it('the location that loses the default has its updated_at moved', async () => {
      const old = await createLocation(t.ctx, { name: 'Old default', is_default: 1 });
      const long = '2020-01-01T00:00:00.000Z';
      await t.ctx.db.updateTable('locations').set({ updated_at: long }).where('id', '=', old.id).execute();
      await createLocation(t.ctx, { name: 'New default', is_default: 1 });
      const row = await t.ctx.db
        .selectFrom('locations')
        .select(['is_default', 'updated_at'])
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.is_default, 0);
      assert.notEqual(String(row.updated_at), long, 'updated_at moved with the flag');
    });

    it('is_default = 0 on the default location leaves no default', async () => {
      const location = await createLocation(t.ctx, { name: 'Default then not', is_default: 1 });
      const updated = await updateLocation(t.ctx, location.id, { is_default: 0 });
      assert.equal(updated.is_default, 0);
      assert.deepEqual(await defaults(), []);
    });

    it('10 parallel creations with is_default = 1 all succeed and leave exactly one default', async () => {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createLocation(t.ctx, { name: `Race create ${i}`, is_default: 1 })),
      );
      assert.equal(new Set(created.map((c) => c.id)).size, 10);
      const left = await defaults();
      assert.equal(left.length, 1);
      assert.ok(created.some((c) => c.id === left[0]));
    });

    it('10 parallel updates to is_default = 1 leave exactly one default', async () => {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createLocation(t.ctx, { name: `Race update ${i}` })),
      );
      const updated = await Promise.all(created.map((c) => updateLocation(t.ctx, c.id, { is_default: 1 })));
      assert.deepEqual(
        updated.map((u) => u.is_default),
        Array(10).fill(1),
      );
      const left = await defaults();
      assert.equal(left.length, 1);
      assert.ok(created.some((c) => c.id === left[0]));
    });

    it('deleting the default location leaves no default', async () => {
      const location = await createLocation(t.ctx, { name: 'Default doomed', is_default: 1 });
      assert.deepEqual(await defaults(), [location.id]);
      await deleteLocation(t.ctx, location.id);
      assert.deepEqual(await defaults(), []);
    });
  });
}
