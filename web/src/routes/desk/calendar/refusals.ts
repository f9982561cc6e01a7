import { answerOf } from '../../../api/errors';
import type { MessageKey } from '../../../i18n/i18n';
import type { PageWords } from '../../../ui/FailureAlert';

/**
 * The desk's words for the refusals the bookings API names: each shown as the API names it,
 * never as "something went wrong".
 */
export const DESK_WORDS: PageWords = {
  codes: {
    not_started: 'calendar.refusal.not_started',
    booking_changed: 'calendar.refusal.booking_changed',
    booking_overlap: 'calendar.refusal.booking_overlap',
    resource_unavailable: 'calendar.refusal.resource_unavailable',
    holiday: 'calendar.refusal.holiday',
    invalid_transition: 'calendar.refusal.invalid_transition',
    already_cancelled: 'app.failure.code.already_cancelled',
    noshow_disabled: 'calendar.refusal.noshow_disabled',
    staff_not_bookable: 'calendar.rule.staff_not_bookable',
    service_not_performed: 'calendar.rule.service_not_performed',
    in_the_past: 'calendar.rule.in_the_past',
    outside_working_time: 'calendar.rule.outside_working_time',
    shorter_than_service: 'calendar.rule.shorter_than_service',
    unknown_client: 'calendar.refusal.unknown_client',
    client_inactive: 'calendar.refusal.unknown_client',
  },
};

/** The desk's rules a booking may be saved against with `override: true`, in the API's order. */
const RULES: Record<string, MessageKey> = {
  staff_not_bookable: 'calendar.rule.staff_not_bookable',
  service_not_performed: 'calendar.rule.service_not_performed',
  in_the_past: 'calendar.rule.in_the_past',
  outside_working_time: 'calendar.rule.outside_working_time',
  shorter_than_service: 'calendar.rule.shorter_than_service',
};

/**
 * The overridable rules a 400 names (its `details`, each message starting with the rule's code):
 * the desk shows them all and offers to save anyway. Empty for any other failure, which no
 * override can lift (a holiday, an overlap, a full resource).
 */
export function brokenRules(error: unknown): MessageKey[] {
  const answer = answerOf(error);
  if (answer?.status !== 400 || answer.code === undefined || !(answer.code in RULES)) return [];
  const codes = (answer.body?.details ?? []).map((detail) => detail.message.split(':')[0] ?? '');
  return [...new Set(codes)].filter((code) => code in RULES).map((code) => RULES[code]!);
}
