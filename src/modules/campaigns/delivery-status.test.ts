import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { SmtpSink } from '../../../test/helpers/smtp-sink.js';

/*
 * A finished campaign tells from its delivery counts how the send went, through a real SMTP
 * server that refuses some mailboxes at RCPT TO.
 */

for (const dialect of DIALECTS) {
  describe(`campaign delivery status [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    // Every address with "refused" in it is a mailbox the server does not have.
    let refusing: SmtpSink;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      refusing = await new SmtpSink({ refuseRecipient: (address) => address.startsWith('refused') }).start();
      await setSettings(t, admin.token, {
        bulk_campaigns_enabled: 1,
        smtp_host: '127.0.0.1',
        smtp_port: refusing.port,
      });
    });
    after(async () => {
      await t.close();
      await refusing.stop();
    });

    /** Sends a campaign to clients with these address prefixes (one attempt each) and returns it when done. */
    async function sendTo(prefixes: string[], extra: { unsubscribed?: number } = {}) {
      const tag = `only-${Math.random().toString(36).slice(2, 10)}`;
      for (const prefix of prefixes) {
        await createClient(t, admin.token, { email: uniqueEmail(prefix), marketing_consent: 1, labels: [tag] });
      }
      const leaving: number[] = [];
      for (let i = 0; i < (extra.unsubscribed ?? 0); i += 1) {
        leaving.push((await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] })).id);
      }
      const created = await t.request({
        method: 'POST',
        url: '/api/campaigns',
        token: admin.token,
        payload: {
          name: 'Winter',
          subject: 'Winter news',
          blocks: [{ type: 'text', text: 'Hello' }],
          segment_filters: { labels: [tag] },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const started = await t.request({
        method: 'POST',
        url: `/api/campaigns/${created.body.id}/send`,
        token: admin.token,
      });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      // Unsubscribed after the list was built: skipped when their turn comes.
      for (const clientId of leaving) {
        await t.ctx.db
          .insertInto('client_unsubscribes')
          .values({ client_id: clientId, created_at: new Date().toISOString() })
          .execute();
      }
      // One attempt, so the first refusal is the last and the recipient counts as failed.
      await t.ctx.db.updateTable('jobs').set({ max_attempts: 1 }).where('name', '=', 'campaign.send').execute();
      await t.drain();
      const done = await t.request({ method: 'GET', url: `/api/campaigns/${created.body.id}`, token: admin.token });
      assert.equal(done.status, 200);
      assert.equal(done.body.pending_count, 0, JSON.stringify(done.body));
      assert.ok(done.body.finished_at, 'finished');
      return done.body as {
        id: number;
        status: string;
        sent_count: number;
        failed_count: number;
        skipped_count: number;
      };
    }

    it('a campaign whose every recipient email was sent is sent', async () => {
      const done = await sendTo(['ok', 'ok']);
      assert.deepEqual([done.status, done.sent_count, done.failed_count], ['sent', 2, 0]);
    });

    it('a campaign where some emails failed and some were sent is partly_failed', async () => {
      const before = refusing.messages.length;
      const done = await sendTo(['ok', 'refused', 'ok']);
      assert.deepEqual([done.status, done.sent_count, done.failed_count], ['partly_failed', 2, 1]);
      assert.equal(refusing.messages.length - before, 2, 'the server received the two it accepted');
      const recipients = await t.ctx.db
        .selectFrom('campaign_recipients')
        .select(['email', 'status', 'error'])
        .where('campaign_id', '=', done.id)
        .execute();
      const failed = recipients.filter((r) => r.status === 'failed');
      assert.equal(failed.length, 1);
      assert.match(failed[0]!.email, /^refused/);
      assert.match(failed[0]!.error ?? '', /mailbox unavailable|rejected/);
    });

    it('a campaign where every email failed is failed', async () => {
      const done = await sendTo(['refused', 'refused']);
      assert.deepEqual([done.status, done.sent_count, done.failed_count], ['failed', 0, 2]);
      // Finished all the same: it cannot be sent again, and it may be deleted.
      const again = await t.request({ method: 'POST', url: `/api/campaigns/${done.id}/send`, token: admin.token });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'campaign_already_sent');
      assert.match(again.body.error, /already been sent/);
      const edit = await t.request({
        method: 'PUT',
        url: `/api/campaigns/${done.id}`,
        token: admin.token,
        payload: { name: 'x' },
      });
      assert.equal(edit.status, 409);
      assert.equal(edit.body.code, 'campaign_not_editable');
      const removed = await t.request({ method: 'DELETE', url: `/api/campaigns/${done.id}`, token: admin.token });
      assert.equal(removed.status, 200);
    });

    it('skipped recipients are no failure: sent ones plus skipped ones make a sent campaign', async () => {
      const done = await sendTo(['ok'], { unsubscribed: 1 });
      assert.deepEqual([done.status, done.sent_count, done.failed_count, done.skipped_count], ['sent', 1, 0, 1]);
    });

    it('a failed email with skipped recipients and none sent is failed', async () => {
      const done = await sendTo(['refused'], { unsubscribed: 1 });
      assert.deepEqual([done.status, done.sent_count, done.failed_count, done.skipped_count], ['failed', 0, 1, 1]);
    });

    it('the status column takes the delivery statuses and still refuses any other', async () => {
      const now = new Date().toISOString();
      const row = (status: string) => ({
        name: 'Check',
        subject: 'Check',
        blocks: '[]',
        status: status as 'sent',
        created_at: now,
        updated_at: now,
      });
      for (const status of ['partly_failed', 'failed', 'sent', 'sending', 'draft']) {
        await t.ctx.db.insertInto('campaigns').values(row(status)).execute();
      }
      await assert.rejects(t.ctx.db.insertInto('campaigns').values(row('lost')).execute(), /check/i);
    });

    it('deleting a campaign still removes its recipients (the reference survives the migration)', async () => {
      const done = await sendTo(['ok']);
      const count = async () =>
        (
          await t.ctx.db
            .selectFrom('campaign_recipients')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('campaign_id', '=', done.id)
            .executeTakeFirstOrThrow()
        ).n;
      assert.equal(Number(await count()), 1);
      const removed = await t.request({ method: 'DELETE', url: `/api/campaigns/${done.id}`, token: admin.token });
      assert.equal(removed.status, 200);
      assert.equal(Number(await count()), 0);
    });
  });
}
