import { bookingDetails, bookingEmail, bookingValues, partActions, type BookingEmailData } from './bookings.js';
import { escapeHtml as e, paragraph, type MailContext } from './layout.js';

/**
 * The appointment reminder: the booking email's fields (for a visit, its first part's), and
 * every part, each with its own links.
 */
export interface ReminderData extends BookingEmailData {
  parts: NonNullable<BookingEmailData['parts']>;
}

/** The salon's address on one line (street, postcode and city as set), or "". */
export function salonAddressLine(mail: Pick<MailContext, 'address' | 'postcode' | 'city'>): string {
  const place = [mail.postcode, mail.city].filter(Boolean).join(' ');
  return [mail.address, place].filter(Boolean).join(', ');
}

/** Sent some hours before the visit: what, when, where, and what the client can do about it. */
export const reminder = bookingEmail<ReminderData>('booking.reminder', (data, mail) => {
  const details = bookingDetails(data, mail);
  const address = salonAddressLine(mail);
  if (!address) return {};
  const line = mail.t('booking.details.address', { address });
  return { details: { html: `${details.html}\n${paragraph(e(line))}`, text: `${details.text}\n${line}` } };
});

/**
 * The reminder as a text message: the visit in one line (the salon may rewrite it), the
 * address, then each action's link. The same values and actions as the email.
 */
export function reminderSms(data: ReminderData, mail: MailContext): string {
  const address = salonAddressLine(mail);
  return [
    mail.t('sms.reminder', bookingValues(data, mail)),
    ...(address ? [mail.t('sms.reminder.address', { address })] : []),
    ...partActions(data.parts, (key, values) => mail.t(key, values)).map(({ label, url }) =>
      mail.t('sms.reminder.link', { action: label, url }),
    ),
  ].join('\n');
}
