import { chooseLanguage } from '../../messages/index.js';
import { bookingValues, partActions } from '../../mail/templates/bookings.js';
import { mailContext, type Brand } from '../../mail/templates/layout.js';
import { salonAddressLine, type ReminderData } from '../../mail/templates/reminders.js';

/**
 * The reminder as a text message, in the client's language (else the salon's): the visit in
 * one line, the address, then each action's link. The same values and actions as the email.
 */
export function reminderText(data: ReminderData, brand: Brand, clientLanguage: string | null): string {
  const mail = mailContext(brand, chooseLanguage(clientLanguage, brand.language));
  const address = salonAddressLine(mail);
  return [
    mail.t('sms.reminder', bookingValues(data, mail)),
    ...(address ? [mail.t('sms.reminder.address', { address })] : []),
    ...partActions(data.parts, (key, values) => mail.t(key, values)).map(({ label, url }) =>
      mail.t('sms.reminder.link', { action: label, url }),
    ),
  ].join('\n');
}
