import type { MessageKey } from '../../../../i18n/i18n';
import type { DropConflict } from './drop-rules';

export const CONFLICT_WORD: Record<DropConflict, MessageKey> = {
  holiday: 'calendar.drop.conflict.holiday',
  booking_overlap: 'calendar.drop.conflict.booking_overlap',
  in_the_past: 'calendar.drop.conflict.in_the_past',
  outside_working_time: 'calendar.drop.conflict.outside_working_time',
};
