import { Type, type Static } from 'typebox';
import { DepositStatusOut } from '../bookings/service.js';
import {
  ClientLanguage,
  DateText,
  DateTimeInput,
  DateTimeText,
  Email,
  Id,
  named,
  NonEmpty,
  Ok,
  Password,
  withExample,
} from '../../http/schemas.js';

/*
 * The online booking page, under /api/public. Responses carry only the salon's
 * own data and the calling client's: never another client's name, email or notes.
 */

export const SalonInfo = named(
  'SalonInfo',
  Type.Object(
    {
      salon_name: Type.String(),
      booking_mode: Type.Union([Type.Literal('direct'), Type.Literal('request')]),
      booking_clients: Type.Union([Type.Literal('all'), Type.Literal('existing')]),
      booking_show_prices: Type.Boolean(),
      booking_show_duration: Type.Boolean(),
      booking_allow_staff_choice: Type.Boolean(),
      booking_min_lead_hours: Type.Integer(),
      booking_max_future_days: Type.Integer(),
      currency: Type.String(),
    },
    { description: "Exactly the salon's public booking settings (its toggles are booleans here, 0/1 elsewhere)" },
  ),
);

export const PublicService = named(
  'PublicService',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    duration_min: Type.Optional(Type.Integer({ description: 'Absent when booking_show_duration is 0' })),
    price: Type.Optional(Type.Number({ description: 'Absent when booking_show_prices is 0' })),
    category_id: Type.Union([Type.Integer(), Type.Null()]),
    category_name: Type.Union([Type.String(), Type.Null()]),
    category_color: Type.Union([Type.String(), Type.Null()]),
    deposit: Type.Union(
      [
        Type.Object({
          type: Type.Union([Type.Literal('fixed'), Type.Literal('percentage')]),
          value: Type.Number({
            description:
              'fixed: currency units (never more than the price booked); percentage: 0–100 of the price booked',
          }),
        }),
        Type.Null(),
      ],
      {
        description:
          'What booking it asks to be paid online right away (see Deposits), shown whatever booking_show_prices says: the client pays it. null when the service asks none or no checkout provider is configured (then none is asked)',
      },
    ),
    description: Type.Optional(
      Type.String({ description: 'A few sentences about the service; absent when the salon wrote none' }),
    ),
    photo_url: Type.Optional(
      Type.String({
        description: 'Its photo, a path on this service (`/api/public/services/:id/photo?v=…`); absent without one',
      }),
    ),
  }),
);

export const SalonPage = named(
  'PublicSalonPage',
  Type.Object(
    {
      salon_name: Type.String(),
      salon_address: Type.String(),
      salon_postcode: Type.String(),
      salon_city: Type.String(),
      salon_phone: Type.String(),
      salon_email: Type.String(),
      logo_url: Type.Union([Type.String(), Type.Null()], {
        description: "The salon's logo, a path on this service (`/api/settings/logo?v=…`); null when none",
      }),
      timezone: Type.String({
        description: 'The salon’s IANA time zone: every date and time of the booking page is in it',
      }),
      language: Type.String({ description: 'The salon’s language (e.g. nl, en): the page’s default' }),
      first_day_of_week: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
      time_format: Type.String({ description: '24h or 12h' }),
      dark_mode: Type.String({
        description: "system (follow the visitor's light or dark preference), light or dark",
      }),
      brand_color: Type.String({
        pattern: '^#[0-9a-f]{6}$',
        description:
          "The salon's colour, `#rrggbb`: the page's accent, darkened or lightened as far as readable contrast needs",
      }),
      today: Type.String({ ...DateText, description: 'Today in the salon’s time zone (YYYY-MM-DD)' }),
      cancellation_window_hours: Type.Integer({
        minimum: 0,
        description:
          'The salon’s cancellation policy: a client may cancel or move a booking until this many hours before it starts (0: until it starts)',
      }),
      opening_hours: Type.Array(
        Type.Object({
          day_of_week: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
          open_time: Type.Union([Type.String(), Type.Null()]),
          close_time: Type.Union([Type.String(), Type.Null()]),
          is_closed: Type.Boolean(),
        }),
        { description: 'By weekday; a weekday without an entry has none set (staff shifts decide)' },
      ),
      holidays: Type.Array(Type.Object({ date: DateText, name: Type.String() }), {
        description: 'From today to the last bookable day (today + booking_max_future_days), by date',
      }),
    },
    {
      description:
        'What the booking page shows of the salon besides its booking settings (salon-info): address, logo, time zone, language, formats and look, opening hours and the holidays ahead',
    },
  ),
);

