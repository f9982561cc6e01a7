import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/** Settings columns added here, with their defaults. */
const SETTINGS_COLUMNS: Array<[string, 'text' | 'integer', string | number]> = [
  ['salon_postcode', 'text', ''],
  ['salon_city', 'text', ''],
  ['btw_number', 'text', ''],
  ['social_facebook', 'text', ''],
  ['social_instagram', 'text', ''],
  ['currency', 'text', 'EUR'],
  ['language', 'text', 'nl'],
  ['first_day_of_week', 'integer', 1],
  ['time_format', 'text', '24h'],
  ['new_client_extra_min', 'integer', 0],
  ['calendar_slot_min', 'integer', 15],
  ['calendar_buffer_min', 'integer', 0],
  ['calendar_color_mode', 'text', 'category'],
  ['hide_unscheduled_staff', 'integer', 0],
  ['dark_mode', 'text', 'system'],
  ['booking_mode', 'text', 'direct'],
  ['booking_clients', 'text', 'all'],
  ['booking_show_prices', 'integer', 1],
  ['booking_show_duration', 'integer', 1],
  ['booking_allow_staff_choice', 'integer', 1],
  ['booking_min_lead_hours', 'integer', 2],
  ['booking_max_future_days', 'integer', 90],
  // feature toggles
  ['swipe_actions_enabled', 'integer', 1],
  ['haptic_feedback_enabled', 'integer', 1],
  ['longpress_contact_enabled', 'integer', 1],
  ['offline_mode_enabled', 'integer', 1],
  ['staff_personal_agenda_enabled', 'integer', 1],
  ['purchase_orders_enabled', 'integer', 1],
  ['internal_consumption_enabled', 'integer', 1],
  ['daily_revenue_goal_enabled', 'integer', 0],
  ['daily_revenue_goal', 'integer', 0], // cents
  ['revenue_forecast_enabled', 'integer', 0],
  ['visit_frequency_alerts_enabled', 'integer', 0],
  ['visit_frequency_days', 'integer', 42],
  ['followup_sequences_enabled', 'integer', 0],
  ['product_recommendations_enabled', 'integer', 0],
  ['giftcard_qr_enabled', 'integer', 0],
  ['seasonal_promotions_enabled', 'integer', 0],
  ['bulk_campaigns_enabled', 'integer', 0],
  ['waitlist_position_enabled', 'integer', 0],
  ['notify_salon_waitlist_join', 'integer', 1],
  ['notify_salon_slot_available', 'integer', 1],
  ['noshow_email_enabled', 'integer', 1],
  ['low_stock_email_enabled', 'integer', 1],
  ['booking_request_notify_email', 'integer', 1],
  ['booking_request_notify_push', 'integer', 1],
  ['noshow_enabled', 'integer', 0],
  ['noshow_fee_type', 'text', 'percentage'],
  ['noshow_fee_value', 'integer', 5000], // hundredths: 50 % or 50.00 in currency
  ['noshow_min_amount', 'integer', 0], // cents
  // payment integrations (secrets possibly encrypted, see lib/secrets.ts)
  ['cardpay_api_key', 'text', ''],
  ['cardpay_merchant_code', 'text', ''],
  ['cardpay_reader_id', 'text', ''],
  ['onlinepay_api_key', 'text', ''],
  ['onlinepay_terminal_id', 'text', ''],
  ['checkout_secret_key', 'text', ''],
  ['checkout_webhook_secret', 'text', ''],
  // storage key of the uploaded logo, '' when none
  ['logo_key', 'text', ''],
  ['logo_content_type', 'text', ''],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  for (const [name, type, fallback] of SETTINGS_COLUMNS) {
    await db.schema
      .alterTable('settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  // A deactivated user cannot sign in and is hidden from staff pickers, but keeps its history.
  await db.schema
    .alterTable('users')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // At most one default location, enforced by the database under concurrent writes too.
  await db.schema
    .createIndex('locations_one_default')
    .on('locations')
    .column('is_default')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('holidays')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vat_rates')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percentage', 'integer', (c) => c.notNull()) // hundredths of a percent: 21 % = 2100
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vat_rates_one_default')
    .on('vat_rates')
    .column('is_default')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('loyalty_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('loyalty_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_per_euro', 'integer', (c) => c.notNull().defaultTo(100)) // hundredths of a point
    .addColumn('reward_thresholds', 'text', (c) => c.notNull().defaultTo('[]')) // JSON
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('loyalty_settings').values({ id: 1, updated_at: new Date().toISOString() }).execute();

  await db.schema
    .createTable('shifts')
    .addColumn('id', 'integer', id)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shifts_staff_date').on('shifts').columns(['staff_id', 'date']).execute();
  await db.schema.createIndex('shifts_date').on('shifts').columns(['date', 'start_time']).execute();

  await db.schema
    .createTable('default_shifts')
    .addColumn('id', 'integer', id)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_of_week', 'integer', (c) => c.notNull().check(sql`day_of_week between 0 and 6`))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('default_shifts_staff_day')
    .on('default_shifts')
    .columns(['staff_id', 'day_of_week'])
    .execute();

  await db.schema
    .createTable('time_off')
    .addColumn('id', 'integer', id)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('time_off_staff_dates').on('time_off').columns(['staff_id', 'start_date']).execute();
  await db.schema.createIndex('time_off_dates').on('time_off').columns(['start_date', 'end_date']).execute();
}
