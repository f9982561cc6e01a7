import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents, toCents } from '../../lib/money.js';
import { DEFAULT_TIMEZONE, formatInstant, isValidTimezone, nowIso } from '../../lib/time.js';
import { readSettings, reminderHours, SECRET_FIELDS, updateSettingsRow } from '../../db/settings.js';
import { enqueue } from '../../jobs/queue.js';
import { phoneCountryCode } from '../../sms/phone.js';
import { emailLinkOrigins, normalOrigin } from './link-origins.js';
import { MASK, REMINDER_FIELDS, TOGGLES, type SettingsUpdateInput } from './schemas.js';

type SecretField = (typeof SECRET_FIELDS)[number];

// The plain reads live at the database level (the mail and payment layers need them too);
// this module is their public surface for the other modules.
export {
  lockSettingsRow,
  readSalonName,
  readSettings,
  readSettingsWithSecrets,
  readTimezone,
  reminderHours,
  updateSettingsRow,
} from '../../db/settings.js';
import { lockRows } from '../../db/locks.js';
export { isHoliday } from './holidays.js';
export { allowedLinkBase } from './link-origins.js';
export { defaultVatRateId, ensureStandardVatRate, requireUsableVatRate, vatRateChange } from './vat-rates.js';

export function logoUrl(ctx: Pick<AppContext, 'config'>, settings: Pick<Settings, 'logo_key'>): string | null {
  const path = logoPath(settings);
  return path === null ? null : `${ctx.config.publicBaseUrl}${path}`;
}

/** The logo's path on this service (a page of the same origin loads it from there); null when none. */
export function logoPath(settings: Pick<Settings, 'logo_key'>): string | null {
  if (!settings.logo_key) return null;
  return `/api/settings/logo?v=${logoVersion(settings.logo_key)}`;
}

/** The version in the logo's address: it changes with every upload, so caches never serve an old logo. */
export function logoVersion(logoKey: string): string {
  return /\/([a-f0-9]{8})/.exec(logoKey)?.[1] ?? '0';
}

async function present(ctx: AppContext, stored: Readonly<Settings>) {
  // The row's version is the process cache's business (db/settings-cache.ts), not the API's.
  const { version: _version, ...settings } = stored;
  const openingHours = await ctx.db.selectFrom('opening_hours').selectAll().orderBy('day_of_week').execute();
  const toggles = Object.fromEntries(TOGGLES.map((name) => [name, settings[name] === 1 ? 1 : 0])) as {
    [K in (typeof TOGGLES)[number]]: 0 | 1;
  };
  const masked = Object.fromEntries(
    SECRET_FIELDS.flatMap((name): Array<[string, string | number]> => [
      [name, MASK],
      [`${name}_set`, settings[name] ? 1 : 0],
    ]),
  ) as { [K in SecretField]: typeof MASK } & { [K in `${SecretField}_set`]: 0 | 1 };
  return {
    ...settings,
    ...toggles,
    ...masked,
    id: 1 as const,
    daily_revenue_goal: fromCents(settings.daily_revenue_goal),
    noshow_fee_value: fromCents(settings.noshow_fee_value),
    noshow_min_amount: fromCents(settings.noshow_min_amount),
    reminder_email_hours: reminderHours(settings.reminder_email_hours),
    reminder_sms_hours: reminderHours(settings.reminder_sms_hours),
    sms_allowed_countries: storedCountries(settings.sms_allowed_countries),
    email_link_origins: emailLinkOrigins(settings.email_link_origins),
    logo_url: logoUrl(ctx, settings),
    opening_hours: openingHours.map((entry) => ({
      ...entry,
      is_closed: entry.is_closed === 1 ? (1 as const) : (0 as const),
    })),
    updated_at: formatInstant(settings.updated_at, settings.timezone || DEFAULT_TIMEZONE),
  };
}

export async function getSettings(ctx: AppContext) {
  return present(ctx, await readSettings(ctx.db));
}