export const PublicStaff = named(
  'PublicStaffMember',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    bio: Type.Optional(
      Type.String({ description: 'A short introduction by the salon; absent when none (an extension)' }),
    ),
    photo_url: Type.Optional(
      Type.String({
        description: 'Path of the member’s photo on this service, cacheable; absent when none (an extension)',
      }),
    ),
  }),
);

export const AvailabilityQuery = Type.Object({
  date: DateText,
  service_id: Id,
  staff_id: Type.Optional(Id),
});

export const AvailableSlot = named(
  'AvailableSlot',
  Type.Object({
    start_at: DateTimeText,
    end_at: DateTimeText,
    staff_id: Type.Integer({
      description: 'Who takes the slot (without staff_id: the free member booking_anyone_rule prefers)',
    }),
  }),
);

export const VisitAvailabilityBody = withExample(
  Type.Object({
    date: DateText,
    parts: Type.Array(
      Type.Object({
        service_id: Id,
        staff_id: Type.Optional(Id),
      }),
      {
        minItems: 1,
        maxItems: 5,
        description: 'The services in the order they are done; each starts when the previous one ends',
      },
    ),
  }),
  { date: '2030-05-14', parts: [{ service_id: 3 }, { service_id: 1, staff_id: 2 }] },
);

export const VisitSlot = named(
  'VisitSlot',
  Type.Object({
    start_at: DateTimeText,
    end_at: DateTimeText,
    parts: Type.Array(
      Type.Object({
        service_id: Type.Integer(),
        staff_id: Type.Integer({
          description: 'Who does this part (without staff_id: the free performer booking_anyone_rule prefers)',
        }),
        start_at: DateTimeText,
        end_at: DateTimeText,
      }),
    ),
  }),
);

export const PublicStaffQuery = Type.Object({
  service_id: Type.Optional(Id),
});

const DateTimeIn = DateTimeInput(
  'YYYY-MM-DD HH:MM[:SS] in the salon time zone (ISO with T accepted): a start offered by availability',
  '2026-11-23 14:30:00',
);

/** Who books, as the booking form asks it: the same for one service and for a visit. */
const BOOKING_PERSON = {
  client_name: NonEmpty(200),
  client_email: Email,
  client_phone: Type.Optional(Type.String({ maxLength: 50 })),
  notes: Type.Optional(Type.String({ maxLength: 1000 })),
  language: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('nl')], {
      description:
        "The browser's language, `en` or `nl`: a new client's emails are written in it (an existing client keeps theirs)",
    }),
  ),
  marketing_consent: Type.Optional(
    Type.Boolean({
      description:
        "The form's marketing checkbox (unticked by default). A new client is created with it; a signed-in client who ticks it gives consent; the email of an existing client, not signed in, changes nothing",
    }),
  ),
  sms_consent: Type.Optional(
    Type.Boolean({
      description:
        "The form's text-message checkbox, under the same rule as marketing_consent; not recorded for a number outside the salon's `sms_allowed_countries` (the booking goes ahead). A new client's number is texted only once they use a link of the salon's email (sign-in, confirm, attend, move)",
    }),
  ),
};

export const PublicBookingBody = withExample(
  Type.Object({
    service_id: Id,
    staff_id: Type.Optional(Id),
    start_at: DateTimeIn,
    ...BOOKING_PERSON,
  }),
  { service_id: 1, start_at: '2030-05-14 14:30:00', client_name: 'Ada Client', client_email: 'ada@example.com' },
);

export const PublicVisitBody = withExample(
  Type.Object({
    start_at: DateTimeIn,
    parts: Type.Array(Type.Object({ service_id: Id, staff_id: Type.Optional(Id) }), {
      minItems: 1,
      maxItems: 10,
      description: 'The services in order; each starts when the previous one ends',
    }),
    ...BOOKING_PERSON,
  }),
  {
    start_at: '2030-05-14 10:00:00',
    parts: [{ service_id: 3, staff_id: 2 }, { service_id: 1 }],
    client_name: 'Ada Client',
    client_email: 'ada@example.com',
  },
);

/** A booking as its own client sees it: no internal notes, no tokens, no other client. */
/** Where the client pays the deposit; on the answer of a booking only. */
const CheckoutUrl = Type.Union([Type.String(), Type.Null()], {
  description:
    'On the answer of a new booking (and its Idempotency-Key replays): the checkout page where the client pays the deposit, while it is pending; null when no deposit is due',
});

/** How long the booking is held for its deposit; on the answer of a booking only. */
const DepositHoldMin = Type.Union([Type.Integer(), Type.Null()], {
  description:
    'With `checkout_url`: the minutes the booking is held for its deposit (`deposit_timeout_min`); unpaid by then, it is released. null when no deposit is due',
});

