import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { BookingHistoryEntry } from './history-schemas.js';
import { agendaOf } from './reads.js';

/*
 * A booking's history (migration 0053): triggers write a row for its creation and for every
 * change of its times, status, staff member, service or notes, whichever path makes it. Who
 * made it is told to the triggers here, per transaction.
 */

/** Who writes: a signed-in user, or the client through the booking page or their email's links. */
export type Actor = { user: number } | 'client';

/**
 * Runs `work` in `trx` with its booking writes recorded as made by `actor`. The actor's row is
 * deleted before the transaction commits, so it never outlives it: a write without one is the
 * system's. A `work` that throws rolls the transaction back, the row with it.
 */
export function asActor<T>(actor: Actor, work: (trx: Transaction<DB>) => Promise<T>) {
  return async (trx: Transaction<DB>): Promise<T> => {
    await trx
      .insertInto('booking_history_actor')
      .values({ actor: actor === 'client' ? 'client' : `user:${actor.user}` })
      .execute();
    const result = await work(trx);
    await trx.deleteFrom('booking_history_actor').execute();
    return result;
  };
}

/** The signed-in caller as the history's actor. */
export const userActor = (caller: AuthUser): Actor => ({ user: caller.id });

/** GET /api/bookings/:id/history: oldest first; 404 as the booking itself is (absent or outside the caller's agenda). */
export async function bookingHistory({ db }: AppContext, caller: AuthUser, id: number): Promise<BookingHistoryEntry[]> {
  const [own, booking, rows, timezone] = await Promise.all([
    agendaOf(db, caller),
    db.selectFrom('bookings').select(['id', 'staff_id']).where('id', '=', id).executeTakeFirst(),
    db.selectFrom('booking_history').selectAll().where('booking_id', '=', id).orderBy('id').execute(),
    readTimezone(db),
  ]);
  if (!booking || (own !== null && booking.staff_id !== own)) throw notFound('Booking');

  const userIds = new Set<number>();
  const serviceIds = new Set<number>();
  for (const row of rows) {
    const user = /^user:(\d+)$/.exec(row.actor ?? '');
    if (user) userIds.add(Number(user[1]));
    for (const staffId of [row.old_staff_id, row.new_staff_id]) if (staffId !== null) userIds.add(staffId);
    for (const serviceId of [row.old_service_id, row.new_service_id]) if (serviceId !== null) serviceIds.add(serviceId);
  }
  const [users, services] = await Promise.all([
    userIds.size === 0
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'name'])
          .where('id', 'in', [...userIds])
          .execute(),
    serviceIds.size === 0
      ? []
      : db
          .selectFrom('services')
          .select(['id', 'name'])
          .where('id', 'in', [...serviceIds])
          .execute(),
  ]);
  const userName = new Map(users.map((user) => [user.id, user.name]));
  const serviceName = new Map(services.map((service) => [service.id, service.name]));
  const person = (userId: number) => ({ id: userId, name: userName.get(userId) ?? '' });
  const service = (serviceId: number) => ({ id: serviceId, name: serviceName.get(serviceId) ?? '' });

  return rows.map((row) => {
    const user = /^user:(\d+)$/.exec(row.actor ?? '');
    const changed = row.kind === 'changed';
    const moved =
      changed &&
      row.old_start_at !== null &&
      row.old_end_at !== null &&
      (row.old_start_at !== row.new_start_at || row.old_end_at !== row.new_end_at);
    return {
      id: row.id,
      at: formatInstant(row.created_at, timezone),
      kind: row.kind,
      by: user ? 'user' : row.actor === 'client' ? 'client' : 'system',
      user: user ? person(Number(user[1])) : null,
      moved: moved
        ? {
            from_start_at: row.old_start_at as string,
            from_end_at: row.old_end_at as string,
            to_start_at: row.new_start_at,
            to_end_at: row.new_end_at,
          }
        : null,
      status:
        changed && row.old_status !== null && row.old_status !== row.new_status
          ? { from: row.old_status, to: row.new_status }
          : null,
      staff:
        changed && row.old_staff_id !== null && row.old_staff_id !== row.new_staff_id
          ? { from: person(row.old_staff_id), to: person(row.new_staff_id) }
          : null,
      service:
        changed && row.old_service_id !== null && row.old_service_id !== row.new_service_id
          ? { from: service(row.old_service_id), to: service(row.new_service_id) }
          : null,
      notes_changed: row.notes_changed === 1,
      internal_notes_changed: row.internal_notes_changed === 1,
    };
  });
}
