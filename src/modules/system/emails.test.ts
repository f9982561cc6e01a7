import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { ConfigError, loadConfig } from '../../config.js';
import { queueEmail } from '../../mail/outbox.js';

const FIELDS = [
  'created_at',
  'error',
  'headers',
  'html',
  'id',
  'redacted',
  'render_error',
  'sent_at',
  'status',
  'subject',
  'template',
  'text',
  'to',
];

describe('MAIL_PREVIEW', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('MAIL_PREVIEW is on by default and off by default when NODE_ENV=production; on and off override', () => {
    assert.equal(load({}).mailPreview, true);
    assert.equal(load({ NODE_ENV: 'development' }).mailPreview, true);
    assert.equal(load({ NODE_ENV: 'production' }).mailPreview, false);
    assert.equal(load({ NODE_ENV: 'production', MAIL_PREVIEW: 'on' }).mailPreview, true);
    assert.equal(load({ NODE_ENV: 'production', MAIL_PREVIEW: 'ON' }).mailPreview, true);
    assert.equal(load({ MAIL_PREVIEW: 'off' }).mailPreview, false);
  });

  it('MAIL_PREVIEW other than on or off stops the start with a configuration error', () => {
    assert.throws(() => load({ MAIL_PREVIEW: 'yes' }), ConfigError);
  });
});

