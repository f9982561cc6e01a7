import { Type, type Static } from 'typebox';
import { DateTimeText, Id, NonEmpty, named, withExample } from '../../http/schemas.js';

/* Schemas of the private calendar feeds: creating, listing and revoking them. */

const Scope = Type.Union([Type.Literal('staff'), Type.Literal('salon')], {
  description: '`staff`: one member’s appointments; `salon`: every member’s (admins only)',
});

export const CalendarFeedOut = named(
  'CalendarFeed',
  Type.Object({
    id: Type.Integer(),
    scope: Scope,
    name: Type.String({ description: 'The owner’s label for the feed, e.g. the device that subscribes to it' }),
    user_id: Type.Integer({
      description: 'The owner: the member whose agenda it is (`staff`), or the admin who made it (`salon`)',
    }),
    user_name: Type.String(),
    created_at: DateTimeText,
    last_used_at: Type.Union([DateTimeText, Type.Null()], {
      description: 'When a calendar last fetched the feed (to the hour); null: never',
    }),
  }),
);

export const CalendarFeedCreated = named(
  'CalendarFeedCreated',
  Type.Intersect([
    CalendarFeedOut,
    Type.Object({
      url: Type.String({
        description:
          'The feed’s address, shown this once: `{PUBLIC_BASE_URL}/api/calendar-feeds/<token>/calendar.ics`. ' +
          'Calendars subscribe to it (or to the same address with `webcal://`).',
      }),
    }),
  ]),
);

export const CalendarFeedBody = withExample(
  Type.Object(
    {
      scope: Type.Optional(Scope),
      staff_id: Type.Optional(
        Type.Integer({
          ...Id,
          description: '`staff` scope: whose agenda (admins only for another member); default the signed-in user',
        }),
      ),
      name: Type.Optional(NonEmpty(80)),
    },
    { additionalProperties: false },
  ),
  { scope: 'staff', name: 'iPhone' },
);

export const FeedTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) });

export type CalendarFeedOutput = Static<typeof CalendarFeedOut>;
export type CalendarFeedInput = Static<typeof CalendarFeedBody>;
