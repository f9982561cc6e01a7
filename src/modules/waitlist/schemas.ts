import { Type, type Static, type TSchema } from 'typebox';
import {
  DateText,
  DateTimeText,
  EndTimeText,
  Id,
  named,
  PageQuery,
  TimeText,
  withExample,
} from '../../http/schemas.js';

/* The waitlist (issue 5 item 4): clients waiting for a service on a date, under /api/waitlist. */

function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const WaitlistStatus = Type.Union(
  [Type.Literal('waiting'), Type.Literal('offered'), Type.Literal('booked'), Type.Literal('cancelled')],
  {
    description:
      '`waiting` in the queue; `offered` a freed slot was offered to the client; `booked` a booking took it up; `cancelled`',
  },
);

export const WaitlistEntryOut = named(
  'WaitlistEntry',
  Type.Object({
    id: Type.Integer(),
    client_id: Type.Integer(),
    client_name: Type.String(),
    service_id: Type.Integer(),
    service_name: Type.String(),
    staff_id: Nullable(Type.Integer()),
    staff_name: Nullable(Type.String()),
    date: DateText,
    time_from: Nullable(TimeText),
    time_to: Nullable(EndTimeText),
    status: WaitlistStatus,
    notes: Type.String(),
    position: Nullable(
      Type.Integer({
        minimum: 1,
        description:
          'With `waitlist_position_enabled`: 1-based place among the `waiting` entries for the same service and date (by id); null otherwise and for entries not waiting',
      }),
    ),
    offered_at: Nullable(DateTimeText),
    created_at: DateTimeText,
    updated_at: DateTimeText,
  }),
);

const Window = {
  time_from: Type.Optional(Nullable(TimeText)),
  time_to: Type.Optional(Nullable(EndTimeText)),
};

export const WaitlistCreateBody = withExample(
  Type.Object({
    client_id: Id,
    service_id: Id,
    staff_id: Type.Optional(Nullable(Id)),
    date: DateText,
    ...Window,
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
  }),
  { client_id: 1, service_id: 1, date: '2030-05-14', time_from: '09:00', time_to: '12:00' },
);

export const WaitlistUpdateBody = withExample(
  Type.Object({
    staff_id: Type.Optional(Nullable(Id)),
    date: Type.Optional(DateText),
    ...Window,
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
    status: Type.Optional(
      Type.Union([Type.Literal('waiting'), Type.Literal('cancelled')], {
        description: '`waiting` puts an offered or cancelled entry back in the queue; `cancelled` takes it out',
      }),
    ),
  }),
  { time_from: '13:00', time_to: '17:00' },
);

export const WaitlistListQuery = Type.Object({
  status: Type.Optional(
    Type.Union([WaitlistStatus, Type.Literal('all')], { description: 'Default `waiting`; `all` for every status' }),
  ),
  service_id: Type.Optional(Id),
  date: Type.Optional(DateText),
  client_id: Type.Optional(Id),
  ...PageQuery,
});

export type WaitlistCreateInput = Static<typeof WaitlistCreateBody>;
export type WaitlistUpdateInput = Static<typeof WaitlistUpdateBody>;
export type WaitlistListFilter = Static<typeof WaitlistListQuery>;
export type WaitlistEntryOutput = Static<typeof WaitlistEntryOut>;
