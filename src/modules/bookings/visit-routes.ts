import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams } from '../../http/schemas.js';
import { IDEMPOTENT } from './idempotency.js';
import { BookingConflictOut } from './schemas.js';
import * as bookings from './service.js';
import { VisitCreateBody, VisitMoveBody, VisitOut } from './visit-schemas.js';

const tags = ['bookings'];

const AGENDA =
  'With `staff_personal_agenda_enabled`, a staff-role user reaches a visit only when every part is theirs (otherwise 404).';

/** Visits of several services, under /api/bookings/visits. */
export async function visitRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/bookings/visits', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createVisit',
      tags,
      summary: 'Book a visit: several services in a row for one client, each part a booking',
      description:
        'Part i+1 starts when part i ends; a part ends at `end_at` when given, else after its staff member’s duration of the service. ' +
        'A part without `staff_id` goes to the free member who performs the service that `booking_anyone_rule` prefers. ' +
        'Each part is checked like POST /bookings (same 400 and 409 codes); when one cannot be placed nothing is saved and the error’s `details` name `parts[i]`. ' +
        'Each part has the side effects of a single booking. ' +
        IDEMPOTENT,
      body: VisitCreateBody,
      response: { 201: VisitOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const key = bookings.idempotencyKeyOf(request.headers['idempotency-key']);
      const { result, replayed } = await bookings.createVisit(ctx, currentUser(request), request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.code(201);
      return result;
    },
  });

  app.get('/api/bookings/visits/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getVisit',
      tags,
      summary: 'One visit with its parts',
      description: `Status: \`cancelled\` when every part is, otherwise the status of the first part not cancelled. ${AGENDA}`,
      params: IdParams,
      response: { 200: VisitOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => bookings.getVisit(ctx, currentUser(request), request.params.id),
  });

  app.put('/api/bookings/visits/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'moveVisit',
      tags,
      summary: 'Move a visit: every part not cancelled moves by the same amount',
      description:
        '`start_at` is the new start of the first part not cancelled. Each part is checked like a PUT of its times (holiday 400, overlap 409); one refused part refuses the move, details naming `parts[i]`. ' +
        `Every part cancelled: 409 \`visit_cancelled\`. Move one part alone with PUT /bookings/:id. ${AGENDA} ` +
        "`versions` (optional): each part's `version` the move was made from; a part changed since: 409 `booking_changed` with `booking`, that part as it now is, and nothing moves.",
      params: IdParams,
      body: VisitMoveBody,
      response: { 200: VisitOut, 400: errorRef, 404: errorRef, 409: BookingConflictOut },
    },
    handler: (request) => bookings.moveVisit(ctx, currentUser(request), request.params.id, request.body),
  });

  app.delete('/api/bookings/visits/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'cancelVisit',
      tags,
      summary: 'Cancel a visit: every part still scheduled or provisional',
      description:
        'Each cancelled part has the side effects of DELETE /bookings/:id. Already cancelled: 409 `already_cancelled`; no part left scheduled or provisional: 409 `invalid_transition`. ' +
        AGENDA,
      params: IdParams,
      response: { 200: VisitOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => bookings.cancelVisit(ctx, currentUser(request), request.params.id),
  });
}
