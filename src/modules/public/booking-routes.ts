import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { readClient } from '../../http/auth.js';
import { errorRef } from '../../http/schemas.js';
import { answerProvisional } from '../bookings/service.js';
import { createPublicBooking } from './bookings.js';
import { confirmClientPhone } from './phone-confirmation.js';
import { limitNewClientBookings } from './new-clients.js';
import { BOOKING_LIMITS, PUBLIC_BODY_LIMIT, TOKEN_LIMITS } from './limits.js';
import { readProvisionalByToken } from './link-reads.js';
import { idempotencyKeyOf } from '../bookings/service.js';
import { LinkedBooking, PublicBooking, PublicBookingBody, TokenBody, TokenQuery } from './schemas.js';
import { toPublicBooking } from './view.js';

const tags = ['public'];

/** The booking limits as the reference states them (visits share them). */
const RATE_LIMITS =
  'Rate limited (429 `rate_limited` with `Retry-After`): 20 requests per 10 minutes per network (an IPv4 address, an IPv6 /64), ' +
  '5 a day per `client_email`, and 5 a day per network for bookings by a client never seen before (not signed in, an email no client has).';

/** Booking from the booking page, and the client's answer to a provisional booking (read first, then given). */
export async function publicBookingRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/public/bookings', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(BOOKING_LIMITS),
    schema: {
      operationId: 'createPublicBooking',
      tags,
      summary: 'Book a slot that availability offers',
      description:
        '`start_at` must be a start GET /public/availability offers for this service (and `staff_id`, when given): in the past ' +
        '(`slot_in_past`), inside the lead time (`inside_lead_time`), beyond the max future days (`beyond_max_future_days`), ' +
        'on a closed day, holiday or time off (`salon_closed`), off the slot grid (`not_a_slot`) or outside working hours ' +
        '(`outside_working_time`) → 400; taken meanwhile → 409 `slot_taken` (checked again inside the write transaction). ' +
        'A service the salon books only in the office (`online_bookable` 0) → 409 `not_bookable_online` (details name `service_id`). ' +
        'The end is start + service duration (+ `new_client_extra_min` for a client without a previous visit). ' +
        'The client is the one signed in (client token), else the client with `client_email`, else a new client. ' +
        '`booking_clients` = `existing`: a client token is required (401 `client_login_required`). ' +
        '`booking_mode` = `request`: the booking is `provisional` and the client gets confirm/decline links by email; admins are ' +
        'notified (email per `booking_request_notify_email`, push per `booking_request_notify_push`). `direct`: `scheduled`, ' +
        'with the `booking.created` confirmation job and a `booking.new` notification. ' +
        '`booking_hold_new_clients` (with `direct`): a client never seen before (not signed in, an email no client has) is ' +
        'answered as in `request` mode (`provisional`, confirm link by email); not confirmed within `booking_hold_minutes`, ' +
        'the booking is released (`cancelled`, no email). ' +
        'Deposit: when the service asks one (`deposit_type`) and a checkout provider is configured, the booking is held ' +
        '(`provisional`, `deposit_status` `pending`, nothing sent yet) and `checkout_url` is where the client pays; paid → as above; ' +
        'not paid within `deposit_timeout_min` → released (`cancelled`, `deposit_status` `expired`). The provider failing → 502 ' +
        '`deposit_unavailable`, nothing booked. Without a checkout provider: booked without a deposit. ' +
        'An `Idempotency-Key` header (8–128 of `A-Za-z0-9._:-`) makes retries safe: the same key answers the first booking again (header ' +
        '`Idempotent-Replayed: true`); the same key with a different body is 409 `idempotency_key_reused`. ' +
        RATE_LIMITS,
      body: PublicBookingBody,
      response: {
        201: PublicBooking,
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
      const result = await createPublicBooking(ctx, request.body, client, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.booking);
    },
  });

  app.get('/api/public/bookings/provisional', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'readProvisionalBooking',
      tags,
      summary: 'The booking a confirm or decline link answers, read without answering it',
      description:
        '`token` is the provisional booking’s token from its email. `answered` once it is no longer provisional ' +
        '(answered already, or changed by the salon). Unknown token: 404. Rate limited per IP (429).',
      querystring: TokenQuery,
      response: { 200: LinkedBooking, 400: errorRef, 404: errorRef, 429: errorRef },
    },
    handler: (request) => readProvisionalByToken(ctx, request.query.token),
  });

  for (const answer of ['confirm', 'decline'] as const) {
    app.post(`/api/public/bookings/${answer}`, {
      config: { auth: 'none' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      preHandler: app.limiter(TOKEN_LIMITS),
      schema: {
        operationId: answer === 'confirm' ? 'confirmPublicBooking' : 'declinePublicBooking',
        tags,
        summary:
          answer === 'confirm'
            ? 'Confirm a provisional booking (the link in its email): it becomes scheduled'
            : 'Decline a provisional booking (the link in its email): it becomes cancelled',
        description:
          (answer === 'confirm'
            ? 'Then as a new regular booking: `booking.created` job and a `booking.new` notification. '
            : 'Then as a cancellation: `booking.cancelled` job and the slot offered to the waitlist. ') +
          'Unknown token: 404. No longer provisional (answered already, or changed by the salon): 409 `not_provisional`.',
        body: TokenBody,
        response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 429: errorRef },
      },
      handler: async (request) => {
        const booking = await answerProvisional(ctx, request.body.token, answer);
        // The confirm link reached the client at their address: their number may be texted now.
        if (answer === 'confirm') await confirmClientPhone(ctx.db, booking.client_id);
        return toPublicBooking(booking);
      },
    });
  }
}
