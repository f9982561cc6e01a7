import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { enqueue } from '../../jobs/queue.js';
import { todayIn } from '../../lib/time.js';
import { localeFormat } from '../../messages/index.js';
import { writeNotice, type NoticeText } from '../notifications/texts.js';
import { ensureVisitAlertsScheduled, msUntilNextRun, overdueMessage, VISIT_ALERTS_KEY } from './visit-alerts.js';

const ZONE = 'Europe/Amsterdam';
const DAYS = 42;
const day = (offset: number) =>
  DateTime.fromISO(todayIn(ZONE), { zone: 'utc' }).plus({ days: offset }).toFormat('yyyy-MM-dd');

describe('visit-frequency alerts: schedule', () => {
  it('the daily run is at 08:00 in the salon’s zone, also across a daylight-saving change', () => {
    // 07:00 CET on a winter morning: one hour to go.
    assert.equal(msUntilNextRun(ZONE, new Date('2026-11-22T06:00:00Z')), 60 * 60 * 1000);
    // 13:00 CET the day before summer time starts: 08:00 CEST next day is 06:00 UTC, 18 hours on.
    assert.equal(msUntilNextRun(ZONE, new Date('2026-03-28T12:00:00Z')), 18 * 60 * 60 * 1000);
    // Exactly 08:00: the next run is tomorrow's.
    assert.equal(msUntilNextRun(ZONE, new Date('2026-11-22T07:00:00Z')), 24 * 60 * 60 * 1000);
  });

  it('the message names up to five clients and counts the rest', () => {
    const clients = ['Ann', 'Bob', 'Cas', 'Dee', 'Eve', 'Fay', 'Gus'].map((name, id) => ({ id, name }));
    const write = (text: NoticeText, language: 'en' | 'nl') =>
      writeNotice(text, language, localeFormat(language, { timeFormat: '24h', currency: 'EUR' }));
    const seven = overdueMessage(clients, 42);
    assert.equal(write(seven.title, 'en'), '7 clients are due back');
    assert.equal(
      write(seven.message, 'en'),
      'Not back for 42 days and nothing booked: Ann, Bob, Cas, Dee, Eve and 2 more.',
    );
    assert.equal(write(overdueMessage(clients.slice(0, 1), 42).title, 'en'), '1 client is due back');
    assert.equal(write(seven.title, 'nl'), '7 klanten zijn toe aan een nieuw bezoek');
    assert.equal(
      write(seven.message, 'nl'),
      'Al 42 dagen niet geweest en niets geboekt: Ann, Bob, Cas, Dee, Eve en nog 2.',
    );
    assert.equal(
      write(overdueMessage(clients.slice(0, 2), 42).message, 'nl'),
      'Al 42 dagen niet geweest en niets geboekt: Ann, Bob.',
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`visit-frequency alerts [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staffId: number;
    let serviceId: number;
    let hour = 0;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staffId = (await createStaff(t)).id;
      serviceId = (await createService(t, admin.token)).id;
    });
    after(() => t.close());
    beforeEach(async () => {
      await t.ctx.db.deleteFrom('jobs').execute();
      await t.ctx.db.deleteFrom('notifications').execute();
      await setSettings(t, admin.token, { visit_frequency_alerts_enabled: 1, visit_frequency_days: DAYS });
    });

    const visit = async (clientId: number, date: string, status = 'completed') => {
      hour = (hour + 1) % 10;
      const now = new Date().toISOString();
      await t.ctx.db
        .insertInto('bookings')
        .values({
          client_id: clientId,
          staff_id: staffId,
          service_id: serviceId,
          start_at: `${date} ${String(8 + hour).padStart(2, '0')}:00:00`,
          end_at: `${date} ${String(8 + hour).padStart(2, '0')}:30:00`,
          status: status as 'completed',
          notes: '',
          internal_notes: '',
          price: 4500,
          created_at: now,
          updated_at: now,
        })
        .execute();
    };
    const run = async (from: string | null) => {
      await enqueue(t.ctx.db, 'clients.visit_frequency_alerts', { from }, { key: VISIT_ALERTS_KEY });
      await t.drain();
    };
    const alerts = () =>
      t.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('type', '=', 'booking.visit_overdue')
        .where('user_id', '=', admin.id)
        .execute();
    const successor = async () => {
      const jobs = await t.ctx.db
        .selectFrom('jobs')
        .select(['payload', 'run_at', 'key'])
        .where('name', '=', 'clients.visit_frequency_alerts')
        .where('status', '=', 'queued')
        .execute();
      assert.equal(jobs.length, 1, 'exactly one next run is queued');
      return { ...jobs[0]!, payload: JSON.parse(jobs[0]!.payload) as { from: string | null } };
    };

    it('notifies admins of clients whose last visit is exactly visit_frequency_days ago, and no one else', async () => {
      const due = await createClient(t, admin.token, { name: 'Anna Overdue' });
      await visit(due.id, day(-DAYS - 30));
      await visit(due.id, day(-DAYS));
      const rebooked = await createClient(t, admin.token, { name: 'Bram Rebooked' });
      await visit(rebooked.id, day(-DAYS));
      await visit(rebooked.id, day(5), 'scheduled');
      const cameBack = await createClient(t, admin.token, { name: 'Cleo Returned' });
      await visit(cameBack.id, day(-DAYS));
      await visit(cameBack.id, day(-3));
      const earlier = await createClient(t, admin.token, { name: 'Dirk Yesterday' });
      await visit(earlier.id, day(-DAYS - 1));
      const noShow = await createClient(t, admin.token, { name: 'Eva Noshow' });
      await visit(noShow.id, day(-DAYS), 'no-show');

      await run(null);
      const sent = await alerts();
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.title, '1 client is due back');
      assert.match(sent[0]!.message, /Anna Overdue/);
      assert.doesNotMatch(sent[0]!.message, /Bram|Cleo|Dirk|Eva/);
      assert.equal(sent[0]!.link, `/clients/${due.id}`);

      const next = await successor();
      assert.equal(next.payload.from, day(-DAYS + 1), 'the next run starts the day after this window');
      assert.ok(next.run_at > new Date().toISOString(), 'the next run is in the future');
    });

    it('each client is announced once per lapse; a missed day is caught up, not skipped', async () => {
      const late = await createClient(t, admin.token, { name: 'Femke Catchup' });
      await visit(late.id, day(-DAYS - 2));
      const aboutFemke = async () => (await alerts()).filter((alert) => /Femke/.test(alert.message));
      // Today's run after a normal yesterday: Femke's lapse was yesterday's business.
      await run(day(-DAYS));
      assert.equal((await aboutFemke()).length, 0);
      // Today's run after the worker was down for two days: that lapse is announced now.
      await t.ctx.db.deleteFrom('jobs').execute();
      await run(day(-DAYS - 2));
      assert.equal((await aboutFemke()).length, 1);
      // The successor's window: nothing repeated.
      await t.ctx.db.deleteFrom('jobs').execute();
      await run(day(-DAYS + 1));
      assert.equal((await aboutFemke()).length, 1);
    });

    it('visit_frequency_alerts_enabled off: nothing is read or sent, and the next run starts afresh', async () => {
      const client = await createClient(t, admin.token, { name: 'Gijs Quiet' });
      await visit(client.id, day(-DAYS));
      await setSettings(t, admin.token, { visit_frequency_alerts_enabled: 0 });
      await run(null);
      assert.equal((await alerts()).length, 0);
      assert.equal((await successor()).payload.from, null);
    });

    it('the daily job is kept scheduled once, even when several workers ensure it at the same time', async () => {
      await Promise.all(Array.from({ length: 5 }, () => ensureVisitAlertsScheduled(t.ctx)));
      await ensureVisitAlertsScheduled(t.ctx);
      const next = await successor();
      assert.equal(next.key, VISIT_ALERTS_KEY);
      assert.equal(next.payload.from, null);
    });
  });
}
