import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertPosOrder } from '../../../test/helpers/factories.js';
import { unsubscribeToken } from './unsubscribe.js';

/*
 * Segment filters: a send reaches exactly the clients the filters select, each
 * once. This file owns its whole client table, so the expected recipients of every send are
 * known exactly: each filter alone, then combined (AND).
 */

type Name = 'ann' | 'bob' | 'cas' | 'dee' | 'eve' | 'fay' | 'gus';

for (const dialect of DIALECTS) {
  describe(`segment filters at send time [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    const clients = {} as Record<Name, { id: number; email: string | null }>;
    let hair: number;
    let nails: number;
    let sends = 0;

    const daysAgo = (days: number) =>
      DateTime.now().setZone('Europe/Amsterdam').minus({ days }).set({ hour: 10, minute: 0, second: 0 });

    async function booking(client: Name, serviceId: number, days: number, status = 'completed') {
      const start = daysAgo(days);
      const now = new Date().toISOString();
      await t.ctx.db
        .insertInto('bookings')
        .values({
          client_id: clients[client].id,
          staff_id: admin.id,
          service_id: serviceId,
          start_at: start.toFormat('yyyy-MM-dd HH:mm:ss'),
          end_at: start.plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss'),
          status: status as 'completed',
          notes: '',
          internal_notes: '',
          price: 4500,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    async function order(client: Name, cents: number, paymentStatus: 'paid' | 'pending' = 'paid') {
      await insertPosOrder(t.ctx.db, {
        client_id: clients[client].id,
        staff_id: admin.id,
        payment_status: paymentStatus,
        total: cents,
      });
    }

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await setSettings(t, admin.token, { bulk_campaigns_enabled: 1 });
      const category = async (name: string) => {
        const response = await t.request({
          method: 'POST',
          url: '/api/services/categories',
          token: admin.token,
          payload: { name },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return response.body.id as number;
      };
      const hairCategory = await category('Hair');
      const nailsCategory = await category('Nails');
      hair = (await createService(t, admin.token, { category_id: hairCategory })).id;
      nails = (await createService(t, admin.token, { category_id: nailsCategory })).id;

      const make = async (name: Name, payload: object) => {
        clients[name] = await createClient(t, admin.token, {
          name,
          email: uniqueEmail(name),
          marketing_consent: 1,
          ...payload,
        });
      };
      await make('ann', { phone: '0612345678', labels: ['VIP'], birthday: '1990-03-15', gender: 'female' });
      await make('bob', { phone: '', labels: ['regular'], birthday: '1985-12-01', gender: 'male' });
      await make('cas', { phone: '0612345613', labels: ['vip', 'Regular'], gender: '' });
      await make('dee', { phone: '0612345614', birthday: '2000-03-01', gender: 'female' });
      // Never reached, whatever the filters: no consent, no email, unsubscribed.
      await make('eve', {
        phone: '0612345615',
        labels: ['VIP'],
        birthday: '1990-03-20',
        gender: 'female',
        marketing_consent: 0,
      });
      await make('fay', {
        phone: '0612345616',
        labels: ['VIP'],
        birthday: '1990-03-21',
        gender: 'female',
        email: null,
      });
      await make('gus', { phone: '0612345617', labels: ['VIP'], birthday: '1990-03-22', gender: 'female' });
      const unsubscribed = await t.request({
        method: 'POST',
        url: '/api/campaigns/unsubscribe',
        payload: { token: unsubscribeToken(t.ctx.config.jwtSecret, clients.gus.id) },
      });
      assert.equal(unsubscribed.status, 200);

      await booking('ann', hair, 10);
      await booking('ann', hair, 100);
      await booking('bob', nails, 200);
      await booking('cas', hair, 5, 'cancelled'); // not a visit, not "booked a service"
      for (const days of [40, 41, 42, 43, 44]) await booking('dee', nails, days);
      for (const name of ['eve', 'fay', 'gus'] as const) {
        await booking(name, hair, 300);
        await order(name, 50_000);
      }
      await order('ann', 10_000);
      await order('ann', 5_000);
      await order('ann', 50_000, 'pending'); // unpaid: not spent
      await order('bob', 2_000);
      await order('dee', 30_000);
    });
    after(() => t.close());

    /** Sends a campaign with these filters and returns who received it (sorted, duplicates kept). */
    async function recipientsOf(filters: object): Promise<string[]> {
      sends += 1;
      const subject = `Segment test ${sends}`;
      const created = await t.request({
        method: 'POST',
        url: '/api/campaigns',
        token: admin.token,
        payload: { name: subject, subject, blocks: [{ type: 'text', text: 'Hi' }], segment_filters: filters },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const sent = await t.request({
        method: 'POST',
        url: `/api/campaigns/${created.body.id}/send`,
        token: admin.token,
      });
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      await t.drain();
      const byEmail = new Map(Object.entries(clients).map(([name, c]) => [c.email, name]));
      const received = t.mail.messages
        .filter((m) => m.subject === subject)
        .flatMap((m) => m.to.map((address) => byEmail.get(address.toLowerCase()) ?? address));
      const campaign = await t.request({ method: 'GET', url: `/api/campaigns/${created.body.id}`, token: admin.token });
      assert.equal(campaign.body.status, 'sent');
      assert.equal(campaign.body.sent_count, received.length);

      const preview = await t.request({
        method: 'POST',
        url: '/api/campaigns/segments/preview',
        token: admin.token,
        payload: { filters, limit: 100 },
      });
      assert.equal(preview.body.count, received.length, 'the preview counts what the send reaches');
      return received.sort();
    }

    const cases: Array<[string, object, Name[]]> = [
      ['no filters: every consenting, subscribed client with an email', {}, ['ann', 'bob', 'cas', 'dee']],
      ['has_email true', { has_email: true }, ['ann', 'bob', 'cas', 'dee']],
      ['has_email false: no condition', { has_email: false }, ['ann', 'bob', 'cas', 'dee']],
      ['has_phone: non-empty phone only', { has_phone: true }, ['ann', 'cas', 'dee']],
      ['labels: any of the names, case-insensitive', { labels: ['vip'] }, ['ann', 'cas']],
      ['labels: several names', { labels: ['VIP', 'REGULAR'] }, ['ann', 'bob', 'cas']],
      ['labels: an unknown name matches nobody', { labels: ['nobody-has-this'] }, []],
      [
        'last_visit_days_ago: last completed visit longer ago, or none',
        { last_visit_days_ago: 30 },
        ['bob', 'cas', 'dee'],
      ],
      ['last_visit_days_ago: a larger N', { last_visit_days_ago: 150 }, ['bob', 'cas']],
      ['min_total_spent: paid POS orders only', { min_total_spent: 150 }, ['ann', 'dee']],
      ['max_total_spent: no orders counts as 0', { max_total_spent: 149.99 }, ['bob', 'cas']],
      ['birthday_months: one month', { birthday_months: [3] }, ['ann', 'dee']],
      ['birthday_months: several months', { birthday_months: [12, 3] }, ['ann', 'bob', 'dee']],
      ['min_visits: completed bookings', { min_visits: 2 }, ['ann', 'dee']],
      ['max_visits: none counts as 0', { max_visits: 1 }, ['bob', 'cas']],
      ['gender', { gender: 'female' }, ['ann', 'dee']],
      ['gender: not given', { gender: '' }, ['cas']],
      [
        'combined with AND: gender, birthday month and visits',
        { gender: 'female', birthday_months: [3], min_visits: 3 },
        ['dee'],
      ],
      [
        'combined with AND: labels, phone and spend',
        { labels: ['vip'], has_phone: true, max_total_spent: 200 },
        ['ann', 'cas'],
      ],
      [
        'combined with AND: every filter at once',
        {
          has_email: true,
          has_phone: true,
          labels: ['vip', 'regular'],
          last_visit_days_ago: 5,
          min_total_spent: 100,
          max_total_spent: 1000,
          birthday_months: [3],
          min_visits: 1,
          max_visits: 3,
          gender: 'female',
        },
        ['ann'],
      ],
    ];

    for (const [name, filters, expected] of cases) {
      it(name, async () => {
        assert.deepEqual(await recipientsOf(filters), expected);
      });
    }

    it('last_visit_days_ago: a visit inside the last N days excludes the client, an older one does not', async () => {
      assert.deepEqual(await recipientsOf({ last_visit_days_ago: 5 }), ['ann', 'bob', 'cas', 'dee']);
      assert.deepEqual(await recipientsOf({ last_visit_days_ago: 11 }), ['bob', 'cas', 'dee']);
      assert.deepEqual(await recipientsOf({ last_visit_days_ago: 9 }), ['ann', 'bob', 'cas', 'dee']);
    });

    it('service_category_id: clients who booked a service in this category (cancelled ones do not count)', async () => {
      const categoryOf = async (serviceId: number) =>
        (
          await t.ctx.db
            .selectFrom('services')
            .select('category_id')
            .where('id', '=', serviceId)
            .executeTakeFirstOrThrow()
        ).category_id as number;
      assert.deepEqual(await recipientsOf({ service_category_id: await categoryOf(hair) }), ['ann']);
      assert.deepEqual(await recipientsOf({ service_category_id: await categoryOf(nails) }), ['bob', 'dee']);
      assert.deepEqual(await recipientsOf({ service_category_id: 999_999 }), []);
    });
  });
}
