import { Type, type Static, type TSchema } from 'typebox';
import { SECRET_FIELDS } from '../../db/settings.js';
import { Email, Flag, named, NonEmpty } from '../../http/schemas.js';

/*
 * The settings record (docs/api.md "Settings"). Every field is optional on PUT: only the
 * fields present change.
 */

const Text = (max = 255) => Type.String({ maxLength: max });
const OptionalEmail = Type.Union([Email, Type.Literal('')]);
const Url = Type.Union([Type.String({ format: 'uri', maxLength: 500 }), Type.Literal('')]);
const Minutes = (max: number, min = 0) => Type.Integer({ minimum: min, maximum: max });
// At most 10 million: stored in cents, that still fits a PostgreSQL integer.
const Money = Type.Number({ minimum: 0, maximum: 10_000_000 });
const Enum = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** `#rrggbb`; stored in lower case. */
const BrandColor = Type.String({
  pattern: '^#[0-9a-fA-F]{6}$',
  description:
    "The salon's colour, `#rrggbb` (default `#7a2e54`): the web pages' accent, darkened or lightened there as far as readable contrast needs",
});

export const TIME_FORMATS = ['24h', '12h'] as const;
export const CALENDAR_COLOR_MODES = ['category', 'staff', 'status'] as const;
export const DARK_MODES = ['system', 'light', 'dark'] as const;
/** Who takes a booking made for "anyone": the same names the availability engine decides by. */
export const ANYONE_RULES = ['fewest_minutes_week', 'smallest_gap', 'salon_order'] as const;

/** The 0/1 feature toggles and booking switches, with their defaults. */
export const TOGGLES = [
  'hide_unscheduled_staff',
  'booking_show_prices',
  'booking_show_duration',
  'booking_allow_staff_choice',
  'swipe_actions_enabled',
  'haptic_feedback_enabled',
  'longpress_contact_enabled',
  'offline_mode_enabled',
  'staff_personal_agenda_enabled',
  'purchase_orders_enabled',
  'internal_consumption_enabled',
  'daily_revenue_goal_enabled',
  'revenue_forecast_enabled',
  'visit_frequency_alerts_enabled',
  'followup_sequences_enabled',
  'product_recommendations_enabled',
  'giftcard_qr_enabled',
  'seasonal_promotions_enabled',
  'bulk_campaigns_enabled',
  'waitlist_position_enabled',
  'reviews_need_approval',
  'notify_salon_waitlist_join',
  'notify_salon_slot_available',
  'noshow_email_enabled',
  'low_stock_email_enabled',
  'booking_request_notify_email',
  'booking_request_notify_push',
  'noshow_enabled',
  'smtp_secure',
  'sms_enabled',
  'reminder_email_enabled',
  'reminder_sms_enabled',
  'booking_hold_new_clients',
  'staff_price_changes_enabled',
] as const;

/** The reminder offsets: whole hours before the start, at most three per channel, none twice. */
const ReminderHours = Type.Array(Type.Integer({ minimum: 1, maximum: 336 }), {
  maxItems: 3,
  uniqueItems: true,
  description: 'Hours before the start, 1-336 (two weeks), at most 3 distinct values; [] sends none',
});

/** The settings whose change re-plans every future booking's reminders. */
export const REMINDER_FIELDS = [
  'reminder_email_enabled',
  'reminder_email_hours',
  'reminder_sms_enabled',
  'reminder_sms_hours',
  'timezone',
] as const;

/** Fields never returned: they come back as `********`. */
export { SECRET_FIELDS };
export const MASK = '********';

const togglesIn = Object.fromEntries(TOGGLES.map((name) => [name, Type.Optional(Flag)])) as Record<
  (typeof TOGGLES)[number],
  ReturnType<typeof Type.Optional<typeof Flag>>
>;

/** Limits against SMS pumping and a booking page filled by a script (docs/operations.md "Abuse and limits"). */
const abuseLimitsIn = {
  sms_allowed_countries: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), {
      maxItems: 50,
      uniqueItems: true,
      description:
        "ISO 3166 codes (NL, BE, DE …) of the countries whose numbers may be texted; [] (default): the salon's own country only",
    }),
  ),
  sms_daily_limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, description: 'Text messages a day for the salon (default 200)' }),
  ),
  sms_prefix_daily_limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 10_000,
      description: 'Text messages a day to numbers sharing all but their last three digits (default 10)',
    }),
  ),
  booking_hold_minutes: Type.Optional(
    Type.Integer({
      minimum: 15,
      maximum: 1440,
      description:
        "With `booking_hold_new_clients`: minutes a new client's booking waits for the confirm link of its email before it is released (15 to 1440; default 60)",
    }),
  ),
};
const abuseLimitsOut = {
  sms_allowed_countries: Type.Array(Type.String(), { description: "[]: the salon's own country only" }),
  sms_daily_limit: Type.Integer(),
  sms_prefix_daily_limit: Type.Integer(),
  booking_hold_minutes: Type.Integer(),
};

