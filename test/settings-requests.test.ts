import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { createTestApp, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';
import { insertBooking, insertClient } from './helpers/factories.js';
import { setupBookingSalon } from './helpers/public.js';

/*
 * What the settings held in process (src/db/settings-cache.ts) save a request: a signed-in
 * request's reads ride on its user check; any other request checks the version once.
 */

/** The SQL of every statement the app's database runs while `work` runs (transactions included). */
async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const executor = t.ctx.db.getExecutor();
  const ownAdapter = executor.adapter;
  // The executors of the database and of its transactions share one class and one adapter.
  type Execute = (this: { adapter: unknown }, query: CompiledQuery, ...rest: unknown[]) => Promise<unknown>;
  const shared = Object.getPrototypeOf(Object.getPrototypeOf(executor)) as { executeQuery: Execute };
  const original = shared.executeQuery;
  const seen: string[] = [];
  shared.executeQuery = function (query, ...rest) {
    if (this.adapter === ownAdapter) seen.push(query.sql);
    return original.call(this, query, ...rest);
  };
  try {
    await work();
  } finally {
    shared.executeQuery = original;
  }
  return seen;
}

/** The statements on settings besides the user check (which reads the version along). */
const onSettings = (statements: string[]) =>
  statements.filter((text) => text.includes('from "settings"') && !text.includes('from "users"'));

for (const dialect of DIALECTS) {
  describe(`settings reads per request [${dialect}]`, () => {
    let t: TestApp;
    let salon: Awaited<ReturnType<typeof setupBookingSalon>>;
    let bookingId: number;

    before(async () => {
      t = await createTestApp(dialect);
      salon = await setupBookingSalon(t);
      const client = await insertClient(t.ctx.db, { name: 'Held Settings' });
      bookingId = await insertBooking(t.ctx.db, {
        client_id: client.id,
        staff_id: salon.staff.id,
        service_id: salon.service.id,
        start_at: '2031-03-04 10:00:00',
        end_at: '2031-03-04 11:00:00',
        status: 'scheduled',
        price: 4500,
      });
    });
    after(() => t.close());

    it('a signed-in read by id: the user check brings the version, the booking is the only other statement', async () => {
      for (const token of [salon.admin.token, salon.staff.token]) {
        const get = () => t.request({ method: 'GET', url: `/api/bookings/${bookingId}`, token });
        assert.equal((await get()).status, 200);
        const statements = await statementsOf(t, async () => assert.equal((await get()).status, 200));
        assert.equal(statements.length, 2, statements.join('\n'));
        assert.match(statements[0]!, /from "users"/);
        assert.deepEqual(onSettings(statements), [], 'no statement on settings of its own');
      }
    });

    it('a signed-in bookings page: the user check, the page and its count', async () => {
      const get = () => t.request({ method: 'GET', url: '/api/bookings?page=1&limit=20', token: salon.staff.token });
      assert.equal((await get()).status, 200);
      const statements = await statementsOf(t, async () => assert.equal((await get()).status, 200));
      assert.equal(statements.length, 3, statements.join('\n'));
      assert.deepEqual(onSettings(statements), []);
    });

    it('a request without a token checks the version once, however often it reads the settings', async () => {
      const get = () => t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal((await get()).status, 200);
      const statements = await statementsOf(t, async () => assert.equal((await get()).status, 200));
      assert.equal(onSettings(statements).length, 1);
      assert.match(onSettings(statements)[0]!, /^select "version" from "settings"/);
    });

    it('an update between two requests is what the next one answers, signed in or not', async () => {
      const salonName = async () =>
        ((await t.request({ method: 'GET', url: '/api/public/salon-page' })).body as { salon_name: string }).salon_name;
      const timezone = async () =>
        (
          (await t.request({ method: 'GET', url: '/api/settings', token: salon.admin.token })).body as {
            timezone: string;
          }
        ).timezone;
      assert.equal(await timezone(), 'Europe/Amsterdam');
      const before = await salonName();
      await t.ctx.db
        .updateTable('settings')
        .set({ salon_name: 'Next Request', timezone: 'Asia/Tokyo' })
        .where('id', '=', 1)
        .execute();
      assert.equal(await salonName(), 'Next Request');
      assert.equal(await timezone(), 'Asia/Tokyo');
      await t.ctx.db
        .updateTable('settings')
        .set({ salon_name: before, timezone: 'Europe/Amsterdam' })
        .where('id', '=', 1)
        .execute();
      assert.equal(await timezone(), 'Europe/Amsterdam');
      assert.equal(await salonName(), before);
    });
  });
}
