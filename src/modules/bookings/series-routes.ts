import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams } from '../../http/schemas.js';
import { IDEMPOTENT } from './idempotency.js';
import { BookingConflictOut } from './schemas.js';
import * as bookings from './service.js';
import { SeriesCancelQuery, SeriesCheckOut, SeriesCreateBody, SeriesMoveBody, SeriesOut } from './visit-schemas.js';

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
        `Every occurrence is checked like POST /bookings. ${CONFLICTS} ` +
        '`skip_dates` leaves the occurrences of those dates out (POST /bookings/series/check says beforehand which would be refused). ' +
        IDEMPOTENT,
      body: SeriesCreateBody,
      response: { 201: SeriesOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const key = bookings.idempotencyKeyOf(request.headers['idempotency-key']);
      const { result, replayed } = await bookings.createSeries(ctx, currentUser(request), request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.code(201);
      return result;
    },
  });

  app.post('/api/bookings/series/check', {
    config: { auth: 'user' },
    schema: {
      operationId: 'checkSeries',
      tags,
      summary: 'Dry run of POST /bookings/series: what saving would meet, per occurrence, with nothing written',
      description:
        'The same body as POST /bookings/series (an extension). Every occurrence is checked exactly as the save checks it (holiday, the desk’s rules with `override`, overlap, resources) against what is saved now, then everything is rolled back: no booking, job, email or live event. ' +
        '200 with one entry per occurrence, soonest first: `free`, `refused` with its `codes` (every desk rule broken, `overridable`), or `skipped` (`skip_dates`). Bad input is refused as by the save (400). ' +
        'A desk lists these before saving, then saves the free ones with `skip_dates` naming the refused ones (or with `override` when every refusal is overridable); a time taken in between is refused by the save, 409 `series_conflicts`.',
      body: SeriesCreateBody,
      response: { 200: SeriesCheckOut, 400: errorRef },
    },
    handler: (request) => bookings.checkSeries(ctx, currentUser(request), request.body),
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
        `${CONFLICTS} Move one occurrence alone with PUT /bookings/:id. ${AGENDA} ` +
        '`version` (optional): the `version` of the occurrence `from_booking_id` the move was made from (the later ones lie on days the desk did not show); changed since: 409 `booking_changed` with `booking`, that occurrence as it now is, and nothing moves.',
      params: IdParams,
      body: SeriesMoveBody,
      response: { 200: SeriesOut, 400: errorRef, 404: errorRef, 409: BookingConflictOut },
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
