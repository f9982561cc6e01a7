import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertPosOrder } from '../../../test/helpers/factories.js';
import { nowIso, todayIn } from '../../lib/time.js';

/*
 * Retention and the dashboard on a hand-built data set (rows written straight to the tables).
 * Range 2026-03-01 … 2026-03-31; with churn_days 90 the churn cut is 2025-12-31 (90 days
 * before 2026-03-31): a last visit that day is churned, one on 2026-01-01 is not.
 */
const RANGE = 'from=2026-03-01&to=2026-03-31';
const CREATED = '2025-01-01T00:00:00.000Z';

type Status = 'completed' | 'cancelled' | 'no-show' | 'scheduled';

function plusMinutes(local: string, minutes: number): string {
  const at = new Date(Date.parse(`${local.replace(' ', 'T')}Z`) + minutes * 60_000);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

for (const dialect of DIALECTS) {
  describe(`retention and dashboard reports (spec 4.8) [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staffId: number;
    let serviceId: number;
    const clients: Record<string, number> = {};
    const client = (key: string): number => clients[key] ?? assert.fail(`no client ${key}`);

    const addClient = async (key: string, name: string, extra: { erased_at?: string } = {}) => {
      const row = await t.ctx.db
        .insertInto('clients')
        .values({
          name,
          email: `${key.toLowerCase()}@example.test`,
          phone: '',
          gender: '',
          notes: '',
          marketing_consent: 0,
          erased_at: extra.erased_at ?? null,
          created_at: CREATED,
          updated_at: CREATED,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      clients[key] = row.id;
    };
    const addBooking = (key: string, startAt: string, status: Status, price = 4000) =>
      insertBooking(t.ctx.db, {
        client_id: client(key),
        staff_id: staffId,
        service_id: serviceId,
        start_at: startAt,
        end_at: plusMinutes(startAt, 30),
        status,
        price,
        created_at: CREATED,
      });
    const addOrder = (key: string, status: 'paid' | 'pending', total: number, createdAt: string) =>
      insertPosOrder(t.ctx.db, {
        client_id: client(key),
        staff_id: staffId,
        payment_status: status,
        total,
        created_at: createdAt,
      });

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      const staff = await createStaff(t);
      staffId = staff.id;
      serviceId = (await createService(t, admin.token, { name: 'Cut', price: 40 })).id;

      await addClient('ana', 'Ana');
      // Gaps 02-10 → 03-05 (23 days) and 03-05 → 03-25 (20); two bookings on 03-05 are one visit.
      await addBooking('ana', '2026-02-10 10:00:00', 'completed');
      await addBooking('ana', '2026-03-05 10:00:00', 'completed');
      await addBooking('ana', '2026-03-05 11:00:00', 'completed');
      await addBooking('ana', '2026-03-25 09:00:00', 'completed');
      await addClient('ben', 'Ben');
      // The last half hour of the range: active, first visit ever, so not returning.
      await addBooking('ben', '2026-03-31 23:30:00', 'completed');
      await addClient('cid', 'Cid');
      await addBooking('cid', '2026-03-10 10:00:00', 'completed');
      await addBooking('cid', '2026-03-20 10:00:00', 'completed');
      await addClient('dee', 'Dee');
      await addBooking('dee', '2025-06-01 10:00:00', 'completed');
      await addBooking('dee', '2026-04-01 00:00:00', 'completed'); // first second after the range
      await addClient('eve', 'eve');
      await addBooking('eve', '2025-12-31 10:00:00', 'completed'); // exactly 90 days before the 31st
      await addBooking('eve', '2026-03-15 10:00:00', 'cancelled');
      await addBooking('eve', '2026-03-16 10:00:00', 'no-show');
      await addClient('fay', 'Fay');
      await addBooking('fay', '2026-01-01 10:00:00', 'completed'); // 89 days: not churned
      await addClient('gus', 'Gus', { erased_at: CREATED });
      await addBooking('gus', '2025-01-01 10:00:00', 'completed');
      // Two clients of one name: ordered by id. The first spent 120.50 (a pending order is not spend).
      await addClient('hal1', 'Hal');
      await addBooking('hal1', '2025-11-01 10:00:00', 'completed');
      await addBooking('hal1', '2099-12-01 10:00:00', 'scheduled');
      await addOrder('hal1', 'paid', 10_000, '2025-11-01T10:00:00.000Z');
      await addOrder('hal1', 'paid', 2050, '2025-11-02T10:00:00.000Z');
      await addOrder('hal1', 'pending', 9900, '2025-11-03T10:00:00.000Z');
      await addClient('hal2', 'Hal');
      await addBooking('hal2', '2025-10-01 10:00:00', 'completed');
      // Never a completed visit: never churned.
      await addClient('ivy', 'Ivy');
      await addBooking('ivy', '2025-01-05 10:00:00', 'cancelled');
    });
    after(() => t.close());

    const get = (url: string, token = admin.token) => t.request({ method: 'GET', url: `/api/reporting/${url}`, token });
    const churnedRow = (key: string, lastBooking: string, totalSpent = 0) => ({
      id: client(key),
      name: key === 'eve' ? 'eve' : key.startsWith('hal') ? 'Hal' : key[0]!.toUpperCase() + key.slice(1),
      email: `${key}@example.test`,
      last_booking: lastBooking,
      total_spent: totalSpent,
    });

    it('retention: invalid dates, from after to, or churn_days below 1 are 400 validation_failed', async () => {
      assertError(await get('retention?from=2026-02-30'), 400, 'validation_failed');
      assertError(await get('retention?to=31-03-2026'), 400, 'validation_failed');
      assertError(await get('retention?from=2026-04-01&to=2026-03-31'), 400, 'validation_failed');
      assertError(await get('retention?churn_days=0'), 400, 'validation_failed');
      assertError(await get('retention?churn_days=ten'), 400, 'validation_failed');
    });

    it('retention: active, returning, rate, average days between visits, churned (50 by name), churn_days default 90', async () => {
      const r = await get(`retention?${RANGE}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        // Ana, Ben, Cid (Dee's visit is one second after the range; Eve's were not completed)
        active_count: 3,
        // Ana (an earlier visit) and Cid (two in the range)
        returning_count: 2,
        retention_rate: 66.7,
        // (23 + 20 + 10) / 3 gaps
        avg_visit_days: 17.7,
        churned: [
          churnedRow('dee', '2025-06-01 10:00:00'),
          churnedRow('eve', '2025-12-31 10:00:00'),
          churnedRow('hal1', '2025-11-01 10:00:00', 120.5),
          churnedRow('hal2', '2025-10-01 10:00:00'),
        ],
        churn_days: 90,
      });
    });

    it('retention: churn_days moves the churn cut; from does not narrow the churned list', async () => {
      const r = await get('retention?from=2026-03-20&to=2026-03-31&churn_days=30');
      assert.equal(r.status, 200);
      assert.equal(r.body.churn_days, 30);
      // Cut 2026-03-01: Fay's 01-01 now counts, Ana (03-25) and Cid (03-20) do not.
      assert.deepEqual(
        r.body.churned.map((row: { id: number }) => row.id),
        ['dee', 'eve', 'fay', 'hal1', 'hal2'].map(client),
      );
      // Ana (03-25; previous 03-05, 20 days), Ben, Cid (03-20; previous 03-10, 10 days)
      assert.equal(r.body.active_count, 3);
      assert.equal(r.body.returning_count, 2);
      assert.equal(r.body.avg_visit_days, 15);
    });

    it('retention: without a range, all visits count and churn is measured today', async () => {
      const r = await get('retention');
      assert.equal(r.status, 200);
      // Everyone with a completed visit: Ana, Ben, Cid, Dee, eve, Fay, Gus (erased, still counted), Hal, Hal
      assert.equal(r.body.active_count, 9);
      // Ana, Cid, Dee
      assert.equal(r.body.returning_count, 3);
      assert.equal(r.body.retention_rate, 33.3);
      // Ana 02-10 → 03-25 (43), Cid 10, Dee 2025-06-01 → 2026-04-01 (304): 357 / 4 gaps
      assert.equal(r.body.avg_visit_days, 89.3);
      // Every visit is over 90 days before today; Gus is erased and left out; Hal's booking
      // ahead is not a visit.
      assert.deepEqual(
        r.body.churned.map((row: { id: number }) => row.id),
        ['ana', 'ben', 'cid', 'dee', 'eve', 'fay', 'hal1', 'hal2'].map(client),
      );
    });

    it('retention: an empty range gives zeros, not a division by zero', async () => {
      const r = await get('retention?from=2030-01-01&to=2030-01-31');
      assert.equal(r.status, 200);
      assert.equal(r.body.active_count, 0);
      assert.equal(r.body.returning_count, 0);
      assert.equal(r.body.retention_rate, 0);
      assert.equal(r.body.avg_visit_days, 0);
    });

    it('retention: the churned list stops at 50 clients', async () => {
      for (let i = 0; i < 50; i += 1) {
        const key = `zed${String(i).padStart(2, '0')}`;
        await addClient(key, `Zed ${String(i).padStart(2, '0')}`);
        await addBooking(
          key,
          `2024-01-01 ${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00`,
          'completed',
        );
      }
      const r = await get(`retention?${RANGE}`);
      assert.equal(r.body.churned.length, 50);
      assert.deepEqual(
        r.body.churned.slice(0, 5).map((row: { id: number }) => row.id),
        ['dee', 'eve', 'hal1', 'hal2', 'zed00'].map(client),
      );
      assert.equal(r.body.churned.at(-1).id, client('zed45'));
    });

    it('dashboard: today’s paid revenue, orders and bookings; goal and forecast null while their toggles are off', async () => {
      const today = todayIn('Europe/Amsterdam');
      await addOrder('ivy', 'paid', 4550, nowIso());
      await addOrder('ivy', 'paid', 1000, nowIso());
      await addOrder('ivy', 'pending', 7000, nowIso());
      await addOrder('ivy', 'paid', 9999, '2020-01-01T12:00:00.000Z');
      await addBooking('ivy', `${today} 00:00:00`, 'scheduled', 3000);
      await addBooking('ivy', `${today} 12:00:00`, 'cancelled', 3000);
      const r = await get('dashboard');
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        date: today,
        revenue_today: 55.5,
        orders_today: 2,
        bookings_today: 1,
        revenue_goal: null,
        forecast: null,
      });
    });

    it('dashboard: daily_revenue_goal_enabled shows goal, progress and remaining; revenue_forecast_enabled the next 7 days', async () => {
      const today = todayIn('Europe/Amsterdam');
      await setSettings(t, admin.token, {
        daily_revenue_goal_enabled: 1,
        daily_revenue_goal: 200,
        revenue_forecast_enabled: 1,
      });
      const r = await get('dashboard');
      assert.equal(r.status, 200);
      // 55.50 of 200 = 27.75 % → 27.8
      assert.deepEqual(r.body.revenue_goal, { goal: 200, progress: 27.8, remaining: 144.5 });
      assert.deepEqual(r.body.forecast, {
        days: 7,
        expected_revenue: 30,
        booking_count: 1,
        per_day: [{ day: today, expected_revenue: 30, booking_count: 1 }],
      });
      await setSettings(t, admin.token, { daily_revenue_goal: 50 });
      const over = await get('dashboard');
      assert.deepEqual(over.body.revenue_goal, { goal: 50, progress: 111, remaining: 0 });
    });
  });
}