export const PublicBooking = named(
  'PublicBooking',
  Type.Object({
    id: Type.Integer(),
    service_id: Type.Integer(),
    service_name: Type.String(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    start_at: DateTimeText,
    end_at: DateTimeText,
    status: Type.String({ description: 'scheduled, provisional, completed, cancelled or no-show' }),
    notes: Type.String(),
    deposit_amount: Type.Union([Type.Number(), Type.Null()], {
      description: 'The deposit asked, currency units (a visit: this part’s share); null when none',
    }),
    deposit_status: DepositStatusOut,
    checkout_url: Type.Optional(CheckoutUrl),
    deposit_hold_min: Type.Optional(DepositHoldMin),
  }),
);

/** A visit as its own client sees it: its parts as public bookings. */
export const PublicVisit = named(
  'PublicVisit',
  Type.Object({
    id: Type.Integer(),
    start_at: DateTimeText,
    end_at: DateTimeText,
    status: Type.String({
      description: 'cancelled when every part is, else the status of the first part not cancelled',
    }),
    bookings: Type.Array(PublicBooking),
    checkout_url: Type.Optional(CheckoutUrl),
    deposit_hold_min: Type.Optional(DepositHoldMin),
  }),
);

export const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const LinkedBooking = named(
  'LinkedBooking',
  Type.Object({
    salon_name: Type.String(),
    answered: Type.Boolean({
      description: 'The link has done its part: the request was answered (confirm, decline), or the visit reviewed',
    }),
    booking: Type.Object({ ...PublicBooking.properties, duration_min: Type.Integer() }),
  }),
);

export const ClientLoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 1024 }) });

export const ClientSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
});

export const ClientSession = named('ClientSession', Type.Object({ clientToken: Type.String(), client: ClientSummary }));

export const MagicLinkBody = Type.Object({
  email: Email,
  return_to: Type.Optional(
    Type.String({
      maxLength: 500,
      pattern: '^/(book|client/)[A-Za-z0-9/_.,:=&?%+-]*$',
      description:
        'A page of the booking site (`/book…` or `/client/…`) the link brings the client back to: it is added to the link as `&return=…`',
      examples: ['/book'],
    }),
  ),
});

export const MagicLinkResponse = Type.Object({ ok: Type.Literal(true), message: Type.String() });

export const VerifyMagicQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const ClientPasswordBody = Type.Object({ password: Password });

export const ClientProfile = named(
  'ClientProfile',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.String(),
    language: ClientLanguage,
    has_password: Type.Boolean(),
    marketing_consent: Type.Boolean({ description: 'The client accepts news and offers by email (campaigns)' }),
    sms_consent: Type.Boolean({ description: 'The client accepts text messages (cleared by an inbound STOP)' }),
  }),
);

export const ClientProfileBody = Type.Object({
  name: Type.Optional(NonEmpty(200)),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  language: Type.Optional(ClientLanguage),
  marketing_consent: Type.Optional(
    Type.Boolean({ description: 'Given (true) or withdrawn (false) by the client themselves' }),
  ),
  sms_consent: Type.Optional(
    Type.Boolean({ description: 'Given (true) or withdrawn (false) by the client themselves' }),
  ),
});

export const MyBookingsQuery = Type.Object({
  scope: Type.Optional(
    Type.Union([Type.Literal('upcoming'), Type.Literal('past')], {
      description:
        'upcoming: not yet started, soonest first; past: started already, newest first; absent: all, newest first',
    }),
  ),
});

export const ReviewBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: "The booking's feedback_token" }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const ReviewOut = named(
  'Review',
  Type.Object({
    id: Type.Integer(),
    rating: Type.Integer(),
    comment: Type.String(),
    created_at: DateTimeText,
  }),
);

/** A link's token: in the query or the body, never in the path (paths end up in logs). */
const ActionToken = Type.String({ minLength: 1, maxLength: 200, description: 'The token of the email link' });

export const ActionTokenQuery = Type.Object({ token: ActionToken });

export const ActionTokenBody = withExample(Type.Object({ token: ActionToken }), { token: 'q7N4…' });

const MoveFields = {
  start_at: DateTimeIn,
  staff_id: Type.Optional({
    ...Id,
    description: 'Another staff member (when the salon lets clients choose); absent: the same member',
  }),
};

export const MoveByTokenBody = withExample(Type.Object({ token: ActionToken, ...MoveFields }), {
  token: 'q7N4…',
  start_at: '2030-05-15 11:00:00',
});

export const MoveMyBookingBody = withExample(Type.Object(MoveFields), { start_at: '2030-05-15 11:00:00' });

