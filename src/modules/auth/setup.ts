import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import {
  ensureStandardVatRate,
  lockSettingsRow,
  updateSettingsRow,
  validateOpeningHours,
} from '../settings/service.js';
import { badRequest } from '../../lib/errors.js';
import { isValidTimezone, nowIso } from '../../lib/time.js';
import type { Kysely } from 'kysely';
import type { SetupInput } from './schemas.js';
import { createUser, normalizeEmail } from './users.js';

/*
 * The first run: one set-up makes the first admin and fills the salon's name, contact and opening
 * hours; any later one is refused.
 */

export async function needsSetup(db: Kysely<DB>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return anyUser === undefined;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The salon's zone and currency as `PUT /settings` checks them: a name that is not one is 400 on its field. */
function validateSalonChoices(input: SetupInput): void {
  if (input.timezone !== undefined && !isValidTimezone(input.timezone)) {
    throw badRequest('validation_failed', `Unknown time zone "${input.timezone}"`, [
      { field: 'timezone', message: 'must be an IANA time zone such as Europe/Amsterdam' },
    ]);
  }
  if (input.currency !== undefined && !CURRENCIES.has(input.currency)) {
    throw badRequest('validation_failed', `Unknown currency "${input.currency}"`, [
      { field: 'currency', message: 'must be an ISO 4217 code such as EUR' },
    ]);
  }
}

export async function setup(ctx: AppContext, input: SetupInput) {
  const hours = validateOpeningHours(input.opening_hours ?? []);
  validateSalonChoices(input);
  const user = await ctx.db.transaction().execute(async (trx) => {
    // Serialise concurrent set-ups on the settings row, then look for users with a fresh
    // snapshot: only the first set-up wins.
    await lockSettingsRow(trx, ctx.dialect);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) throw badRequest('setup_done', 'Setup has already been completed');
    const admin = await createUser(trx, {
      name: input.admin_name,
      email: input.admin_email,
      password: input.admin_password,
      role: 'admin',
      requirePasswordChange: false,
    });
    const now = nowIso();
    await updateSettingsRow(trx, {
      salon_name: input.salon_name.trim(),
      salon_email: input.salon_email ? normalizeEmail(input.salon_email) : '',
      salon_phone: input.salon_phone?.trim() ?? '',
      salon_address: input.salon_address?.trim() ?? '',
      ...(input.timezone !== undefined && { timezone: input.timezone }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.currency !== undefined && { currency: input.currency }),
      setup_completed_at: now,
      updated_at: now,
    });
    await ensureStandardVatRate(trx);
    if (hours.length > 0) {
      await trx.deleteFrom('opening_hours').execute();
      await trx.insertInto('opening_hours').values(hours).execute();
    }
    return admin;
  });
  return {
    token: await ctx.signer.signAccess(user.id, user.role),
    user: { id: user.id, name: user.name, role: user.role },
  };
}
