import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, Settings } from '../../db/types.js';
import type { AuthClient } from '../../http/auth.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/types.js';
import { releaseEmailHolds } from '../bookings/service.js';
import { isStranger } from './new-clients.js';

/*
 * A booking page filled by a script books for fresh addresses it never reads. With
 * `booking_hold_new_clients`, a stranger's booking (nobody signed in, an email no client has)
 * is made as booking_mode `request` makes it: `provisional`, with the confirm/decline email.
 * Not confirmed within `booking_hold_minutes`, it is released and its time is free again. Known
 * and signed-in clients book as before.
 *
 * Only a salon booking directly holds: with booking_mode `request` every booking already waits
 * for the client's answer, as long as the salon lets it. A booking held for its deposit is not
 * held for its email too: paying is the stronger proof, and its release has its own clock.
 */

/** Whether this booking-page booking is held for its confirm link. Asked before the client is created. */
export async function holdsForConfirmLink(
  trx: Transaction<DB>,
  settings: Pick<Settings, 'booking_hold_new_clients' | 'booking_mode'>,
  client: AuthClient | null,
  email: string,
  heldForDeposit: boolean,
): Promise<boolean> {
  if (settings.booking_hold_new_clients !== 1 || settings.booking_mode === 'request' || heldForDeposit) return false;
  return isStranger(trx, client, email);
}

export const holdReleaseJobKey = (firstBookingId: number) => `booking.hold_release:${firstBookingId}`;

/**
 * Marks the held bookings (one, or a visit's parts) with when they expire and schedules their
 * release then, in the booking's transaction: the release exists exactly when the booking does.
 */
export async function scheduleHoldRelease(
  trx: Transaction<DB>,
  settings: Pick<Settings, 'booking_hold_minutes'>,
  bookingIds: number[],
): Promise<void> {
  const delayMs = settings.booking_hold_minutes * 60_000;
  await trx
    .updateTable('bookings')
    .set({ hold_expires_at: new Date(Date.now() + delayMs).toISOString() })
    .where('id', 'in', bookingIds)
    .execute();
  await enqueue(
    trx,
    'public.booking_hold_release',
    { bookingIds },
    { key: holdReleaseJobKey(bookingIds[0]!), delayMs },
  );
}

/** `public.booking_hold_release`: the held bookings still provisional are released. */
export function bookingHoldReleaseJob(ctx: AppContext): JobHandler<'public.booking_hold_release'> {
  return async ({ bookingIds }, context) => {
    const released = await ctx.db.transaction().execute((trx) => releaseEmailHolds(trx, ctx.config, bookingIds));
    context.log.info({ bookingIds, released }, 'booking hold ended');
  };
}
