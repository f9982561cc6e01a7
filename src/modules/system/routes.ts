import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import { getEmail } from './email-preview.js';
import { EmailDetailOut, EmailOut, EmailsQuery, Health, JobOut, JobsQuery } from './schemas.js';
import { listEmails, listJobs } from './service.js';

const tags = ['system'];

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
