import type { Schemas } from '../../../../api/client';
import type { MessageKey } from '../../../../i18n/i18n';

export type Booking = Schemas['Booking'];
export type BookingStatus = Booking['status'];

/** Each status in words, shown on the booking beside its colour, so it is never told by colour alone. */
export const STATUS_WORD: Record<BookingStatus, MessageKey> = {
  scheduled: 'calendar.status.scheduled',
  provisional: 'calendar.status.provisional',
  completed: 'calendar.status.completed',
  'no-show': 'calendar.status.noShow',
  cancelled: 'calendar.status.cancelled',
};

/** A mark drawn before the status on the booking (a pattern in the stylesheet goes with it). */
export const STATUS_MARK: Record<BookingStatus, string> = {
  scheduled: '',
  provisional: '?',
  completed: '✓',
  'no-show': '✗',
  cancelled: '⊘',
};
