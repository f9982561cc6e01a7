import type { MessageKey } from '../../../../i18n/i18n';
import type { PageWords } from '../../../../ui/FailureAlert';
import { DESK_WORDS } from '../refusals';
import type { DropConflict } from './drop-rules';

/** The desk's words for a move's refusals, and for a booking changed since the desk saw it. */
export const MOVE_WORDS: PageWords = {
  codes: { ...DESK_WORDS.codes, booking_changed: 'calendar.drop.changed' },
};

export const CONFLICT_WORD: Record<DropConflict, MessageKey> = {
  holiday: 'calendar.drop.conflict.holiday',
  booking_overlap: 'calendar.drop.conflict.booking_overlap',
  in_the_past: 'calendar.drop.conflict.in_the_past',
  outside_working_time: 'calendar.drop.conflict.outside_working_time',
};
