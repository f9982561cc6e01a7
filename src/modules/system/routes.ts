import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, Listing } from '../../http/schemas.js';
import { EmailOut, EmailsQuery, Health, JobOut, JobsQuery } from './schemas.js';
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
}
