import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import { fromCents } from '../../lib/money.js';
import { DEFAULT_TIMEZONE, formatInstant } from '../../lib/time.js';
import { readSettings, reminderHours, SECRET_FIELDS } from '../../db/settings.js';
import { emailLinkOrigins } from './link-origins.js';
import { MASK, TOGGLES } from './schemas.js';
import { logoUrl } from './logo-address.js';

/*
 * The settings as the API shows them: secrets masked (with whether each is set), amounts in
 * euros, the opening hours and the logo's address.
 */

type SecretField = (typeof SECRET_FIELDS)[number];

export async function present(ctx: AppContext, stored: Readonly<Settings>) {
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
