import { Type, type Static } from 'typebox';
import { DateText, Id, named, TimeText } from '../../http/schemas.js';
import { BookingOut } from './schemas.js';

/* GET /api/bookings/day: what a day calendar draws, in one answer. */

export const DayViewQuery = Type.Object({
  date: DateText,
  location_id: Type.Optional(Id),
  staff_id: Type.Optional(
    Type.Array(Type.String({ maxLength: 1100 }), {
      maxItems: 100,
      description: 'Only these staff members: repeatable or comma-separated, at most 100',
    }),
  ),
});

const Window = Type.Object({ start_time: TimeText, end_time: TimeText });

export const DayViewOut = named(
  'DayView',
  Type.Object({
    date: DateText,
    timezone: Type.String(),
    holiday: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
    opening_hours: Type.Union(
      [
        Type.Object({
          open_time: Type.Union([TimeText, Type.Null()]),
          close_time: Type.Union([TimeText, Type.Null()]),
          is_closed: Type.Union([Type.Literal(0), Type.Literal(1)]),
        }),
        Type.Null(),
      ],
      { description: 'The salon’s hours of that weekday; null when none are set' },
    ),
    staff: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        working: Type.Array(Window, {
          description:
            'Working windows that date: dated shifts, else default shifts, else opening hours; empty on a holiday, a closed weekday or time off',
        }),
        time_off: Type.Array(
          Type.Object({
            id: Type.Integer(),
            start_date: DateText,
            end_date: DateText,
            reason: Type.String(),
          }),
        ),
      }),
    ),
    bookings: Type.Array(BookingOut, { description: 'Not cancelled, touching the date, by start_at then id' }),
    resources: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        capacity: Type.Integer({ minimum: 1 }),
        bookings: Type.Array(Type.Integer(), { description: 'Ids of the bookings holding it that day' }),
      }),
    ),
  }),
);

export type DayViewInput = Static<typeof DayViewQuery>;
export type DayViewOutput = Static<typeof DayViewOut>;
