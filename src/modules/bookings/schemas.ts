import { Type, type Static } from 'typebox';
import { BookingStatus, DateTimeInput, DateTimeText, Id, named, PageQuery, withExample } from '../../http/schemas.js';

/* Request and response schemas of the bookings API, under /api/bookings. */

export { BookingStatus };

export const DepositStatusOut = Type.Union(
  [Type.Literal('pending'), Type.Literal('paid'), Type.Literal('expired'), Type.Literal('late'), Type.Null()],
  {
    description:
      'pending: held (provisional) until the deposit is paid; paid; expired: not paid in time, the booking was released; late: paid after the release (the salon was notified; the booking stays cancelled); null when no deposit was asked',
  },
);

export const BookingOut = named(
  'Booking',
  Type.Object({
    id: Type.Integer(),
    client_id: Type.Integer(),
    client_name: Type.String(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    service_id: Type.Integer(),
    service_name: Type.String(),
    start_at: DateTimeText,
    end_at: DateTimeText,
    status: BookingStatus,
    notes: Type.String({ description: 'Visible to the client' }),
    internal_notes: Type.String({ description: 'Not visible to the client' }),
    provisional_token: Type.Union([Type.String(), Type.Null()]),
    feedback_token: Type.Union([Type.String(), Type.Null()], { description: 'Set when the booking becomes completed' }),
    waitlist_id: Type.Union([Type.Integer(), Type.Null()]),
    visit_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The visit this booking is a part of' }),
    visit_position: Type.Union([Type.Integer(), Type.Null()], { description: 'Its place in the visit, from 0' }),
    series_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The repeating series it is an occurrence of',
    }),
    location_id: Type.Union([Type.Integer(), Type.Null()]),
    processing_start_at: Type.Union([DateTimeText, Type.Null()], {
      description: 'Start of the processing window (the staff member is free, the client waits); null when none',
    }),
    processing_end_at: Type.Union([DateTimeText, Type.Null()], { description: 'End of the processing window' }),
    price: Type.Number({
      description: "The price booked, in currency units (the staff member's price of the service)",
    }),
    override: Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: '1 when the desk booked it against one of its rules (`override: true`)',
    }),
    overridden_rules: Type.Array(Type.String(), {
      description:
        'The desk rules overridden: outside_working_time, in_the_past, shorter_than_service, staff_not_bookable, service_not_performed',
    }),
    deposit_amount: Type.Union([Type.Number(), Type.Null()], {
      description:
        'The deposit asked when it was booked online, currency units (a visit: this part’s share); null when none was asked',
    }),
    deposit_status: DepositStatusOut,
    client_confirmed_at: Type.Union([DateTimeText, Type.Null()], {
      description:
        'When the client confirmed by the attend link of an email that they will come; null until then, and again after the client moves it',
    }),
    created_at: DateTimeText,
    updated_at: DateTimeText,
    version: Type.Integer({
      minimum: 1,
      description:
        'Raised by every change of the booking. Send it back as `version` with a change (PUT, DELETE) to have the change refused with 409 `booking_changed` when the booking changed since',
    }),
  }),
);

/** A change refused because the booking changed since the version the caller sent. */
export const BookingConflictOut = named(
  'BookingConflict',
  Type.Object({
    error: Type.String(),
    code: Type.String({ description: '`booking_changed` when `booking` is present; other conflicts as named' }),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    booking: Type.Optional(BookingOut),
  }),
);

export const ExpectedVersion = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description:
    "The booking's `version` this change was made from. Given and no longer the booking's: 409 `booking_changed` with the booking as it now is, and nothing changes. Absent: no check",
});

/** DELETE /bookings/:id's optional check of the version the cancel was made from. */
export const BookingCancelQuery = Type.Object({ version: Type.Optional(ExpectedVersion) });

