import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { timingSafeEqual } from 'node:crypto';
import type { LimitRule } from '../../http/rate-limit.js';
import { errorRef, FileAnswer, IdParams, Listing } from '../../http/schemas.js';
import { AppError } from '../../lib/errors.js';
import { metricsFor } from './metrics.js';
import { getEmail } from './email-preview.js';
import { EmailDetailOut, EmailOut, EmailsQuery, Health, JobOut, JobsQuery } from './schemas.js';
import { listEmails, listJobs, retryJob } from './service.js';

const tags = ['system'];

/** Wrong metrics tokens are counted per IP: a scraper's every 15 s never comes near. */
const METRICS_LIMITS: LimitRule[] = [
  { max: 20, windowMs: 60_000, failuresOnly: true, key: (r) => `metrics:ip:${r.ip}` },
];

/** Whether `header` is `Bearer <expected>`, compared in constant time. */
function bearerMatches(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function systemRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/health', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getHealth',
      tags,
      summary: 'Liveness: the service is up and its database migrated',
      response: { 200: Health },
    },
    handler: async () => ({ status: 'ok' as const, database: ctx.dialect }),
  });

  app.get('/api/metrics', {
    config: { auth: 'none' },
    preHandler: app.limiter(METRICS_LIMITS),
    schema: {
      operationId: 'getMetrics',
      tags,
      summary: 'Metrics in Prometheus’s text format, for a scraper holding METRICS_TOKEN',
      description:
        'Sent with `Authorization: Bearer <METRICS_TOKEN>`; without it or with another token: 401. Without METRICS_TOKEN in ' +
        'the environment the metrics are off: 403 `metrics_disabled`. Request latency by route and status, the job queue ' +
        '(depth and age by name, jobs by status), job runs and failures of this process’s worker, the outboxes by status, ' +
        'the PostgreSQL pool, and the process’s own metrics; docs/operations.md lists them with example alerts.',
      security: [{ bearerAuth: [] }],
      response: {
        200: FileAnswer('The metrics (text/plain; version=0.0.4)', ['text/plain'], false),
        401: errorRef,
        403: errorRef,
        429: errorRef,
      },
    },
    handler: async (request, reply) => {
      const metrics = metricsFor(ctx);
      const expected = ctx.config.metricsToken;
      if (!metrics || !expected) {
        throw new AppError(403, 'metrics_disabled', 'Metrics are off: set METRICS_TOKEN to expose them');
      }
      if (!bearerMatches(request.headers.authorization, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, 'unauthenticated', 'Send the metrics token as a bearer token');
      }
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  });

  app.get('/api/system/jobs', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listJobs',
      tags,
      summary: 'The background job queue, newest first',
      description:
        'Statuses: `queued` (waiting), `running`, `done`, `failed` (an attempt failed; retried at `run_at`), `dead` (gave up after the last attempt).',
      querystring: JobsQuery,
      response: { 200: Listing(JobOut), 400: errorRef },
    },
    handler: (request) => listJobs(ctx.db, request.query),
  });

  app.post('/api/system/jobs/:id/retry', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'retryJob',
      tags,
      summary: 'Run a failed job again now',
      description:
        'A `failed` job (awaiting its next attempt) runs now instead of after its back-off; a `dead` one gets one more attempt, now (`queued`). Answers the job. Any other status: 409 `job_not_failed`; a recurring job queued again meanwhile under the same key: 409 `job_already_queued`. Unknown id: 404.',
      params: IdParams,
      response: { 200: JobOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => retryJob(ctx.db, request.params.id),
  });

  app.get('/api/system/emails', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listEmails',
      tags,
      summary: 'The mail outbox, newest first',
      description:
        'Statuses: `queued` (waiting to be sent or retried), `sent`, `failed` (gave up), `unsent` (no mail server configured).',
      querystring: EmailsQuery,
      response: { 200: Listing(EmailOut), 400: errorRef },
    },
    handler: (request) => listEmails(ctx.db, request.query),
  });

  app.get('/api/system/emails/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getEmail',
      tags,
      summary: 'One outbox email with its rendered message',
      description:
        'The message as the mail server receives it (`html`, `text`, extra `headers`), rendered from the stored template and data by the same code that sends it. Emails carrying a secret (password reset, magic link, temporary password, campaign unsubscribe link) are `redacted: true` with `html`, `text` and `headers` null once their content is erased (sent or given up on), and always where MAIL_PREVIEW is off (the default with NODE_ENV=production). 404 for an unknown id.',
      params: IdParams,
      response: { 200: EmailDetailOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => getEmail(ctx, request.params.id),
  });
}
