import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { insertDefaultRow, updateDefaultRow } from '../../db/default-row.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { conflict, notFound } from '../../lib/errors.js';
import { lockSettingsRow, readTimezone } from '../settings/service.js';
import type { LocationCreateInput, LocationOutput, LocationUpdateInput } from './schemas.js';
import { findLocation, type LocationRow, toLocation } from './reads.js';

/* Creating, changing and deleting a location; at most one location is the default. */

const defaultConflict = () =>
  conflict('default_conflict', 'Another change to the default location happened at the same time; try again');

/**
 * Every write runs in one transaction that first serialises on the settings row (SQLite's
 * BEGIN IMMEDIATE already serialises writers). Without it, two PostgreSQL transactions that
 * each clear the old default and then set their own would both pass the clear (neither sees
 * the other's uncommitted row) and the second would fail on the partial unique index
 * `locations_one_default`. A unique violation that still gets through becomes a 409.
 */
async function writeLocked<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockSettingsRow(trx, ctx.dialect);
      return work(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw defaultConflict();
    throw error;
  }
}

export async function createLocation(ctx: AppContext, input: LocationCreateInput): Promise<LocationOutput> {
  const isDefault = input.is_default === undefined ? 0 : toFlag(input.is_default);
  const row = await writeLocked(ctx, async (trx) => {
    return insertDefaultRow(trx, 'locations', {
      name: input.name.trim(),
      address: input.address?.trim() ?? '',
      phone: input.phone?.trim() ?? '',
      email: input.email?.trim() ?? '',
      is_default: isDefault,
      active: input.active === undefined ? 1 : toFlag(input.active),
    });
  });
  return toLocation(row, await readTimezone(ctx.db));
}

/** Only the fields present in `input` change. */
export async function updateLocation(ctx: AppContext, id: number, input: LocationUpdateInput): Promise<LocationOutput> {
  const row = await writeLocked(ctx, async (trx) => {
    const current = await findLocation(trx, id);
    const changes: Partial<Omit<LocationRow, 'id' | 'created_at'>> = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.address !== undefined) changes.address = input.address.trim();
    if (input.phone !== undefined) changes.phone = input.phone.trim();
    if (input.email !== undefined) changes.email = input.email.trim();
    if (input.active !== undefined) changes.active = toFlag(input.active);
    if (input.is_default !== undefined) changes.is_default = toFlag(input.is_default);
    return updateDefaultRow(trx, 'locations', id, current, changes);
  });
  return toLocation(row, await readTimezone(ctx.db));
}

/**
 * Removes the location. Shifts point at it with ON DELETE SET NULL, so they never block;
 * any other reference that does (added by later modules) makes this a 409: the caller
 * should deactivate the location instead. Deleting the default leaves no default.
 */
export async function deleteLocation(ctx: AppContext, id: number): Promise<void> {
  try {
    const result = await ctx.db.deleteFrom('locations').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Location');
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict('location_in_use', 'This location is still in use; deactivate it instead');
    }
    throw error;
  }
}
