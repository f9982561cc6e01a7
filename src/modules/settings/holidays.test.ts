import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatInstant } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { isHoliday } from './holidays.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

/** A date no other test of this file uses: a distinct day in a distinct far-future year. */
let year = 2100;
const freshDate = (monthDay = '05-01') => `${(year += 1)}-${monthDay}`;

for (const dialect of DIALECTS) {
  describe(`holidays [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/settings/holidays', token, payload });
    const remove = (id: number, token = admin.token) =>
      t.request({ method: 'DELETE', url: `/api/settings/holidays/${id}`, token });
    const list = async (token = admin.token) => {
      const response = await t.request({ method: 'GET', url: '/api/settings/holidays', token });
      assert.equal(response.status, 200);
      return response.body as Array<{ id: number; name: string; date: string; created_at: string }>;
    };

    describe('auth: reads need login, writes need an admin', () => {
      it('a staff member may list holidays (200) but not add or remove one (403)', async () => {
        const { body: holiday } = await create({ name: 'Staff visible', date: freshDate() });
        assert.ok((await list(staff.token)).some((h) => h.id === holiday.id));
        assertError(await create({ name: 'By staff', date: freshDate() }, staff.token), 403, 'forbidden');
        assertError(await remove(holiday.id, staff.token), 403, 'forbidden');
        assert.ok((await list()).some((h) => h.id === holiday.id));
      });
    });

    describe('POST /settings/holidays', () => {
      it('adds a holiday: 201 with { id, name, date, created_at }', async () => {
        const date = freshDate('12-25');
        const response = await create({ name: ' Christmas ', date });
        assert.equal(response.status, 201);
        assert.deepEqual(Object.keys(response.body).sort(), ['created_at', 'date', 'id', 'name']);
        assert.equal(response.body.name, 'Christmas');
        assert.equal(response.body.date, date);
        const row = await t.ctx.db
          .selectFrom('holidays')
          .selectAll()
          .where('id', '=', response.body.id)
          .executeTakeFirstOrThrow();
        assert.equal(response.body.created_at, formatInstant(row.created_at, 'Europe/Amsterdam'));
        assert.equal(await isHoliday(t.ctx.db, date), true);
      });

      it('name is required and may not be blank', async () => {
        assertInvalid(await create({ date: freshDate() }), 'name');
        assertInvalid(await create({ name: '', date: freshDate() }), 'name');
        assertInvalid(await create({ name: '   ', date: freshDate() }), 'name');
      });

      it('date is required as YYYY-MM-DD and must be a real calendar day (400)', async () => {
        assertInvalid(await create({ name: 'No date' }), 'date');
        for (const date of [
          '2030-02-30',
          '2030-13-01',
          '2029-02-29',
          '2030-00-10',
          '2030-1-1',
          '01-01-2030',
          'tomorrow',
        ]) {
          assertInvalid(await create({ name: 'Bad date', date }), 'date');
        }
        assertInvalid(await create({ name: 'Datetime', date: '2030-01-01 10:00:00' }), 'date');
        // A leap day is a real day.
        assert.equal((await create({ name: 'Leap day', date: '2028-02-29' })).status, 201);
      });

      it('wrong types are a 400', async () => {
        assertInvalid(await create({ name: 7, date: freshDate() }), 'name');
        assertInvalid(await create({ name: 'Number date', date: 20300101 }), 'date');
        const response = await t.request({
          method: 'POST',
          url: '/api/settings/holidays',
          token: admin.token,
          headers: { 'content-type': 'application/json' },
          payload: '[]',
        });
        assertError(response, 400, 'validation_failed');
      });

      it('a date that already holds a holiday is a 409 holiday_exists', async () => {
        const date = freshDate();
        assert.equal((await create({ name: 'First', date })).status, 201);
        assertError(await create({ name: 'Second', date }), 409, 'holiday_exists');
        assert.equal((await list()).filter((h) => h.date === date).length, 1);
      });

      it('concurrent additions on one date create one holiday; the others get 409', async () => {
        const date = freshDate();
        const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => create({ name: `Race ${i}`, date })));
        assert.deepEqual(responses.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
        for (const r of responses.filter((r) => r.status === 409)) assert.equal(r.body.code, 'holiday_exists');
        assert.equal((await list()).filter((h) => h.date === date).length, 1);
      });
    });

    describe('GET /settings/holidays', () => {
      it('holidays are listed as a plain array ordered by date ascending', async () => {
        const later = freshDate('11-11');
        const earlier = `${later.slice(0, 4)}-01-01`;
        const middle = `${later.slice(0, 4)}-04-27`;
        await create({ name: 'Later', date: later });
        await create({ name: 'Earlier', date: earlier });
        await create({ name: 'Middle', date: middle });
        const rows = await list();
        const dates = rows.map((h) => h.date);
        assert.deepEqual(dates, [...dates].sort());
        assert.deepEqual(
          rows.filter((h) => h.date.startsWith(later.slice(0, 4))).map((h) => h.name),
          ['Earlier', 'Middle', 'Later'],
        );
      });
    });

    describe('DELETE /settings/holidays/:id', () => {
      it('removes a holiday: 200 { ok: true }, 404 afterwards; the date is free again', async () => {
        const date = freshDate();
        const { body: holiday } = await create({ name: 'Short-lived', date });
        const response = await remove(holiday.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.ok(!(await list()).some((h) => h.id === holiday.id));
        assertError(await remove(holiday.id), 404, 'not_found');
        assert.equal((await create({ name: 'Again', date })).status, 201);
      });

      it('an unknown id is a 404; a non-numeric id a 400', async () => {
        assertError(await remove(987_654), 404, 'not_found');
        assertError(
          await t.request({ method: 'DELETE', url: '/api/settings/holidays/abc', token: admin.token }),
          400,
          'validation_failed',
        );
      });
    });
  });
}