export const SettingsUpdate = Type.Object({
  salon_name: Type.Optional(NonEmpty(200)),
  salon_email: Type.Optional(OptionalEmail),
  salon_phone: Type.Optional(Text(50)),
  salon_address: Type.Optional(Text(500)),
  salon_postcode: Type.Optional(Text(20)),
  salon_city: Type.Optional(Text(100)),
  btw_number: Type.Optional(Text(50)),
  kvk_number: Type.Optional(Text(50)),
  social_facebook: Type.Optional(Url),
  social_instagram: Type.Optional(Url),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. EUR' })),
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone, e.g. Europe/Amsterdam' }),
  ),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$', description: 'e.g. nl, en, en-GB' })),
  first_day_of_week: Type.Optional(Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' })),
  time_format: Type.Optional(Enum(TIME_FORMATS)),
  new_client_extra_min: Type.Optional(Minutes(480)),
  calendar_slot_min: Type.Optional(Minutes(240, 5)),
  calendar_buffer_min: Type.Optional(Minutes(240)),
  calendar_color_mode: Type.Optional(Enum(CALENDAR_COLOR_MODES)),
  dark_mode: Type.Optional(Enum(DARK_MODES)),
  brand_color: Type.Optional(BrandColor),
  booking_mode: Type.Optional(Enum(['direct', 'request'] as const)),
  booking_clients: Type.Optional(Enum(['all', 'existing'] as const)),
  booking_min_lead_hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 8760 })),
  booking_max_future_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 1095 })),
  booking_anyone_rule: Type.Optional(
    Type.Union(
      ANYONE_RULES.map((v) => Type.Literal(v)),
      {
        description:
          'Who takes a booking made for "anyone" among the members free then: `fewest_minutes_week` (default: the fewest booked minutes in the Monday-to-Sunday week of that day, then the one whose latest booking was made longest ago, then the lowest id), `smallest_gap` (the one whose nearest other booking that day is closest, leaving the smallest gap; then as the default), `salon_order` (the first in the staff list)',
      },
    ),
  ),
  cancellation_window_hours: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 8760,
      description: 'Hours before a booking starts after which the client can no longer cancel or move it online',
    }),
  ),
  ...togglesIn,
  daily_revenue_goal: Type.Optional(Money),
  visit_frequency_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  noshow_fee_type: Type.Optional(Enum(['percentage', 'fixed'] as const)),
  noshow_fee_value: Type.Optional(
    Type.Number({ minimum: 0, maximum: 100_000, description: 'percentage 0-100, or a fixed amount' }),
  ),
  noshow_min_amount: Type.Optional(Money),
  deposit_timeout_min: Type.Optional(
    Type.Integer({
      minimum: 5,
      maximum: 1440,
      description:
        'Minutes a booking from the booking page waits for its deposit before it is released (5 to 1440; default 30)',
    }),
  ),
  cardpay_api_key: Type.Optional(Text(500)),
  cardpay_merchant_code: Type.Optional(Text(200)),
  cardpay_reader_id: Type.Optional(Text(200)),
  onlinepay_api_key: Type.Optional(Text(500)),
  onlinepay_terminal_id: Type.Optional(Text(200)),
  checkout_secret_key: Type.Optional(Text(500)),
  checkout_webhook_secret: Type.Optional(Text(500)),
  smtp_host: Type.Optional(Type.String({ maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]-]*$' })),
  smtp_port: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.Null()])),
  smtp_user: Type.Optional(Text(255)),
  smtp_pass: Type.Optional(Text(500)),
  smtp_from: Type.Optional(OptionalEmail),
  email_link_origins: Type.Optional(
    Type.Array(Type.String({ maxLength: 200, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+/?$' }), {
      maxItems: 20,
      description:
        "Origins (`https://book.example`) besides PUBLIC_BASE_URL's that `base_url` of POST /bookings may point the email's links at; [] allows none",
    }),
  ),
  sms_provider: Type.Optional(Type.Literal('twilio')),
  sms_account_sid: Type.Optional(
    Type.String({ pattern: '^(AC[0-9a-fA-F]{32})?$', description: 'Twilio Account SID (AC…); "" for none' }),
  ),
  sms_auth_token: Type.Optional(Text(200)),
  sms_from: Type.Optional(
    Type.String({
      pattern: '^(\\+[1-9][0-9]{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})?$',
      description: 'Sender: an E.164 number (+3197010203040) or an alphanumeric sender ID of at most 11 characters',
    }),
  ),
  reminder_email_hours: Type.Optional(ReminderHours),
  reminder_sms_hours: Type.Optional(ReminderHours),
  ...abuseLimitsIn,
});

export type SettingsUpdateInput = Static<typeof SettingsUpdate>;

