import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import type { JobOutcome } from '../../jobs/worker.js';

/*
 * What Prometheus scrapes at GET /api/metrics (prom-client): request latency by route and
 * status, the job queue and the outboxes read from the database at each scrape (so they are
 * the same whichever process answers, and cover separate worker processes too), the job runs
 * of this process's worker, the PostgreSQL pool, and Node's process metrics.
 *
 * Off unless METRICS_TOKEN is set: then nothing is collected and no hook runs per request.
 * The database reads at a scrape touch only rows that are not finished (indexed by status),
 * never the history of sent emails or done jobs.
 */

export interface Metrics {
  registry: Registry;
  jobFinished: (name: string, outcome: JobOutcome, seconds: number) => void;
}

const byContext = new WeakMap<AppContext, Metrics>();

/** The metrics of this process for `ctx`, created on first use; null when metrics are off. */
export function metricsFor(ctx: AppContext): Metrics | null {
  if (!ctx.config.metricsToken) return null;
  let metrics = byContext.get(ctx);
  if (!metrics) {
    metrics = createMetrics(ctx);
    byContext.set(ctx, metrics);
  }
  return metrics;
}

/** Job statuses that are not finished: bounded in number, read through the (status, run_at) index. */
const OPEN_JOB_STATUSES = ['queued', 'running', 'failed', 'dead'] as const;

function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'salon_jobs',
    help: 'Jobs not done, by name and status (queued includes those scheduled for later; failed: awaiting a retry; dead: gave up)',
    labelNames: ['name', 'status'],
    registers: [registry],
    async collect() {
      const rows = await ctx.db
        .selectFrom('jobs')
        .select(['name', 'status'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', OPEN_JOB_STATUSES)
        .groupBy(['name', 'status'])
        .execute();
      this.reset();
      for (const row of rows) this.set({ name: row.name, status: row.status }, Number(row.n));
    },
  });

  // One read serves both the backlog and its age: the due jobs per name, and the oldest run_at.
  const dueJobs = async () => {
    const now = new Date().toISOString();
    const rows = await ctx.db
      .selectFrom('jobs')
      .select('name')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('run_at').as('oldest')])
      .where('status', 'in', ['queued', 'failed'])
      .where('run_at', '<=', now)
      .groupBy('name')
      .execute();
    return { rows, now: Date.parse(now) };
  };
  new Gauge({
    name: 'salon_job_queue_depth',
    help: 'Jobs due now and not yet claimed (queued or awaiting a retry whose time has come), by name',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const { rows } = await dueJobs();
      this.reset();
      for (const row of rows) this.set({ name: row.name }, Number(row.n));
    },
  });
  new Gauge({
    name: 'salon_job_queue_age_seconds',
    help: 'How long the oldest due job of each name has waited past its run time',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const { rows, now } = await dueJobs();
      this.reset();
      for (const row of rows) this.set({ name: row.name }, Math.max(0, (now - Date.parse(String(row.oldest))) / 1000));
    },
  });

  const jobRuns = new Counter({
    name: 'salon_job_runs_total',
    help: 'Job runs by this process’s worker, by name and outcome (done, failed: retried later, dead: no attempt left)',
    labelNames: ['name', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'salon_job_duration_seconds',
    help: 'Duration of job runs by this process’s worker, by name',
    labelNames: ['name'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });

  new Gauge({
    name: 'salon_outbox_messages',
    help: 'Emails and text messages not sent, by channel and status (queued: waiting; failed: gave up; unsent: no mail server or provider)',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      const [emails, sms] = await Promise.all([
        ctx.db
          .selectFrom('emails')
          .select('status')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['queued', 'failed', 'unsent'])
          .groupBy('status')
          .execute(),
        ctx.db
          .selectFrom('sms_messages')
          .select('status')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['queued', 'failed', 'unsent'])
          .groupBy('status')
          .execute(),
      ]);
      this.reset();
      for (const status of ['queued', 'failed', 'unsent']) {
        this.set({ channel: 'email', status }, Number(emails.find((row) => row.status === status)?.n ?? 0));
        this.set({ channel: 'sms', status }, Number(sms.find((row) => row.status === status)?.n ?? 0));
      }
    },
  });

  if (ctx.poolStats) {
    const poolStats = ctx.poolStats;
    new Gauge({
      name: 'salon_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return {
    registry,
    jobFinished: (name, outcome, seconds) => {
      jobRuns.inc({ name, outcome });
      jobDuration.observe({ name }, seconds);
    },
  };
}

/**
 * Times every request by its route's pattern (never the raw URL, so the label set stays
 * bounded: `/api/bookings/:id`, not one series per booking) and its status.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
