import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertBooking, insertClient, insertService } from '../../../test/helpers/factories.js';

type Row = { id: number; start_at: string; status: string; staff_id: number; client_id: number };

for (const dialect of DIALECTS) {
  describe(`GET /bookings filters [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let ann: { token: string; id: number };
    let bob: { token: string; id: number };
    let cay: { token: string; id: number };
    let clientA: number;
    let clientB: number;
    let location: number;
    const ids: Record<string, number> = {};

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      [ann, bob, cay] = [await createStaff(t), await createStaff(t), await createStaff(t)];
      clientA = (await insertClient(t.ctx.db)).id;
      clientB = (await insertClient(t.ctx.db)).id;
      const service = (await insertService(t.ctx.db)).id;
      const now = new Date().toISOString();
      location = (
        await t.ctx.db
          .insertInto('locations')
          .values({
            name: 'North',
            address: '',
            phone: '',
            email: '',
            is_default: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const add = async (
        key: string,
        staff: number,
        client: number,
        start: string,
        status = 'scheduled',
        at = null as number | null,
      ) => {
        ids[key] = await insertBooking(t.ctx.db, {
          client_id: client,
          staff_id: staff,
          service_id: service,
          start_at: start,
          end_at: start.replace(/ (\d\d)/, (_m, h: string) => ` ${String(Number(h) + 1).padStart(2, '0')}`),
          status: status as 'scheduled',
          price: 4500,
          location_id: at,
        });
      };
      await add('mon_ann', ann.id, clientA, '2031-03-03 09:00:00', 'scheduled', location);
      await add('tue_bob', bob.id, clientB, '2031-03-04 10:00:00');
      await add('sun_late_cay', cay.id, clientA, '2031-03-09 23:30:00', 'completed', location);
      await add('next_mon_ann', ann.id, clientA, '2031-03-10 00:00:00');
      await add('wed_ann_cancelled', ann.id, clientB, '2031-03-05 11:00:00', 'cancelled');
      await add('thu_bob_noshow', bob.id, clientA, '2031-03-06 12:00:00', 'no-show');
      await add('before', cay.id, clientB, '2031-03-02 23:59:00');
    });
    after(() => t.close());

    const list = async (qs: string, token = admin.token) => {
      const response = await t.request({ method: 'GET', url: `/api/bookings?${qs}`, token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Row[];
    };
    const keys = (rows: Row[]) => rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id));

    it('from and to as dates: a date `to` means the end of that day; newest first; cancelled left out', async () => {
      assert.deepEqual(keys(await list('from=2031-03-03&to=2031-03-09')), [
        'sun_late_cay',
        'thu_bob_noshow',
        'tue_bob',
        'mon_ann',
      ]);
    });

    it('from and to as datetimes bound start_at inclusively', async () => {
      assert.deepEqual(keys(await list('from=2031-03-04T10:00&to=2031-03-06 12:00:00')), ['thu_bob_noshow', 'tue_bob']);
    });

    it('staff_id takes several ids, repeated or comma-separated', async () => {
      const week = 'from=2031-03-03&to=2031-03-09';
      assert.deepEqual(keys(await list(`${week}&staff_id=${ann.id}&staff_id=${cay.id}`)), ['sun_late_cay', 'mon_ann']);
      assert.deepEqual(keys(await list(`${week}&staff_id=${ann.id},${cay.id}`)), ['sun_late_cay', 'mon_ann']);
      assert.deepEqual(keys(await list(`staff_id=${bob.id}`)), ['thu_bob_noshow', 'tue_bob']);
    });

    it('client_id and location_id narrow the list', async () => {
      assert.deepEqual(keys(await list(`client_id=${clientA}&to=2031-03-09`)), [
        'sun_late_cay',
        'thu_bob_noshow',
        'mon_ann',
      ]);
      assert.deepEqual(keys(await list(`location_id=${location}`)), ['sun_late_cay', 'mon_ann']);
    });

    it('status given: exactly those statuses, cancelled only when asked', async () => {
      assert.deepEqual(keys(await list('status=cancelled')), ['wed_ann_cancelled']);
      assert.deepEqual(keys(await list('status=completed,no-show')), ['sun_late_cay', 'thu_bob_noshow']);
      assert.deepEqual(keys(await list('status=scheduled&status=cancelled&staff_id=' + ann.id)), [
        'next_mon_ann',
        'wed_ann_cancelled',
        'mon_ann',
      ]);
    });

    it('a filtered page counts the filtered rows', async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/bookings?page=1&limit=1&staff_id=${ann.id}`,
        token: admin.token,
      });
      assert.equal(response.status, 200);
      assert.equal(response.body.total, 2);
      assert.deepEqual(keys(response.body.data), ['next_mon_ann']);
      const second = await t.request({
        method: 'GET',
        url: `/api/bookings?page=2&limit=1&staff_id=${ann.id}`,
        token: admin.token,
      });
      assert.deepEqual(keys(second.body.data), ['mon_ann']);
      assert.deepEqual([second.body.page, second.body.limit, second.body.total_pages], [2, 1, 2]);
      const beyond = await t.request({
        method: 'GET',
        url: `/api/bookings?page=3&limit=1&staff_id=${ann.id}`,
        token: admin.token,
      });
      assert.deepEqual(beyond.body.data, []);
      const all = await t.request({ method: 'GET', url: '/api/bookings?page=1', token: admin.token });
      assert.equal(all.body.total, 6);
    });

    it('staff_personal_agenda_enabled still restricts a staff member to their own bookings under filters', async () => {
      await setSettings(t, admin.token, { staff_personal_agenda_enabled: 1 });
      try {
        assert.deepEqual(keys(await list(`staff_id=${ann.id},${bob.id}`, bob.token)), ['thu_bob_noshow', 'tue_bob']);
        assert.deepEqual(keys(await list(`staff_id=${ann.id}`, bob.token)), []);
      } finally {
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: 0 });
      }
    });

    it('invalid filters are 400 validation_failed naming the field', async () => {
      const bad = (qs: string) => t.request({ method: 'GET', url: `/api/bookings?${qs}`, token: admin.token });
      assertInvalid(await bad('from=2031-02-30'), 'from');
      assertInvalid(await bad('to=tomorrow'), 'to');
      assertInvalid(await bad('from=2031-03-09&to=2031-03-03'), 'from');
      assertInvalid(await bad('staff_id=abc'), 'staff_id');
      assertInvalid(await bad('staff_id=0'), 'staff_id');
      assertInvalid(await bad(`staff_id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`), 'staff_id');
      assertInvalid(await bad('status=done'), 'status');
      assertInvalid(await bad('client_id=x'), 'client_id');
    });
  });
}