const Bit = Type.Union([Type.Literal(0), Type.Literal(1)]);
const togglesOut = Object.fromEntries(TOGGLES.map((name) => [name, Bit])) as Record<
  (typeof TOGGLES)[number],
  typeof Bit
>;
const secretsSet = Object.fromEntries(
  SECRET_FIELDS.map((name) => [
    `${name}_set`,
    Type.Union([Type.Literal(0), Type.Literal(1)], { description: `1 when ${name} holds a value` }),
  ]),
) as unknown as Record<`${(typeof SECRET_FIELDS)[number]}_set`, TSchema>;

export const OpeningHours = Type.Object({
  day_of_week: Type.Integer(),
  open_time: Type.Union([Type.String(), Type.Null()]),
  close_time: Type.Union([Type.String(), Type.Null()]),
  is_closed: Bit,
});

export const SettingsOut = named(
  'Settings',
  Type.Object({
    id: Type.Literal(1),
    salon_name: Type.String(),
    salon_email: Type.String(),
    salon_phone: Type.String(),
    salon_address: Type.String(),
    salon_postcode: Type.String(),
    salon_city: Type.String(),
    btw_number: Type.String(),
    kvk_number: Type.String(),
    social_facebook: Type.String(),
    social_instagram: Type.String(),
    currency: Type.String(),
    timezone: Type.String(),
    language: Type.String(),
    first_day_of_week: Type.Integer(),
    time_format: Type.String(),
    new_client_extra_min: Type.Integer(),
    calendar_slot_min: Type.Integer(),
    calendar_buffer_min: Type.Integer(),
    calendar_color_mode: Type.String(),
    dark_mode: Type.String(),
    brand_color: Type.String({ description: '`#rrggbb`, lower case' }),
    booking_mode: Type.String(),
    booking_clients: Type.String(),
    booking_min_lead_hours: Type.Integer(),
    booking_max_future_days: Type.Integer(),
    booking_anyone_rule: Type.String(),
    cancellation_window_hours: Type.Integer(),
    ...togglesOut,
    daily_revenue_goal: Type.Number(),
    visit_frequency_days: Type.Integer(),
    noshow_fee_type: Type.String(),
    noshow_fee_value: Type.Number(),
    noshow_min_amount: Type.Number(),
    deposit_timeout_min: Type.Integer(),
    cardpay_api_key: Type.Literal(MASK),
    cardpay_merchant_code: Type.String(),
    cardpay_reader_id: Type.String(),
    onlinepay_api_key: Type.Literal(MASK),
    onlinepay_terminal_id: Type.String(),
    checkout_secret_key: Type.Literal(MASK),
    checkout_webhook_secret: Type.Literal(MASK),
    smtp_host: Type.String(),
    smtp_port: Type.Union([Type.Integer(), Type.Null()]),
    smtp_user: Type.String(),
    smtp_pass: Type.Literal(MASK),
    smtp_from: Type.String(),
    email_link_origins: Type.Array(Type.String(), { description: 'Origins, lower case, without a path' }),
    sms_provider: Type.String(),
    sms_account_sid: Type.String(),
    sms_auth_token: Type.Literal(MASK),
    sms_from: Type.String(),
    reminder_email_hours: Type.Array(Type.Integer(), { description: 'Hours before the start, largest first' }),
    reminder_sms_hours: Type.Array(Type.Integer(), { description: 'Hours before the start, largest first' }),
    ...abuseLimitsOut,
    ...secretsSet,
    logo_url: Type.Union([Type.String(), Type.Null()]),
    opening_hours: Type.Array(OpeningHours, {
      description: 'Read-only here: set at setup, replaced with PUT /api/settings/opening-hours',
    }),
    updated_at: Type.String({ description: 'YYYY-MM-DD HH:MM:SS' }),
  }),
);

export const TestEmailBody = Type.Object({ to: Email });

export const LogoUploaded = Type.Object({ url: Type.String() });

/**
 * The settings every member's calendar draws by (GET /api/settings/calendar): the rest of the
 * settings, secrets and the salon's business among them, stay the admin's to read.
 */
export const CalendarSettingsOut = named(
  'CalendarSettings',
  Type.Object({
    calendar_slot_min: Type.Integer({ description: 'The grid’s step in minutes' }),
    calendar_buffer_min: Type.Integer({ description: 'Minutes kept free after each booking' }),
    calendar_color_mode: Type.String({ description: '`category`, `staff` or `status`' }),
    hide_unscheduled_staff: Bit,
    staff_personal_agenda_enabled: Bit,
    time_format: Type.String(),
    first_day_of_week: Type.Integer(),
    // The phone's switches, which every member's phone agenda follows.
    offline_mode_enabled: Bit,
    swipe_actions_enabled: Bit,
    longpress_contact_enabled: Bit,
    haptic_feedback_enabled: Bit,
  }),
);
