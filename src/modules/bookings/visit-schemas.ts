import { Type, type Static } from 'typebox';
import { DateText, DateTimeInput, DateTimeText, Id, named, withExample } from '../../http/schemas.js';
import { BookingOut, BookingStatus, ExpectedVersion } from './schemas.js';

/* Request and response schemas of visits (several services in a row) and series (repeats). */

const StartIn = DateTimeInput(
  'YYYY-MM-DD HH:MM[:SS] in the salon time zone (ISO with T accepted)',
  '2030-05-14 10:00:00',
);
const EndIn = DateTimeInput(
  'YYYY-MM-DD HH:MM[:SS] in the salon time zone (ISO with T accepted)',
  '2030-05-14 11:00:00',
);
const Notes = Type.String({ maxLength: 5000 });
const Override = Type.Boolean({
  description: '`true`: book although the desk rules (working time, past, shorter than the service, …) say no',
});

export const VisitPart = Type.Object({
  service_id: Id,
  staff_id: Type.Optional(Id),
  end_at: Type.Optional(EndIn),
});

export const VisitCreateBody = withExample(
  Type.Object({
    client_id: Id,
    start_at: StartIn,
    parts: Type.Array(VisitPart, { minItems: 1, maxItems: 10 }),
    notes: Type.Optional(Notes),
    internal_notes: Type.Optional(Notes),
    provisional: Type.Optional(Type.Boolean({ description: '`true`: every part is a provisional booking' })),
    override: Type.Optional(Override),
  }),
  {
    client_id: 1,
    start_at: '2030-05-14 10:00:00',
    parts: [{ service_id: 3, staff_id: 2 }, { service_id: 1 }],
  },
);

export const VisitMoveBody = withExample(
  Type.Object({
    start_at: StartIn,
    override: Type.Optional(Override),
    versions: Type.Optional(
      Type.Array(Type.Object({ booking_id: Id, version: ExpectedVersion }), {
        maxItems: 10,
        description:
          'The `version` of each part the move was made from (any of the parts; usually all that the desk shows). A part whose version is another now: 409 `booking_changed` with that part as it now is, and nothing moves. A booking that is no part of the visit: 400 `validation_failed`. Absent: no check',
      }),
    ),
  }),
  { start_at: '2030-05-14 13:00:00', versions: [{ booking_id: 12, version: 3 }] },
);

export const VisitOut = named(
  'Visit',
  Type.Object({
    id: Type.Integer(),
    client_id: Type.Integer(),
    client_name: Type.String(),
    start_at: DateTimeText,
    end_at: DateTimeText,
    status: BookingStatus,
    bookings: Type.Array(BookingOut, { description: 'The parts, in order' }),
  }),
);

export const SeriesCreateBody = withExample(
  Type.Object({
    client_id: Id,
    staff_id: Id,
    service_id: Id,
    start_at: StartIn,
    end_at: Type.Optional(EndIn),
    every_weeks: Type.Integer({ minimum: 1, maximum: 52 }),
    until: Type.Optional({ ...DateText, description: 'YYYY-MM-DD: the last day an occurrence may fall on' }),
    count: Type.Optional(Type.Integer({ minimum: 2, maximum: 104, description: 'How many occurrences' })),
    notes: Type.Optional(Notes),
    internal_notes: Type.Optional(Notes),
    override: Type.Optional(Override),
    skip_dates: Type.Optional(
      Type.Array(DateText, {
        maxItems: 104,
        description:
          'Dates of occurrences left out (an extension): those are not booked, the others are (the series keeps the `until` or `count` it was given). A date that is no occurrence’s, or leaving none: 400 `validation_failed`',
      }),
    ),
  }),
  { client_id: 1, staff_id: 2, service_id: 1, start_at: '2030-05-14 10:00:00', every_weeks: 4, count: 6 },
);

export const SeriesMoveBody = withExample(
  Type.Object({
    from_booking_id: Id,
    start_at: StartIn,
    staff_id: Type.Optional(Id),
    override: Type.Optional(Override),
    version: Type.Optional(ExpectedVersion),
  }),
  { from_booking_id: 12, start_at: '2030-06-11 11:00:00' },
);

const OccurrenceStatus = Type.Union([Type.Literal('free'), Type.Literal('refused'), Type.Literal('skipped')], {
  description: '`free`: saving would book it; `refused`: saving would meet `codes`; `skipped`: a date of `skip_dates`',
});

export const SeriesCheckOut = named(
  'SeriesCheck',
  Type.Object({
    occurrences: Type.Array(
      Type.Object({
        date: DateText,
        start_at: DateTimeText,
        status: OccurrenceStatus,
        codes: Type.Array(Type.String(), {
          description:
            'The refusal’s code as POST /bookings names it (`booking_overlap`, `holiday`, `resource_unavailable`, …); for the desk’s rules every rule broken (`outside_working_time`, `in_the_past`, …). Empty unless refused',
        }),
        message: Type.Union([Type.String(), Type.Null()], {
          description: 'The refusal’s message; null unless refused',
        }),
        overridable: Type.Boolean({
          description: '`true` when every code is a desk rule, which `override: true` lets the desk break',
        }),
        overridden: Type.Array(Type.String(), {
          description: 'With `override: true`: the desk rules this occurrence would be booked against',
        }),
      }),
      { description: 'Every occurrence, soonest first (occurrences[k] of a 409 `series_conflicts`)' },
    ),
  }),
);

export const SeriesCancelQuery = Type.Object({ from_booking_id: Type.Optional(Id) });

export const SeriesOut = named(
  'Series',
  Type.Object({
    id: Type.Integer(),
    client_id: Type.Integer(),
    every_weeks: Type.Integer(),
    until: Type.Union([DateText, Type.Null()], { description: 'The end date it was given, or null' }),
    count: Type.Union([Type.Integer(), Type.Null()], { description: 'The count it was given, or null' }),
    bookings: Type.Array(BookingOut, { description: 'The occurrences, cancelled ones too, soonest first' }),
  }),
);

export type VisitCreateInput = Static<typeof VisitCreateBody>;
export type VisitMoveInput = Static<typeof VisitMoveBody>;
export type VisitOutput = Static<typeof VisitOut>;
export type SeriesCreateInput = Static<typeof SeriesCreateBody>;
export type SeriesMoveInput = Static<typeof SeriesMoveBody>;
export type SeriesOutput = Static<typeof SeriesOut>;
export type SeriesCheckOutput = Static<typeof SeriesCheckOut>;
