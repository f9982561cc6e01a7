import { Type, type Static } from 'typebox';
import { DateTimeText, named } from '../../http/schemas.js';

/* The schemas of the messages sent to a client, GET /api/clients/:id/messages. */

export const ClientMessageOut = named(
  'ClientMessage',
  Type.Object({
    channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
    id: Type.Integer({ description: 'The id in its outbox (emails or text messages)' }),
    template: Type.String({ description: 'Which message it is (`booking.reminder` …)' }),
    text: Type.Union([Type.String(), Type.Null()], {
      description: "An email's subject; a text message's body, null when it carries a secret (a sign-in code)",
    }),
    status: Type.String({
      description: 'The outbox status: `queued`, `sent`, `failed`, `unsent`, and for texts `delivered`',
    }),
    created_at: DateTimeText,
    sent_at: Type.Union([DateTimeText, Type.Null()]),
  }),
);

export const ClientMessagesQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, description: 'The newest this many; default 50, at most 200' }),
  ),
});

export type ClientMessageOutput = Static<typeof ClientMessageOut>;
export type ClientMessagesInput = Static<typeof ClientMessagesQuery>;
