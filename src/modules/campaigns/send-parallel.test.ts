import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { DIALECTS } from '../../../test/helpers/database.js';
import { seedCampaign } from '../../../test/helpers/campaign-seed.js';
import { contextOn, sharedDatabase } from '../../../test/helpers/shared-database.js';
import { SmtpSink } from '../../../test/helpers/smtp-sink.js';
import { runEntry, waitFor } from '../../../test/helpers/server-process.js';
import { startSend } from './send.js';

/*
 * Two worker processes (`npm run worker`, the built entry) send one campaign side by side:
 * every recipient is mailed exactly once and every count is exact, however their claims
 * interleave. On SQLite the two share the database file, as a server and a separate worker do.
 */

const RECIPIENTS = 300;

function cleanup(t: TestContext, run: () => unknown) {
  t.after(async () => {
    await run();
  });
}

for (const dialect of DIALECTS) {
  describe(`campaign sent by two workers [${dialect}]`, () => {
    it(
      `two worker processes send a campaign of ${RECIPIENTS}: each recipient mailed exactly once, the counts exact`,
      { timeout: 180_000 },
      async (t) => {
        const shared = await sharedDatabase(dialect);
        const sink = await new SmtpSink().start();
        // t.after runs in registration order: the workers stop before the database goes.
        cleanup(t, () => sink.stop());
        const { db } = shared.database;
        const config = { ...shared.config, smtpUrl: sink.url };

        const { campaignId, addresses } = await seedCampaign(db, {
          name: 'Parallel',
          count: RECIPIENTS,
          subject: 'Hello {client_first_name}',
          blocks: [{ type: 'text', text: 'Dear {client_name}' }],
        });
        const started = await startSend(contextOn(config, db, dialect), campaignId);
        assert.equal(started.recipient_count, RECIPIENTS);

        const workers = [1, 2].map(() =>
          runEntry('src/worker-main.ts', [], {
            DATA_DIR: config.dataDir,
            DATABASE_URL: shared.url ?? '',
            SMTP_URL: sink.url,
            JWT_SECRET: config.jwtSecret,
            JOB_CONCURRENCY: '8',
            JOB_POLL_MS: '50',
          }),
        );
        cleanup(t, () => Promise.all(workers.map((worker) => worker.stop())));
        cleanup(t, () => shared.drop());

        const done = await waitFor(
          'the send to finish',
          async () => {
            const row = await db
              .selectFrom('campaigns')
              .selectAll()
              .where('id', '=', campaignId)
              .executeTakeFirstOrThrow();
            return row.status === 'sending' ? undefined : row;
          },
          120,
        ).catch((error: Error) => {
          throw new Error(`${error.message}\n${workers.map((worker) => worker.output()).join('\n')}`);
        });
        assert.equal(done.status, 'sent');
        assert.deepEqual([done.sent_count, done.failed_count, done.skipped_count], [RECIPIENTS, 0, 0]);
        assert.equal(sink.messages.length, RECIPIENTS);
        for (const [i, address] of addresses.entries()) {
          const received = sink.to(address);
          assert.equal(received.length, 1, `emails received by ${address}`);
          assert.match(received[0]!.html ?? '', new RegExp(`Dear Parallel ${i}<`));
        }
        const jobs = await db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'payload'])
          .where('name', '=', 'campaign.send')
          .execute();
        assert.equal(jobs.length, RECIPIENTS);
        assert.ok(
          jobs.every((job) => job.status === 'done' && job.attempts === 1),
          'every job ran once',
        );
        assert.equal(new Set(jobs.map((job) => job.payload)).size, RECIPIENTS, 'one job per recipient');
      },
    );
  });
}
