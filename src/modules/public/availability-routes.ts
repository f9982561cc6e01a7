import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { readClient } from '../../http/auth.js';
import { errorRef } from '../../http/schemas.js';
import { PUBLIC_BODY_LIMIT } from './limits.js';
import { publicAvailability, publicVisitAvailability } from './availability.js';
import { AvailabilityQuery, AvailableSlot, VisitAvailabilityBody, VisitSlot } from './schemas.js';

/** GET /public/availability, the busiest endpoint of the booking page, and its visit form. */
export async function publicAvailabilityRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/availability', {
    config: { auth: 'none' },
    schema: {
      operationId: 'getPublicAvailability',
      tags: ['public'],
      summary: 'Free start times for a service on one date',
      description:
        'A staff member works per their shift that date, else their default shift for that weekday, else the opening hours; ' +
        'nothing on holidays, closed days or their time off. Starts step by `calendar_slot_min` from midnight; the whole service ' +
        '(plus `new_client_extra_min` for a client without a previous visit: anyone not signed in counts as new) must fit in one working ' +
        'window and keep `calendar_buffer_min` from other bookings (a booking with processing time keeps its member busy only ' +
        'outside its processing window); every resource the service needs must have room (fewer holders than its capacity) ' +
        'throughout; never before now + `booking_min_lead_hours`, never after ' +
        'today + `booking_max_future_days` (salon time zone). Candidates: active, bookable members who perform the service, each ' +
        'with their own duration (`end_at` follows it); with `hide_unscheduled_staff`, only members with a shift that date. ' +
        'Without `staff_id`, one slot per start, given to the free member `booking_anyone_rule` prefers (a booking at that start gets that member). `staff_id` while `booking_allow_staff_choice` is 0: 400 `staff_choice_disabled`. ' +
        'An optional client token (Authorization: Bearer) lets a returning client see slots without the new-client extra time. ' +
        'A service the salon books only in the office (`online_bookable` 0): 409 `not_bookable_online` (details name `service_id`).',
      querystring: AvailabilityQuery,
      response: { 200: Type.Array(AvailableSlot), 400: errorRef, 401: errorRef, 409: errorRef },
    },
    handler: async (request) => publicAvailability(ctx, request.query, await readClient(request, ctx.db, ctx.signer)),
  });

  // A read that takes a body: not rate limited, like GET /public/availability, but small.
  app.post('/api/public/visit-availability', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: {
      operationId: 'getPublicVisitAvailability',
      tags: ['public'],
      summary: 'Free start times for a visit of several services on one date',
      description:
        'The parts (1–5) run in the order given, each starting when the previous one ends (the client stays through ' +
        'processing time). Each part follows the rules of GET /public/availability; its member is the one named, else the ' +
        'free member who performs it that `booking_anyone_rule` prefers; one member may do consecutive parts. Resources are ' +
        'counted across the parts too. `staff_id` while `booking_allow_staff_choice` is 0: 400 `staff_choice_disabled`; ' +
        'an unknown service: 400 `unknown_service`; a member who does not perform the part: 400 `service_not_performed`; ' +
        'a member who is not active and bookable: 400 `unknown_staff` (details name `parts[i]`). `new_client_extra_min` ' +
        'lengthens the first part. A part whose service the salon books only in the office (`online_bookable` 0): 409 `not_bookable_online` ' +
        '(details name `parts[i].service_id`). A POST because the list of parts is a body, not a query; nothing is written.',
      body: VisitAvailabilityBody,
      response: { 200: Type.Array(VisitSlot), 400: errorRef, 401: errorRef, 409: errorRef },
    },
    handler: async (request) =>
      publicVisitAvailability(ctx, request.body, await readClient(request, ctx.db, ctx.signer)),
  });
}