for (const dialect of DIALECTS) {
  describe(`GET /api/system/emails/:id [${dialect}]`, () => {
    /** With a mail server; previews on (not production). */
    let sending: TestApp;
    /** No mail server; previews on: a developer's machine. */
    let offline: TestApp;
    /** No mail server; previews off: production. */
    let production: TestApp;
    const logs: string[] = [];
    const admins = new Map<TestApp, string>();

    before(async () => {
      sending = await createTestApp(dialect);
      offline = await createTestApp(dialect, {
        smtp: false,
        logDestination: { write: (line: string) => void logs.push(line) },
        config: { logLevel: 'debug' },
      });
      production = await createTestApp(dialect, { smtp: false, config: { mailPreview: false } });
      for (const app of [sending, offline, production]) admins.set(app, (await setupSalon(app)).token);
    });
    after(async () => {
      await sending.close();
      await offline.close();
      await production.close();
    });

    const show = (app: TestApp, id: number | string, token = admins.get(app)!) =>
      app.request({ url: `/api/system/emails/${id}`, token });
    const emailsTo = async (app: TestApp, to: string) =>
      (await app.request({ url: `/api/system/emails?to=${encodeURIComponent(to)}`, token: admins.get(app)! }))
        .body as Array<{ id: number; template: string; status: string }>;
    const forgotPassword = async (app: TestApp) => {
      const staff = await createStaff(app);
      const response = await app.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: staff.email },
      });
      assert.equal(response.status, 200);
      await app.drain();
      const [email] = await emailsTo(app, staff.email);
      assert.equal(email?.template, 'auth.password_reset');
      return email;
    };

    it('returns the message the mail server received: the same subject, text, HTML and headers', async () => {
      const to = uniqueEmail('changed');
      const id = await queueEmail(sending.ctx.db, { to, template: 'auth.password_changed', data: { name: 'Paula' } });
      await sending.drain();
      const [received] = sending.mail.to(to);
      assert.ok(received);

      const response = await show(sending, id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const email = response.body;
      assert.deepEqual(Object.keys(email).sort(), FIELDS);
      assert.equal(email.id, id);
      assert.equal(email.to, to);
      assert.equal(email.template, 'auth.password_changed');
      assert.equal(email.status, 'sent');
      assert.equal(email.subject, received.subject);
      assert.equal(email.text.trim(), received.text.trim());
      assert.equal(email.html.trim(), received.html.trim());
      assert.match(email.html, /Paula/);
      assert.deepEqual(email.headers, {});
      assert.equal(email.redacted, false);
      assert.equal(email.render_error, null);
      assert.match(email.sent_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('an unknown id is 404 not_found; an id that is not a positive integer is 400', async () => {
      const missing = await show(sending, 2_000_000_000);
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'not_found');
      for (const bad of ['abc', '0', '-1', '1.5']) assert.equal((await show(sending, bad)).status, 400, bad);
    });

    it('is for admins only: staff get 403', async () => {
      const staff = await createStaff(sending);
      const id = await queueEmail(sending.ctx.db, {
        to: uniqueEmail(),
        template: 'auth.password_changed',
        data: { name: 'S' },
      });
      assert.equal((await show(sending, id, staff.token)).status, 403);
    });

    it('a sensitive email not sent for want of a mail server renders where previews are on: the reset link is readable', async () => {
      const email = await forgotPassword(offline);
      assert.equal(email.status, 'unsent');
      const response = await show(offline, email.id);
      assert.equal(response.status, 200);
      assert.equal(response.body.redacted, false);
      const link = /http:\/\/salon\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(response.body.text);
      assert.ok(link, response.body.text);
      assert.ok(response.body.html.includes(link[1]), 'the HTML carries the same link');
      // The body is shown to the admin, never written to the logs.
      assert.ok(logs.length > 0, 'logs were captured');
      assert.ok(!logs.some((line) => line.includes(link[1]!)), 'the reset token is in no log line');
    });

    it('where previews are off (production) a sensitive email has html, text and headers null and redacted true', async () => {
      const unsent = await forgotPassword(production);
      const hidden = await show(production, unsent.id);
      assert.equal(hidden.status, 200);
      assert.deepEqual(
        [hidden.body.html, hidden.body.text, hidden.body.headers, hidden.body.redacted],
        [null, null, null, true],
      );
      const row = await production.ctx.db
        .selectFrom('emails')
        .select('data')
        .where('id', '=', unsent.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.data, null, 'the secret of an email that will never go out is erased');

      // Waiting to be sent, its data still stored: hidden all the same.
      const queued = await queueEmail(production.ctx.db, {
        to: uniqueEmail(),
        template: 'auth.password_reset',
        data: { name: 'Q', resetUrl: 'http://salon.test/reset-password?token=kept-secret' },
        sensitive: true,
      });
      const waiting = await show(production, queued);
      assert.equal(waiting.body.status, 'queued');
      assert.equal(waiting.body.redacted, true);
      assert.ok(!JSON.stringify(waiting.body).includes('kept-secret'));
    });

    it('where previews are off an email without a secret still renders', async () => {
      const id = await queueEmail(production.ctx.db, {
        to: uniqueEmail(),
        template: 'auth.password_changed',
        data: { name: 'Pia' },
      });
      const response = await show(production, id);
      assert.equal(response.body.redacted, false);
      assert.match(response.body.text, /Pia/);
    });

    it('a sensitive email once sent shows html and text null with redacted true, whatever the previews', async () => {
      const email = await forgotPassword(sending);
      assert.equal(email.status, 'sent');
      const response = await show(sending, email.id);
      assert.equal(response.status, 200);
      assert.deepEqual(
        [response.body.html, response.body.text, response.body.headers, response.body.redacted],
        [null, null, null, true],
      );
      assert.equal(response.body.subject.length > 0, true, 'the envelope is still shown');
    });

    it('a campaign email renders its blocks and its List-Unsubscribe headers', async () => {
      const token = admins.get(offline)!;
      await setSettings(offline, token, { bulk_campaigns_enabled: 1 });
      const tag = `only-${Math.random().toString(36).slice(2, 10)}`;
      const client = await createClient(offline, token, { marketing_consent: 1, labels: [tag] });
      const created = await offline.request({
        method: 'POST',
        url: '/api/campaigns',
        token,
        payload: {
          name: 'Spring',
          subject: 'Spring news',
          blocks: [{ type: 'text', text: 'Tulips & <tea>' }],
          segment_filters: { labels: [tag] },
        },
      });
      assert.equal(created.status, 201);
      const started = await offline.request({ method: 'POST', url: `/api/campaigns/${created.body.id}/send`, token });
      assert.equal(started.status, 202);
      await offline.drain();
      const [email] = await emailsTo(offline, client.email!);
      assert.equal(email?.template, 'campaign.email');
      const response = await show(offline, email.id);
      assert.equal(response.status, 200);
      assert.equal(response.body.redacted, false);
      assert.equal(response.body.subject, 'Spring news');
      assert.ok(response.body.html.includes('Tulips &amp; &lt;tea&gt;'), response.body.html);
      assert.match(response.body.text, /Tulips & <tea>/);
      assert.match(response.body.headers['List-Unsubscribe'], /^<http:\/\/salon\.test\/api\/campaigns\/unsubscribe/);
      assert.equal(response.body.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    });

    it('an email whose template no longer exists shows its envelope with render_error, not a 500', async () => {
      const [row] = await sending.ctx.db
        .insertInto('emails')
        .values({
          recipient: uniqueEmail(),
          subject: 'Old',
          template: 'retired.template',
          data: '{}',
          sensitive: 0,
          status: 'failed',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .execute();
      const response = await show(sending, row!.id);
      assert.equal(response.status, 200);
      assert.equal(response.body.html, null);
      assert.equal(response.body.redacted, false);
      assert.match(response.body.render_error, /retired\.template/);
    });
  });
}