/** Wall-clock time in the salon's zone; `T` accepted, seconds optional. Checked in the service. */
const DateTimeIn = DateTimeInput(
  'YYYY-MM-DD HH:MM[:SS] in the salon time zone (ISO with T accepted)',
  '2026-11-23 14:30:00',
);
const EndDateTimeIn = DateTimeInput(
  'YYYY-MM-DD HH:MM[:SS] in the salon time zone (ISO with T accepted)',
  '2026-11-23 15:15:00',
);

const Notes = Type.String({ maxLength: 5000 });

const Override = Type.Boolean({
  description:
    '`true`: book even when a desk rule is broken (outside_working_time, in_the_past, shorter_than_service, staff_not_bookable, service_not_performed); the rules broken are recorded',
});

const BaseUrl = Type.String({
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
  maxLength: 500,
  description:
    "An http(s) URL on PUBLIC_BASE_URL's origin or one of the settings' email_link_origins (else 400 base_url_not_allowed): the base of the confirm/decline links (default PUBLIC_BASE_URL)",
});

export const BookingCreateBody = withExample(
  Type.Object({
    client_id: Id,
    staff_id: Id,
    service_id: Id,
    start_at: DateTimeIn,
    end_at: Type.Optional(EndDateTimeIn),
    notes: Type.Optional(Notes),
    internal_notes: Type.Optional(Notes),
    override: Type.Optional(Override),
    location_id: Type.Optional(Id),
    provisional: Type.Optional(Type.Boolean({ description: '`true`: a provisional booking awaiting the client' })),
    waitlist_id: Type.Optional(Id),
    base_url: Type.Optional(BaseUrl),
  }),
  {
    client_id: 1,
    staff_id: 1,
    service_id: 1,
    start_at: '2030-05-14 14:30:00',
    end_at: '2030-05-14 15:15:00',
    notes: 'Prefers a quiet chair',
  },
);

export const BookingUpdateBody = withExample(
  Type.Object({
    status: Type.Optional(BookingStatus),
    staff_id: Type.Optional(Id),
    service_id: Type.Optional(Id),
    start_at: Type.Optional(DateTimeIn),
    end_at: Type.Optional(EndDateTimeIn),
    notes: Type.Optional(Notes),
    internal_notes: Type.Optional(Notes),
    override: Type.Optional(Override),
    location_id: Type.Optional(Type.Union([Id, Type.Null()])),
    version: Type.Optional(ExpectedVersion),
  }),
  { start_at: '2030-05-14 15:00:00', end_at: '2030-05-14 15:45:00' },
);

const DATE_OR_DATETIME = '^\\s*\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?\\s*$';
const IdList = Type.Array(Type.String({ maxLength: 1100 }), {
  maxItems: 100,
  description: 'Repeatable (`staff_id=1&staff_id=2`) or comma-separated (`staff_id=1,2`); at most 100 ids',
});
const StatusList = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 5,
  description:
    'scheduled, provisional, completed, cancelled, no-show; repeatable or comma-separated. Given: exactly those statuses (cancelled only when named). Absent: every status but cancelled',
});

export const BookingListQuery = Type.Object({
  ...PageQuery,
  from: Type.Optional(
    Type.String({
      maxLength: 30,
      pattern: DATE_OR_DATETIME,
      description: 'Bookings starting at or after: a date (its 00:00) or a datetime, salon wall clock',
      examples: ['2026-11-23'],
    }),
  ),
  to: Type.Optional(
    Type.String({
      maxLength: 30,
      pattern: DATE_OR_DATETIME,
      description: 'Bookings starting at or before: a datetime, or a date meaning the end of that day',
      examples: ['2026-11-29'],
    }),
  ),
  staff_id: Type.Optional(IdList),
  client_id: Type.Optional(Id),
  status: Type.Optional(StatusList),
  location_id: Type.Optional(Id),
});

export type BookingCreateInput = Static<typeof BookingCreateBody>;
export type BookingUpdateInput = Static<typeof BookingUpdateBody>;
export type BookingListFilter = Static<typeof BookingListQuery>;
export type BookingOutput = Static<typeof BookingOut>;
export type BookingStatusValue = Static<typeof BookingStatus>;
