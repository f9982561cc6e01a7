import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentsTables } from './tables/payments.js';
import type { PublicTables } from './tables/public.js';
import type { PosTables } from './tables/pos.js';
import type { CampaignTables } from './tables/campaigns.js';
import type { ReportTables } from './tables/reports.js';
import type { WebhookTables } from './tables/webhooks.js';
import type { SmsInboundMessagesTable } from './tables/sms-inbound.js';
import type { ImportRunsTable } from './tables/imports.js';

/*
 * Storage conventions, the same on SQLite and PostgreSQL:
 * - instants (created_at, run_at, expires_at …) are UTC ISO-8601 text with milliseconds
 *   (`2026-11-22T04:50:00.000Z`): fixed width, so text order is time order and range queries
 *   use plain indexes on both engines;
 * - 0/1 flags are integers;
 * - money is integer cents.
 */

export type Role = 'admin' | 'staff';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  require_password_change: number;
  active: Generated<number>;
  /** 0: takes no appointments (an owner, a receptionist). */
  bookable: Generated<number>;
  /** 1: performs every service; 0: only those in staff_services. */
  all_services: Generated<number>;
  /** A short introduction for the booking page; '' when none. */
  bio: Generated<string>;
  /** Storage key of the member's photo (made by the service); null when none. */
  photo_key: Generated<string | null>;
  /** The content type the photo was sniffed as; null when none. */
  photo_content_type: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  /** Set when the token was exchanged; presenting it again is reuse. */
  rotated_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  platform: 'ios' | 'android' | 'web';
  created_at: string;
  updated_at: string;
}

/** The single settings record. Money in cents; noshow_fee_value in hundredths. */
export interface SettingsTable {
  id: number;
  salon_name: string;
  salon_email: string;
  salon_phone: string;
  salon_address: string;
  salon_postcode: string;
  salon_city: string;
  btw_number: string;
  /** The Chamber of Commerce (KvK) number, on receipts. */
  kvk_number: string;
  social_facebook: string;
  social_instagram: string;
  currency: string;
  timezone: string;
  language: string;
  first_day_of_week: number;
  time_format: string;
  new_client_extra_min: number;
  calendar_slot_min: number;
  calendar_buffer_min: number;
  calendar_color_mode: string;
  hide_unscheduled_staff: number;
  dark_mode: string;
  /** `#rrggbb`, lower case: the web pages' accent. */
  brand_color: string;
  booking_mode: 'direct' | 'request';
  booking_clients: 'all' | 'existing';
  booking_show_prices: number;
  booking_show_duration: number;
  booking_allow_staff_choice: number;
  booking_min_lead_hours: number;
  booking_max_future_days: number;
  /** Hours before a booking's start after which the client can no longer cancel or move it online. */
  cancellation_window_hours: number;
  swipe_actions_enabled: number;
  haptic_feedback_enabled: number;
  longpress_contact_enabled: number;
  offline_mode_enabled: number;
  staff_personal_agenda_enabled: number;
  purchase_orders_enabled: number;
  internal_consumption_enabled: number;
  daily_revenue_goal_enabled: number;
  daily_revenue_goal: number;
  revenue_forecast_enabled: number;
  visit_frequency_alerts_enabled: number;
  visit_frequency_days: number;
  followup_sequences_enabled: number;
  product_recommendations_enabled: number;
  giftcard_qr_enabled: number;
  seasonal_promotions_enabled: number;
  bulk_campaigns_enabled: number;
  waitlist_position_enabled: number;
  notify_salon_waitlist_join: number;
  notify_salon_slot_available: number;
  noshow_email_enabled: number;
  low_stock_email_enabled: number;
  booking_request_notify_email: number;
  booking_request_notify_push: number;
  noshow_enabled: number;
  noshow_fee_type: 'percentage' | 'fixed';
  noshow_fee_value: number;
  noshow_min_amount: number;
  deposit_timeout_min: number;
  cardpay_api_key: string;
  cardpay_merchant_code: string;
  cardpay_reader_id: string;
  onlinepay_api_key: string;
  onlinepay_terminal_id: string;
  checkout_secret_key: string;
  checkout_webhook_secret: string;
  smtp_host: string;
  smtp_port: number | null;
  smtp_user: string;
  smtp_pass: string;
  smtp_secure: number;
  smtp_from: string;
  /** JSON array of origins (`https://book.example`) a provisional booking's `base_url` may point at, besides PUBLIC_BASE_URL's. */
  email_link_origins: string;
  sms_enabled: number;
  sms_provider: string;
  sms_account_sid: string;
  sms_auth_token: string;
  sms_from: string;
  reminder_email_enabled: number;
  /** JSON array of whole hours before the start, e.g. `[24]`. */
  reminder_email_hours: string;
  reminder_sms_enabled: number;
  reminder_sms_hours: string;
  /** JSON array of ISO 3166 codes whose numbers may be texted; `[]`: the salon's own country. */
  sms_allowed_countries: string;
  /** Text messages a day, salon-wide; beyond it they are kept `unsent`. */
  sms_daily_limit: number;
  /** Text messages a day to numbers sharing all but their last three digits. */
  sms_prefix_daily_limit: number;
  /** 0/1: a booking-page booking by a client never seen waits for the confirm link of its email. */
  booking_hold_new_clients: number;
  /** Minutes such a booking waits for its confirm link before it is released. */
  booking_hold_minutes: number;
  /** 0/1: a staff member (not only an admin) may charge a till line at another price than the catalogue's. */
  staff_price_changes_enabled: number;
  /** Who takes an "anyone" booking: `fewest_minutes_week`, `smallest_gap` or `salon_order`. */
  booking_anyone_rule: string;
  logo_key: string;
  logo_content_type: string;
  /** The logo's size in pixels, read at upload (migration 0066); 0 when unknown. */
  logo_width: number;
  logo_height: number;
  /** 0/1 (migration 0077): a new review stays hidden until the salon publishes it. */
  reviews_need_approval: number;
  setup_completed_at: string | null;
  updated_at: string;
  /** Bumped by the database on every update of the row (migration 0029): what a process's held copy is checked against. */
  version: Generated<number>;
}

