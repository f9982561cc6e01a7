import type { paths } from '../../../api/schema.gen.js';

/** Everything PUT /api/settings takes. */
export type SettingsChanges = NonNullable<paths['/api/settings']['put']['requestBody']>['content']['application/json'];
/** A field of the settings record the forms edit. */
export type SettingName = keyof SettingsChanges;

/**
 * How a setting is edited: text (as it is), a whole number, a 0/1 switch, one of a few values,
 * a secret (never shown, replaced when typed), or a list typed one item a line.
 */
export type FieldSpec =
  | { name: SettingName; kind: 'text' | 'email' | 'tel' | 'url'; multiline?: boolean; help?: boolean }
  | { name: SettingName; kind: 'number'; nullable?: boolean; decimal?: boolean; help?: boolean }
  | { name: SettingName; kind: 'toggle'; help?: boolean }
  | { name: SettingName; kind: 'choice'; options: readonly string[]; numeric?: boolean; help?: boolean }
  | { name: SettingName; kind: 'secret'; help?: boolean }
  | { name: SettingName; kind: 'list'; numeric?: boolean; help?: boolean };

/** A fieldset of a group's form: its legend's key names it (`manage.settings.part.<id>`). */
export interface FieldPart {
  id: string;
  fields: readonly FieldSpec[];
}

/** The settings' groups as an owner thinks of them; each is a page of its own at /manage/settings/<id>. */
export const SETTINGS_GROUPS = [
  'salon',
  'booking',
  'hours',
  'calendar',
  'features',
  'payments',
  'mail',
  'sms',
  'reminders',
  'messages',
  'webhooks',
  'loyalty',
  'locations',
  'vat',
] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

const toggles = (names: readonly SettingName[]): FieldSpec[] =>
  names.map((name) => ({ name, kind: 'toggle', help: true }));

