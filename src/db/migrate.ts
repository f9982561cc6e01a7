import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { SecretBox } from '../lib/secrets.js';
import type { Dialect } from './connection.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_configuration.js';
import * as m0003 from './migrations/0003_catalogue.js';
import * as m0004 from './migrations/0004_clients.js';
import * as m0005 from './migrations/0005_bookings.js';
import * as m0006 from './migrations/0006_public_booking.js';
import * as m0007 from './migrations/0007_pos.js';
import * as m0008 from './migrations/0008_payments.js';
import * as m0009 from './migrations/0009_campaigns.js';
import * as m0010 from './migrations/0010_recurring_jobs.js';
import * as m0011 from './migrations/0011_reporting.js';
import * as m0012 from './migrations/0012_report_rollups.js';
import * as m0013 from './migrations/0013_booking_counts.js';
import * as m0014 from './migrations/0014_appointment_book.js';
import * as m0015 from './migrations/0015_campaign_delivery_status.js';
import * as m0016 from './migrations/0016_sms.js';
import * as m0017 from './migrations/0017_booking_ics.js';
import * as m0018 from './migrations/0018_messages.js';
import * as m0019 from './migrations/0019_booking_self_service.js';
import * as m0020 from './migrations/0020_deposits.js';
import * as m0021 from './migrations/0021_reminders.js';
import * as m0022 from './migrations/0022_web_sessions.js';
import * as m0023 from './migrations/0023_client_phones_e164.js';
import * as m0024 from './migrations/0024_brand_color.js';
import * as m0025 from './migrations/0025_webhooks.js';
import * as m0026 from './migrations/0026_calendar_feeds.js';
import * as m0027 from './migrations/0027_outbox_status.js';
import * as m0028 from './migrations/0028_job_claim_indexes.js';
import * as m0029 from './migrations/0029_settings_version.js';
import * as m0030 from './migrations/0030_bookings_day_cover.js';
import * as m0031 from './migrations/0031_message_texts_version.js';
import * as m0032 from './migrations/0032_sms_abuse_limits.js';
import * as m0034 from './migrations/0034_sign_in_failures.js';
import * as m0036 from './migrations/0036_checkout_webhook_secret_sealed.js';
import * as m0037 from './migrations/0037_email_link_origins.js';
import * as m0038 from './migrations/0038_sms_inbound_messages.js';
import * as m0039 from './migrations/0039_booking_holds.js';
import * as m0040 from './migrations/0040_booking_version.js';
import * as m0041 from './migrations/0041_booking_changes.js';
import * as m0045 from './migrations/0045_clients_created_order.js';
import * as m0050 from './migrations/0050_booking_anyone_rule.js';
import * as m0052 from './migrations/0052_calendar_versions.js';
import * as m0053 from './migrations/0053_booking_history.js';
import * as m0055 from './migrations/0055_pos_journal.js';
import * as m0056 from './migrations/0056_pos_refunds.js';
import * as m0057 from './migrations/0057_pos_drawer.js';
import * as m0058 from './migrations/0058_receipts.js';
import * as m0059 from './migrations/0059_pos_booking_checkout.js';
import * as m0060 from './migrations/0060_client_search_index.js';
import * as m0061 from './migrations/0061_staff_price_changes.js';
import * as m0062 from './migrations/0062_service_details.js';
import * as m0063 from './migrations/0063_import_runs.js';
import * as m0065 from './migrations/0065_staff_profile.js';
import * as m0066 from './migrations/0066_logo_size.js';
import * as m0069 from './migrations/0069_package_validity.js';
import * as m0071 from './migrations/0071_service_online_bookable.js';
import * as m0077 from './migrations/0077_review_curation.js';
import * as m0078 from './migrations/0078_pos_split_cash.js';
import * as m0079 from './migrations/0079_client_search_trigram_counts.js';
import * as m0081 from './migrations/0081_report_vat_months.js';
import * as m0082 from './migrations/0082_report_visit_days.js';
import * as m0083 from './migrations/0083_client_search_generation.js';
import * as m0084 from './migrations/0084_client_search_phones_apart.js';
import * as m0085 from './migrations/0085_client_name_suffixes.js';
import type { DB } from './types.js';

