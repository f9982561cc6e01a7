import { answerOf } from '../../api/errors';
import type { MessageKey } from '../../i18n/i18n';
import type { PageWords } from '../../ui/FailureAlert';

/*
 * The waitlist API refuses with a code and no `details` (400 `date_in_past` …), so the field at
 * fault is named here: each code on the field it is about, and the alert says it too.
 */

/** The field each of the waitlist's refusals is about, with its words. */
const FIELD_OF: Record<string, { field: string; key: MessageKey }> = {
  unknown_client: { field: 'client_id', key: 'waitlist.refusal.unknown_client' },
  client_inactive: { field: 'client_id', key: 'waitlist.refusal.unknown_client' },
  unknown_service: { field: 'service_id', key: 'waitlist.refusal.unknown_service' },
  unknown_staff: { field: 'staff_id', key: 'waitlist.refusal.unknown_staff' },
  invalid_date: { field: 'date', key: 'waitlist.refusal.invalid_date' },
  date_in_past: { field: 'date', key: 'waitlist.refusal.date_in_past' },
  invalid_time_window: { field: 'time_to', key: 'waitlist.refusal.invalid_time_window' },
};

/** The alert's words: each refusal as the API names it. */
export const WAITLIST_WORDS: PageWords = {
  codes: {
    ...Object.fromEntries(Object.entries(FIELD_OF).map(([code, { key }]) => [code, key])),
    waitlist_entry_booked: 'waitlist.refusal.waitlist_entry_booked',
  },
};

/** The field a refusal is about and its words; null for any other failure. */
export function refusedField(error: unknown): { field: string; key: MessageKey } | null {
  const answer = answerOf(error);
  if (answer?.status !== 400 || answer.code === undefined) return null;
  return FIELD_OF[answer.code] ?? null;
}
