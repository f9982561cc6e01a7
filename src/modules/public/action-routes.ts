import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import { PUBLIC_BODY_LIMIT, TOKEN_LIMITS } from './limits.js';
import { ActionTokenBody, ActionTokenQuery, BookingActions, MoveByTokenBody, PublicBooking } from './schemas.js';
import * as selfService from './self-service.js';
import { toPublicBooking } from './view.js';

const tags = ['public'];

const TOKEN_ERRORS =
  'Unknown token, or one made for another action: 404 `token_not_found`. Used: 410 `token_used`. ' +
  'Expired (at the booking’s start as it was when the email was sent): 410 `token_expired`. Rate limited per IP (429).';

/**
 * The links of the booking emails: what a token allows, and the three actions (attend,
 * cancel, move), each by the single-use token of its own link, without signing in.
 */
export async function publicActionRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/public/booking-actions', {
    config: { auth: 'none' },
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'readBookingActions',
      tags,
      summary: 'What the token of an email link may do: the booking, the salon, each action and until when',
      description:
        'Reading does not use the token up. `actions` tells for attend, cancel and move whether each is allowed now, until ' +
        'when (salon time), and otherwise the 409 code it would answer. ' +
        TOKEN_ERRORS,
      querystring: ActionTokenQuery,
      response: { 200: BookingActions, 400: errorRef, 404: errorRef, 410: errorRef, 429: errorRef },
    },
    handler: (request) => selfService.readBookingActions(ctx, request.query.token),
  });

  app.post('/api/public/booking-actions/attend', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'confirmBookingAttendance',
      tags,
      summary: 'Confirm attendance by the attend link: sets the booking’s client_confirmed_at',
      description:
        'Only a scheduled booking that has not started (else 409 `not_attendable` / `already_started`). ' +
        TOKEN_ERRORS,
      body: ActionTokenBody,
      response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 410: errorRef, 429: errorRef },
    },
    handler: async (request) => toPublicBooking(await selfService.attendByToken(ctx, request.body.token)),
  });

  app.post('/api/public/booking-actions/cancel', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'cancelBookingByLink',
      tags,
      summary: 'Cancel the booking by the cancel link',
      description:
        'Only a scheduled or provisional booking (else 409 `already_cancelled` / `invalid_transition`), and no later than ' +
        '`cancellation_window_hours` before it starts (else 409 `too_late_to_cancel`; nothing changes and the link stays usable). ' +
        'Side effects as a cancellation by the salon: cancellation email with the calendar cancellation, slot offered to the ' +
        'waitlist. ' +
        TOKEN_ERRORS,
      body: ActionTokenBody,
      response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 410: errorRef, 429: errorRef },
    },
    handler: async (request) => toPublicBooking(await selfService.cancelByToken(ctx, request.body.token)),
  });

  app.post('/api/public/booking-actions/move', {
    config: { auth: 'none' },
    bodyLimit: PUBLIC_BODY_LIMIT,
    preHandler: app.limiter(TOKEN_LIMITS),
    schema: {
      operationId: 'moveBookingByLink',
      tags,
      summary: 'Move the booking by the move link to a start availability offers',
      description:
        'Allowed as cancelling is (scheduled or provisional, outside `cancellation_window_hours`: else 409 `too_late_to_move`), ' +
        'and not for a part of a visit (409 `part_of_visit`: the salon moves visits). The new start is judged as a new ' +
        'booking’s by POST /public/bookings (same 400 codes; taken meanwhile: 409 `slot_taken` / `resource_unavailable`, ' +
        'checked under the same locks; nothing changes and the link stays usable). Without `staff_id` the same staff ' +
        'member; another one only when `booking_allow_staff_choice` is on (else 400 `staff_choice_disabled`). The booking ' +
        'takes that member’s duration of the service. The change email (`booking.updated`) goes at once, with fresh links. ' +
        TOKEN_ERRORS,
      body: MoveByTokenBody,
      response: { 200: PublicBooking, 400: errorRef, 404: errorRef, 409: errorRef, 410: errorRef, 429: errorRef },
    },
    handler: async (request) => toPublicBooking(await selfService.moveByToken(ctx, request.body)),
  });
}
