import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, pastSlot, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertOrderLines, insertPosOrder, insertProduct } from '../../../test/helpers/factories.js';
import { enqueue } from '../../jobs/queue.js';
import { unsubscribeToken } from './unsubscribe.js';

/*
 * "A completed booking starts the follow-up sequences" and the automations behind
 * the settings toggles: follow-up steps (`followup_sequences_enabled`) and product
 * recommendations (`product_recommendations_enabled`). Toggle off → nothing is sent.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const UNSUBSCRIBE_LINK = /http:\/\/salon\.test\/unsubscribe\?token=/;

for (const dialect of DIALECTS) {
  describe(`campaign automations [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { id: number };
    let service: { id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      service = await createService(t, admin.token, { name: 'Colour' });
    });
    after(() => t.close());

    const steps = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
      t.request({ method, url: `/api/campaigns/followup-steps${path}`, token: admin.token, payload });

    /** A booking of `clientId` (in the past: it has started), completed through the API. */
    async function completedVisit(clientId: number): Promise<number> {
      const booked = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: clientId, staff_id: staff.id, service_id: service.id, ...pastSlot() },
      });
      assert.equal(booked.status, 200, JSON.stringify(booked.body));
      const done = await t.request({
        method: 'PUT',
        url: `/api/bookings/${booked.body.id}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      return booked.body.id as number;
    }

    const jobsOf = (name: string, bookingId: number) =>
      t.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', name)
        .where('payload', 'like', `{"bookingId":${bookingId}%`)
        .orderBy('id')
        .execute();

    /** Makes every waiting job of the booking due and runs the queue. */
    async function runLater(bookingId: number) {
      await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('status', '=', 'queued')
        .where('payload', 'like', `{"bookingId":${bookingId}%`)
        .execute();
      await t.drain();
    }

    describe('follow-up steps: admin CRUD', () => {
      it('POST adds steps in order, GET lists them by position, PUT changes, DELETE removes; 404 and 400', async () => {
        const first = await steps('POST', '', {
          delay_days: 2,
          subject: 'CRUD one',
          blocks: [{ type: 'text', text: 'One' }],
        });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        const second = await steps('POST', '', {
          delay_days: 7,
          subject: 'CRUD two',
          blocks: [{ type: 'text', text: 'Two' }],
          active: false,
        });
        assert.equal(second.body.position, first.body.position + 1);
        assert.equal(second.body.active, 0);
        const list = await steps('GET');
        const ids = list.body.map((s: { id: number }) => s.id);
        assert.ok(ids.indexOf(first.body.id) < ids.indexOf(second.body.id));
        const changed = await steps('PUT', `/${second.body.id}`, { delay_days: 10 });
        assert.equal(changed.status, 200);
        assert.equal(changed.body.delay_days, 10);
        assert.equal(changed.body.subject, 'CRUD two');
        for (const id of [first.body.id, second.body.id]) assert.equal((await steps('DELETE', `/${id}`)).status, 200);
        assertError(await steps('DELETE', `/${first.body.id}`), 404, 'not_found');
        assertError(await steps('PUT', `/${first.body.id}`, { delay_days: 1 }), 404, 'not_found');
        assertInvalid(await steps('POST', '', { subject: 's', blocks: [{ type: 'text', text: 'x' }] }), 'delay_days');
        assertInvalid(
          await steps('POST', '', { delay_days: 1, subject: 's', blocks: [{ type: 'button' }] }),
          'blocks.0.href',
        );
        assertInvalid(
          await steps('POST', '', { delay_days: -1, subject: 's', blocks: [{ type: 'text', text: 'x' }] }),
          'delay_days',
        );
      });
    });

    describe('follow-up sequences after a completed booking', () => {
      it('each active step is sent after its delay, with the unsubscribe link; inactive steps are not', async () => {
        await setSettings(t, admin.token, { followup_sequences_enabled: true });
        const one = await steps('POST', '', {
          delay_days: 1,
          subject: 'Seq day 1',
          blocks: [{ type: 'text', text: 'Day one' }],
        });
        const two = await steps('POST', '', {
          delay_days: 14,
          subject: 'Seq day 14',
          blocks: [{ type: 'text', text: 'Two weeks' }],
        });
        const off = await steps('POST', '', {
          delay_days: 3,
          subject: 'Seq off',
          blocks: [{ type: 'text', text: 'x' }],
          active: 0,
        });
        try {
          const client = await createClient(t, admin.token, { marketing_consent: 1 });
          const started = Date.now();
          const bookingId = await completedVisit(client.id);
          const jobs = await jobsOf('booking.followup', bookingId);
          assert.deepEqual(
            jobs.map((j) => JSON.parse(j.payload)),
            [
              { bookingId, stepId: one.body.id },
              { bookingId, stepId: two.body.id },
            ],
          );
          const delayDays = (runAt: string) => Math.round((Date.parse(runAt) - started) / DAY_MS);
          assert.deepEqual(
            jobs.map((j) => delayDays(j.run_at)),
            [1, 14],
          );

          await t.drain();
          assert.equal(
            t.mail.to(client.email!).filter((m) => m.subject.startsWith('Seq')).length,
            0,
            'not before the delay',
          );
          await runLater(bookingId);
          const mails = t.mail.to(client.email!).filter((m) => m.subject.startsWith('Seq'));
          assert.deepEqual(mails.map((m) => m.subject).sort(), ['Seq day 1', 'Seq day 14']);
          assert.ok(mails.every((m) => UNSUBSCRIBE_LINK.test(m.html)));
          assert.ok(mails.some((m) => m.html.includes('Two weeks')));
        } finally {
          for (const step of [one, two, off]) await steps('DELETE', `/${step.body.id}`);
          await setSettings(t, admin.token, { followup_sequences_enabled: false });
        }
      });

      it('toggle off: completing a booking starts no follow-up; turned off before the step is due: nothing is sent', async () => {
        const step = await steps('POST', '', {
          delay_days: 2,
          subject: 'Seq toggle',
          blocks: [{ type: 'text', text: 'x' }],
        });
        try {
          const client = await createClient(t, admin.token, { marketing_consent: 1 });
          await setSettings(t, admin.token, { followup_sequences_enabled: false });
          const offBooking = await completedVisit(client.id);
          assert.equal((await jobsOf('booking.followup', offBooking)).length, 0);

          await setSettings(t, admin.token, { followup_sequences_enabled: true });
          const onBooking = await completedVisit(client.id);
          assert.equal((await jobsOf('booking.followup', onBooking)).length, 1);
          await setSettings(t, admin.token, { followup_sequences_enabled: false });
          await runLater(onBooking);
          assert.equal((await jobsOf('booking.followup', onBooking))[0]!.status, 'done');
          assert.equal(t.mail.to(client.email!).filter((m) => m.subject === 'Seq toggle').length, 0);
        } finally {
          await steps('DELETE', `/${step.body.id}`);
          await setSettings(t, admin.token, { followup_sequences_enabled: false });
        }
      });

      it('a client who unsubscribed gets no follow-up', async () => {
        await setSettings(t, admin.token, { followup_sequences_enabled: true });
        const step = await steps('POST', '', {
          delay_days: 2,
          subject: 'Seq unsub',
          blocks: [{ type: 'text', text: 'x' }],
        });
        try {
          const client = await createClient(t, admin.token, { marketing_consent: 1 });
          const bookingId = await completedVisit(client.id);
          await t.request({
            method: 'POST',
            url: '/api/campaigns/unsubscribe',
            payload: { token: unsubscribeToken(t.ctx.config.jwtSecret, client.id) },
          });
          await runLater(bookingId);
          assert.equal(t.mail.to(client.email!).filter((m) => m.subject === 'Seq unsub').length, 0);
        } finally {
          await steps('DELETE', `/${step.body.id}`);
          await setSettings(t, admin.token, { followup_sequences_enabled: false });
        }
      });
    });

    describe('product recommendations (product_recommendations_enabled)', () => {
      async function paidOrder(clientId: number, productIds: number[]) {
        const orderId = await insertPosOrder(t.ctx.db, { client_id: clientId, staff_id: admin.id, total: 1000 });
        const product = await t.ctx.db
          .selectFrom('products')
          .select(['id', 'name'])
          .where('id', 'in', productIds)
          .execute();
        await insertOrderLines(
          t.ctx.db,
          orderId,
          product.map((p) => ({
            item_type: 'product' as const,
            item_id: p.id,
            name: p.name,
            quantity: 1,
            line_total: 500,
          })),
        );
      }

      it('products bought by other clients who had the same service, minus what the client bought, a day after the visit', async () => {
        const shampoo = await insertProduct(t.ctx.db, { name: 'Reco Shampoo' });
        const mask = await insertProduct(t.ctx.db, { name: 'Reco Mask' });
        const comb = await insertProduct(t.ctx.db, { name: 'Reco Comb' });
        const other = await createClient(t, admin.token, { marketing_consent: 1 });
        const stranger = await createClient(t, admin.token, { marketing_consent: 1 });
        const client = await createClient(t, admin.token, { marketing_consent: 1 });
        await completedVisit(other.id);
        await paidOrder(other.id, [shampoo.id, mask.id]);
        await paidOrder(stranger.id, [comb.id]); // never had the service
        await paidOrder(client.id, [mask.id]); // already has it

        await setSettings(t, admin.token, { product_recommendations_enabled: true });
        try {
          const started = Date.now();
          const bookingId = await completedVisit(client.id);
          const [job] = await jobsOf('campaign.product_recommendations', bookingId);
          assert.ok(job);
          assert.equal(Math.round((Date.parse(job.run_at) - started) / DAY_MS), 1);
          await runLater(bookingId);
          const [mail] = t.mail.to(client.email!).filter((m) => m.subject === 'Picked for you');
          assert.ok(mail, 'recommendation sent');
          assert.ok(mail.text.includes('Reco Shampoo'));
          assert.ok(!mail.text.includes('Reco Mask'), 'not what the client bought already');
          assert.ok(!mail.text.includes('Reco Comb'), 'only from clients with the same service');
          assert.match(mail.html, UNSUBSCRIBE_LINK);
        } finally {
          await setSettings(t, admin.token, { product_recommendations_enabled: false });
        }
      });

      it('toggle off: no job at completion; turned off before it runs: nothing is sent', async () => {
        const client = await createClient(t, admin.token, { marketing_consent: 1 });
        await setSettings(t, admin.token, { product_recommendations_enabled: false });
        const offBooking = await completedVisit(client.id);
        assert.equal((await jobsOf('campaign.product_recommendations', offBooking)).length, 0);

        await setSettings(t, admin.token, { product_recommendations_enabled: true });
        const onBooking = await completedVisit(client.id);
        assert.equal((await jobsOf('campaign.product_recommendations', onBooking)).length, 1);
        await setSettings(t, admin.token, { product_recommendations_enabled: false });
        await runLater(onBooking);
        assert.equal(t.mail.to(client.email!).filter((m) => m.subject === 'Picked for you').length, 0);
      });
    });
    describe('seasonal promotions (seasonal_promotions_enabled)', () => {
      const today = () => DateTime.now().setZone('Europe/Amsterdam');
      async function promotion(code: string, overrides: object) {
        const now = new Date().toISOString();
        return t.ctx.db
          .insertInto('promotions')
          .values({
            code,
            name: `Promo ${code}`,
            discount_type: 'percentage',
            discount_value: 1500,
            valid_from: null,
            valid_to: null,
            usage_limit: null,
            per_client_limit: null,
            applies_to: '["service","product"]',
            active: 1,
            created_at: now,
            updated_at: now,
            ...overrides,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
      async function runSeasonal() {
        await enqueue(t.ctx.db, 'campaign.seasonal_promotions', {});
        await t.drain();
      }
      const seasonalCampaigns = () =>
        t.ctx.db.selectFrom('campaigns').selectAll().where('promotion_id', 'is not', null).orderBy('id').execute();

      it('a promotion whose season began is announced once to consenting clients; toggle off: nothing, next run scheduled', async () => {
        const client = await createClient(t, admin.token, { marketing_consent: 1 });
        const noConsent = await createClient(t, admin.token, { marketing_consent: 0 });
        const started = await promotion('SPRING', {
          valid_from: today().minus({ days: 1 }).toFormat('yyyy-MM-dd'),
          valid_to: today().plus({ days: 10 }).toFormat('yyyy-MM-dd'),
        });
        await promotion('LATER', { valid_from: today().plus({ days: 5 }).toFormat('yyyy-MM-dd') });
        await promotion('ALWAYS', {});
        await promotion('OFF', { valid_from: today().toFormat('yyyy-MM-dd'), active: 0 });
        await promotion('OVER', {
          valid_from: today().minus({ days: 30 }).toFormat('yyyy-MM-dd'),
          valid_to: today().minus({ days: 1 }).toFormat('yyyy-MM-dd'),
        });

        await setSettings(t, admin.token, { seasonal_promotions_enabled: false });
        await runSeasonal();
        assert.equal((await seasonalCampaigns()).length, 0);
        const next = await t.ctx.db
          .selectFrom('jobs')
          .select(['run_at', 'key'])
          .where('name', '=', 'campaign.seasonal_promotions')
          .where('status', '=', 'queued')
          .execute();
        assert.equal(next.length, 1);
        assert.equal(next[0]!.key, 'campaign.seasonal_promotions');
        assert.ok(Date.parse(next[0]!.run_at) > Date.now(), 'the next run is later');

        await setSettings(t, admin.token, { seasonal_promotions_enabled: true });
        try {
          await runSeasonal();
          const campaigns = await seasonalCampaigns();
          assert.deepEqual(
            campaigns.map((c) => [c.promotion_id, c.status]),
            [[started.id, 'sent']],
          );
          const mails = t.mail.to(client.email!).filter((m) => m.subject === 'Promo SPRING');
          assert.equal(mails.length, 1);
          assert.ok(mails[0]!.text.includes('15% off with code SPRING'));
          assert.match(mails[0]!.html, UNSUBSCRIBE_LINK);
          assert.equal(t.mail.to(noConsent.email!).filter((m) => m.subject === 'Promo SPRING').length, 0);

          // The next day's run announces nothing twice.
          await runSeasonal();
          assert.equal((await seasonalCampaigns()).length, 1);
          assert.equal(t.mail.to(client.email!).filter((m) => m.subject === 'Promo SPRING').length, 1);
        } finally {
          await setSettings(t, admin.token, { seasonal_promotions_enabled: false });
        }
      });
    });
  });
}
