import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../lib/errors.js';
import { addDays, isValidDate, todayIn } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { listBookings } from './reads.js';
import type { BookingOutput } from './schemas.js';

/*
 * The signed-in person's own agenda (GET /api/bookings/agenda): their bookings of a few days,
 * each with the client's phone, which a stylist's phone calls and keeps offline. Only the
 * caller's own bookings, whatever they may see of others': what a phone keeps offline is then
 * never more than what that person may see.
 */

/** Days an agenda covers at most: what a phone keeps offline is bounded by it. */
export const AGENDA_MAX_DAYS = 14;
export const AGENDA_DEFAULT_DAYS = 7;

export interface AgendaEntry {
  booking: BookingOutput;
  client_phone: string;
}

export async function personalAgenda(
  ctx: AppContext,
  caller: AuthUser,
  query: { from?: string; days?: number },
): Promise<{ from: string; to: string; timezone: string; entries: AgendaEntry[] }> {
  const timezone = await readTimezone(ctx.db);
  const from = query.from ?? todayIn(timezone);
  if (!isValidDate(from)) {
    throw badRequest('validation_failed', 'Invalid date', [
      { field: 'from', message: 'must be a real date (YYYY-MM-DD)' },
    ]);
  }
  const to = addDays(from, (query.days ?? AGENDA_DEFAULT_DAYS) - 1);
  const listed = await listBookings(ctx, caller, { from, to, staff_id: [String(caller.id)] });
  // Without `page` the list is an array, newest first; the agenda reads the day forwards.
  const bookings = (Array.isArray(listed) ? listed : listed.data).slice().reverse();
  const clientIds = [...new Set(bookings.map((booking) => booking.client_id))];
  const phones = new Map<number, string>();
  if (clientIds.length > 0) {
    const rows = await ctx.db.selectFrom('clients').select(['id', 'phone']).where('id', 'in', clientIds).execute();
    for (const row of rows) phones.set(row.id, row.phone);
  }
  return {
    from,
    to,
    timezone,
    entries: bookings.map((booking) => ({ booking, client_phone: phones.get(booking.client_id) ?? '' })),
  };
}
