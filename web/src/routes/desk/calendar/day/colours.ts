import type { ColorMode } from '../desk-settings';
import type { Booking } from './booking-words';

/*
 * A booking's colour per the salon's `calendar_color_mode`: its service's category colour, its
 * staff member's, or its status's. The colour marks the booking's edge only: its text stays on
 * the page's own background, so every colour a salon picks keeps the text readable.
 */

/** Distinct hues for staff members, taken in turn by their place in the day. */
const STAFF_HUES = ['#1a73c8', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d'];

const STATUS_COLOURS: Record<Booking['status'], string> = {
  scheduled: '#1a73c8',
  provisional: '#a16207',
  completed: '#15803d',
  'no-show': '#b91c1c',
  cancelled: '#6b7280',
};

const NEUTRAL = '#8a827a';

export function bookingColour(
  booking: Booking,
  mode: ColorMode,
  staffIndex: ReadonlyMap<number, number>,
  categoryColours: ReadonlyMap<number, string | null>,
): string {
  if (mode === 'status') return STATUS_COLOURS[booking.status];
  if (mode === 'staff') return STAFF_HUES[(staffIndex.get(booking.staff_id) ?? 0) % STAFF_HUES.length] ?? NEUTRAL;
  return categoryColours.get(booking.service_id) ?? NEUTRAL;
}
