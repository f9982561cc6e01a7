import type { AppContext } from '../../context.js';
import type { AuthClient } from '../../http/auth.js';
import { badRequest } from '../../lib/errors.js';
import { isValidDate } from '../../lib/time.js';
import { availableSlots, type Slot } from '../availability/service.js';
import { loadDay } from '../availability/service.js';

export const staffChoiceDisabled = () =>
  badRequest('staff_choice_disabled', 'This salon does not let clients choose the staff member', [
    { field: 'staff_id', message: 'must be left out: booking_allow_staff_choice is off' },
  ]);

/**
 * GET /public/availability: the starts a booking may take on one date. A signed-in client
 * with a previous visit gets slots without new_client_extra_min; anyone else, the longer ones.
 */
export async function publicAvailability(
  ctx: AppContext,
  query: { date: string; service_id: number; staff_id?: number | undefined },
  client: AuthClient | null,
): Promise<Slot[]> {
  if (!isValidDate(query.date)) {
    throw badRequest('validation_failed', `${query.date} is not a real date`, [
      { field: 'date', message: 'must be a real calendar date (YYYY-MM-DD)' },
    ]);
  }
  const day = await loadDay(
    ctx.db,
    { date: query.date, serviceId: query.service_id, staffId: query.staff_id, clientId: client?.id ?? null },
    false,
  );
  if (query.staff_id !== undefined && !day.staffChoice) throw staffChoiceDisabled();
  return availableSlots(day.input);
}
