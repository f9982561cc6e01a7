import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams } from '../../http/schemas.js';
import * as bookings from './service.js';
import { SeriesCancelQuery, SeriesCreateBody, SeriesMoveBody, SeriesOut } from './visit-schemas.js';

const tags = ['bookings'];

const AGENDA =
  'With `staff_personal_agenda_enabled`, a staff-role user reaches a series only when every occurrence is theirs (otherwise 404).';

const CONFLICTS =
  'When any occurrence is refused: 409 `series_conflicts` with one `details` entry per refused occurrence (`occurrences[k]`, its start and the rule’s code), and nothing is saved.';

/** Repeating bookings, under /api/bookings/series. */
export async function seriesRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/api/bookings/series', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createSeries',
      tags,
      summary: 'Book a repeating booking: every N weeks, until a date or a number of times',
      description:
        `Exactly one of \`until\` and \`count\` (400 \`validation_failed\` otherwise); at most 104 occurrences. Without \`end_at\`, each lasts the staff member’s duration of the service. ` +
        `Every occurrence is checked like POST /bookings. ${CONFLICTS}`,
      body: SeriesCreateBody,
      response: { 201: SeriesOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return bookings.createSeries(ctx, currentUser(request), request.body);
    },
  });

  app.get('/api/bookings/series/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getSeries',
      tags,
      summary: 'One series with its occurrences',
      description: AGENDA,
      params: IdParams,
      response: { 200: SeriesOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => bookings.getSeries(ctx, currentUser(request), request.params.id),
  });

  app.put('/api/bookings/series/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'moveSeries',
      tags,
      summary: 'Move an occurrence and every later one by the same amount',
      description:
        '`from_booking_id` (an occurrence of this series, not cancelled) moves to `start_at`; every later occurrence not cancelled moves by the same amount, to `staff_id` when given. ' +
        `${CONFLICTS} Move one occurrence alone with PUT /bookings/:id. ${AGENDA}`,
      params: IdParams,
      body: SeriesMoveBody,
      response: { 200: SeriesOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => bookings.moveSeries(ctx, currentUser(request), request.params.id, request.body),
  });

  app.delete('/api/bookings/series/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'cancelSeries',
      tags,
      summary: 'Cancel an occurrence and every later one',
      description:
        'With `from_booking_id`: that occurrence and every later one still scheduled or provisional; without: every one that has not started yet. ' +
        `Each has the side effects of DELETE /bookings/:id. Nothing left to cancel: 409 \`already_cancelled\`. Cancel one occurrence alone with DELETE /bookings/:id. ${AGENDA}`,
      params: IdParams,
      querystring: SeriesCancelQuery,
      response: { 200: SeriesOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) =>
      bookings.cancelSeries(ctx, currentUser(request), request.params.id, request.query.from_booking_id),
  });
}
