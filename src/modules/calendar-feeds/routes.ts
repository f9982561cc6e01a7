import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { errorRef, FileAnswer, IdParams, Ok } from '../../http/schemas.js';
import { CalendarFeedBody, CalendarFeedCreated, CalendarFeedOut, FeedTokenParams } from './schemas.js';
import * as feeds from './service.js';
import { Type } from 'typebox';

const tags = ['calendar-feeds'];

/**
 * Calendars poll a feed every few minutes, several members' phones from one salon's address:
 * generous per IP, and still no guessing of 256-bit tokens at any useful rate.
 */
const FEED_LIMITS: LimitRule[] = [{ max: 120, windowMs: 60_000, key: (r) => `calendar-feed:ip:${r.ip}` }];

/** Private iCal feeds: managed by the signed-in members, read by their calendars with the token alone. */
export async function calendarFeedsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/calendar-feeds', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createCalendarFeed',
      tags,
      summary: 'Make a private calendar feed (iCal) of one’s agenda, or, for an admin, of a member’s or the salon’s',
      description:
        'Anyone signed in makes a `staff` feed of their own appointments; an admin also of another member’s (`staff_id`) ' +
        'or of every member’s (`scope: salon`); otherwise 403 `forbidden`. An inactive or unknown member: 404. ' +
        'The answer’s `url` carries the feed’s secret token and is shown this once; the feed covers ' +
        `${feeds.FEED_DAYS_BACK} days back to ${feeds.FEED_DAYS_AHEAD} days ahead, every appointment but the cancelled ones.`,
      body: CalendarFeedBody,
      response: { 201: CalendarFeedCreated, 400: errorRef, 403: errorRef, 404: errorRef },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await feeds.createFeed(ctx.db, ctx.config, currentUser(request), request.body)),
  });

  app.get('/api/calendar-feeds', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listCalendarFeeds',
      tags,
      summary: 'The calendar feeds: one’s own, or every feed for an admin (never their addresses)',
      response: { 200: Type.Array(CalendarFeedOut) },
    },
    handler: (request) => feeds.listFeeds(ctx.db, currentUser(request)),
  });

  app.delete('/api/calendar-feeds/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'revokeCalendarFeed',
      tags,
      summary: 'Revoke a calendar feed: its address answers 404 from now on',
      description: 'One’s own feed, or any for an admin; another member’s feed is 404 to a non-admin.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await feeds.revokeFeed(ctx.db, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/api/calendar-feeds/:token/calendar.ics', {
    config: { auth: 'none' },
    preHandler: app.limiter(FEED_LIMITS),
    schema: {
      operationId: 'getCalendarFeed',
      tags,
      summary: 'A calendar feed’s document (iCalendar), for the calendar app that subscribed to its address',
      description:
        'No sign-in: the token in the address is the credential. Unknown or revoked token, or its owner deactivated: 404. ' +
        'Answers an `ETag`; a poll with the same `If-None-Match` gets 304 without a body.',
      params: FeedTokenParams,
      response: {
        200: FileAnswer('The feed, `text/calendar`', ['text/calendar'], false),
        304: { description: 'Unchanged since the ETag in If-None-Match: no body' },
        404: errorRef,
        429: errorRef,
      },
    },
    handler: async (request, reply) => {
      const document = await feeds.feedDocument(ctx.db, ctx.config, request.params.token);
      const etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('content-type', 'text/calendar; charset=utf-8')
        // Names the file when a browser opens the address rather than a calendar app.
        .header('content-disposition', 'inline; filename="calendar.ics"');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send('');
      return reply.send(document);
    },
  });
}
