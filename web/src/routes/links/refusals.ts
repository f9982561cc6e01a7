import type { MessageKey } from '../../i18n/i18n';

export type LinkAction = 'attend' | 'cancel' | 'move';

/**
 * Why the service refuses an action (the verdict of the link's read, or the 409 of the press)
 * in plain words, from its code and the booking's status. The "too late" messages take the
 * moment the action closed as `{deadline}`.
 */
export function refusalMessage(action: LinkAction, code: string, status: string): MessageKey {
  if (status === 'cancelled') return 'links.refused.cancelled';
  if (status === 'provisional' && action === 'attend') return 'links.refused.provisional';
  switch (code) {
    case 'too_late_to_cancel':
      return 'links.refused.tooLateCancel';
    case 'too_late_to_move':
      return 'links.refused.tooLateMove';
    case 'already_cancelled':
      return 'links.refused.cancelled';
    case 'already_started':
      return 'links.refused.started';
    case 'part_of_visit':
      return 'links.refused.visit';
    default:
      return 'links.refused.closed';
  }
}

/** The codes of a 409 that say the action is not allowed (rather than that something went wrong). */
export const REFUSALS = new Set([
  'too_late_to_cancel',
  'too_late_to_move',
  'already_cancelled',
  'already_started',
  'part_of_visit',
  'not_attendable',
  'invalid_transition',
]);
