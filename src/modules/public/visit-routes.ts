import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { readClient } from '../../http/auth.js';
import { errorRef } from '../../http/schemas.js';
import { idempotencyKeyOf } from '../bookings/service.js';
import { limitNewClientBookings } from './new-clients.js';
import { BOOKING_LIMITS, PUBLIC_BODY_LIMIT } from './limits.js';
import { PublicVisit, PublicVisitBody } from './schemas.js';
import { createPublicVisit } from './visits.js';

const tags = ['public'];

/** A visit of several services from the booking page. */
export async function publicVisitRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/public/visits', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(BOOKING_LIMITS),
    schema: {
      operationId: 'createPublicVisit',
      tags,
      summary: 'Book several services in a row at a start that visit availability offers',
      description:
        '`start_at` must be a start POST /public/visit-availability offers for these parts. Each part starts when the previous one ends; ' +
        'a part without `staff_id` gets the free member who performs it that `booking_anyone_rule` prefers. A part that cannot be placed is refused with the ' +
        'codes of POST /public/bookings (`slot_in_past`, `inside_lead_time`, `beyond_max_future_days`, `salon_closed`, `not_a_slot`, ' +
        '`outside_working_time` → 400; `slot_taken`, `resource_unavailable` → 409), the details naming `parts[i]`; nothing is saved. ' +
        'A part whose service the salon books only in the office (`online_bookable` 0) → 409 `not_bookable_online` (details name `parts[i].service_id`). ' +
        'Judged again inside the write transaction behind every member’s and resource’s lock. Client, `booking_clients`, `booking_mode`, ' +
        '`booking_hold_new_clients` (every part held and released together), staff choice, side effects per part, `Idempotency-Key` and rate limits as POST /public/bookings. ' +
        'Deposit: one for the whole visit, the sum of its parts’ deposits; while any part asks one every part is held, and ' +
        '`checkout_url` is on the visit.',
      body: PublicVisitBody,
      response: {
        201: PublicVisit,
        400: errorRef,
        401: errorRef,
        409: errorRef,
        413: errorRef,
        429: errorRef,
        502: errorRef,
      },
    },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const client = await readClient(request, ctx.db, ctx.signer);
      await limitNewClientBookings(ctx, request.ip, client, request.body.client_email);
      const result = await createPublicVisit(ctx, request.body, client, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.visit);
    },
  });
}
