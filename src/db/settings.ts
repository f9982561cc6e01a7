import type { SecretBox } from '../lib/secrets.js';
import { DEFAULT_TIMEZONE } from '../lib/time.js';
import type { Transaction, Updateable } from 'kysely';
import type { Dialect } from './connection.js';
import type { Executor } from './executor.js';
import { lockRows } from './locks.js';
import { currentSettings, settingsWritten } from './settings-cache.js';
import type { DB, Settings, SettingsTable } from './types.js';

/*
 * The salon-wide settings record (id = 1, created by the first migration), read at the
 * database level: the mail and payment layers need the salon name, the time zone and the
 * mail and provider credentials, and must not depend on the settings module that edits them.
 */

/** The settings fields stored through the SecretBox (encrypted at rest when SECRETS_KEY is set). */
export const SECRET_FIELDS = [
  'smtp_pass',
  'cardpay_api_key',
  'onlinepay_api_key',
  'checkout_secret_key',
  'sms_auth_token',
  // Whoever holds it can forge the checkout provider's payment events (a deposit marked paid).
  'checkout_webhook_secret',
] as const;

/** The settings record, secrets as stored: frozen, shared by every reader of this process (settings-cache.ts). */
export function readSettings(db: Executor): Promise<Readonly<Settings>> {
  return currentSettings(db);
}

/** Reminder offsets as stored (a JSON array of whole hours); anything unreadable reads as none. */
export function reminderHours(stored: string): number[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((h): h is number => Number.isInteger(h) && h > 0) : [];
  } catch {
    return [];
  }
}

export async function readTimezone(db: Executor): Promise<string> {
  return (await currentSettings(db)).timezone || DEFAULT_TIMEZONE;
}

export async function readSalonName(db: Executor): Promise<string> {
  return (await currentSettings(db)).salon_name || 'Salon';
}

/**
 * The settings with their secrets decrypted, for the code that talks to mail and payment
 * servers: a copy of its own, so the opened secrets never reach the shared row.
 */
export async function readSettingsWithSecrets(ctx: { db: Executor; secrets: SecretBox }): Promise<Settings> {
  const settings = { ...(await currentSettings(ctx.db)) };
  for (const field of SECRET_FIELDS) settings[field] = ctx.secrets.open(settings[field]);
  return settings;
}

/**
 * Every update of the settings row made by this code: the row's version moves (the database's
 * trigger), and the request's own later reads look again rather than trust what it saw first.
 */
export async function updateSettingsRow(trx: Transaction<DB>, values: Updateable<SettingsTable>): Promise<void> {
  await trx.updateTable('settings').set(values).where('id', '=', 1).execute();
  settingsWritten();
}

/**
 * Serialises salon-wide configuration writes (setup, default location, default VAT rate,
 * settings) on the settings row until the caller's transaction ends. PostgreSQL needs the
 * row lock; on SQLite every write transaction is already exclusive (BEGIN IMMEDIATE).
 */
export async function lockSettingsRow(trx: Executor, dialect: Dialect): Promise<void> {
  await lockRows(trx.selectFrom('settings').select('id').where('id', '=', 1), dialect).execute();
}