const SelfServiceAction = Type.Object({
  allowed: Type.Boolean(),
  until: Type.Union([DateTimeText, Type.Null()], {
    description: 'Until when the action is open (salon time); null when it never is for this booking',
  }),
  refusal: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], {
    description: 'Why not: the 409 code and message the action would answer',
  }),
});

export const BookingActions = named(
  'BookingActions',
  Type.Object({
    purpose: Type.Union([Type.Literal('attend'), Type.Literal('cancel'), Type.Literal('move')], {
      description: 'The one action this token performs',
    }),
    expires_at: DateTimeText,
    salon_name: Type.String(),
    booking: Type.Object({
      ...PublicBooking.properties,
      duration_min: Type.Integer(),
      client_confirmed_at: Type.Union([DateTimeText, Type.Null()]),
    }),
    actions: Type.Object({ attend: SelfServiceAction, cancel: SelfServiceAction, move: SelfServiceAction }),
  }),
);

/** The return page's question: the payment of its URL, with the token that URL carries. */
export const PaymentStatusQuery = Type.Object({
  payment_id: Id,
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the return URL' }),
});

export const PublicPaymentStatus = named(
  'PublicPaymentStatus',
  Type.Object(
    {
      payment_id: Type.Integer(),
      purpose: Type.Union([Type.Literal('deposit'), Type.Literal('pos_order'), Type.Literal('noshow_fee')], {
        description:
          'deposit: of a booking from the booking page; pos_order: a bill of the salon; noshow_fee: a missed appointment',
      }),
      status: Type.Union(
        [
          Type.Literal('pending'),
          Type.Literal('paid'),
          Type.Literal('failed'),
          Type.Literal('cancelled'),
          Type.Literal('expired'),
        ],
        {
          description:
            'pending: not settled yet (the provider is asked now and then while it is); paid; failed; cancelled: stopped at the provider; expired: a deposit not paid in time (its booking was released)',
        },
      ),
      amount: Type.Number({ description: 'Currency units' }),
      currency: Type.String({ description: 'ISO 4217' }),
      checkout_url: Type.Union([Type.String(), Type.Null()], {
        description: 'While pending: the provider’s page where it can still be paid; else null',
      }),
      held_until: Type.Union([DateTimeText, Type.Null()], {
        description: 'A pending deposit: when its booking is released unless it is paid (salon time); else null',
      }),
      booking: Type.Union(
        [
          Type.Object({
            start_at: DateTimeText,
            end_at: DateTimeText,
            status: Type.String({
              description:
                'scheduled (booked), provisional (a request the client confirms by email, or still held for the deposit: deposit_status pending), cancelled, completed or no-show',
            }),
            deposit_status: DepositStatusOut,
            parts: Type.Array(
              Type.Object({
                service_name: Type.String(),
                staff_name: Type.String(),
                start_at: DateTimeText,
                end_at: DateTimeText,
              }),
              { description: 'The services booked, in order (several for a visit)' },
            ),
          }),
          Type.Null(),
        ],
        { description: 'A deposit: the booking it is for, as its client sees it; null for other purposes' },
      ),
    },
    {
      description:
        'How a payment the client was sent to a provider for ended, for the return page: no client details, no provider error',
    },
  ),
);

/** A booking in the signed-in client's list: what cancelling or moving it online allows now. */
export const MyBooking = named(
  'MyBooking',
  Type.Object({
    ...PublicBooking.properties,
    actions: Type.Object(
      { cancel: SelfServiceAction, move: SelfServiceAction },
      {
        description:
          'Whether POST …/cancel and …/move would be accepted now (`cancellation_window_hours`, status, a part of a visit), until when, and else why not',
      },
    ),
  }),
);

export const MoveAvailabilityQuery = Type.Object({
  date: DateText,
  staff_id: Type.Optional({
    ...Id,
    description: 'Another staff member (when the salon lets clients choose); absent: the booking’s own',
  }),
});

export { Ok };

export type VisitAvailabilityInput = Static<typeof VisitAvailabilityBody>;
export type PublicBookingInput = Static<typeof PublicBookingBody>;
export type PublicBookingOutput = Static<typeof PublicBooking>;
export type MoveInput = Static<typeof MoveMyBookingBody>;
export type BookingActionsOutput = Static<typeof BookingActions>;
export type LinkedBookingOutput = Static<typeof LinkedBooking>;
export type PublicVisitInput = Static<typeof PublicVisitBody>;
export type PublicVisitOutput = Static<typeof PublicVisit>;
export type ReviewInput = Static<typeof ReviewBody>;
export type ClientProfileInput = Static<typeof ClientProfileBody>;
export type PublicPaymentStatusOutput = Static<typeof PublicPaymentStatus>;
export type MyBookingOutput = Static<typeof MyBooking>;
