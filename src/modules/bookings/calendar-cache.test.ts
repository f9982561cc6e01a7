import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createContext } from '../../context.js';
import { connect } from '../../db/connection.js';
import { createLogger } from '../../logger.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService, insertUser } from '../../../test/helpers/factories.js';
import type { AuthUser } from '../../http/auth.js';
import { dayView } from './day-view.js';
import { listBookings } from './reads.js';

/*
 * The calendar's reads are held per process (calendar-cache.ts): a held answer must never be
 * served after a change of anything it shows, whoever made the change (the API, another
 * process, a direct write to the database). Each step changes one thing, reads through HTTP
 * and compares with the answer computed afresh (not held).
 */

// A Wednesday far ahead, and its week.
const DATE = '2032-03-10';
const MONDAY = '2032-03-08';
const SUNDAY = '2032-03-14';

for (const dialect of DIALECTS) {
  describe(`the calendar's held answers [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let caller: AuthUser;
    let ann: number;
    let client: number;
    let service: number;
    let booking: number;
    const now = new Date().toISOString();

    const dayUrl = `/api/bookings/day?date=${DATE}`;
    const weekUrl = `/api/bookings?from=${MONDAY}&to=${SUNDAY}`;

    /** The day view and the week's list read through HTTP: equal to a fresh computation. */
    async function readBoth(): Promise<{ day: unknown; week: unknown }> {
      const [day, week] = await Promise.all([
        t.request({ method: 'GET', url: dayUrl, token: admin.token }),
        t.request({ method: 'GET', url: weekUrl, token: admin.token }),
      ]);
      assert.equal(day.status, 200, JSON.stringify(day.body));
      assert.equal(week.status, 200, JSON.stringify(week.body));
      const freshDay = JSON.parse(JSON.stringify(await dayView(t.ctx, caller, { date: DATE })));
      const freshWeek = JSON.parse(JSON.stringify(await listBookings(t.ctx, caller, { from: MONDAY, to: SUNDAY })));
      assert.deepEqual(day.body, freshDay, 'the day view is as fresh as the database');
      assert.deepEqual(week.body, freshWeek, "the week's list is as fresh as the database");
      return { day: day.body, week: week.body };
    }

    /** `change` moves what the answers show: they differ after it, and are fresh. */
    async function changes(what: string, change: () => Promise<unknown>, shows: 'day' | 'both' = 'both') {
      const before = await readBoth();
      assert.deepEqual(await readBoth(), before, 'read twice without a change: the same answers');
      await change();
      const afterwards = await readBoth();
      assert.notDeepEqual(afterwards.day, before.day, `${what}: the day view shows it`);
      if (shows === 'both') assert.notDeepEqual(afterwards.week, before.week, `${what}: the week's list shows it`);
    }

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      caller = { id: admin.id, name: 'Olivia Owner', email: 'owner@example.com', role: 'admin' };
      ann = (await insertUser(t.ctx, { name: 'Ann' })).id;
      client = (await insertClient(t.ctx.db, { name: 'Clara' })).id;
      service = (await insertService(t.ctx.db)).id;
      booking = await insertBooking(t.ctx.db, {
        client_id: client,
        staff_id: ann,
        service_id: service,
        start_at: `${DATE} 10:00:00`,
        end_at: `${DATE} 11:00:00`,
        status: 'scheduled',
        price: 4500,
      });
    });

    after(async () => {
      await t.close();
    });

    it('a held answer is never served after a booking is created, moved, changed or cancelled, through the API or the database', async () => {
      await changes('a booking created through the API', async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: {
            client_id: client,
            staff_id: ann,
            service_id: service,
            start_at: `${DATE} 12:00:00`,
            end_at: `${DATE} 13:00:00`,
            override: true,
          },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
      });
      await changes('a booking moved through the API', async () => {
        const response = await t.request({
          method: 'PUT',
          url: `/api/bookings/${booking}`,
          token: admin.token,
          payload: { start_at: `${DATE} 14:00:00`, end_at: `${DATE} 15:00:00`, override: true },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
      });
      await changes('a note written straight to the database', () =>
        t.ctx.db.updateTable('bookings').set({ notes: 'Bring the dog' }).where('id', '=', booking).execute(),
      );
      await changes('a booking moved to the day before, ending on this day', () =>
        t.ctx.db
          .updateTable('bookings')
          .set({ start_at: '2032-03-09 23:30:00', end_at: `${DATE} 00:30:00` })
          .where('id', '=', booking)
          .execute(),
      );
      await changes('a booking cancelled through the API', async () => {
        const response = await t.request({ method: 'DELETE', url: `/api/bookings/${booking}`, token: admin.token });
        assert.equal(response.status, 200, JSON.stringify(response.body));
      });
      await changes('a booking deleted from the database', async () => {
        const rows = await t.ctx.db.selectFrom('bookings').select('id').where('status', '<>', 'cancelled').execute();
        await t.ctx.db.deleteFrom('booking_resources').execute();
        await t.ctx.db
          .deleteFrom('bookings')
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      });
      await changes('a booking inserted straight into the database', () =>
        insertBooking(t.ctx.db, {
          client_id: client,
          staff_id: ann,
          service_id: service,
          start_at: `${DATE} 09:00:00`,
          end_at: `${DATE} 10:00:00`,
          status: 'scheduled',
          price: 4500,
        }),
      );
    });

    it('a held answer is never served after a change of the names, staff, working time, resources or settings it shows', async () => {
      await changes('the client renamed', () =>
        t.ctx.db.updateTable('clients').set({ name: 'Clara Renamed' }).where('id', '=', client).execute(),
      );
      await changes('the staff member renamed', () =>
        t.ctx.db.updateTable('users').set({ name: 'Ann Renamed' }).where('id', '=', ann).execute(),
      );
      await changes('the service renamed', () =>
        t.ctx.db.updateTable('services').set({ name: 'Cut Renamed' }).where('id', '=', service).execute(),
      );
      let bea = 0;
      await changes('a staff member added', async () => (bea = (await insertUser(t.ctx, { name: 'Bea' })).id), 'day');
      await changes(
        'a dated shift',
        () =>
          t.ctx.db
            .insertInto('shifts')
            .values({
              staff_id: ann,
              date: DATE,
              start_time: '09:00',
              end_time: '17:00',
              location_id: null,
              created_at: now,
              updated_at: now,
            })
            .execute(),
        'day',
      );
      await changes(
        'a default shift',
        () =>
          t.ctx.db
            .insertInto('default_shifts')
            .values({ staff_id: bea, day_of_week: 3, start_time: '08:00', end_time: '12:00', created_at: now })
            .execute(),
        'day',
      );
      await changes(
        'opening hours of the weekday',
        () =>
          t.ctx.db
            .insertInto('opening_hours')
            .values({ day_of_week: 3, open_time: '09:00', close_time: '18:00', is_closed: 0 })
            .execute(),
        'day',
      );
      await changes(
        'time off',
        () =>
          t.ctx.db
            .insertInto('time_off')
            .values({ staff_id: ann, start_date: DATE, end_date: DATE, reason: 'Dentist', created_at: now })
            .execute(),
        'day',
      );
      await changes(
        'a holiday',
        () => t.ctx.db.insertInto('holidays').values({ date: DATE, name: 'Spring day', created_at: now }).execute(),
        'day',
      );
      const basin = await t.ctx.db
        .insertInto('resources')
        .values({ name: 'Basin', capacity: 1, location_id: null, active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await changes(
        'a resource held',
        async () => {
          const held = await t.ctx.db.selectFrom('bookings').select('id').where('status', '<>', 'cancelled').execute();
          await t.ctx.db
            .insertInto('booking_resources')
            .values({
              booking_id: held[0]!.id,
              resource_id: basin.id,
              start_at: `${DATE} 09:00:00`,
              end_at: `${DATE} 10:00:00`,
            })
            .execute();
        },
        'day',
      );
      await changes(
        'a resource renamed',
        () => t.ctx.db.updateTable('resources').set({ name: 'Big basin' }).where('id', '=', basin.id).execute(),
        'day',
      );
      await changes('the time zone', () => setSettings(t, admin.token, { timezone: 'America/New_York' }));
    });

    // One SQLite file is served by one process; PostgreSQL's scale-out by several.
    if (dialect === 'postgres')
      it('a read held by one process is not served after a change made through another on the same database', async () => {
        const database = connect({ databaseUrl: t.testDb.url! });
        let second: FastifyInstance | undefined;
        try {
          second = await buildApp(createContext(t.ctx.config, database, createLogger('silent')));
          const read = async () => {
            const response = await second!.inject({
              method: 'GET',
              url: dayUrl,
              headers: { authorization: `Bearer ${admin.token}` },
            });
            assert.equal(response.statusCode, 200, response.body);
            return response.json<{ bookings: Array<{ notes: string }> }>();
          };
          const before = await read();
          assert.deepEqual(await read(), before);
          await t.ctx.db.updateTable('bookings').set({ notes: 'Changed through the first process' }).execute();
          const afterwards = await read();
          assert.ok(afterwards.bookings.length > 0);
          assert.ok(afterwards.bookings.every((row) => row.notes === 'Changed through the first process'));
        } finally {
          await second?.close();
          await database.destroy();
        }
      });
  });
}
