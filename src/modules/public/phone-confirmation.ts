import type { Executor } from '../../db/executor.js';
import type { Settings } from '../../db/types.js';
import { maySmsCountry } from '../../sms/phone.js';

/*
 * Who may make the salon text a number (against SMS pumping, where a script books with
 * numbers of a premium range and `sms_consent: true`). A number typed on the booking page by
 * someone not signed in is held as `phone_unconfirmed` and gets no SMS (the send job checks,
 * sms/send-job.ts) until its client shows the email address is theirs: by any link of the
 * salon's emails that acts for them (sign-in link, confirm of a provisional booking, "I'll be
 * there", move). A number the desk enters, or a signed-in client sets, is trusted at once:
 * it differs from the one held, so the hold no longer applies. The booking is never refused
 * for its number: the interface's `client_phone` takes any.
 */

/** The unconfirmed number a new client from the booking page starts with: their phone, if any. */
export function unconfirmedPhoneOf(phone: string): string | null {
  return phone === '' ? null : phone;
}

/**
 * Whether the form's SMS consent may be recorded for this number: not for a number of a
 * country the salon does not text (`sms_allowed_countries`); the booking itself goes ahead.
 */
export function smsConsentAllowed(
  phone: string,
  settings: Pick<Settings, 'sms_allowed_countries' | 'language'>,
): boolean {
  return phone === '' || maySmsCountry(phone, settings);
}

/** The client showed the email address is theirs: their number may now be texted. */
export async function confirmClientPhone(executor: Executor, clientId: number): Promise<void> {
  await executor
    .updateTable('clients')
    .set({ phone_unconfirmed: null })
    .where('id', '=', clientId)
    .where('phone_unconfirmed', 'is not', null)
    .execute();
}
