import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { insertDefaultRow, updateDefaultRow } from '../../db/default-row.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB, LocationsTable } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import type { Executor } from '../../db/executor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { lockSettingsRow, readTimezone } from '../settings/service.js';
import type { LocationCreateInput, LocationOutput, LocationUpdateInput } from './schemas.js';

type LocationRow = Selectable<LocationsTable>;

function toLocation(row: LocationRow, timezone: string): LocationOutput {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    is_default: row.is_default === 1 ? 1 : 0,
    active: row.active === 1 ? 1 : 0,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

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

/** Ordered by name (case-insensitive), then id: the same on both engines. */
export async function listLocations(db: Kysely<DB>, filter: { active?: boolean | undefined }) {
  const timezone = await readTimezone(db);
  let query = db.selectFrom('locations').selectAll();
  if (filter.active !== undefined) query = query.where('active', '=', filter.active ? 1 : 0);
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => toLocation(row, timezone));
}

async function findLocation(executor: Executor, id: number): Promise<LocationRow> {
  const row = await executor.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Location');
  return row;
}

export async function getLocation(db: Kysely<DB>, id: number): Promise<LocationOutput> {
  const row = await findLocation(db, id);
  return toLocation(row, await readTimezone(db));
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