/** The country codes as stored (a JSON array); anything unreadable reads as none named. */
function storedCountries(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** The SMS countries given, upper-cased; a code no phone number belongs to is 400. */
function smsCountriesOf(codes: string[]): string[] {
  return codes.map((code, index) => {
    const country = phoneCountryCode(code);
    if (!country) {
      throw badRequest('validation_failed', `"${code}" is not a country phone numbers belong to`, [
        { field: `sms_allowed_countries/${index}`, message: 'must be an ISO 3166 country code such as NL or BE' },
      ]);
    }
    return country;
  });
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * Applies the fields present in `patch`. Rules across fields are checked on the
 * merged result, inside one transaction holding the settings row, so two concurrent updates
 * cannot together produce a state that neither alone may.
 */
export async function updateSettings(ctx: AppContext, patch: SettingsUpdateInput) {
  if (patch.timezone !== undefined && !isValidTimezone(patch.timezone)) {
    throw badRequest('validation_failed', `Unknown time zone "${patch.timezone}"`, [
      { field: 'timezone', message: 'must be an IANA time zone such as Europe/Amsterdam' },
    ]);
  }
  const linkOrigins = patch.email_link_origins?.map(normalOrigin);
  if (linkOrigins?.includes(null)) {
    throw badRequest('validation_failed', 'email_link_origins holds something that is not an origin', [
      { field: 'email_link_origins', message: 'each must be an http(s) origin such as https://book.example' },
    ]);
  }
  if (patch.currency !== undefined && !CURRENCIES.has(patch.currency)) {
    throw badRequest('validation_failed', `Unknown currency "${patch.currency}"`, [
      { field: 'currency', message: 'must be an ISO 4217 code such as EUR' },
    ]);
  }

  const updated = await ctx.db.transaction().execute(async (trx) => {
    let current = trx.selectFrom('settings').selectAll().where('id', '=', 1);
    current = lockRows(current, ctx.dialect);
    const before = await current.executeTakeFirstOrThrow();

    const changes: Partial<Settings> = {};
    for (const [field, value] of Object.entries(patch) as Array<[keyof SettingsUpdateInput, unknown]>) {
      if (value === undefined) continue;
      if ((TOGGLES as readonly string[]).includes(field)) {
        (changes as Record<string, unknown>)[field] = toFlag(value as boolean | 0 | 1);
      } else if ((SECRET_FIELDS as readonly string[]).includes(field)) {
        // The mask sent back unchanged means "keep what is stored".
        if (value !== MASK) (changes as Record<string, unknown>)[field] = ctx.secrets.seal(value as string);
      } else if (field === 'reminder_email_hours' || field === 'reminder_sms_hours') {
        changes[field] = JSON.stringify([...(value as number[])].sort((a, b) => b - a));
      } else if (field === 'sms_allowed_countries') {
        changes.sms_allowed_countries = JSON.stringify(smsCountriesOf(value as string[]));
      } else if (field === 'email_link_origins') {
        changes[field] = JSON.stringify([...new Set(linkOrigins)]);
      } else if (field === 'daily_revenue_goal' || field === 'noshow_fee_value' || field === 'noshow_min_amount') {
        changes[field] = toCents(value as number);
      } else if (typeof value === 'string' && field !== 'smtp_pass') {
        (changes as Record<string, unknown>)[field] =
          field.endsWith('email') || field === 'smtp_from' || field === 'brand_color'
            ? value.trim().toLowerCase()
            : value.trim();
      } else {
        (changes as Record<string, unknown>)[field] = value;
      }
    }

    // The mail password belongs to the server and user it was typed for: moving either clears it,
    // unless the same request gives a new one, so it is never sent to a server an admin (or
    // whoever holds an admin's session) points it at afterwards.
    const smtpMoved = (['smtp_host', 'smtp_port', 'smtp_user'] as const).some(
      (field) => field in changes && changes[field] !== before[field],
    );
    if (smtpMoved && !('smtp_pass' in changes)) changes.smtp_pass = '';

    const merged = { ...before, ...changes };
    if (
      patch.internal_consumption_enabled !== undefined &&
      toFlag(patch.internal_consumption_enabled) === 1 &&
      merged.purchase_orders_enabled === 0
    ) {
      throw badRequest(
        'internal_consumption_requires_purchase_orders',
        'internal_consumption_enabled can be 1 only while purchase_orders_enabled is 1',
        [{ field: 'internal_consumption_enabled', message: 'requires purchase_orders_enabled = 1' }],
      );
    }
    // Turning purchase orders off turns internal consumption off with it: the latter needs the former.
    if (changes.purchase_orders_enabled === 0) changes.internal_consumption_enabled = 0;
    if (merged.noshow_fee_type === 'percentage' && merged.noshow_fee_value > 10_000) {
      throw badRequest('validation_failed', 'A percentage no-show fee is at most 100', [
        { field: 'noshow_fee_value', message: 'must be between 0 and 100 for a percentage fee' },
      ]);
    }

    if (Object.keys(changes).length > 0) {
      await updateSettingsRow(trx, { ...changes, updated_at: nowIso() });
    }
    // Reminders already planned follow the new settings (bookings module, reminders.ts): one
    // job walks the future bookings; saves in quick succession fold into that one job.
    if (REMINDER_FIELDS.some((field) => field in changes && changes[field] !== before[field])) {
      await enqueue(trx, 'booking.reminders_resync', {}, { key: 'booking.reminders_resync' });
    }
    return readSettings(trx);
  });
  return present(ctx, updated);
}
