import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { DateText, errorRef } from '../../http/schemas.js';
import { availableSlots, loadDay, type Slot } from '../availability/service.js';
import { findActionToken } from '../bookings/service.js';
import { requireRealDate } from './availability.js';
import { AvailableSlot } from './schemas.js';

/*
 * The times a move link's booking can move to, for the page behind the link: the starts that
 * POST /public/booking-actions/move accepts (bar a change meanwhile), so the page never offers
 * a time the move then refuses, nor hides one it would take. The booking itself does not
 * count as busy (a move by half an hour is offered), and the client is who they are (a
 * returning client gets no new-client extra time), as the move judges them.
 */

const MINUTE = 60_000;

/**
 * A visitor browsing days asks once per day chosen (and again when the window regains focus):
 * looser than the token actions' limit, and counted apart so browsing never blocks the move.
 */
const MOVE_AVAILABILITY_LIMITS: LimitRule[] = [
  { max: 120, windowMs: MINUTE, key: (request) => `public:move-availability:ip:${request.ip}` },
];

const MoveLinkAvailabilityQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the move link' }),
  date: DateText,
});

/** The starts the booking of a move link's token may move to on `date`, with its own staff member. */
export async function moveLinkAvailability(
  ctx: AppContext,
  query: { token: string; date: string },
  now: Date = new Date(),
): Promise<Slot[]> {
  requireRealDate(query.date);
  const found = await findActionToken(ctx.db, query.token, 'move', now);
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'client_id', 'service_id', 'staff_id'])
    .where('id', '=', found.booking_id)
    .executeTakeFirstOrThrow();
  const day = await loadDay(
    ctx.db,
    {
      date: query.date,
      serviceId: booking.service_id,
      staffId: booking.staff_id,
      clientId: booking.client_id,
      excludeBookingIds: [booking.id],
    },
    false,
    now,
  );
  return availableSlots(day.input);
}

export async function moveLinkAvailabilityRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/booking-actions/availability', {
    config: { auth: 'none' },
    preHandler: app.limiter(MOVE_AVAILABILITY_LIMITS),
    schema: {
      operationId: 'getMoveLinkAvailability',
      tags: ['public'],
      summary: 'The starts a move link’s booking can move to on a date',
      description:
        'For the page behind the move link of the booking emails: the starts POST /public/booking-actions/move accepts ' +
        '(bar a change meanwhile), with the booking’s own staff member and service, the rules of GET /public/availability, ' +
        'the booking itself not counting as busy and its client as who they are (no new-client extra time for a returning ' +
        'client). A read: the token stays unused; whether the booking may still move is in GET /public/booking-actions ' +
        '(`actions.move`). A token of another action, or unknown: 404 `token_not_found`; used or expired: 410 ' +
        '`token_used` / `token_expired`. Rate limited per IP (429), apart from the actions.',
      querystring: MoveLinkAvailabilityQuery,
      response: { 200: Type.Array(AvailableSlot), 400: errorRef, 404: errorRef, 410: errorRef, 429: errorRef },
    },
    handler: (request) => moveLinkAvailability(ctx, request.query),
  });
}
