import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/types.js';
import { AppError, badRequest, type FieldError } from '../../lib/errors.js';
import { parseLocalDateTime } from '../../lib/time.js';
import { lockActiveStaff } from '../staff/service.js';

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
 * Locks the staff members' rows in ascending id order, before any booking of the group is
 * checked: two groups touching the same two stylists in opposite order then queue behind one
 * another instead of deadlocking on PostgreSQL.
 */
export async function lockStaffAscending(
  trx: Transaction<DB>,
  dialect: Dialect,
  staffIds: Iterable<number>,
  onRefused: (staffId: number, error: AppError) => AppError = (_, error) => error,
): Promise<void> {
  for (const staffId of [...new Set(staffIds)].sort((a, b) => a - b)) {
    try {
      await lockActiveStaff(trx, dialect, staffId);
    } catch (error) {
      throw error instanceof AppError ? onRefused(staffId, error) : error;
    }
  }
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
