import type { AppContext } from '../../context.js';
import type { AuthClient } from '../../http/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isValidDate } from '../../lib/time.js';
import {
  availableSlots,
  loadDay,
  loadVisitDay,
  visitSlots,
  type Slot,
  type VisitSlot,
} from '../availability/service.js';
import { readSettings } from '../settings/service.js';
import type { VisitAvailabilityInput } from './schemas.js';
import { partsAsked, requireBookableOnline } from './online-bookable.js';

export const staffChoiceDisabled = () =>
  badRequest('staff_choice_disabled', 'This salon does not let clients choose the staff member', [
    { field: 'staff_id', message: 'must be left out: booking_allow_staff_choice is off' },
  ]);

export function requireRealDate(date: string): void {
  if (!isValidDate(date)) {
    throw badRequest('validation_failed', `${date} is not a real date`, [
      { field: 'date', message: 'must be a real calendar date (YYYY-MM-DD)' },
    ]);
  }
}

/**
 * GET /public/availability: the starts a booking may take on one date. A signed-in client
 * with a previous visit gets slots without new_client_extra_min; anyone else, the longer ones.
 */
export async function publicAvailability(
  ctx: AppContext,
  query: { date: string; service_id: number; staff_id?: number | undefined },
  client: AuthClient | null,
): Promise<Slot[]> {
  requireRealDate(query.date);
  await requireBookableOnline(ctx.db, [{ serviceId: query.service_id, field: 'service_id' }]);
  const day = await loadDay(
    ctx.db,
    { date: query.date, serviceId: query.service_id, staffId: query.staff_id, clientId: client?.id ?? null },
    false,
  );
  if (query.staff_id !== undefined && !day.staffChoice) throw staffChoiceDisabled();
  return availableSlots(day.input);
}

/**
 * POST /public/visit-availability: the starts at which a visit of several services (in order,
 * back to back) fits on one date, with who does each part. Same rules and client handling as
 * GET /public/availability, part by part.
 */
export async function publicVisitAvailability(
  ctx: AppContext,
  body: VisitAvailabilityInput,
  client: AuthClient | null,
): Promise<VisitSlot[]> {
  requireRealDate(body.date);
  // Checked before the members named: without a choice to make, naming one is the mistake.
  if (body.parts.some((part) => part.staff_id !== undefined)) {
    const settings = await readSettings(ctx.db);
    if (settings.booking_allow_staff_choice !== 1) throw staffChoiceDisabled();
  }
  await requireBookableOnline(ctx.db, partsAsked(body.parts));
  const loaded = await loadVisitDay(
    ctx.db,
    {
      date: body.date,
      parts: body.parts.map((part) => ({ serviceId: part.service_id, staffId: part.staff_id })),
      clientId: client?.id ?? null,
    },
    false,
  );
  return visitSlots(loaded);
}

/**
 * GET /public/me/bookings/:id/availability: the starts to which the signed-in client may move
 * their booking on one date, as POST …/move judges them: the booking's service, its member (or
 * the one named, when the salon lets clients choose), the booking itself not counting as busy.
 */
export async function moveAvailability(
  ctx: AppContext,
  client: AuthClient,
  bookingId: number,
  query: { date: string; staff_id?: number | undefined },
  now: Date = new Date(),
): Promise<Slot[]> {
  requireRealDate(query.date);
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'client_id', 'service_id', 'staff_id'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking || booking.client_id !== client.id) throw notFound('Booking');
  const day = await loadDay(
    ctx.db,
    {
      date: query.date,
      serviceId: booking.service_id,
      staffId: query.staff_id ?? booking.staff_id,
      clientId: client.id,
      excludeBookingIds: [booking.id],
    },
    false,
    now,
  );
  if (query.staff_id !== undefined && !day.staffChoice) throw staffChoiceDisabled();
  return availableSlots(day.input);
}
