import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { DB, Job } from '../db/types.js';
import { purgeExpired } from './maintenance.js';
import { mergeClientSearchIndex } from './search-index-merge.js';
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
  /** The jobs this worker runs now (the poll loop's; `drain` runs its own batches). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Called when a job of `inFlight` ends. */
  private finished: (() => void) | null = null;

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

  /**
   * Keeps up to `concurrency` jobs running: claims again as soon as half the places are free,
   * instead of waiting for a whole batch to finish. A batch waited for its slowest job (one
   * slow SMTP answer held three idle places), and on PostgreSQL, where each job waits on a
   * dozen round trips, the places stood idle more than they worked.
   */
  private async poll(): Promise<void> {
    const { concurrency, pollMs } = this.options;
    const refillAt = Math.ceil(concurrency / 2);
    while (this.running) {
      const free = concurrency - this.inFlight.size;
      let claimed = 0;
      let failed = false;
      if (free >= refillAt) {
        try {
          if (Date.now() - this.lastMaintenance >= MAINTENANCE_INTERVAL_MS) {
            this.lastMaintenance = Date.now();
            await purgeExpired(this.options.db);
            await this.options.scheduleRecurring?.();
            await mergeClientSearchIndex(this.options.db, this.options.dialect).catch((error: unknown) =>
              this.options.log.error({ err: error }, 'job worker could not merge the client search index'),
            );
          }
          claimed = this.launch(
            await claimJobs(this.options.db, this.options.dialect, this.id, free, this.options.leaseMs),
          );
        } catch (error) {
          failed = true;
          this.options.log.error({ err: error }, 'job worker could not claim jobs');
        }
      }
      if (!this.running) break;
      if (this.inFlight.size === 0 || failed) await this.sleep(pollMs);
      // The queue ran dry: claim again when a job ends (it may enqueue more) or after pollMs.
      else if (free >= refillAt && claimed < free) await Promise.race([this.nextFinish(), this.sleep(pollMs)]);
      else await this.nextFinish();
      // On SQLite every query resolves at once, so a backlog of quick jobs (a campaign with no
      // mail server) would chain job after job in microtasks and never let the HTTP server
      // in: /api/health went unanswered for 86 s behind 100,000 jobs (bench/README.md). One
      // turn of the event loop between claims lets waiting requests through.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await Promise.all(this.inFlight);
  }

  /** Runs the claimed jobs without waiting for them; returns how many. */
  private launch(jobs: Job[]): number {
    for (const job of jobs) {
      const running: Promise<void> = this.run(job)
        // run() records every outcome itself; should something beyond it throw (a metrics
        // callback), nobody awaits this promise, so it is logged rather than left unhandled.
        .catch((error: unknown) => this.options.log.error({ err: error, job: job.id }, 'job run ended unexpectedly'))
        .finally(() => {
          this.inFlight.delete(running);
          const finished = this.finished;
          this.finished = null;
          finished?.();
        });
      this.inFlight.add(running);
    }
    return jobs.length;
  }

  /** Resolves when one of the running jobs ends (at once when none is running). */
  private nextFinish(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.finished;
      this.finished = () => {
        previous?.();
        resolve();
      };
    });
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
