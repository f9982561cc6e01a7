import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { withdrawNotifications } from '../notifications/service.js';
import { offerFreedSlot } from '../waitlist/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { bookingLink } from './reads.js';

/*
 * Bookings held until the link in their email is clicked (settings `booking_hold_new_clients`):
 * the booking page makes a stranger's booking `provisional` with the confirm/decline email of
 * booking_mode `request`, and marks it with `hold_expires_at`. Not confirmed by then, it is
 * released here. Only marked bookings are ever released: a provisional booking of booking_mode
 * `request` waits for its client's answer as long as the salon lets it.
 */

/**
 * Releases the held bookings among `bookingIds` that are still provisional: `cancelled`, the
 * slot offered to the waitlist, a `booking.cancelled` webhook event, and the admins' stale
 * `booking.request` notification withdrawn. No email: whoever typed the address never showed it
 * was theirs, and a script's victim should not get a second message. The status is part of the
 * UPDATE's condition, so a confirm committed first wins (PostgreSQL re-checks the condition
 * after the confirm's row lock is released; SQLite runs one write at a time), and running the
 * release twice changes nothing. Returns the ids released.
 */
export async function releaseEmailHolds(trx: Transaction<DB>, config: Config, bookingIds: number[]): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const released = await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', 'in', bookingIds)
    .where('status', '=', 'provisional')
    .where('hold_expires_at', 'is not', null)
    .returning(['id', 'service_id', 'staff_id', 'start_at', 'end_at'])
    .execute();
  for (const row of released) {
    await withdrawNotifications(trx, 'booking.request', bookingLink(row.id));
    await recordWebhookEvent(trx, 'booking.cancelled', row.id);
    await offerFreedSlot(
      trx,
      { config },
      {
        serviceId: row.service_id,
        staffId: row.staff_id,
        date: row.start_at.slice(0, 10),
        startAt: row.start_at,
        endAt: row.end_at,
      },
    );
  }
  return released.map((row) => row.id).sort((a, b) => a - b);
}
