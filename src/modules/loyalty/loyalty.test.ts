import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatInstant } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { readLoyaltyRules } from './service.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

for (const dialect of DIALECTS) {
  describe(`loyalty settings [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    // Each test starts from the same known state, whatever the tests before it saved.
    const reset = () =>
      t.ctx.db
        .updateTable('loyalty_settings')
        .set({ loyalty_enabled: 0, points_per_euro: 100, reward_thresholds: '[]' })
        .where('id', '=', 1)
        .execute();

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const read = (token = admin.token) => t.request({ method: 'GET', url: '/api/loyalty/settings', token });
    const save = (payload: unknown, token = admin.token) =>
      t.request({ method: 'PUT', url: '/api/loyalty/settings', token, payload: payload as object });

    describe('auth: any signed-in user reads, an admin writes', () => {
      it('a staff member may read the loyalty settings (200) but not change them (403)', async () => {
        await reset();
        const response = await read(staff.token);
        assert.equal(response.status, 200);
        assert.equal(response.body.loyalty_enabled, 0);
        assertError(await save({ loyalty_enabled: 1 }, staff.token), 403, 'forbidden');
        assert.equal((await read()).body.loyalty_enabled, 0);
      });
    });

    describe('GET /loyalty/settings', () => {
      it('answers { loyalty_enabled, points_per_euro, reward_thresholds, updated_at } with the defaults of a new salon', async () => {
        await reset();
        const response = await read();
        assert.equal(response.status, 200);
        assert.deepEqual(Object.keys(response.body).sort(), [
          'loyalty_enabled',
          'points_per_euro',
          'reward_thresholds',
          'updated_at',
        ]);
        assert.equal(response.body.loyalty_enabled, 0);
        assert.equal(response.body.points_per_euro, 1);
        assert.deepEqual(response.body.reward_thresholds, []);
        const row = await t.ctx.db.selectFrom('loyalty_settings').selectAll().executeTakeFirstOrThrow();
        assert.equal(response.body.updated_at, formatInstant(row.updated_at, 'Europe/Amsterdam'));
      });
    });

    describe('PUT /loyalty/settings', () => {
      it('saves every field and answers 200 with the settings; amounts in currency units, stored in cents', async () => {
        await reset();
        const response = await save({
          loyalty_enabled: true,
          points_per_euro: 2.5,
          reward_thresholds: [
            { points: 100, discount: 5, description: ' Five off ' },
            { points: 250, discount: 12.5 },
          ],
        });
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, {
          loyalty_enabled: 1,
          points_per_euro: 2.5,
          reward_thresholds: [
            { points: 100, discount: 5, description: 'Five off' },
            { points: 250, discount: 12.5, description: '' },
          ],
          updated_at: response.body.updated_at,
        });
        assert.deepEqual((await read()).body, response.body);

        const row = await t.ctx.db.selectFrom('loyalty_settings').selectAll().executeTakeFirstOrThrow();
        assert.equal(row.loyalty_enabled, 1);
        assert.equal(row.points_per_euro, 250, 'hundredths of a point');
        assert.deepEqual(JSON.parse(row.reward_thresholds), [
          { points: 100, discount_cents: 500, description: 'Five off' },
          { points: 250, discount_cents: 1250, description: '' },
        ]);
        assert.deepEqual(await readLoyaltyRules(t.ctx.db), {
          enabled: true,
          pointsPerEuroHundredths: 250,
          thresholds: [
            { points: 100, discount_cents: 500, description: 'Five off' },
            { points: 250, discount_cents: 1250, description: '' },
          ],
        });
      });

      it('only the fields present change', async () => {
        await reset();
        await save({ loyalty_enabled: 1, points_per_euro: 3, reward_thresholds: [{ points: 10, discount: 1 }] });
        const onlyRate = await save({ points_per_euro: 0.5 });
        assert.equal(onlyRate.status, 200);
        assert.equal(onlyRate.body.loyalty_enabled, 1);
        assert.equal(onlyRate.body.points_per_euro, 0.5);
        assert.deepEqual(onlyRate.body.reward_thresholds, [{ points: 10, discount: 1, description: '' }]);

        const onlyFlag = await save({ loyalty_enabled: false });
        assert.equal(onlyFlag.body.loyalty_enabled, 0);
        assert.equal(onlyFlag.body.points_per_euro, 0.5);
        assert.equal(onlyFlag.body.reward_thresholds.length, 1);

        const nothing = await save({});
        assert.equal(nothing.status, 200);
        assert.deepEqual(nothing.body, onlyFlag.body);
      });

      it('reward_thresholds replaces the whole list and is returned sorted by points ascending', async () => {
        await reset();
        await save({ reward_thresholds: [{ points: 5, discount: 1 }] });
        const response = await save({
          reward_thresholds: [
            { points: 500, discount: 25 },
            { points: 50, discount: 2 },
            { points: 200, discount: 10, description: 'Ten off' },
          ],
        });
        assert.deepEqual(
          response.body.reward_thresholds.map((r: { points: number }) => r.points),
          [50, 200, 500],
        );
        assert.deepEqual((await read()).body.reward_thresholds, response.body.reward_thresholds);
        assert.deepEqual((await save({ reward_thresholds: [] })).body.reward_thresholds, []);
      });

      it('points must be unique within reward_thresholds (400)', async () => {
        await reset();
        const response = await save({
          reward_thresholds: [
            { points: 100, discount: 5 },
            { points: 100, discount: 6 },
          ],
        });
        assertInvalid(response, 'reward_thresholds.1.points');
        assert.deepEqual((await read()).body.reward_thresholds, [], 'nothing saved');
      });

      it('at most 20 reward thresholds (400 beyond)', async () => {
        await reset();
        const thresholds = (n: number) => Array.from({ length: n }, (_, i) => ({ points: (i + 1) * 10, discount: i }));
        assert.equal((await save({ reward_thresholds: thresholds(20) })).body.reward_thresholds.length, 20);
        assertInvalid(await save({ reward_thresholds: thresholds(21) }), 'reward_thresholds');
        assert.equal((await read()).body.reward_thresholds.length, 20);
      });

      it('invalid values are a 400 with details, and nothing is saved', async () => {
        await reset();
        const cases: Array<[unknown, string]> = [
          [{ loyalty_enabled: 'yes' }, 'loyalty_enabled'],
          [{ loyalty_enabled: 2 }, 'loyalty_enabled'],
          [{ points_per_euro: -1 }, 'points_per_euro'],
          [{ points_per_euro: '1' }, 'points_per_euro'],
          [{ reward_thresholds: 'none' }, 'reward_thresholds'],
          [{ reward_thresholds: [{ points: 0, discount: 1 }] }, 'reward_thresholds.0.points'],
          [{ reward_thresholds: [{ points: 1.5, discount: 1 }] }, 'reward_thresholds.0.points'],
          [{ reward_thresholds: [{ points: 10, discount: -1 }] }, 'reward_thresholds.0.discount'],
          [{ reward_thresholds: [{ points: 10 }] }, 'reward_thresholds.0.discount'],
          [{ reward_thresholds: [{ discount: 1 }] }, 'reward_thresholds.0.points'],
          [{ reward_thresholds: [{ points: 10, discount: 1, description: 7 }] }, 'reward_thresholds.0.description'],
          [{ loyalty_enabled: 1, points_per_euro: -5 }, 'points_per_euro'],
        ];
        for (const [payload, field] of cases) assertInvalid(await save(payload), field);
        for (const payload of ['[]', '"text"', 'null']) {
          const response = await t.request({
            method: 'PUT',
            url: '/api/loyalty/settings',
            token: admin.token,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          assert.equal(response.status, 400, payload);
        }
        const unchanged = (await read()).body;
        assert.equal(unchanged.loyalty_enabled, 0);
        assert.equal(unchanged.points_per_euro, 1);
        assert.deepEqual(unchanged.reward_thresholds, []);
      });

      it('unknown fields are ignored', async () => {
        await reset();
        const response = await save({ loyalty_enabled: 1, id: 2, updated_at: '2000-01-01 00:00:00', tier: 'gold' });
        assert.equal(response.status, 200);
        assert.equal(response.body.loyalty_enabled, 1);
        assert.ok(!response.body.updated_at.startsWith('2000'));
        assert.ok(!('tier' in response.body));
        const rows = await t.ctx.db.selectFrom('loyalty_settings').select('id').execute();
        assert.deepEqual(rows, [{ id: 1 }]);
      });
    });
  });
}
