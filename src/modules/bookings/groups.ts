import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/types.js';
import { AppError, badRequest, type FieldError } from '../../lib/errors.js';
import { parseLocalDateTime } from '../../lib/time.js';
import { lockActiveStaff } from '../staff/service.js';
import type { Config } from '../../config.js';
import { lockResources } from './occupancy.js';
import { announceCancelled } from './transitions.js';

/*
 * What visits and series share: several bookings written in one transaction, each checked
 * like a single booking, refused or kept as a whole.
 */

export function parseWallClock(value: string, field: string): string {
  const parsed = parseLocalDateTime(value);
  if (parsed === null) {
    const message = 'must be a real date and time (YYYY-MM-DD HH:MM:SS)';
    throw badRequest('validation_failed', `Invalid input: ${field} ${message}`, [{ field, message }]);
  }
  return parsed;
}

/**
 * Locks every staff member's row in ascending id order, then every resource's (ascending),
 * before any booking of the group is checked: two groups touching the same two stylists (or
 * rooms) in opposite order then queue behind one another instead of deadlocking on
 * PostgreSQL. `onRefused` names the part a refused staff member came from.
 */
export async function lockGroup(
  trx: Transaction<DB>,
  dialect: Dialect,
  staffIds: Iterable<number>,
  resourceIds: Iterable<number>,
  onRefused: (staffId: number, error: AppError) => AppError = (_, error) => error,
): Promise<void> {
  for (const staffId of [...new Set(staffIds)].sort((a, b) => a - b)) {
    try {
      await lockActiveStaff(trx, dialect, staffId);
    } catch (error) {
      throw error instanceof AppError ? onRefused(staffId, error) : error;
    }
  }
  await lockResources(trx, dialect, [...resourceIds]);
}

/** The active resources the services require. */
export async function resourcesOfServices(executor: Executor, serviceIds: readonly number[]): Promise<number[]> {
  if (serviceIds.length === 0) return [];
  const rows = await executor
    .selectFrom('service_resources as sr')
    .innerJoin('resources as r', 'r.id', 'sr.resource_id')
    .select('sr.resource_id')
    .where('sr.service_id', 'in', [...new Set(serviceIds)])
    .where('r.active', '=', 1)
    .execute();
  return rows.map((row) => row.resource_id);
}

/** The resources the bookings hold now. */
export async function resourcesHeld(executor: Executor, bookingIds: readonly number[]): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const rows = await executor
    .selectFrom('booking_resources')
    .select('resource_id')
    .where('booking_id', 'in', [...bookingIds])
    .execute();
  return rows.map((row) => row.resource_id);
}

/**
 * Runs `attempt` so that a refusal (an AppError) undoes whatever it wrote and is returned
 * instead of thrown: the transaction goes on, to try another staff member or to check the
 * next occurrence. Other errors still end the transaction.
 */
export async function tryInSavepoint<T>(
  trx: Transaction<DB>,
  attempt: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  await sql`savepoint group_member`.execute(trx);
  try {
    const value = await attempt();
    await sql`release savepoint group_member`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await sql`rollback to savepoint group_member`.execute(trx);
    await sql`release savepoint group_member`.execute(trx);
    return { ok: false, error };
  }
}

/** A member's refusal as the group's, its details under `prefix` (`parts[1]`). */
export function refusalOf(prefix: string, error: AppError): AppError {
  const details: FieldError[] = [
    { field: prefix, message: error.message },
    ...(error.details ?? []).map((detail) => ({ field: `${prefix}.${detail.field}`, message: detail.message })),
  ];
  return new AppError(error.status, error.code, `${prefix}: ${error.message}`, details);
}

/** Cancels bookings the caller has locked, each with the side effects of DELETE /bookings/:id. */
export async function cancelLocked(
  trx: Transaction<DB>,
  config: Config,
  rows: ReadonlyArray<Parameters<typeof announceCancelled>[2]>,
  now: string,
): Promise<void> {
  for (const row of rows) {
    await trx.updateTable('bookings').set({ status: 'cancelled', updated_at: now }).where('id', '=', row.id).execute();
    await announceCancelled(trx, config, row);
  }
}
