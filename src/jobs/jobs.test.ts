import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { createTestApp, setupSalon, uniqueEmail, type TestApp, type TestAppOptions } from '../../test/helpers/app.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { contextOn, sharedDatabase } from '../../test/helpers/shared-database.js';
import { SmtpSink } from '../../test/helpers/smtp-sink.js';
import { connect, type Dialect } from '../db/connection.js';
import type { DB, Email, Job } from '../db/types.js';
import { queueEmail } from '../mail/outbox.js';
import { createJobHandlers, createWorker } from '../composition.js';
import { dueJobIdsPostgres } from './claim-postgres.js';
import { dueJobIdsSqlite } from './claim-sqlite.js';
import { claimJobs, enqueue, extendLease, markDone, markFailed, retryDelayMs } from './queue.js';
import { MAX_ATTEMPTS, type JobContext, type JobHandlers, type JobName } from './types.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const crashWorkerScript = join(repoRoot, 'test/fixtures/crash-worker.ts');

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const JOB_FIELDS = ['attempts', 'created_at', 'id', 'last_error', 'name', 'payload', 'run_at', 'status'];
const EMAIL_FIELDS = ['created_at', 'error', 'id', 'sent_at', 'status', 'subject', 'template', 'to'];

// ---------------------------------------------------------------- helpers

const cleanups = new WeakMap<TestContext, Array<() => unknown>>();

