import { Type, type Static } from 'typebox';
import { BookingStatus, DateTimeText, named } from '../../http/schemas.js';

/* GET /api/bookings/:id/history: what happened to a booking, and who did it. */

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

export const BookingHistoryEntryOut = named(
  'BookingHistoryEntry',
  Type.Object({
    id: Type.Integer(),
    at: DateTimeText,
    kind: Type.Union([Type.Literal('created'), Type.Literal('changed')]),
    by: Type.Union([Type.Literal('user'), Type.Literal('client'), Type.Literal('system')], {
      description:
        'user: a signed-in user (`user`); client: the client (the booking page, the links of their emails); system: the service itself (a job, an unpaid deposit or an unconfirmed hold released)',
    }),
    user: Type.Union([Named, Type.Null()], { description: 'The user when `by` is `user` (their name as it is now)' }),
    moved: Type.Union([
      Type.Object({
        from_start_at: DateTimeText,
        from_end_at: DateTimeText,
        to_start_at: DateTimeText,
        to_end_at: DateTimeText,
      }),
      Type.Null(),
    ]),
    status: Type.Union([Type.Object({ from: BookingStatus, to: BookingStatus }), Type.Null()]),
    staff: Type.Union([Type.Object({ from: Named, to: Named }), Type.Null()]),
    service: Type.Union([Type.Object({ from: Named, to: Named }), Type.Null()]),
    notes_changed: Type.Boolean(),
    internal_notes_changed: Type.Boolean(),
  }),
);
export type BookingHistoryEntry = Static<typeof BookingHistoryEntryOut>;

export const BookingHistoryOut = Type.Array(BookingHistoryEntryOut);
