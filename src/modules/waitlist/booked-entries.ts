import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../lib/errors.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';

/* A waitlist entry taken up by a new booking, in the transaction that makes it. */

/**
 * The waitlist entry a new booking fulfils, locked until the caller's transaction ends
 * (db/locks.ts); 400 unless it exists and belongs to the booking's client.
 */
export async function lockEntryForBooking(
  trx: Executor,
  dialect: Dialect,
  entryId: number,
  clientId: number,
): Promise<void> {
  const entry = await lockRows(
    trx.selectFrom('waitlist_entries').select(['id', 'client_id']).where('id', '=', entryId),
    dialect,
  ).executeTakeFirst();
  if (!entry) {
    throw badRequest('unknown_waitlist_entry', 'No waitlist entry has this id', [
      { field: 'waitlist_id', message: 'is not an existing waitlist entry' },
    ]);
  }
  if (entry.client_id !== clientId) {
    throw badRequest('waitlist_client_mismatch', 'This waitlist entry belongs to another client', [
      { field: 'waitlist_id', message: 'is a waitlist entry of another client' },
    ]);
  }
}

/** The entry got its booking, in the transaction that made it. */
export async function markEntryBooked(trx: Executor, entryId: number, now: string): Promise<void> {
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', updated_at: now })
    .where('id', '=', entryId)
    .execute();
}
