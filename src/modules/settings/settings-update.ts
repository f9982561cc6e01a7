import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import { isValidTimezone, nowIso } from '../../lib/time.js';
import { readSettings, SECRET_FIELDS, updateSettingsRow } from '../../db/settings.js';
import { enqueue } from '../../jobs/queue.js';
import { phoneCountryCode } from '../../sms/phone.js';
import { normalOrigin } from './link-origins.js';
import { MASK, REMINDER_FIELDS, TOGGLES, type SettingsUpdateInput } from './schemas.js';
import { lockRows } from '../../db/locks.js';
import { present } from './settings-view.js';

/*
 * Changing the settings: each field normalised, and the rules across fields checked on the merged
 * row in the transaction that holds it.
 */

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
