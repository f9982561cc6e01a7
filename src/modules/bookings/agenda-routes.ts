import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { DateText, errorRef, named } from '../../http/schemas.js';
import { AGENDA_DEFAULT_DAYS, AGENDA_MAX_DAYS, personalAgenda } from './agenda.js';
import { BookingOut } from './schemas.js';

const AgendaOut = named(
  'PersonalAgenda',
  Type.Object({
    from: DateText,
    to: DateText,
    timezone: Type.String(),
    entries: Type.Array(
      Type.Object({
        booking: BookingOut,
        client_phone: Type.String({ description: 'E.164, or "" when the client left none' }),
      }),
      { description: 'By start_at, then id' },
    ),
  }),
);

/** GET /api/bookings/agenda: the caller's own bookings of a few days (the phone's agenda). */
export async function agendaRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/bookings/agenda', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPersonalAgenda',
      tags: ['bookings'],
      summary: 'The caller’s own bookings of a few days, with each client’s phone (an extension)',
      description:
        `\`from\` (YYYY-MM-DD, salon zone; default today) and \`days\` (1 to ${AGENDA_MAX_DAYS}, default ${AGENDA_DEFAULT_DAYS}): ` +
        'the bookings whose staff member is the caller, not cancelled, starting within those days, by start_at then id, each with its client’s phone. ' +
        'Every role gets only their own, whatever else they may see: what a phone keeps offline is never more than that. An invalid date: 400 `validation_failed`.',
      querystring: Type.Object({
        from: Type.Optional(DateText),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: AGENDA_MAX_DAYS })),
      }),
      response: { 200: AgendaOut, 400: errorRef },
    },
    handler: (request) => personalAgenda(ctx, currentUser(request), request.query),
  });
}
