import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser, staffTokenCheck } from '../../http/auth.js';
import { errorRef, FileAnswer } from '../../http/schemas.js';
import * as bookings from './service.js';

/** GET /api/bookings/events: the desks' live updates (server-sent events). */
export async function liveRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const feed = new bookings.ChangeFeed(ctx);
  app.addHook('onClose', () => feed.stop());

  app.get('/api/bookings/events', {
    config: { auth: 'user' },
    schema: {
      operationId: 'streamBookingEvents',
      tags: ['bookings'],
      summary: 'Live updates of the calendar: server-sent events, one per booking created or changed',
      description:
        '`text/event-stream`. First `ready` (its `id` the newest change), then `booking` per change the caller may see, ' +
        '`data` `{ booking_id, version, kind (created | moved | status | updated), days, staff_ids, location_ids }` (before and after the change; a null location is a booking without one); ' +
        'a comment line every 25 s. Resume: the `Last-Event-ID` header (sent by EventSource when it reconnects) or `last_event_id` gives the changes after it; ' +
        'when they are no longer all known (more than a day ago), `reset`: refetch everything. ' +
        'With `staff_personal_agenda_enabled` a staff-role user gets only changes touching their own bookings. ' +
        'The stream ends within 5 s of its token ceasing to admit the caller (expired, signed out here or everywhere, deactivated); reconnect with a fresh token.',
      querystring: Type.Object({
        last_event_id: Type.Optional(
          Type.Integer({
            minimum: 0,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'As `Last-Event-ID`, for a client that cannot set headers',
          }),
        ),
      }),
      response: {
        200: FileAnswer('The event stream', ['text/event-stream'], false),
        400: errorRef,
      },
    },
    handler: async (request, reply) => {
      const header = request.headers['last-event-id'];
      const text = Array.isArray(header) ? header[0] : header;
      // A header that is not a seq (another service's id, garbage) resumes nothing: reset.
      const lastEventId =
        text !== undefined ? (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : -1) : request.query.last_event_id;
      const caller = currentUser(request);
      // Set by an onSend hook on every other answer, which a stream written past Fastify skips.
      reply.header('x-request-id', request.id);
      reply.hijack();
      // What the hooks set (the security headers, CORS, X-Request-Id), for the stream's head or its refusal.
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(
          (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
        ),
      );
      try {
        await bookings.serveEventStream(ctx, feed, caller, request.raw, reply.raw, {
          lastEventId,
          headers,
          stillSignedIn: staffTokenCheck(request, ctx.db, ctx.signer),
        });
      } catch (error) {
        request.log.error({ err: error }, 'live updates: the stream failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(503, { ...headers, 'content-type': 'application/json' });
        reply.raw.end(
          reply.raw.headersSent
            ? undefined
            : JSON.stringify({ error: 'Live updates are unavailable', code: 'unavailable' }),
        );
      }
    },
  });
}
