import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { ensureStandardVatRate, lockSettingsRow, updateSettingsRow } from '../settings/service.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
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

export async function setup(ctx: AppContext, input: SetupInput) {
  const hours = validateOpeningHours(input.opening_hours ?? []);
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

function validateOpeningHours(entries: NonNullable<SetupInput['opening_hours']>) {
  const seen = new Set<number>();
  return entries.map((entry, index) => {
    const field = `opening_hours.${index}`;
    if (seen.has(entry.day_of_week)) {
      throw badRequest('validation_failed', 'Each day may appear once in opening_hours', [
        { field: `${field}.day_of_week`, message: 'appears more than once' },
      ]);
    }
    seen.add(entry.day_of_week);
    const isClosed = entry.is_closed === undefined ? 0 : toFlag(entry.is_closed);
    const open = entry.open_time ?? null;
    const close = entry.close_time ?? null;
    if (!isClosed && (!open || !close || open >= close)) {
      throw badRequest('validation_failed', 'An open day needs open_time before close_time', [
        { field: `${field}.close_time`, message: 'must be after open_time' },
      ]);
    }
    return {
      day_of_week: entry.day_of_week,
      open_time: isClosed ? null : open,
      close_time: isClosed ? null : close,
      is_closed: isClosed,
    };
  });
}
