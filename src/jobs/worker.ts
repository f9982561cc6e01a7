import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { DB, Job } from '../db/types.js';
import { purgeExpired } from './maintenance.js';
import { claimJobs, extendLease, markDone, markFailed } from './queue.js';
import type { JobContext, JobHandlers, JobName } from './types.js';

export interface WorkerOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  /**
   * Keeps recurring jobs scheduled (each enqueues itself with `ifAbsent`); run at start and on
   * every maintenance tick, so a deleted or dead recurring job comes back within the hour.
   */
  scheduleRecurring?: () => Promise<void>;
  /** Told of every job run's outcome and duration (the metrics count them). */
  onJobFinished?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

/** How one run of a job ended: done, failed (retried later), dead (no attempt left), unknown (not recorded). */
export type JobOutcome = 'done' | 'failed' | 'dead' | 'unknown';

const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs jobs from the database queue. Any number of workers may run against one PostgreSQL
 * database; each claims its own jobs (queue.ts). A job is run at least once: a worker that
 * dies mid-job leaves a lease that expires, and another worker runs the job again.
 */

export class Worker {
  private lastMaintenance = 0;
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
    this.options.log.info({ worker: this.id }, 'job worker started');
  }

  /** Stops claiming, lets the jobs in hand finish, then resolves. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    this.options.log.info({ worker: this.id }, 'job worker stopped');
  }

  /** Runs due jobs until none is left (jobs enqueued by those jobs included). For tests and one-shot runs. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runBatch();
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async poll(): Promise<void> {
    while (this.running) {
      let ran = 0;
      try {
        if (Date.now() - this.lastMaintenance >= MAINTENANCE_INTERVAL_MS) {
          this.lastMaintenance = Date.now();
          await purgeExpired(this.options.db);
          await this.options.scheduleRecurring?.();
        }
        ran = await this.runBatch();
      } catch (error) {
        this.options.log.error({ err: error }, 'job worker could not claim jobs');
      }
      if (ran === 0 && this.running) await this.sleep(this.options.pollMs);
      // On SQLite every query resolves at once, so a backlog of quick jobs (a campaign with no
      // mail server) would chain batch after batch in microtasks and never let the HTTP server
      // in: /api/health went unanswered for 86 s behind 100,000 jobs (bench/README.md). One
      // turn of the event loop between batches lets waiting requests through.
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async runBatch(): Promise<number> {
    const { db, dialect, concurrency, leaseMs } = this.options;
    const jobs = await claimJobs(db, dialect, this.id, concurrency, leaseMs);
    await Promise.all(jobs.map((job) => this.run(job)));
    return jobs.length;
  }

  private async run(job: Job): Promise<void> {
    const { db, handlers, leaseMs } = this.options;
    const log = this.options.log.child({ job: job.id, jobName: job.name, attempt: job.attempts });
    const started = performance.now();
    let outcome: JobOutcome = 'done';
    const heartbeat = setInterval(
      () => {
        extendLease(db, job.id, this.id, leaseMs).catch((error: unknown) =>
          log.warn({ err: error }, 'could not extend job lease'),
        );
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    try {
      const handler = handlers[job.name as JobName] as
        ((payload: unknown, context: JobContext) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no handler for job "${job.name}"`);
      await handler(JSON.parse(job.payload), {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        isLastAttempt: job.attempts >= job.max_attempts,
        log,
      });
      await markDone(db, job.id, this.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = await markFailed(db, job, this.id, message).catch((markError: unknown) => {
        log.error({ err: markError }, 'could not record job failure');
        return 'unknown';
      });
      log[status === 'dead' ? 'error' : 'warn']({ err: error, status }, 'job failed');
      outcome = status === 'dead' || status === 'failed' ? status : 'unknown';
    } finally {
      clearInterval(heartbeat);
      this.options.onJobFinished?.(job.name, outcome, (performance.now() - started) / 1000);
    }
  }
}
