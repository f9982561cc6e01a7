import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { readSettingsWithSecrets } from '../../db/settings.js';
import type { ReadForSend } from '../../mail/send-job.js';
import { claimRecipient } from './claim-recipient.js';

/*
 * A campaign's recipient moves from `pending` to `sending` in the same commit that writes its
 * outbox row, once: the run that finds it no longer pending writes nothing (on PostgreSQL one
 * statement does both, on SQLite a transaction).
 */

/** A campaign sent through the API to one consenting client: its recipient row, pending. */
async function pendingRecipient(app: TestApp) {
  const admin = await setupSalon(app);
  await setSettings(app, admin.token, { bulk_campaigns_enabled: 1 });
  const client = await createClient(app, admin.token, { marketing_consent: 1 });
  const created = await app.request({
    method: 'POST',
    url: '/api/campaigns',
    token: admin.token,
    payload: { name: 'Claim', subject: 'Claim', blocks: [{ type: 'text', text: 'x' }] },
  });
  const sent = await app.request({ method: 'POST', url: `/api/campaigns/${created.body.id}/send`, token: admin.token });
  assert.equal(sent.status, 202);
  const recipient = await app.ctx.db
    .selectFrom('campaign_recipients')
    .selectAll()
    .where('campaign_id', '=', created.body.id)
    .executeTakeFirstOrThrow();
  assert.equal(recipient.status, 'pending');
  const read: ReadForSend = {
    settings: await readSettingsWithSecrets(app.ctx),
    language: 'en',
    overrides: new Map(),
  };
  const data = {
    subject: 'Claim',
    blocks: [{ type: 'text' as const, text: 'x' }],
    unsubscribeUrl: 'https://salon.test/unsubscribe?token=t',
    recipient: { name: client.name },
  };
  return { recipient, address: client.email!, read, data };
}

async function campaignEmails(app: TestApp) {
  return app.ctx.db.selectFrom('emails').selectAll().where('template', '=', 'campaign.email').execute();
}

for (const dialect of DIALECTS) {
  describe(`a campaign recipient's claim [${dialect}]`, () => {
    it('a pending recipient moves to sending with its outbox row, queued, written in the same commit', async (t) => {
      const app = await createTestApp(dialect);
      t.after(() => app.close());
      const { recipient, address, read, data } = await pendingRecipient(app);

      const email = await claimRecipient(app.ctx, recipient.id, address, read, data);
      assert.ok(email);
      assert.equal(email.status, 'queued');
      assert.equal(email.recipient, address);
      assert.equal(email.template, 'campaign.email');
      assert.equal(email.sensitive, 1);
      assert.deepEqual(JSON.parse(email.data ?? 'null'), data);

      const moved = await app.ctx.db
        .selectFrom('campaign_recipients')
        .selectAll()
        .where('id', '=', recipient.id)
        .executeTakeFirstOrThrow();
      assert.equal(moved.status, 'sending');
      assert.equal(moved.email_id, email.id);
      assert.deepEqual(await campaignEmails(app), [email], 'the row returned is the row stored');
    });

    it('a recipient no longer pending is not claimed, and no outbox row is left behind', async (t) => {
      const app = await createTestApp(dialect);
      t.after(() => app.close());
      const { recipient, address, read, data } = await pendingRecipient(app);
      await app.ctx.db
        .updateTable('campaign_recipients')
        .set({ status: 'skipped' })
        .where('id', '=', recipient.id)
        .execute();

      assert.equal(await claimRecipient(app.ctx, recipient.id, address, read, data), null);
      assert.deepEqual(await campaignEmails(app), []);
    });

    it('two claims of one recipient at the same moment: one wins, one outbox row is written', async (t) => {
      const app = await createTestApp(dialect);
      t.after(() => app.close());
      const { recipient, address, read, data } = await pendingRecipient(app);

      const claims = await Promise.all([
        claimRecipient(app.ctx, recipient.id, address, read, data),
        claimRecipient(app.ctx, recipient.id, address, read, data),
      ]);
      const won = claims.filter((claim) => claim !== null);
      assert.equal(won.length, 1);
      const rows = await campaignEmails(app);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.id, won[0]!.id);
    });
  });
}
