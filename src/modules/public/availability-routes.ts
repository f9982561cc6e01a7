import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { readClient } from '../../http/auth.js';
import { errorRef } from '../../http/schemas.js';
import { publicAvailability } from './availability.js';
import { AvailabilityQuery, AvailableSlot } from './schemas.js';

/** GET /public/availability: the busiest endpoint of the booking page. */
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
        'window and keep `calendar_buffer_min` from other bookings; never before now + `booking_min_lead_hours`, never after ' +
        'today + `booking_max_future_days` (salon time zone). Without `staff_id`, one slot per start, given to the least booked ' +
        'free staff member. `staff_id` while `booking_allow_staff_choice` is 0: 400 `staff_choice_disabled`. ' +
        'An optional client token (Authorization: Bearer) lets a returning client see slots without the new-client extra time.',
      querystring: AvailabilityQuery,
      response: { 200: Type.Array(AvailableSlot), 400: errorRef, 401: errorRef },
    },
    handler: async (request) => publicAvailability(ctx, request.query, await readClient(request, ctx.db, ctx.signer)),
  });
}
