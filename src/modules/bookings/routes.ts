import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import {
  BookingCancelQuery,
  BookingConflictOut,
  BookingCreateBody,
  BookingListQuery,
  BookingOut,
  BookingUpdateBody,
} from './schemas.js';
import { DayViewOut, DayViewQuery } from './day-view-schemas.js';
import { BookingHistoryOut } from './history-schemas.js';
import { seriesRoutes } from './series-routes.js';
import { IDEMPOTENT } from './idempotency.js';
import * as bookings from './service.js';
import { visitRoutes } from './visit-routes.js';
import { liveRoutes } from './live-routes.js';
import { agendaRoutes } from './agenda-routes.js';

const tags = ['bookings'];
const JSON_TYPE = 'application/json; charset=utf-8';

/** The route's own JSON serializer (its 200 schema's), for an answer sent as bytes. */
function serializerOf(reply: FastifyReply) {
  return (answer: unknown): string => {
    const text = reply.serialize(answer);
    if (typeof text !== 'string') throw new Error('the JSON serializer gave no text');
    return text;
  };
}

const AGENDA =
  'With `staff_personal_agenda_enabled`, a staff-role user reaches only their own bookings: another staff member’s is 404, as if absent.';

/** The staff's bookings API, under /api/bookings. */
export async function bookingsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/bookings', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listBookings',
      tags,
      summary: 'List bookings, newest first (start_at, then id, descending); cancelled ones left out unless asked for',
      description:
        'Filters, all optional and combined with AND: `from`/`to` bound `start_at` (a date or a datetime in the salon zone; a date `to` is the end of that day), `staff_id` (one or several, repeated or comma-separated, at most 100), `client_id`, `status` (one or several; given: exactly those, `cancelled` only when named; absent: every status but cancelled), `location_id`. Invalid: 400 `validation_failed` naming the parameter. ' +
        '`page` activates pagination (its `total` counts the filtered bookings). With `staff_personal_agenda_enabled`, staff see only their own bookings, admins all.',
      querystring: BookingListQuery,
      response: { 200: Listing(BookingOut), 400: errorRef },
    },
    // A calendar's range is held per process until something it shows changes (calendar-cache.ts).
    handler: async (request, reply) => {
      const body = await bookings.listBookingsAnswer(ctx, currentUser(request), request.query, serializerOf(reply));
      return reply.type(JSON_TYPE).send(body);
    },
  });

  app.get('/api/bookings/day', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getBookingDay',
      tags,
      summary:
        'What a day calendar draws: bookings, each staff member’s working time and time off, the holiday, opening hours, resources',
      description:
        '`date` (YYYY-MM-DD, salon zone); optional `location_id` and `staff_id` (several, repeated or comma-separated). ' +
        '`staff`: the active bookable members by name, each with `working` (dated shifts, else default shifts, else the opening hours of that weekday; empty on a holiday, a closed weekday or time off) and the `time_off` entries covering the date. ' +
        'With `location_id`: bookings of that location, resources of that location or of none, and members not working only at another location that day. With `hide_unscheduled_staff`, members with neither a dated nor a default shift that date and no booking that day are left out. ' +
        '`bookings`: not cancelled, touching the date, by start_at then id. `resources`: active ones with the ids of the bookings holding them that day. ' +
        'With `staff_personal_agenda_enabled`, a staff-role user gets their own column and bookings only.',
      querystring: DayViewQuery,
      response: { 200: DayViewOut, 400: errorRef },
    },
    // The answer's bytes, held per process until something it shows changes (calendar-cache.ts):
    // serialized here by the route's own serializer, then sent as they are.
    handler: async (request, reply) => {
      const body = await bookings.dayViewAnswer(ctx, currentUser(request), request.query, serializerOf(reply));
      return reply.type(JSON_TYPE).send(body);
    },
  });

  app.get('/api/bookings/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getBooking',
      tags,
      summary: 'One booking, with client, staff and service names',
      description: `Cancelled bookings are found too. ${AGENDA}`,
      params: IdParams,
      response: { 200: BookingOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => bookings.getBooking(ctx, currentUser(request), request.params.id),
  });

  app.get('/api/bookings/:id/history', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getBookingHistory',
      tags,
      summary:
        'What happened to a booking: created, moved, status, staff member, service and notes changed; by whom and when',
      description:
        'Oldest first, kept as long as the booking (an extension). One entry for the creation and one per change of times, status, staff member, service, notes or internal notes, whichever path made it (the desk, the booking page, the client’s email links, jobs). ' +
        '`by`: `user` (with `user`: id and name), `client` (the booking page or the client’s links) or `system` (a job, an unpaid deposit or an unconfirmed hold released). ' +
        `Each entry names only what changed (\`moved\`, \`status\`, \`staff\`, \`service\` from → to, else null; notes only as changed, not their text). Bookings made before the history existed have none. ${AGENDA}`,
      params: IdParams,
      response: { 200: BookingHistoryOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => bookings.bookingHistory(ctx, currentUser(request), request.params.id),
  });

  app.post('/api/bookings', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createBooking',
      tags,
      summary: 'Create a booking',
      description:
        "`start_at`/`end_at` in the salon time zone, `end_at` after `start_at` and at most 24 hours later (400 `validation_failed`); `end_at` absent: `start_at` plus the staff member's duration of the service. Unknown client, staff member or service: 400 `unknown_client`, `unknown_staff`, `unknown_service` (`client_inactive` for an erased or merged client); `location_id` not an active location: 400 `unknown_location` (absent: the location of the member's shift that date, else the default location). " +
        "A start date that is a holiday: 400 `holiday`. Busy time of the staff member ([start_at, end_at) minus the service's processing window, stored as `processing_start_at`/`processing_end_at`) meeting another non-cancelled booking's: 409 `booking_overlap` naming it. A resource the service requires already held by `capacity` bookings at some instant: 409 `resource_unavailable` naming it. " +
        "The desk's rules, 400 named after the rule unless `override: true` (then recorded: `override` 1, `overridden_rules`): `staff_not_bookable`, `service_not_performed`, `in_the_past`, `outside_working_time` (shifts, else default shifts, else opening hours; unknown working time does not count), `shorter_than_service`; `details` lists every broken rule. Holiday, overlap and resources are never overridable. " +
        "`provisional: true` → status `provisional` with a `provisional_token`; the client is emailed confirm/decline links under `base_url` (default PUBLIC_BASE_URL; another origin than PUBLIC_BASE_URL's or one of the settings' `email_link_origins` is 400 `base_url_not_allowed`) and admins are notified (`booking.request`). " +
        'Otherwise `scheduled`: job `booking.created` (confirmation email) and a `booking.new` notification for the staff member. ' +
        '`waitlist_id` (an entry of the same client): the entry becomes `booked` and the client gets a waitlist-confirmed email. ' +
        IDEMPOTENT,
      body: BookingCreateBody,
      response: { 200: BookingOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const key = bookings.idempotencyKeyOf(request.headers['idempotency-key']);
      const { result, replayed } = await bookings.createBooking(ctx, currentUser(request), request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  });

  app.put('/api/bookings/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'updateBooking',
      tags,
      summary: 'Update a booking; only the fields present change',
      description:
        'Status changes: scheduled → completed | cancelled | no-show; provisional → scheduled | cancelled; no-show → scheduled; none out of completed or cancelled (rebook instead). Others: 409 `invalid_transition`. ' +
        "Times, staff member and service are checked as on creation (holiday 400, overlap 409, resources 409; the desk's rules, with `override`, while the booking is scheduled or provisional, `in_the_past` only when `start_at` changes); a service change replaces the resources held, a staff or service change takes that member's price. `location_id` (null clears it). Completing works at any time; no-showing a booking that has not started (start_at after now): 409 `not_started`. A time change of a booking that is not completed, no-show or cancelled enqueues `booking.updated` 30 minutes later (one per booking within that window). " +
        '→ completed: `feedback_token` set, review request enqueued, follow-up enqueued (3 days) when `followup_sequences_enabled`, `booking.followup` notifications of the booking removed. ' +
        `→ cancelled: as DELETE. → scheduled from provisional: as a new regular booking. ${AGENDA} ` +
        "`version` (optional): the booking's version the change was made from; when the booking changed since, 409 `booking_changed` with `booking` as it now is, and nothing changes.",
      params: IdParams,
      body: BookingUpdateBody,
      response: { 200: BookingOut, 400: errorRef, 404: errorRef, 409: BookingConflictOut },
    },
    handler: (request) => bookings.updateBooking(ctx, currentUser(request), request.params.id, request.body),
  });

  app.delete('/api/bookings/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'cancelBooking',
      tags,
      summary: 'Cancel a booking (status `cancelled`; the record stays)',
      description:
        'Enqueues `booking.cancelled` (email to the client) and offers the freed slot to the first matching waitlist entry. ' +
        `Already cancelled: 409 \`already_cancelled\`; completed or no-show: 409 \`invalid_transition\`. ${AGENDA} ` +
        "`?version=` (optional): the booking's version the cancel was made from; when the booking changed since, 409 `booking_changed` with `booking` as it now is, and nothing changes.",
      params: IdParams,
      querystring: BookingCancelQuery,
      response: { 200: BookingOut, 400: errorRef, 404: errorRef, 409: BookingConflictOut },
    },
    handler: (request) => bookings.cancelBooking(ctx, currentUser(request), request.params.id, request.query.version),
  });

  await liveRoutes(instance, ctx);
  await agendaRoutes(instance, ctx);
  await visitRoutes(instance, ctx);
  await seriesRoutes(instance, ctx);
}