export interface LocationsTable {
  id: Generated<number>;
  name: string;
  address: string;
  phone: string;
  email: string;
  is_default: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface HolidaysTable {
  id: Generated<number>;
  name: string;
  /** YYYY-MM-DD, unique */
  date: string;
  created_at: string;
}

export interface VatRatesTable {
  id: Generated<number>;
  name: string;
  /** Hundredths of a percent: 21 % is 2100. */
  percentage: number;
  is_default: number;
  is_disabled: number;
  created_at: string;
  updated_at: string;
}

export interface LoyaltySettingsTable {
  id: number;
  loyalty_enabled: number;
  /** Hundredths of a point earned per currency unit spent. */
  points_per_euro: number;
  /** JSON array of thresholds. */
  reward_thresholds: string;
  updated_at: string;
}

/** Local wall-clock values: date `YYYY-MM-DD`, times `HH:MM`. */
export interface ShiftsTable {
  id: Generated<number>;
  staff_id: number;
  date: string;
  start_time: string;
  end_time: string;
  location_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface DefaultShiftsTable {
  id: Generated<number>;
  staff_id: number;
  /** 0 = Sunday … 6 = Saturday */
  day_of_week: number;
  start_time: string;
  end_time: string;
  created_at: string;
}

export interface TimeOffTable {
  id: Generated<number>;
  staff_id: number;
  start_date: string;
  end_date: string;
  reason: string;
  created_at: string;
}

export interface OpeningHoursTable {
  day_of_week: number;
  open_time: string | null;
  close_time: string | null;
  is_closed: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: JobStatus;
  run_at: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** While a job with this key is queued, enqueuing the key again reschedules it. */
  key: string | null;
}

/** One reminder sent: at most one per booking, channel, offset and start (unique). */
export interface BookingRemindersTable {
  id: Generated<number>;
  booking_id: number;
  channel: 'email' | 'sms';
  hours: number;
  start_at: string;
  message_id: number | null;
  created_at: string;
}

export type EmailStatus = 'queued' | 'sent' | 'failed' | 'unsent';

export interface EmailsTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  template: string;
  /** Template data (JSON). Cleared after sending when the email carries a secret. */
  data: string | null;
  sensitive: number;
  status: EmailStatus;
  error: string | null;
  message_id: string | null;
  /** The language the email was written in; null for emails queued before languages (the salon's). */
  language: string | null;
  created_at: string;
  sent_at: string | null;
}

export type ClientLanguage = 'en' | 'nl';

/** The salon's own version of a catalogue message in one language (editable texts). */
export interface MessageTextsTable {
  key: string;
  language: ClientLanguage;
  /** null for a text message (SMS), which has no subject */
  subject: string | null;
  body: string;
  updated_at: string;
}

export type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'unsent';

export interface SmsMessagesTable {
  id: Generated<number>;
  /** E.164 */
  recipient: string;
  body: string;
  template: string;
  /** 1: the body carries a secret (see MAIL_PREVIEW). */
  sensitive: Generated<number>;
  client_id: number | null;
  status: SmsStatus;
  /** The provider's message id (Twilio's `sid`), once accepted. */
  provider_id: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

export interface SequencesTable {
  name: string;
  /** '' for sequences that never restart; the two-digit year for yearly ones. */
  period: string;
  value: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  color: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  duration_min: number;
  /** cents, VAT included */
  price: number;
  category_id: number | null;
  vat_rate_id: number | null;
  position: number;
  active: number;
  /** Minutes of work before the processing time starts; 0 with processing_min 0: none. */
  processing_after_min: Generated<number>;
  /** Minutes the client waits (a colour developing) while the staff member is free. */
  processing_min: Generated<number>;
  /** What the booking page asks to be paid up front (migration 0020). */
  deposit_type: Generated<DepositType>;
  /** Hundredths: a percentage of the price (5000 = 50 %) or a fixed amount in cents. */
  deposit_value: Generated<number>;
  /** Shown on the booking page; null: none (migration 0062). */
  description: string | null;
  /** The photo's key in the file storage and the type its bytes were found to be; null: none. */
  photo_key: string | null;
  photo_content_type: string | null;
  /** 1: the booking page offers it; 0: only the office books it (migration 0071). */
  online_bookable: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Who performs which service, with an own duration and price (null: the service's). */
export interface StaffServicesTable {
  staff_id: number;
  service_id: number;
  duration_min: number | null;
  /** cents, VAT included */
  price: number | null;
  created_at: string;
}

/** A room or piece of equipment: at most `capacity` bookings hold it at any moment. */
export interface ResourcesTable {
  id: Generated<number>;
  name: string;
  capacity: number;
  location_id: number | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ServiceResourcesTable {
  service_id: number;
  resource_id: number;
}

/** A resource held by a non-cancelled booking; start_at/end_at follow the booking (triggers of migration 0014). */
export interface BookingResourcesTable {
  booking_id: number;
  resource_id: number;
  start_at: string;
  end_at: string;
}

/** One visit of a client: several bookings in order (bookings.visit_id, visit_position). */
export interface VisitsTable {
  id: Generated<number>;
  client_id: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A repeating booking: its occurrences carry series_id. */
export interface BookingSeriesTable {
  id: Generated<number>;
  client_id: number;
  every_weeks: number;
  until_date: string | null;
  occurrence_count: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  contact_person: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  website: string;
  active: number;
  creditor_number: string;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  sku: string;
  /** cents, VAT included */
  price: number;
  /** cents */
  purchase_price: number;
  quantity_on_hand: number;
  low_stock_threshold: number;
  category_id: number | null;
  supplier_id: number | null;
  vat_rate_id: number | null;
  ean_code: string;
  article_number: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export type PurchaseOrderStatus = 'created' | 'ordered' | 'received' | 'cancelled';

export interface PurchaseOrdersTable {
  id: Generated<number>;
  order_number: string;
  supplier_id: number;
  staff_id: number | null;
  notes: string;
  order_date: string;
  expected_date: string | null;
  received_date: string | null;
  packing_slip_number: string;
  packing_slip_key: string | null;
  packing_slip_name: string | null;
  status: PurchaseOrderStatus;
  created_at: string;
  updated_at: string;
}

export interface PurchaseOrderItemsTable {
  id: Generated<number>;
  purchase_order_id: number;
  product_id: number;
  quantity: number;
  /** cents */
  unit_cost: number;
}

export interface StockTransactionsTable {
  id: Generated<number>;
  product_id: number;
  delta: number;
  reason: string;
  quantity_after: number;
  note: string;
  purchase_order_id: number | null;
  user_id: number | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: number;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  email: number;
  push: number;
  in_app: number;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  /** lower-cased; null when none; unique when present */
  email: string | null;
  phone: string;
  /** YYYY-MM-DD */
  birthday: string | null;
  gender: string;
  notes: string;
  marketing_consent: number;
  /** 1: may receive text messages; cleared by an inbound STOP. */
  sms_consent: Generated<number>;
  /** A number typed on the booking page, not yet confirmed: no SMS goes to it while it is `phone`. */
  phone_unconfirmed: string | null;
  /** The language the client reads (`en`, `nl`); null: not known, the salon's is used. */
  language: ClientLanguage | null;
  password_hash: string | null;
  erased_at: string | null;
  merged_into_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ClientLabelsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  color: string;
  created_at: string;
}

export interface ClientLabelAssignmentsTable {
  client_id: number;
  label_id: number;
}

export type BookingStatus = 'scheduled' | 'provisional' | 'completed' | 'cancelled' | 'no-show';

/**
 * A number per calendar date (`YYYY-MM-DD`), and `*` for what every date shows, raised by
 * triggers on every change of what the calendar's reads show (migration 0052).
 */
export interface CalendarVersionsTable {
  scope: string;
  version: number;
}

/** The calendar's change log (migration 0041): one row per booking created or changed. */
export interface BookingChangesTable {
  seq: Generated<number>;
  booking_id: number;
  version: number;
  kind: 'created' | 'moved' | 'status' | 'updated';
  /** Comma-separated dates (YYYY-MM-DD) the booking touched before and after; repeats possible. */
  days: string;
  staff_ids: string;
  /** Comma-separated; an empty item is a booking without a location. */
  location_ids: string;
  created_at: string;
}

/** What happened to each booking, kept as long as the booking (migration 0053): written by triggers. */
export interface BookingHistoryTable {
  id: Generated<number>;
  booking_id: number;
  kind: 'created' | 'changed';
  /** `user:<id>`, `client`, or null: the system (a job, an expiring hold). */
  actor: string | null;
  old_start_at: string | null;
  old_end_at: string | null;
  old_status: BookingStatus | null;
  old_staff_id: number | null;
  old_service_id: number | null;
  new_start_at: string;
  new_end_at: string;
  new_status: BookingStatus;
  new_staff_id: number;
  new_service_id: number;
  notes_changed: number;
  internal_notes_changed: number;
  /** UTC ISO. */
  created_at: string;
}

/** Who writes the bookings of the current transaction (one row, never committed): read by the history's triggers. */
export interface BookingHistoryActorTable {
  id: Generated<number>;
  actor: string;
}

export interface BookingsTable {
  id: Generated<number>;
  client_id: number;
  staff_id: number;
  service_id: number;
  /** `YYYY-MM-DD HH:MM:SS`, wall-clock time in the salon's zone */
  start_at: string;
  end_at: string;
  status: BookingStatus;
  notes: string;
  internal_notes: string;
  provisional_token: string | null;
  feedback_token: string | null;
  waitlist_id: number | null;
  /** cents */
  price: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  visit_id: Generated<number | null>;
  visit_position: Generated<number | null>;
  series_id: Generated<number | null>;
  /** Wall clock; the staff member is free in [processing_start_at, processing_end_at). */
  processing_start_at: Generated<string | null>;
  processing_end_at: Generated<string | null>;
  location_id: Generated<number | null>;
  /** The desk rules this booking was allowed to break (`override: true`), comma-separated. */
  overridden_rules: Generated<string>;
  /** SEQUENCE of the booking's calendar event: raised by every change of its placement and by the cancellation. */
  ics_sequence: Generated<number>;
  /** The deposit asked of the booking page's client, cents; null: none asked. */
  deposit_amount: Generated<number | null>;
  deposit_status: Generated<DepositStatus | null>;
  /** The payment collecting the deposit (one for every part of a visit). */
  deposit_payment_id: Generated<number | null>;
  /** UTC ISO: when the client confirmed by their email link that they will come; null until then. */
  client_confirmed_at: Generated<string | null>;
  /**
   * UTC ISO: a stranger's booking held until its confirm link is clicked
   * (`booking_hold_new_clients`) is released at this time if still provisional; null otherwise.
   */
  hold_expires_at: Generated<string | null>;
  /** Raised by one on every change of the row (a trigger): what a stale write is refused by. */
  version: Generated<number>;
}

export type DepositType = 'none' | 'fixed' | 'percentage';
/**
 * pending: held until paid; paid; expired: released unpaid; late: paid after the release
 * (recorded and flagged to the salon, the booking not revived).
 */
export type DepositStatus = 'pending' | 'paid' | 'expired' | 'late';

/** Bookings per staff member and status, kept by triggers (migration 0013); never written by code. */
export interface BookingCountsTable {
  staff_id: number;
  status: BookingStatus;
  n: number;
}

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'cancelled';

export interface WaitlistEntriesTable {
  id: Generated<number>;
  client_id: number;
  service_id: number;
  staff_id: number | null;
  date: string;
  time_from: string | null;
  time_to: string | null;
  status: WaitlistStatus;
  notes: string;
  offered_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WebSessionKind = 'staff' | 'client';

/** Failed sign-ins of one (account, address) pair (auth/sign-in-attempts.ts). */
export interface SignInFailuresTable {
  kind: WebSessionKind;
  /** Hash of the email as typed. */
  account: string;
  address: string;
  failures: number;
  /** ISO instant before which no attempt of the pair is checked; '' for none. */
  blocked_until: string;
  last_failure_at: string;
}

/** A web page's sign-in (auth/web-session.ts): its token lives only in an httpOnly cookie. */
export interface WebSessionsTable {
  id: Generated<number>;
  kind: WebSessionKind;
  /** A user's id for `staff`, a client's for `client`. */
  subject_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string;
}

export type CalendarFeedScope = 'staff' | 'salon';

/** A private iCal feed (modules/calendar-feeds): its address's token is stored only as its hash. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  scope: CalendarFeedScope;
  /** The owner: the staff member whose agenda it is (`staff`), or the admin who made it (`salon`). */
  user_id: number;
  token_hash: string;
  /** The owner's label for it ("iPhone", "Desk iMac"). */
  name: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
}

export interface DB extends PaymentsTables, PublicTables, PosTables, CampaignTables, ReportTables, WebhookTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  web_sessions: WebSessionsTable;
  sign_in_failures: SignInFailuresTable;
  calendar_feeds: CalendarFeedsTable;
  password_reset_tokens: PasswordResetTokensTable;
  device_tokens: DeviceTokensTable;
  settings: SettingsTable;
  booking_reminders: BookingRemindersTable;
  opening_hours: OpeningHoursTable;
  jobs: JobsTable;
  emails: EmailsTable;
  sms_messages: SmsMessagesTable;
  sms_inbound_messages: SmsInboundMessagesTable;
  message_texts: MessageTextsTable;
  rate_limits: RateLimitsTable;
  locations: LocationsTable;
  holidays: HolidaysTable;
  vat_rates: VatRatesTable;
  loyalty_settings: LoyaltySettingsTable;
  shifts: ShiftsTable;
  default_shifts: DefaultShiftsTable;
  time_off: TimeOffTable;
  sequences: SequencesTable;
  service_categories: CategoriesTable;
  product_categories: CategoriesTable;
  services: ServicesTable;
  suppliers: SuppliersTable;
  products: ProductsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_items: PurchaseOrderItemsTable;
  stock_transactions: StockTransactionsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  clients: ClientsTable;
  client_labels: ClientLabelsTable;
  client_label_assignments: ClientLabelAssignmentsTable;
  bookings: BookingsTable;
  booking_changes: BookingChangesTable;
  booking_history: BookingHistoryTable;
  booking_history_actor: BookingHistoryActorTable;
  calendar_versions: CalendarVersionsTable;
  booking_counts: BookingCountsTable;
  waitlist_entries: WaitlistEntriesTable;
  staff_services: StaffServicesTable;
  resources: ResourcesTable;
  service_resources: ServiceResourcesTable;
  booking_resources: BookingResourcesTable;
  visits: VisitsTable;
  booking_series: BookingSeriesTable;
  /** The history of imports (tables/imports.ts). */
  import_runs: ImportRunsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Job = Selectable<JobsTable>;
export type Email = Selectable<EmailsTable>;
export type Settings = Selectable<SettingsTable>;
