import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, nextSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

type Agenda = {
  from: string;
  to: string;
  entries: { booking: { id: number; staff_id: number; start_at: string; notes: string }; client_phone: string }[];
};

for (const dialect of DIALECTS) {
  describe(`GET /bookings/agenda [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let ann: { token: string; id: number };
    let bob: { token: string; id: number };
    const days: string[] = [];
    const ids: Record<string, number> = {};

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      [ann, bob] = [await createStaff(t), await createStaff(t)];
      const client = await createClient(t, admin.token, { phone: '+31 6 1234 5678' });
      const service = await createService(t, admin.token);
      const book = async (name: string, staff: number, start: string, end: string, notes = '') => {
        const response = await t.request({
          method: 'POST',
          url: '/api/bookings',
          token: admin.token,
          payload: {
            client_id: client.id,
            staff_id: staff,
            service_id: service.id,
            start_at: start,
            end_at: end,
            notes,
            override: true,
          },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        ids[name] = response.body.id;
      };
      const first = nextSlot();
      const second = nextSlot();
      days.push(first.date, second.date);
      await book('annLate', ann.id, `${first.date} 15:00:00`, `${first.date} 16:00:00`);
      await book('annEarly', ann.id, first.start_at, first.end_at, 'Bring the foils');
      await book('bobSame', bob.id, first.start_at, first.end_at);
      await book('annNext', ann.id, second.start_at, second.end_at);
    });
    after(() => t.close());

    const agenda = async (token: string, query: string) => {
      const response = await t.request({ method: 'GET', url: `/api/bookings/agenda${query}`, token });
      return response;
    };

    it('answers the caller’s own bookings of the days asked, by start, with the client’s phone and the notes', async () => {
      const response = await agenda(ann.token, `?from=${days[0]}&days=1`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const body = response.body as Agenda;
      assert.deepEqual([body.from, body.to], [days[0], days[0]]);
      assert.deepEqual(
        body.entries.map((entry) => entry.booking.id),
        [ids.annEarly, ids.annLate],
      );
      assert.equal(body.entries[0]!.client_phone, '+31612345678');
      assert.equal(body.entries[0]!.booking.notes, 'Bring the foils');
      const two = (await agenda(ann.token, `?from=${days[0]}&days=2`)).body as Agenda;
      assert.deepEqual(
        two.entries.map((entry) => entry.booking.id),
        [ids.annEarly, ids.annLate, ids.annNext],
      );
    });

    it('gives everyone only their own, with or without the personal agenda, admins too', async () => {
      for (const personal of [0, 1]) {
        await setSettings(t, admin.token, { staff_personal_agenda_enabled: personal });
        const bobs = (await agenda(bob.token, `?from=${days[0]}&days=2`)).body as Agenda;
        assert.deepEqual(
          bobs.entries.map((entry) => entry.booking.id),
          [ids.bobSame],
        );
      }
      const owners = (await agenda(admin.token, `?from=${days[0]}&days=2`)).body as Agenda;
      assert.deepEqual(owners.entries, []);
    });

    it('refuses a date that does not exist or too many days with 400, and a caller signed out with 401', async () => {
      const unreal = await agenda(ann.token, '?from=2031-02-30');
      assert.equal(unreal.status, 400);
      assert.equal(unreal.body.code, 'validation_failed');
      assert.equal((await agenda(ann.token, '?days=15')).status, 400);
      assert.equal((await agenda(ann.token, '?days=0')).status, 400);
      assert.equal((await t.request({ method: 'GET', url: '/api/bookings/agenda' })).status, 401);
    });

    it('starts today by default', async () => {
      const response = await agenda(ann.token, '');
      assert.equal(response.status, 200);
      const body = response.body as Agenda;
      assert.equal(body.from <= body.to, true);
      assert.equal(body.entries.length, 0);
    });
  });
}