/** Runs `cleanup` when the test ends, last registered first (t.after runs in registration order). */
function defer(t: TestContext, cleanup: () => unknown): void {
  let stack = cleanups.get(t);
  if (!stack) {
    const list: Array<() => unknown> = [];
    stack = list;
    cleanups.set(t, list);
    t.after(async () => {
      const errors: unknown[] = [];
      for (const run of list.reverse()) {
        try {
          await run();
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0) throw errors[0];
    });
  }
  stack.push(cleanup);
}

/** A fresh service on a fresh database for one test, closed when the test ends. */
async function freshApp(t: TestContext, dialect: Dialect, options?: TestAppOptions): Promise<TestApp> {
  const app = await createTestApp(dialect, options);
  defer(t, async () => {
    await app.close();
  });
  return app;
}

function jobRow(db: Kysely<DB>, id: number): Promise<Job> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function emailRow(db: Kysely<DB>, id: number): Promise<Email> {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function jobOfEmail(db: Kysely<DB>, emailId: number): Promise<Job> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('name', '=', 'mail.send')
    .where('payload', '=', JSON.stringify({ emailId }))
    .executeTakeFirstOrThrow();
}

/** Makes a waiting job due now, instead of sleeping until its run_at. */
async function makeDue(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();
}

interface Call {
  name: JobName;
  payload: unknown;
  context: Omit<JobContext, 'log'>;
}

/** Handlers that record every call; `fail` decides per call whether to throw. */
function recordingHandlers(fail: (call: Call, index: number) => string | null = () => null): {
  handlers: JobHandlers;
  calls: Call[];
} {
  const calls: Call[] = [];
  const record =
    (name: JobName) =>
    async (payload: unknown, { log: _log, ...context }: JobContext): Promise<void> => {
      const call = { name, payload, context };
      calls.push(call);
      await Promise.resolve();
      const error = fail(call, calls.length);
      if (error !== null) throw new Error(error);
    };
  return {
    // Every registered job name, so that a new job type needs no edit here.
    handlers: Object.fromEntries(
      (Object.keys(MAX_ATTEMPTS) as JobName[]).map((name) => [name, record(name)]),
    ) as JobHandlers,
    calls,
  };
}

/** `iso` as the salon's default zone writes it, computed apart from the service's own code. */
function inAmsterdam(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** An SMTP server that accepts connections and never says a word: a mail server that hangs. */
async function silentSmtpServer(): Promise<{ url: string; connections: () => number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` every 50 ms until it returns a value; fails after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  detail = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${detail()}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------- tests

for (const dialect of DIALECTS) {
  describe(`job queue (${dialect})`, () => {
    it('a job enqueued inside a transaction that rolls back never exists and never runs', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const rollback = new Error('rolled back on purpose');

      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await enqueue(trx, 'auth.forgot_password', { email: 'rolled-back@example.com' });
          await queueEmail(trx, {
            to: 'rolled-back@example.com',
            template: 'auth.password_changed',
            data: { name: 'Nobody' },
          });
          throw rollback;
        }),
        (error) => error === rollback,
      );
      assert.equal((await db.selectFrom('jobs').selectAll().execute()).length, 0);
      assert.equal((await db.selectFrom('emails').selectAll().execute()).length, 0);

      const { handlers, calls } = recordingHandlers();
      const worker = createWorker(app.ctx, handlers);
      assert.equal(await worker.drain(), 0);
      assert.equal(calls.length, 0);
      assert.equal(app.mail.messages.length, 0);

      // The same work committed: the job exists and runs.
      const id = await db
        .transaction()
        .execute((trx) => enqueue(trx, 'auth.forgot_password', { email: 'committed@example.com' }));
      assert.equal(await worker.drain(), 1);
      assert.deepEqual(
        calls.map((c) => [c.name, c.payload]),
        [['auth.forgot_password', { email: 'committed@example.com' }]],
      );
      assert.equal((await jobRow(db, id)).status, 'done');
    });

    it('a claim reads each kind of due job in claim order from an index of its own, never sorting the whole queue', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      // A campaign's worth of jobs sharing one run_at, some awaiting a retry, some with an expired lease.
      const now = new Date().toISOString();
      const past = new Date(Date.now() - 60_000).toISOString();
      const statuses = ['queued', 'queued', 'queued', 'failed', 'running', 'done'] as const;
      for (let batch = 0; batch < 5; batch += 1) {
        await db
          .insertInto('jobs')
          .values(
            Array.from({ length: 400 }, (_, i) => ({
              name: 'campaign.send',
              payload: JSON.stringify({ recipientId: batch * 400 + i }),
              status: statuses[i % statuses.length]!,
              run_at: past,
              attempts: 0,
              max_attempts: 3,
              locked_until: statuses[i % statuses.length] === 'running' ? past : null,
              locked_by: statuses[i % statuses.length] === 'running' ? 'a-dead-worker' : null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
      const due =
        dialect === 'postgres' ? dueJobIdsPostgres(now, 4, 'plan-worker') : dueJobIdsSqlite(now, 4, 'plan-worker');
      let plan: string;
      if (dialect === 'postgres') {
        await sql`analyze jobs`.execute(db);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain select id from jobs where id in ${due}`.execute(db);
        plan = rows.rows.map((row) => row['QUERY PLAN']).join('\n');
        for (const index of ['jobs_queued_due', 'jobs_failed_due', 'jobs_running_lease']) {
          assert.match(plan, new RegExp(`Index Scan using ${index} on jobs`), plan);
        }
        assert.doesNotMatch(plan, /Seq Scan on jobs/, plan);
      } else {
        await sql`analyze`.execute(db);
        const rows = await sql<{ detail: string }>`explain query plan select id from jobs where id in ${due}`.execute(
          db,
        );
        plan = rows.rows.map((row) => row.detail).join('\n');
        // Each kind searched through an index that gives its order: no temporary sort but the
        // final one of the few rows taken.
        assert.equal(plan.match(/SEARCH jobs USING (COVERING )?INDEX/g)?.length, 3, plan);
        assert.doesNotMatch(plan, /SCAN jobs\b/, plan);
        assert.ok((plan.match(/USE TEMP B-TREE FOR ORDER BY/g) ?? []).length <= 1, plan);
      }
      const claimed = await claimJobs(db, dialect, 'index-worker', 4, 30_000);
      assert.equal(claimed.length, 4);
    });

    it('a running worker keeps its places busy: one slow job does not hold back the jobs queued behind it', async (t) => {
      const app = await freshApp(t, dialect, { config: { jobConcurrency: 2, jobPollMs: 50 } });
      const { db } = app.ctx;
      let releaseSlow: () => void = () => undefined;
      const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
      const done: string[] = [];
      const { handlers } = recordingHandlers();
      handlers['auth.forgot_password'] = async ({ email }) => {
        if (email === 'slow@example.com') await slowReleased;
        done.push(email);
      };
      await enqueue(db, 'auth.forgot_password', { email: 'slow@example.com' });
      for (let i = 0; i < 6; i += 1) await enqueue(db, 'auth.forgot_password', { email: `quick${i}@example.com` });
      const worker = createWorker(app.ctx, handlers);
      worker.start();
      defer(t, () => worker.stop());
      try {
        // The slow job holds one of the two places the whole time; the other place runs the rest.
        await waitFor(
          'the quick jobs behind the slow one',
          async () => done.length === 6,
          10_000,
          () => ` (${done.join(', ')})`,
        );
        assert.ok(!done.includes('slow@example.com'));
      } finally {
        releaseSlow();
      }
      await waitFor('the slow job', async () => done.includes('slow@example.com'), 10_000);
    });

    it('a worker never takes over a job it still runs itself, even when its lease lapsed; another worker does', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const id = await enqueue(db, 'auth.forgot_password', { email: 'late-heartbeat@example.com' });
      const [claimed] = await claimJobs(db, dialect, 'worker-a', 10, 30_000);
      assert.equal(claimed?.id, id);
      // Its heartbeat came late: the lease lapsed while worker A still runs the job.
      await db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      assert.deepEqual(await claimJobs(db, dialect, 'worker-a', 10, 30_000), []);
      assert.equal((await jobRow(db, id)).status, 'running', 'not marked dead or taken by its own worker');
      const [takenOver] = await claimJobs(db, dialect, 'worker-b', 10, 30_000);
      assert.deepEqual([takenOver?.id, takenOver?.locked_by, takenOver?.attempts], [id, 'worker-b', 2]);
    });

    it('a job enqueued with delayMs is not claimed before its run_at and is claimed after', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const { handlers, calls } = recordingHandlers();
      const worker = createWorker(app.ctx, handlers);

      const before = Date.now();
      const id = await enqueue(db, 'auth.forgot_password', { email: 'later@example.com' }, { delayMs: 60_000 });
      const after = Date.now();
      const queued = await jobRow(db, id);
      assert.equal(queued.status, 'queued');
      assert.equal(queued.attempts, 0);
      const runAt = Date.parse(queued.run_at);
      assert.ok(
        runAt >= before + 60_000 && runAt <= after + 60_000,
        `run_at ${queued.run_at} is not 60 s after enqueue`,
      );

      assert.deepEqual(await claimJobs(db, dialect, 'early-worker', 10, 30_000), []);
      assert.equal(await worker.drain(), 0);
      assert.equal(calls.length, 0);
      assert.equal((await jobRow(db, id)).status, 'queued');

      // Its time comes (run_at moved instead of waiting a minute).
      await makeDue(db, id);
      assert.equal(await worker.drain(), 1);
      assert.equal(calls.length, 1);
      const done = await jobRow(db, id);
      assert.equal(done.status, 'done');
      assert.equal(done.attempts, 1);
    });

    it('a failing handler is retried with exponential backoff and is dead after max_attempts, never claimed again', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const { handlers, calls } = recordingHandlers((_call, index) => `boom ${index}`);
      const worker = createWorker(app.ctx, handlers);
      const maxAttempts = 4;
      const id = await enqueue(db, 'auth.forgot_password', { email: 'failing@example.com' }, { maxAttempts });
      assert.equal((await jobRow(db, id)).max_attempts, maxAttempts);

      for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
        const before = Date.now();
        assert.equal(await worker.drain(), 1, `attempt ${attempt} ran`);
        const after = Date.now();
        const job = await jobRow(db, id);
        assert.equal(job.status, 'failed');
        assert.equal(job.attempts, attempt);
        assert.equal(job.last_error, `boom ${attempt}`);
        assert.equal(job.locked_by, null);
        assert.equal(job.finished_at, null);
        const runAt = Date.parse(job.run_at);
        const delay = retryDelayMs(attempt);
        assert.ok(
          runAt >= before + delay && runAt <= after + delay,
          `attempt ${attempt}: run_at ${job.run_at} is not ${delay} ms later`,
        );
        // Waiting for its retry: not run again before run_at.
        assert.equal(await worker.drain(), 0);
        await makeDue(db, id);
      }
      assert.deepEqual(
        [1, 2, 3].map(retryDelayMs),
        [30_000, 60_000, 120_000],
        'each retry waits twice as long as the one before',
      );
      assert.equal(retryDelayMs(20), 3_600_000, 'capped at one hour');

      assert.equal(await worker.drain(), 1, 'the last attempt ran');
      const dead = await jobRow(db, id);
      assert.equal(dead.status, 'dead');
      assert.equal(dead.attempts, maxAttempts);
      assert.equal(dead.last_error, `boom ${maxAttempts}`);
      assert.notEqual(dead.finished_at, null);
      assert.deepEqual(
        calls.map((c) => [c.context.attempt, c.context.maxAttempts, c.context.isLastAttempt]),
        [
          [1, 4, false],
          [2, 4, false],
          [3, 4, false],
          [4, 4, true],
        ],
      );

      // Dead is final, even with its run_at long past.
      await makeDue(db, id);
      assert.deepEqual(await claimJobs(db, dialect, 'another-worker', 10, 30_000), []);
      assert.equal(await worker.drain(), 0);
      assert.equal(calls.length, maxAttempts);
      assert.equal((await jobRow(db, id)).status, 'dead');
    });

    it('a job whose worker died (lease expired) is claimed again by another worker; the dead worker can no longer touch it', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const id = await enqueue(db, 'auth.forgot_password', { email: 'orphan@example.com' });

      const [claimed] = await claimJobs(db, dialect, 'worker-a', 10, 30_000);
      assert.equal(claimed?.id, id);
      assert.equal(claimed.status, 'running');
      assert.equal(claimed.attempts, 1);
      assert.equal(claimed.locked_by, 'worker-a');
      // While the lease holds, nobody else takes the job.
      assert.deepEqual(await claimJobs(db, dialect, 'worker-b', 10, 30_000), []);

      // worker-a dies: its lease runs out.
      await db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      const reclaimed = await claimJobs(db, dialect, 'worker-b', 10, 30_000);
      assert.deepEqual(
        reclaimed.map((j) => [j.id, j.status, j.attempts, j.locked_by]),
        [[id, 'running', 2, 'worker-b']],
      );

      // worker-a coming back to life cannot finish, fail or keep the job it lost.
      assert.equal(await extendLease(db, id, 'worker-a', 30_000), false);
      await markDone(db, id, 'worker-a');
      await markFailed(db, claimed, 'worker-a', 'stale');
      const stillB = await jobRow(db, id);
      assert.equal(stillB.status, 'running');
      assert.equal(stillB.locked_by, 'worker-b');
      assert.equal(stillB.last_error, null);

      await markDone(db, id, 'worker-b');
      const done = await jobRow(db, id);
      assert.equal(done.status, 'done');
      assert.equal(done.attempts, 2);
    });

    it('a job whose worker died on its last attempt becomes dead and is not run again', async (t) => {
      const app = await freshApp(t, dialect);
      const { db } = app.ctx;
      const id = await enqueue(db, 'auth.forgot_password', { email: 'last-chance@example.com' }, { maxAttempts: 1 });
      const [claimed] = await claimJobs(db, dialect, 'worker-a', 10, 30_000);
      assert.equal(claimed?.id, id);
      await db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();

      const { handlers, calls } = recordingHandlers();
      const worker = createWorker(app.ctx, handlers);
      assert.equal(await worker.drain(), 0);
      assert.equal(calls.length, 0);
      const dead = await jobRow(db, id);
      assert.equal(dead.status, 'dead');
      assert.equal(dead.attempts, 1);
      assert.equal(dead.locked_by, null);
      assert.match(dead.last_error ?? '', /lease expired/);
      assert.notEqual(dead.finished_at, null);
      assert.deepEqual(await claimJobs(db, dialect, 'worker-c', 10, 30_000), []);
    });

    it(
      'a worker process killed in the middle of a job: the job is run again by another worker and the email is delivered once',
      { timeout: 90_000 },
      async (t) => {
        const shared = await sharedDatabase(dialect);
        defer(t, () => shared.drop());
        const hanging = await silentSmtpServer();
        defer(t, () => hanging.stop());
        const sink = await new SmtpSink().start();
        defer(t, () => sink.stop());
        const { db } = shared.database;

        const to = uniqueEmail('crash');
        const emailId = await db
          .transaction()
          .execute((trx) => queueEmail(trx, { to, template: 'auth.password_changed', data: { name: 'Casey Crash' } }));
        const jobId = (await jobOfEmail(db, emailId)).id;

        let output = '';
        const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', crashWorkerScript], {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATA_DIR: shared.config.dataDir,
            DATABASE_URL: shared.url ?? '',
            SMTP_URL: hanging.url,
            JWT_SECRET: randomBytes(32).toString('hex'),
            JOB_LEASE_SECONDS: '1',
            JOB_POLL_MS: '50',
            WORKER: 'on',
            LOG_LEVEL: 'warn',
          },
        });
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = once(child, 'exit');
        defer(t, () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        const childOutput = () => `\nchild exit ${String(child.exitCode ?? child.signalCode)}, output:\n${output}`;

        // The child claimed the job and hangs in the SMTP conversation, heartbeating its lease.
        const running = await waitFor(
          'the child to claim the job',
          async () => {
            const job = await jobRow(db, jobId);
            return job.status === 'running' ? job : null;
          },
          30_000,
          childOutput,
        );
        assert.equal(running.attempts, 1);
        await waitFor(
          'the child to connect to the mail server',
          async () => hanging.connections() > 0,
          30_000,
          childOutput,
        );
        await waitFor(
          'the child to extend its lease',
          async () => ((await jobRow(db, jobId)).locked_until ?? '') > (running.locked_until ?? ''),
          30_000,
          childOutput,
        );

        child.kill('SIGKILL');
        const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
        assert.equal(signal, 'SIGKILL', `child ended by itself (code ${String(code)}) before the kill${childOutput()}`);
        const orphaned = await jobRow(db, jobId);
        assert.equal(orphaned.status, 'running');
        assert.equal(orphaned.attempts, 1);
        assert.equal((await emailRow(db, emailId)).status, 'queued');
        assert.equal(sink.messages.length, 0);

        // A worker in this process, with a mail server that works, picks the job up once the
        // dead worker's lease has run out.
        const ctx = contextOn({ ...shared.config, smtpUrl: sink.url }, db, dialect);
        const worker = createWorker(ctx, createJobHandlers(ctx));
        const done = await waitFor('the job to be run again', async () => {
          await worker.drain();
          const job = await jobRow(db, jobId);
          return job.status === 'done' ? job : null;
        });
        assert.equal(done.attempts, 2);
        assert.equal(done.locked_by, null);

        const email = await emailRow(db, emailId);
        assert.equal(email.status, 'sent');
        assert.notEqual(email.sent_at, null);
        const received = sink.to(to);
        assert.equal(received.length, 1);
        assert.match(received[0]!.text, /Casey Crash/);
        assert.equal(sink.messages.length, 1);
      },
    );

    if (dialect === 'postgres') {
      it('two workers with separate connection pools never run one job twice', { timeout: 120_000 }, async (t) => {
        const shared = await sharedDatabase('postgres');
        defer(t, () => shared.drop());
        const sink = await new SmtpSink().start();
        defer(t, () => sink.stop());
        const config = { ...shared.config, smtpUrl: sink.url, jobConcurrency: 8 };
        const pools = [connect({ databaseUrl: shared.url }), connect({ databaseUrl: shared.url })];
        defer(t, () => Promise.all(pools.map((pool) => pool.destroy())));

        const recipients: string[] = [];
        const emailIds: number[] = [];
        for (let i = 0; i < 100; i += 1) {
          const to = uniqueEmail(`race${i}`);
          recipients.push(to);
          emailIds.push(
            await queueEmail(shared.database.db, {
              to,
              template: 'auth.password_changed',
              data: { name: `Racer ${i}` },
            }),
          );
        }

        const workers = pools.map((pool) => {
          const ctx = contextOn(config, pool.db, 'postgres');
          return createWorker(ctx, createJobHandlers(ctx));
        });
        // Both pools connected beforehand, so that the two workers' first claims coincide.
        await Promise.all(
          pools.map((pool) => Promise.all(Array.from({ length: 4 }, () => sql`select 1`.execute(pool.db)))),
        );
        const ran = await Promise.all(workers.map((worker) => worker.drain()));

        const { db } = shared.database;
        const jobs = await db.selectFrom('jobs').selectAll().where('name', '=', 'mail.send').execute();
        assert.equal(jobs.length, 100);
        for (const job of jobs) {
          assert.equal(job.status, 'done', `job ${job.id}`);
          assert.equal(job.attempts, 1, `job ${job.id}`);
        }
        const emails = await db.selectFrom('emails').select(['id', 'status']).execute();
        assert.deepEqual(
          emails.filter((e) => e.status !== 'sent'),
          [],
        );
        for (const to of recipients) assert.equal(sink.to(to).length, 1, `emails received by ${to}`);
        assert.equal(sink.messages.length, 100);
        assert.equal(ran[0]! + ran[1]!, 100, `each job claimed once (runs per worker: ${ran.join(', ')})`);
      });
    }

    describe('GET /api/system/jobs and /api/system/emails', () => {
      it('list jobs newest first with exactly the documented fields, filtered by name and status', async (t) => {
        const app = await freshApp(t, dialect);
        const admin = await setupSalon(app);
        const { db } = app.ctx;
        const forgot = [];
        for (let i = 0; i < 3; i += 1)
          forgot.push(await enqueue(db, 'auth.forgot_password', { email: `nobody${i}@example.com` }));
        await queueEmail(db, { to: uniqueEmail(), template: 'auth.password_changed', data: { name: 'Mia' } });
        const { handlers } = recordingHandlers((call) => (call.name === 'mail.send' ? 'smtp down' : null));
        await createWorker(app.ctx, handlers).drain();
        const later = await enqueue(db, 'auth.forgot_password', { email: 'later@example.com' }, { delayMs: 3_600_000 });

        const all = await app.request({ url: '/api/system/jobs', token: admin.token });
        assert.equal(all.status, 200);
        const list = all.body as Array<Record<string, unknown>>;
        assert.ok(Array.isArray(list), 'without page: a plain array');
        assert.equal(list.length, 5);
        const ids = list.map((job) => job.id as number);
        assert.deepEqual(
          ids,
          [...ids].sort((a, b) => b - a),
          'newest first',
        );
        assert.equal(ids[0], later);
        for (const job of list) {
          assert.deepEqual(Object.keys(job).sort(), JOB_FIELDS);
          const row = await jobRow(db, job.id as number);
          assert.match(job.run_at as string, DATETIME);
          assert.match(job.created_at as string, DATETIME);
          assert.equal(job.run_at, inAmsterdam(row.run_at));
          assert.equal(job.created_at, inAmsterdam(row.created_at));
          assert.equal(job.status, row.status);
          assert.equal(job.attempts, row.attempts);
          assert.deepEqual(job.payload, JSON.parse(row.payload));
        }

        const byName = await app.request({ url: '/api/system/jobs?name=auth.forgot_password', token: admin.token });
        assert.deepEqual(
          (byName.body as Array<{ id: number; name: string }>).map((job) => [job.id, job.name]),
          [later, ...[...forgot].reverse()].map((id) => [id, 'auth.forgot_password']),
        );
        assert.deepEqual((byName.body as Array<{ payload: unknown }>).at(-1)?.payload, {
          email: 'nobody0@example.com',
        });

        const failed = await app.request({ url: '/api/system/jobs?status=failed', token: admin.token });
        const failedList = failed.body as Array<{
          name: string;
          status: string;
          attempts: number;
          last_error: string | null;
        }>;
        assert.equal(failedList.length, 1);
        assert.deepEqual(
          failedList[0] && [failedList[0].name, failedList[0].status, failedList[0].attempts, failedList[0].last_error],
          ['mail.send', 'failed', 1, 'smtp down'],
        );

        const queued = await app.request({
          url: '/api/system/jobs?status=queued&name=auth.forgot_password',
          token: admin.token,
        });
        assert.deepEqual(
          (queued.body as Array<{ id: number }>).map((job) => job.id),
          [later],
        );
        const none = await app.request({ url: '/api/system/jobs?name=no.such.job', token: admin.token });
        assert.deepEqual(none.body, []);

        const badStatus = await app.request({ url: '/api/system/jobs?status=exploded', token: admin.token });
        assert.equal(badStatus.status, 400);
        assert.equal(badStatus.body.code, 'validation_failed');
        assert.ok((badStatus.body.details as Array<{ field: string }>).some((d) => d.field === 'status'));
      });

      it('page and limit give { data, page, limit, total, total_pages }', async (t) => {
        const app = await freshApp(t, dialect);
        const admin = await setupSalon(app);
        const ids = [];
        for (let i = 0; i < 5; i += 1)
          ids.push(await enqueue(app.ctx.db, 'auth.forgot_password', { email: `page${i}@example.com` }));
        const newestFirst = [...ids].reverse();

        const pages = [];
        for (const page of [1, 2, 3]) {
          const response = await app.request({
            url: `/api/system/jobs?name=auth.forgot_password&page=${page}&limit=2`,
            token: admin.token,
          });
          assert.equal(response.status, 200);
          const body = response.body as {
            data: Array<{ id: number }>;
            page: number;
            limit: number;
            total: number;
            total_pages: number;
          };
          assert.deepEqual(Object.keys(body).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
          assert.deepEqual([body.page, body.limit, body.total, body.total_pages], [page, 2, 5, 3]);
          pages.push(...body.data.map((job) => job.id));
        }
        assert.deepEqual(pages, newestFirst);

        const beyond = await app.request({
          url: '/api/system/jobs?name=auth.forgot_password&page=4&limit=2',
          token: admin.token,
        });
        assert.deepEqual(beyond.body, { data: [], page: 4, limit: 2, total: 5, total_pages: 3 });
        const defaults = await app.request({ url: '/api/system/jobs?page=1', token: admin.token });
        assert.equal(defaults.body.limit, 50);
        const capped = await app.request({ url: '/api/system/jobs?page=1&limit=1000', token: admin.token });
        assert.equal(capped.body.limit, 200);

        const to = uniqueEmail('paged');
        const emailIds = [];
        for (let i = 0; i < 3; i += 1)
          emailIds.push(
            await queueEmail(app.ctx.db, { to, template: 'auth.password_changed', data: { name: `P${i}` } }),
          );
        const emailPage = await app.request({
          url: `/api/system/emails?to=${encodeURIComponent(to)}&page=2&limit=2`,
          token: admin.token,
        });
        assert.deepEqual(
          { ...emailPage.body, data: (emailPage.body.data as Array<{ id: number }>).map((e) => e.id) },
          { data: [emailIds[0]], page: 2, limit: 2, total: 3, total_pages: 2 },
        );
      });

      it('list emails newest first with exactly the documented fields, filtered by to', async (t) => {
        const app = await freshApp(t, dialect);
        const admin = await setupSalon(app);
        const { db } = app.ctx;
        const alice = uniqueEmail('alice');
        const bob = uniqueEmail('bob');
        const first = await queueEmail(db, { to: alice, template: 'auth.password_changed', data: { name: 'Alice' } });
        const second = await queueEmail(db, { to: bob, template: 'auth.password_changed', data: { name: 'Bob' } });
        await app.drain();
        const third = await queueEmail(db, {
          to: alice,
          template: 'auth.password_reset',
          data: { name: 'Alice', resetUrl: 'http://salon.test/r' },
          sensitive: true,
        });

        const all = await app.request({ url: '/api/system/emails', token: admin.token });
        assert.equal(all.status, 200);
        const list = all.body as Array<Record<string, unknown>>;
        assert.deepEqual(
          list.map((e) => e.id),
          [third, second, first],
        );
        for (const email of list) {
          assert.deepEqual(Object.keys(email).sort(), EMAIL_FIELDS);
          const row = await emailRow(db, email.id as number);
          assert.equal(email.to, row.recipient);
          assert.equal(email.subject, row.subject);
          assert.equal(email.template, row.template);
          assert.equal(email.status, row.status);
          assert.match(email.created_at as string, DATETIME);
          assert.equal(email.created_at, inAmsterdam(row.created_at));
        }
        const sent = list.find((e) => e.id === first)!;
        assert.equal(sent.status, 'sent');
        assert.equal(sent.error, null);
        assert.match(sent.sent_at as string, DATETIME);
        const waiting = list.find((e) => e.id === third)!;
        assert.equal(waiting.status, 'queued');
        assert.equal(waiting.sent_at, null);
        assert.equal(waiting.template, 'auth.password_reset');

        const forAlice = await app.request({
          url: `/api/system/emails?to=${encodeURIComponent(alice)}`,
          token: admin.token,
        });
        assert.deepEqual(
          (forAlice.body as Array<{ id: number; to: string }>).map((e) => [e.id, e.to]),
          [
            [third, alice],
            [first, alice],
          ],
        );
        const nobody = await app.request({
          url: `/api/system/emails?to=${encodeURIComponent(uniqueEmail('nobody'))}`,
          token: admin.token,
        });
        assert.deepEqual(nobody.body, []);
      });
    });

    describe('mail delivery', () => {
      it('with no mail server configured an email is kept as unsent and its job is done, never lost', async (t) => {
        const app = await freshApp(t, dialect, { smtp: false });
        const admin = await setupSalon(app);
        const to = uniqueEmail('offline');
        const emailId = await queueEmail(app.ctx.db, {
          to,
          template: 'auth.password_changed',
          data: { name: 'Olga Offline' },
        });
        await app.drain();

        const email = await emailRow(app.ctx.db, emailId);
        assert.equal(email.status, 'unsent');
        assert.match(email.error ?? '', /no mail server/);
        assert.equal(email.data, JSON.stringify({ name: 'Olga Offline' }), 'the content is kept');
        assert.equal(email.sent_at, null);
        const job = await jobOfEmail(app.ctx.db, emailId);
        assert.equal(job.status, 'done');
        assert.equal(job.attempts, 1);

        const listed = await app.request({
          url: `/api/system/emails?to=${encodeURIComponent(to)}`,
          token: admin.token,
        });
        assert.deepEqual(
          (listed.body as Array<{ id: number; status: string }>).map((e) => [e.id, e.status]),
          [[emailId, 'unsent']],
        );
      });

      it('with a mail server that rejects, the email stays queued with its error and the job is retried until dead, then the email is failed', async (t) => {
        const rejecting = await new SmtpSink({ rejectWith: 'mailbox unavailable' }).start();
        defer(t, () => rejecting.stop());
        const app = await freshApp(t, dialect, { config: { smtpUrl: rejecting.url } });
        const { db } = app.ctx;
        const to = uniqueEmail('rejected');
        const emailId = await queueEmail(db, {
          to,
          template: 'auth.password_reset',
          data: { name: 'Rita', resetUrl: 'http://salon.test/reset?token=secret' },
          sensitive: true,
        });
        const jobId = (await jobOfEmail(db, emailId)).id;
        const maxAttempts = MAX_ATTEMPTS['mail.send'];
        assert.equal((await jobRow(db, jobId)).max_attempts, maxAttempts);

        for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
          assert.equal(await app.drain(), 1);
          const job = await jobRow(db, jobId);
          assert.equal(job.status, 'failed', `attempt ${attempt}`);
          assert.equal(job.attempts, attempt);
          assert.match(job.last_error ?? '', /mailbox unavailable/);
          const email = await emailRow(db, emailId);
          assert.equal(email.status, 'queued', `attempt ${attempt}`);
          assert.match(email.error ?? '', /mailbox unavailable/);
          assert.notEqual(email.data, null, 'kept for the retry');
          await makeDue(db, jobId);
        }
        assert.equal(await app.drain(), 1);
        const job = await jobRow(db, jobId);
        assert.equal(job.status, 'dead');
        assert.equal(job.attempts, maxAttempts);
        const email = await emailRow(db, emailId);
        assert.equal(email.status, 'failed');
        assert.match(email.error ?? '', /mailbox unavailable/);
        assert.equal(email.data, null, 'a secret does not outlive a given-up email');
        assert.equal(rejecting.messages.length, 0);
      });

      it('an email with sensitive data has its data cleared once sent; other emails keep theirs', async (t) => {
        const app = await freshApp(t, dialect);
        const admin = await setupSalon(app);
        const to = uniqueEmail('welcome');
        const registered = await app.request({
          method: 'POST',
          url: '/api/auth/register',
          token: admin.token,
          payload: { email: to, name: 'Wendy Welcome' },
        });
        assert.equal(registered.status, 200);
        const { db } = app.ctx;

        const queued = await db.selectFrom('emails').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
        assert.equal(queued.template, 'auth.welcome');
        assert.equal(queued.status, 'queued');
        assert.equal(queued.sensitive, 1);
        const temporaryPassword = (JSON.parse(queued.data ?? '{}') as { temporaryPassword?: string }).temporaryPassword;
        assert.ok(temporaryPassword, 'the welcome email carries a temporary password until it is sent');
        const plain = await queueEmail(db, { to, template: 'auth.password_changed', data: { name: 'Wendy Welcome' } });

        await app.drain();
        const sent = await emailRow(db, queued.id);
        assert.equal(sent.status, 'sent');
        assert.equal(sent.data, null);
        assert.ok(
          app.mail.to(to).some((m) => m.text.includes(temporaryPassword)),
          'the password reached the user before being erased',
        );
        const kept = await emailRow(db, plain);
        assert.equal(kept.status, 'sent');
        assert.equal(kept.data, JSON.stringify({ name: 'Wendy Welcome' }));
      });
    });
  });
}
