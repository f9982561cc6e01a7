import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import { WaitlistCreateBody, WaitlistEntryOut, WaitlistListQuery, WaitlistUpdateBody } from './schemas.js';
import * as waitlist from './service.js';

const tags = ['waitlist'];

/** The waitlist (issue 5 item 4), under /api/waitlist; every endpoint for any signed-in user. */
export async function waitlistRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/waitlist', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listWaitlistEntries',
      tags,
      summary: 'List waitlist entries by wanted date, then id (queue order)',
      description:
        '`status` defaults to `waiting` (`all` for every status); `service_id`, `date` and `client_id` filter. ' +
        '`position` is the 1-based place among the waiting entries for the same service and date when `waitlist_position_enabled` is on, else null. `page` activates pagination.',
      querystring: WaitlistListQuery,
      response: { 200: Listing(WaitlistEntryOut), 400: errorRef },
    },
    handler: (request) => waitlist.listEntries(ctx.db, request.query),
  });

  app.post('/api/waitlist', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createWaitlistEntry',
      tags,
      summary: 'Put a client on the waitlist',
      description:
        'Client, service and staff member must exist (400 `unknown_client`, `unknown_service`, `unknown_staff`). `date` is a real day, not in the past in the salon time zone (400 `invalid_date`, `date_in_past`); ' +
        '`time_from`/`time_to` (HH:MM, each optional) bound the wanted start time, `time_from` before `time_to` (400 `invalid_time_window`). ' +
        'Admins are notified (type `waitlist.join`) when `notify_salon_waitlist_join` is on.',
      body: WaitlistCreateBody,
      response: { 201: WaitlistEntryOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await waitlist.createEntry(ctx, request.body)),
  });

  app.get('/api/waitlist/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getWaitlistEntry',
      tags,
      summary: 'One waitlist entry',
      params: IdParams,
      response: { 200: WaitlistEntryOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => waitlist.getEntry(ctx.db, request.params.id),
  });

  app.put('/api/waitlist/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'updateWaitlistEntry',
      tags,
      summary: 'Update a waitlist entry; only the fields present change',
      description:
        '`status` may be set to `waiting` (back in the queue, `offered_at` cleared) or `cancelled`. A `booked` entry no longer changes (409 `waitlist_entry_booked`). ' +
        'The same date, staff and window rules as on create apply to the entry as it will be stored.',
      params: IdParams,
      body: WaitlistUpdateBody,
      response: { 200: WaitlistEntryOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => waitlist.updateEntry(ctx, request.params.id, request.body),
  });

  app.delete('/api/waitlist/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'deleteWaitlistEntry',
      tags,
      summary: 'Delete a waitlist entry',
      description: 'A booking made from the entry is kept; its `waitlist_id` becomes null.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await waitlist.deleteEntry(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
