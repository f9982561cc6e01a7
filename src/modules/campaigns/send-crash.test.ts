import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'node:test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { seedCampaign } from '../../../test/helpers/campaign-seed.js';
import { contextOn, sharedDatabase } from '../../../test/helpers/shared-database.js';
import { SmtpSink } from '../../../test/helpers/smtp-sink.js';
import { createWorker } from '../../composition.js';
import { campaignSendJob, startSend } from './send.js';

/*
 * "Killing the process mid-send and restarting finishes the send with no recipient mailed
 * twice and none skipped." A worker in a process of its own (test/fixtures/crash-worker.ts)
 * sends a campaign until the mail server stalls in the middle of one message; the test kills
 * it with SIGKILL there, as a machine dies, and a fresh worker finishes the send.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const crashWorkerScript = join(repoRoot, 'test/fixtures/crash-worker.ts');

/** Accepts `acceptFirst` messages, then stalls every message until `release()`. */
async function stallingSmtpServer(acceptFirst: number) {
  const received: string[] = [];
  let released = false;
  const stalled: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then(() => {
          if (!released && received.length >= acceptFirst) {
            // Never answered: the sender hangs mid-message, the message is not accepted.
            stalled.push(() => callback(new Error('stalled')));
            return;
          }
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalledCount: () => stalled.length,
    release() {
      released = true;
    },
    async stop() {
      for (const answer of stalled.splice(0)) answer();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitFor<T>(what: string, check: () => Promise<T | null | false>, timeoutMs = 30_000, detail = () => '') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${detail()}`);
    await sleep(50);
  }
}

function cleanup(t: TestContext, run: () => unknown) {
  t.after(async () => {
    await run();
  });
}

/** Through the API: bulk campaigns on (with `settings`), one consenting client, a campaign to all, sent. */
async function sendToOneClient(app: TestApp, name: string, settings: Record<string, unknown>) {
  const admin = await setupSalon(app);
  await setSettings(app, admin.token, { bulk_campaigns_enabled: 1, ...settings });
  const client = await createClient(app, admin.token, { marketing_consent: 1 });
  const created = await app.request({
    method: 'POST',
    url: '/api/campaigns',
    token: admin.token,
    payload: { name, subject: name, blocks: [{ type: 'text', text: 'x' }] },
  });
  const sent = await app.request({ method: 'POST', url: `/api/campaigns/${created.body.id}/send`, token: admin.token });
  assert.equal(sent.status, 202);
  assert.equal(sent.body.recipient_count, 1);
  return { admin, client, created };
}

const RECIPIENTS = 12;
const BEFORE_CRASH = 5;

for (const dialect of DIALECTS) {
  describe(`campaign send survives a crash [${dialect}]`, () => {
    it(
      'killing the worker mid-send and restarting finishes the send: nobody mailed twice, nobody skipped',
      { timeout: 120_000 },
      async (t) => {
        const shared = await sharedDatabase(dialect);
        const smtp = await stallingSmtpServer(BEFORE_CRASH);
        // t.after runs in registration order: stop the mail server before dropping the database.
        cleanup(t, () => smtp.stop());
        cleanup(t, () => shared.drop());
        const db = shared.database.db;
        const ctx = contextOn({ ...shared.config, smtpUrl: smtp.url }, shared.database.db, dialect);

        const { campaignId, addresses } = await seedCampaign(db, {
          name: 'Crash',
          count: RECIPIENTS,
          subject: 'Crash test',
          blocks: [{ type: 'text', text: 'Hello' }],
        });
        const started = await startSend(ctx, campaignId);
        assert.equal(started.recipient_count, RECIPIENTS);

        let output = '';
        const child = spawn(process.execPath, ['--import', 'tsx', crashWorkerScript], {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATA_DIR: shared.config.dataDir,
            DATABASE_URL: shared.url ?? '',
            SMTP_URL: smtp.url,
            JWT_SECRET: shared.config.jwtSecret,
            JOB_LEASE_SECONDS: '1',
            JOB_POLL_MS: '50',
            JOB_CONCURRENCY: '1',
            WORKER: 'on',
            LOG_LEVEL: 'warn',
          },
        });
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = once(child, 'exit');
        cleanup(t, () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        const childOutput = () => `\nchild output:\n${output}`;

        // The child has sent some emails and hangs inside the next one.
        await waitFor('the child to stall mid-send', async () => smtp.stalledCount() > 0, 60_000, childOutput);
        assert.equal(smtp.received.length, BEFORE_CRASH);
        child.kill('SIGKILL');
        const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
        assert.equal(signal, 'SIGKILL', `child ended by itself${childOutput()}`);

        const midway = await db
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', campaignId)
          .executeTakeFirstOrThrow();
        assert.equal(midway.status, 'sending');
        assert.equal(midway.sent_count, BEFORE_CRASH);

        // Restart: a worker with a mail server that answers again finishes the send once the
        // dead worker's lease has run out.
        smtp.release();
        const worker = createWorker(ctx);
        const done = await waitFor('the send to finish', async () => {
          await worker.drain();
          const row = await db
            .selectFrom('campaigns')
            .selectAll()
            .where('id', '=', campaignId)
            .executeTakeFirstOrThrow();
          return row.status === 'sent' ? row : null;
        });
        assert.equal(done.sent_count, RECIPIENTS);
        assert.equal(done.failed_count, 0);
        assert.equal(done.skipped_count, 0);

        // Every recipient exactly once.
        assert.deepEqual([...smtp.received].sort(), [...addresses].sort());
        const states = await db
          .selectFrom('campaign_recipients')
          .select('status')
          .where('campaign_id', '=', campaignId)
          .execute();
        assert.equal(states.length, RECIPIENTS);
        assert.ok(states.every((s) => s.status === 'sent'));
      },
    );

    it("a worker that died between the last recipient's count and the campaign's completion: the job's rerun completes it, once", async (t) => {
      const app = await createTestApp(dialect);
      cleanup(t, () => app.close());
      const { admin, client, created } = await sendToOneClient(app, 'Gap', {});
      // What the dead worker left: the recipient counted as sent, the campaign still `sending`,
      // and the job (never marked done) due again once its lease ran out.
      const { db } = app.ctx;
      await db.updateTable('campaign_recipients').set({ status: 'sent' }).where('client_id', '=', client.id).execute();
      await db.updateTable('campaigns').set({ sent_count: 1 }).where('id', '=', created.body.id).execute();

      await app.drain();
      const done = await app.request({ method: 'GET', url: `/api/campaigns/${created.body.id}`, token: admin.token });
      assert.equal(done.body.status, 'sent');
      assert.equal(done.body.sent_count, 1);
      assert.match(done.body.finished_at ?? '', /^\d{4}-/);
      assert.equal(app.mail.to(client.email!).length, 0, 'not mailed again');
      const inbox = await app.request({ method: 'GET', url: '/api/notifications?type=campaign', token: admin.token });
      const announcements = (inbox.body as { type: string; link: string }[]).filter(
        (n) => n.type === 'campaign.sent' && n.link === `/campaigns/${created.body.id}`,
      );
      assert.equal(announcements.length, 1);
    });

    it("two runs of one recipient's job at the same moment (a lease taken over): one outbox row, the recipient counted once", async (t) => {
      const app = await createTestApp(dialect);
      cleanup(t, () => app.close());
      const { admin, client, created } = await sendToOneClient(app, 'Twice', {});
      const job = await app.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', 'campaign.send')
        .executeTakeFirstOrThrow();
      const handler = campaignSendJob(app.ctx);
      const context = { jobId: job.id, attempt: 1, maxAttempts: 5, isLastAttempt: false, log: app.app.log };
      await Promise.all([handler(JSON.parse(job.payload), context), handler(JSON.parse(job.payload), context)]);

      // Delivery is at least once: a run that reads the recipient while the other is talking
      // to the mail server sends too. What holds is the outbox and the count.
      assert.ok(app.mail.to(client.email!).length >= 1);
      const written = await app.ctx.db
        .selectFrom('emails')
        .select(['id', 'status'])
        .where('template', '=', 'campaign.email')
        .execute();
      assert.equal(written.length, 1, 'no outbox row left behind by the run that lost');
      assert.equal(written[0]!.status, 'sent');
      const done = await app.request({ method: 'GET', url: `/api/campaigns/${created.body.id}`, token: admin.token });
      assert.equal(done.body.status, 'sent');
      assert.equal(done.body.sent_count, 1);
    });

    it('a recipient whose email the mail server refuses on the last attempt counts as failed; the send completes as failed', async (t) => {
      const app = await createTestApp(dialect);
      const refusing = await new SmtpSink({ rejectWith: 'mailbox unavailable' }).start();
      cleanup(t, async () => {
        await app.close();
        await refusing.stop();
      });
      const { admin, client, created } = await sendToOneClient(app, 'Refused', {
        smtp_host: '127.0.0.1',
        smtp_port: refusing.port,
      });
      // One attempt only, so the first refusal is the last.
      await app.ctx.db.updateTable('jobs').set({ max_attempts: 1 }).where('name', '=', 'campaign.send').execute();
      await app.drain();
      const done = await app.request({ method: 'GET', url: `/api/campaigns/${created.body.id}`, token: admin.token });
      assert.equal(done.body.status, 'failed');
      assert.equal(done.body.sent_count, 0);
      assert.equal(done.body.failed_count, 1);
      const recipient = await app.ctx.db
        .selectFrom('campaign_recipients')
        .select(['status', 'error'])
        .where('client_id', '=', client.id)
        .executeTakeFirstOrThrow();
      assert.equal(recipient.status, 'failed');
      // The admin's server: a fixed text with the reply code, not the server's words.
      assert.match(recipient.error ?? '', /rejected the message \(550\)/);
    });
  });
}