/** The groups edited as one form of the settings record (hours have a page of their own). */
export const GROUP_PARTS: Partial<Record<SettingsGroup, readonly FieldPart[]>> = {
  salon: [
    {
      id: 'contact',
      fields: [
        { name: 'salon_name', kind: 'text' },
        { name: 'salon_email', kind: 'email' },
        { name: 'salon_phone', kind: 'tel' },
        { name: 'salon_address', kind: 'text', multiline: true },
        { name: 'salon_postcode', kind: 'text' },
        { name: 'salon_city', kind: 'text' },
      ],
    },
    {
      id: 'business',
      fields: [
        { name: 'btw_number', kind: 'text', help: true },
        { name: 'kvk_number', kind: 'text', help: true },
        { name: 'social_facebook', kind: 'url' },
        { name: 'social_instagram', kind: 'url' },
        { name: 'brand_color', kind: 'text', help: true },
      ],
    },
  ],
  booking: [
    {
      id: 'who',
      fields: [
        { name: 'booking_mode', kind: 'choice', options: ['direct', 'request'], help: true },
        { name: 'booking_clients', kind: 'choice', options: ['all', 'existing'] },
        ...toggles(['booking_show_prices', 'booking_show_duration', 'booking_allow_staff_choice']),
        {
          name: 'booking_anyone_rule',
          kind: 'choice',
          options: ['fewest_minutes_week', 'smallest_gap', 'salon_order'],
        },
      ],
    },
    {
      id: 'when',
      fields: [
        { name: 'booking_min_lead_hours', kind: 'number', help: true },
        { name: 'booking_max_future_days', kind: 'number', help: true },
        { name: 'cancellation_window_hours', kind: 'number', help: true },
        { name: 'new_client_extra_min', kind: 'number', help: true },
      ],
    },
    {
      id: 'deposit',
      fields: [
        { name: 'deposit_timeout_min', kind: 'number', help: true },
        { name: 'booking_hold_new_clients', kind: 'toggle', help: true },
        { name: 'booking_hold_minutes', kind: 'number' },
        { name: 'noshow_enabled', kind: 'toggle', help: true },
        { name: 'noshow_fee_type', kind: 'choice', options: ['percentage', 'fixed'] },
        { name: 'noshow_fee_value', kind: 'number', decimal: true },
        { name: 'noshow_min_amount', kind: 'number', decimal: true },
      ],
    },
  ],
  calendar: [
    {
      id: 'grid',
      fields: [
        { name: 'calendar_slot_min', kind: 'number' },
        { name: 'calendar_buffer_min', kind: 'number', help: true },
        { name: 'calendar_color_mode', kind: 'choice', options: ['category', 'staff', 'status'] },
        ...toggles(['hide_unscheduled_staff', 'staff_personal_agenda_enabled']),
      ],
    },
    {
      id: 'region',
      fields: [
        { name: 'time_format', kind: 'choice', options: ['24h', '12h'] },
        { name: 'first_day_of_week', kind: 'choice', options: ['1', '0', '6'], numeric: true },
        { name: 'timezone', kind: 'text', help: true },
        { name: 'language', kind: 'choice', options: ['nl', 'en'] },
        { name: 'currency', kind: 'text', help: true },
        { name: 'dark_mode', kind: 'choice', options: ['system', 'light', 'dark'] },
      ],
    },
  ],
  features: [
    {
      id: 'stock',
      fields: toggles(['purchase_orders_enabled', 'internal_consumption_enabled', 'low_stock_email_enabled']),
    },
    {
      id: 'revenue',
      fields: [
        ...toggles(['daily_revenue_goal_enabled']),
        { name: 'daily_revenue_goal', kind: 'number', decimal: true },
        ...toggles(['revenue_forecast_enabled', 'visit_frequency_alerts_enabled']),
        { name: 'visit_frequency_days', kind: 'number' },
      ],
    },
    {
      id: 'marketing',
      fields: toggles([
        'followup_sequences_enabled',
        'product_recommendations_enabled',
        'giftcard_qr_enabled',
        'seasonal_promotions_enabled',
        'bulk_campaigns_enabled',
      ]),
    },
    {
      id: 'notices',
      fields: toggles([
        'waitlist_position_enabled',
        'notify_salon_waitlist_join',
        'notify_salon_slot_available',
        'noshow_email_enabled',
        'booking_request_notify_email',
        'booking_request_notify_push',
      ]),
    },
    {
      id: 'phone',
      fields: toggles([
        'swipe_actions_enabled',
        'haptic_feedback_enabled',
        'longpress_contact_enabled',
        'offline_mode_enabled',
      ]),
    },
  ],
  payments: [
    {
      id: 'terminal',
      fields: [
        { name: 'cardpay_api_key', kind: 'secret' },
        { name: 'cardpay_merchant_code', kind: 'text' },
        { name: 'cardpay_reader_id', kind: 'text' },
      ],
    },
    {
      id: 'online',
      fields: [
        { name: 'onlinepay_api_key', kind: 'secret' },
        { name: 'onlinepay_terminal_id', kind: 'text' },
      ],
    },
    {
      id: 'checkout',
      fields: [
        { name: 'checkout_secret_key', kind: 'secret' },
        { name: 'checkout_webhook_secret', kind: 'secret' },
      ],
    },
  ],
  mail: [
    {
      id: 'server',
      fields: [
        { name: 'smtp_host', kind: 'text' },
        { name: 'smtp_port', kind: 'number', nullable: true },
        { name: 'smtp_secure', kind: 'toggle', help: true },
        { name: 'smtp_user', kind: 'text' },
        { name: 'smtp_pass', kind: 'secret', help: true },
        { name: 'smtp_from', kind: 'email' },
        { name: 'email_link_origins', kind: 'list', help: true },
      ],
    },
  ],
  sms: [
    {
      id: 'provider',
      fields: [
        { name: 'sms_enabled', kind: 'toggle', help: true },
        { name: 'sms_account_sid', kind: 'text' },
        { name: 'sms_auth_token', kind: 'secret' },
        { name: 'sms_from', kind: 'text', help: true },
      ],
    },
    {
      id: 'limits',
      fields: [
        { name: 'sms_allowed_countries', kind: 'list', help: true },
        { name: 'sms_daily_limit', kind: 'number' },
        { name: 'sms_prefix_daily_limit', kind: 'number', help: true },
      ],
    },
  ],
  reminders: [
    {
      id: 'email',
      fields: [
        { name: 'reminder_email_enabled', kind: 'toggle' },
        { name: 'reminder_email_hours', kind: 'list', numeric: true, help: true },
      ],
    },
    {
      id: 'sms',
      fields: [
        { name: 'reminder_sms_enabled', kind: 'toggle', help: true },
        { name: 'reminder_sms_hours', kind: 'list', numeric: true, help: true },
      ],
    },
  ],
};
