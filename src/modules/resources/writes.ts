import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { lockRows } from '../../db/locks.js';
import type { DB, ResourcesTable } from '../../db/types.js';
import { toFlag } from '../../http/schemas.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Updateable } from 'kysely';
import type { ResourceCreateInput, ResourceOutput, ResourceUpdateInput } from './schemas.js';
import { readResource } from './reads.js';

/*
 * Creating, changing and deleting a resource; one that bookings hold is archived instead of
 * deleted.
 */

/*
 * Referenced rows (location, services) are checked inside the writing transaction; on
 * PostgreSQL FOR KEY SHARE keeps them from being deleted before the write commits. SQLite's
 * BEGIN IMMEDIATE already serialises every write transaction.
 */

async function requireActiveLocation(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<void> {
  const location = await lockRows(
    trx.selectFrom('locations').select('id').where('id', '=', id).where('active', '=', 1),
    dialect,
    'key share',
  ).executeTakeFirst();
  if (!location) {
    throw badRequest('unknown_location', 'No active location has this id', [
      { field: 'location_id', message: 'is not an active location' },
    ]);
  }
}

async function requireActiveServices(trx: Transaction<DB>, dialect: Dialect, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await lockRows(
    trx.selectFrom('services').select('id').where('id', 'in', ids).where('active', '=', 1),
    dialect,
    'key share',
  ).execute();
  const active = new Set(found.map((row) => row.id));
  const index = ids.findIndex((id) => !active.has(id));
  if (index >= 0) {
    throw badRequest('unknown_service', 'No active service has this id', [
      { field: `service_ids[${index}]`, message: 'is not an active service' },
    ]);
  }
}

/** The resource is required by exactly `ids` (links to archived services are dropped too). */
async function replaceServiceLinks(trx: Transaction<DB>, resourceId: number, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('service_resources').where('resource_id', '=', resourceId).execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('service_resources')
    .values(ids.map((serviceId) => ({ service_id: serviceId, resource_id: resourceId })))
    .execute();
}

export async function createResource(ctx: AppContext, input: ResourceCreateInput): Promise<ResourceOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    const locationId = input.location_id ?? null;
    if (locationId !== null) await requireActiveLocation(trx, ctx.dialect, locationId);
    const serviceIds = input.service_ids ?? [];
    await requireActiveServices(trx, ctx.dialect, serviceIds);
    const now = nowIso();
    const { id } = await trx
      .insertInto('resources')
      .values({
        name: input.name.trim(),
        capacity: input.capacity,
        location_id: locationId,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceServiceLinks(trx, id, serviceIds);
    return readResource(trx, id);
  });
}

/**
 * Only the fields present change; `location_id: null` unties it from its location,
 * `active: 1` brings an archived resource back. On PostgreSQL the row is locked as the
 * booking code locks it (FOR NO KEY UPDATE), so a capacity change waits for bookings being
 * written against the old one.
 */
export async function updateResource(ctx: AppContext, id: number, input: ResourceUpdateInput): Promise<ResourceOutput> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockRows(
      trx.selectFrom('resources').select('id').where('id', '=', id),
      ctx.dialect,
      'no key update',
    ).executeTakeFirst();
    if (!current) throw notFound('Resource');
    const changes: Updateable<ResourcesTable> = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.capacity !== undefined) changes.capacity = input.capacity;
    if (input.active !== undefined) changes.active = toFlag(input.active);
    if (input.location_id !== undefined) {
      if (input.location_id !== null) await requireActiveLocation(trx, ctx.dialect, input.location_id);
      changes.location_id = input.location_id;
    }
    if (input.service_ids !== undefined) {
      await requireActiveServices(trx, ctx.dialect, input.service_ids);
      await replaceServiceLinks(trx, id, input.service_ids);
    }
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('resources')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return readResource(trx, id);
  });
}

/**
 * Deletes the resource; one that bookings hold (booking_resources keeps it with a RESTRICT
 * foreign key) is archived instead: `active = 0`, no longer required by its services nor
 * offered, kept for the bookings' history. On PostgreSQL a failed statement aborts its
 * transaction, so the delete runs on its own and the archive in a new statement.
 */
export async function deleteResource(ctx: AppContext, id: number): Promise<{ archived: boolean }> {
  try {
    const result = await ctx.db.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Resource');
    return { archived: false };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
  const result = await ctx.db
    .updateTable('resources')
    .set({ active: 0, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Resource');
  return { archived: true };
}