interface MigrationModule {
  /** `secrets`: the process's SecretBox, for a migration that seals stored values (without SECRETS_KEY it stores as given). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see 0001_foundation.ts
  up(db: Kysely<any>, dialect: Dialect, secrets: SecretBox): Promise<void>;
}

/**
 * Forward-only: migrations have no `down`. Listed here in order, by hand, so the set is
 * fixed at build time and identical for every process and every engine.
 */
const migrations: Record<string, MigrationModule> = {
  '0001_foundation': m0001,
  '0002_configuration': m0002,
  '0003_catalogue': m0003,
  '0004_clients': m0004,
  '0005_bookings': m0005,
  '0006_public_booking': m0006,
  '0007_pos': m0007,
  '0008_payments': m0008,
  '0009_campaigns': m0009,
  '0010_recurring_jobs': m0010,
  '0011_reporting': m0011,
  '0012_report_rollups': m0012,
  '0013_booking_counts': m0013,
  '0014_appointment_book': m0014,
  '0015_campaign_delivery_status': m0015,
  '0016_sms': m0016,
  '0017_booking_ics': m0017,
  '0018_messages': m0018,
  '0019_booking_self_service': m0019,
  '0020_deposits': m0020,
  '0021_reminders': m0021,
  '0022_web_sessions': m0022,
  '0023_client_phones_e164': m0023,
  '0024_brand_color': m0024,
  '0025_webhooks': m0025,
  '0026_calendar_feeds': m0026,
  '0027_outbox_status': m0027,
  '0028_job_claim_indexes': m0028,
  '0029_settings_version': m0029,
  '0030_bookings_day_cover': m0030,
  '0031_message_texts_version': m0031,
  '0032_sms_abuse_limits': m0032,
  '0034_sign_in_failures': m0034,
  '0036_checkout_webhook_secret_sealed': m0036,
  '0037_email_link_origins': m0037,
  '0038_sms_inbound_messages': m0038,
  '0039_booking_holds': m0039,
  '0040_booking_version': m0040,
  '0041_booking_changes': m0041,
  '0045_clients_created_order': m0045,
  '0050_booking_anyone_rule': m0050,
  '0052_calendar_versions': m0052,
  '0053_booking_history': m0053,
  '0055_pos_journal': m0055,
  '0056_pos_refunds': m0056,
  '0057_pos_drawer': m0057,
  '0058_receipts': m0058,
  '0059_pos_booking_checkout': m0059,
  '0060_client_search_index': m0060,
  '0061_staff_price_changes': m0061,
  '0062_service_details': m0062,
  '0063_import_runs': m0063,
  '0065_staff_profile': m0065,
  '0066_logo_size': m0066,
  '0069_package_validity': m0069,
  '0071_service_online_bookable': m0071,
  '0077_review_curation': m0077,
  '0078_pos_split_cash': m0078,
  '0079_client_search_trigram_counts': m0079,
  '0081_report_vat_months': m0081,
  '0082_report_visit_days': m0082,
  '0083_client_search_generation': m0083,
  '0084_client_search_phones_apart': m0084,
  '0085_client_name_suffixes': m0085,
};

class DialectAwareProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly secrets: SecretBox,
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        { up: (db) => migration.up(db, this.dialect, this.secrets) },
      ]),
    );
  }
}

function migrator(db: Kysely<DB>, dialect: Dialect, secrets: SecretBox): Migrator {
  return new Migrator({
    db,
    provider: new DialectAwareProvider(dialect, secrets),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
}

/**
 * Applies every pending migration; throws on the first failure (nothing half-applied on
 * PostgreSQL). `secrets`: the SecretBox of SECRETS_KEY, for migrations that seal stored secrets
 * (a process without the key, or a fresh database, needs none).
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  dialect: Dialect,
  upTo?: string,
  secrets: SecretBox = new SecretBox(null),
): Promise<void> {
  // `upTo`: stop after that migration, so a test can hold data of an older schema and upgrade it.
  const { error, results } = await (upTo
    ? migrator(db, dialect, secrets).migrateTo(upTo)
    : migrator(db, dialect, secrets).migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? 'unknown error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export const migrationNames = Object.keys(migrations);
