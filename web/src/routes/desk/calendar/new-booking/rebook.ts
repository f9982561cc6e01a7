import { parseDate } from '@internationalized/date';
// With extensions, and the types from the generated schema itself: the unit tests (web/test) load this file under node.
import type { components } from '../../../../api/schema.gen.js';
import { minutesOfClock } from '../day/time-grid.js';

type Booking = components['schemas']['Booking'];

/** What a booking booked again keeps: its client, and its services each with its member, in order. */
export interface Rebook {
  client: { id: number; name: string };
  parts: { serviceId: number; serviceName: string; staffId: number; staffName: string }[];
  /** The day it was booked on, `YYYY-MM-DD`. */
  from: string;
}

/**
 * How many weeks later a booking is booked again by default. The interface gives a service no
 * rebooking interval (its fields are its duration, price, category, processing time, deposit and
 * resources), and the salon's only interval of the kind, `visit_frequency_days` (42 by default),
 * is when a client counts as overdue, an admin's setting that a stylist cannot read: a next visit
 * is booked before that point, not at it. Four weeks is a usual cut-and-colour rhythm; the desk
 * picks another day in the dialog.
 */
export const REBOOK_WEEKS = 4;

/**
 * A booking (or its visit, when the visit could be read) booked again: the same client, the same
 * services each with the same member, at the same time of day, on the same weekday `REBOOK_WEEKS`
 * later, or on that weekday's first date from `today` when that has passed. A visit keeps its parts
 * that were not cancelled (all of them when every part was).
 */
export function rebookOf(
  booking: Booking,
  visit: readonly Booking[] | undefined,
  today: string,
): { staffId: number; date: string; minute: number; rebook: Rebook } {
  const all = visit && visit.length > 0 ? visit : [booking];
  const kept = all.filter((part) => part.status !== 'cancelled');
  const parts = kept.length > 0 ? kept : all;
  const first = parts[0] ?? booking;
  const from = parseDate(first.start_at.slice(0, 10));
  let day = from.add({ weeks: REBOOK_WEEKS });
  const floor = parseDate(today);
  while (day.compare(floor) < 0) day = day.add({ weeks: 1 });
  return {
    staffId: first.staff_id,
    date: day.toString(),
    minute: minutesOfClock(first.start_at.slice(11, 16)),
    rebook: {
      client: { id: booking.client_id, name: booking.client_name },
      parts: parts.map((part) => ({
        serviceId: part.service_id,
        serviceName: part.service_name,
        staffId: part.staff_id,
        staffName: part.staff_name,
      })),
      from: from.toString(),
    },
  };
}
