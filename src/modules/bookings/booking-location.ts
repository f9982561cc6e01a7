import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';

/*
 * Where a booking takes place. Asked for: an active location. Not asked for: where the staff
 * member works that day (the location of their first shift that date that names one), else
 * the salon's default location, else none (a salon without locations).
 */

export async function requireActiveLocation(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<number> {
  let query = trx.selectFrom('locations').select('id').where('id', '=', id).where('active', '=', 1);
  query = lockRows(query, dialect, 'key share');
  const location = await query.executeTakeFirst();
  if (!location) {
    throw badRequest('unknown_location', 'No active location has this id', [
      { field: 'location_id', message: 'is not an active location' },
    ]);
  }
  return location.id;
}

export async function defaultLocation(trx: Transaction<DB>, staffId: number, date: string): Promise<number | null> {
  const shift = await trx
    .selectFrom('shifts')
    .select('location_id')
    .where('staff_id', '=', staffId)
    .where('date', '=', date)
    .where('location_id', 'is not', null)
    .orderBy('start_time')
    .limit(1)
    .executeTakeFirst();
  if (shift?.location_id != null) return shift.location_id;
  const fallback = await trx
    .selectFrom('locations')
    .select('id')
    .where('is_default', '=', 1)
    .where('active', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return fallback?.id ?? null;
}

/** The location a booking gets: the one asked for (checked), else the default for that member and date. */
export async function bookingLocation(
  trx: Transaction<DB>,
  dialect: Dialect,
  requested: number | null | undefined,
  staffId: number,
  date: string,
): Promise<number | null> {
  if (requested === null) return null;
  if (requested !== undefined) return requireActiveLocation(trx, dialect, requested);
  return defaultLocation(trx, staffId, date);
}
