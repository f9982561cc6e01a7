/*
 * The English catalogue. ICU MessageFormat: `{name}` is a placeholder, `'` quotes a literal
 * brace. A body is plain text: a blank line separates paragraphs, a single line break stays
 * one; the email layout escapes it and adds the booking details, buttons and footer.
 * nl.ts holds the same keys with the same placeholders (messages.test.ts checks).
 */
export const en = {
  // Pieces every email shares.
  'common.greeting': 'Hello {name},',
  'common.greeting_anonymous': 'Hello,',
  'common.open_address': 'Or open this address: {url}',
  'layout.phone': 'Phone {phone}',
  'format.date_time': '{date} at {time}',
  'format.duration_hours_minutes': '{hours} h {minutes} min',
  'format.duration_hours': '{hours} h',
  'format.duration_minutes': '{minutes} min',

  // What every booking email shows of the appointment.
  'booking.details.part': '{service} with {staff}',
  'booking.details.part_at': '{time} {service} with {staff}',
  'booking.details.when': 'When: {start}',
  'booking.details.duration': 'Duration: {duration}',
  'booking.details.price': 'Price: {price}',
  'calendar.summary': '{service} at {salon_name}',
  'booking.action.cancel': 'Cancel appointment',
  'booking.action.move': 'Move appointment',
  'booking.action.attend': "Confirm I'll be there",
  'booking.action.confirm': 'Confirm',
  'booking.action.decline': 'Decline',
  'booking.action.review': 'Leave a review',
  'booking.action.book_again': 'Book again',

  'booking.details.address': 'Address: {address}',
  'booking.action.for_part': '{action} ({service})',
  'booking.reminder.subject': 'Reminder: your appointment at {salon_name} on {date}',
  'booking.reminder.body': 'Hello {client_first_name},\n\nThis is a reminder of your appointment at {salon_name}:',

  'booking.confirmed.subject': 'Your appointment at {salon_name} on {date}',
  'booking.confirmed.body': 'Hello {client_first_name},\n\nYour appointment is booked:',
  'booking.provisional.subject': 'Please confirm your appointment at {salon_name}',
  'booking.provisional.body':
    'Hello {client_first_name},\n\nWe have reserved this appointment for you. Please confirm or decline it:',
  'booking.waitlist_confirmed.subject': 'Your waitlist appointment at {salon_name} is booked',
  'booking.waitlist_confirmed.body':
    'Hello {client_first_name},\n\nGood news: a place came free, and the appointment you were waiting for is booked:',
  'booking.updated.subject': 'Your appointment at {salon_name} has moved',
  'booking.updated.body': 'Hello {client_first_name},\n\nYour appointment is now:',
  'booking.cancelled.subject': 'Your appointment at {salon_name} is cancelled',
  'booking.cancelled.body':
    'Hello {client_first_name},\n\nThis appointment is cancelled. We hope to see you another time.',
  'booking.review_request.subject': 'How was your visit to {salon_name}?',
  'booking.review_request.body':
    'Hello {client_first_name},\n\nThank you for your visit. Would you tell us how it was?',
  'booking.followup.subject': 'Time for your next visit to {salon_name}?',
  'booking.followup.body':
    'Hello {client_first_name},\n\nA few days ago you had {service} with {staff}. We hope you are happy with it. Would you like to book your next appointment?',
  'booking.request.subject': 'Booking request: {client_name} on {start}',
  'booking.request.body': "A provisional booking for {client_name} awaits the client's answer:",
  'booking.request.action': 'View booking',

  'waitlist.slot_offer.subject': 'A slot opened up at {salon_name} on {date}',
  'waitlist.slot_offer.body':
    'Hello {client_first_name},\n\nYou are on our waitlist, and this appointment has just become available. Contact us or book it online to claim it; it goes to whoever confirms first.',
  'waitlist.slot_offer.action': 'Book this slot',

  'public.client_magic_link.subject': 'Your sign-in link for {salon_name}',
  'public.client_magic_link.body':
    'Hello {client_first_name},\n\nUse the button below to sign in to the booking page of {salon_name}. The link works once, within 15 minutes.\n\nIf you did not ask for this, ignore this email.',
  'public.client_magic_link.action': 'Sign in',

  'giftcard.issued.subject': 'Your {amount} gift card for {salon_name}',
  'giftcard.issued.body':
    'You have received a gift card worth {amount} for {salon_name}. Show the code at the till to pay with it.',
  'giftcard.issued.code': 'Your code: {code}',
  'giftcard.issued.valid_until': 'Valid until {date}.',
  'giftcard.issued.no_expiry': 'It does not expire.',
  'giftcard.issued.qr_alt': 'QR code of {code}',

  // A receipt of the till, sent on request (modules/pos/receipt-email.ts).
  'pos.receipt.subject': 'Your receipt {number} from {salon_name}',
  'pos.receipt.body': 'Thank you for your visit. Here is your receipt.',
  'pos.refund_receipt.subject': 'Your refund receipt {number} from {salon_name}',
  'pos.refund_receipt.body': 'Here is the receipt of your refund.',
  'pos.receipt.btw_number': 'VAT number {number}',
  'pos.receipt.kvk_number': 'Chamber of Commerce {number}',
  'pos.receipt.number': 'Receipt {number}',
  'pos.receipt.refund_of': 'Refund of receipt {number}',
  'pos.receipt.date': 'Date: {date}',
  'pos.receipt.gift_card': 'Gift card {code}',
  'pos.receipt.discount': 'Discount {code}',
  'pos.receipt.loyalty': 'Loyalty points',
  'pos.receipt.total': 'Total',
  'pos.receipt.paid_cash': 'Paid in cash',
  'pos.receipt.paid_card': 'Paid by card',
  'pos.receipt.paid_online': 'Paid online',
  'pos.receipt.paid_gift_card': 'Paid by gift card',
  'pos.receipt.paid_deposit': 'Deposit paid online',
  'pos.receipt.refunded_cash': 'Refunded in cash',
  'pos.receipt.refunded_card': 'Refunded to the card',
  'pos.receipt.refunded_online': 'Refunded online',
  'pos.receipt.refunded_gift_card': 'Refunded to the gift card',
  'pos.receipt.refunded_deposit': 'Deposit',
  'pos.receipt.tendered': 'Cash received',
  'pos.receipt.change': 'Change',
  'pos.receipt.vat_row': 'VAT {rate}% of {net}',
  'pos.receipt.reason': 'Reason: {reason}',

  'payments.noshow_fee.subject': 'No-show fee for your appointment of {start}',
  'payments.noshow_fee.body':
    'Dear {client_first_name},\n\nYou did not come to your appointment for {service} on {start}. As set out in our booking terms, a no-show fee of {amount} is due.',
  'payments.noshow_fee.action': 'Pay the fee',

  'campaign.unsubscribe': 'Unsubscribe',
  'recommendations.subject': 'Picked for you',
  'recommendations.intro': 'Clients who enjoyed {service} also liked:',
  'recommendations.outro': 'Ask for them at your next visit.',

  // To the salon's own people: in the salon's language.
  'auth.welcome.subject': 'Your account at {salon_name}',
  'auth.welcome.body':
    'Hello {name},\n\nAn account has been created for you at {salon_name}.\n\nEmail: {email}\nTemporary password: {password}\n\nYou will be asked to choose your own password when you first sign in.',
  'auth.welcome.action': 'Sign in',
  'auth.password_reset.subject': 'Reset your password for {salon_name}',
  'auth.password_reset.body':
    'Hello {name},\n\nSomeone asked to reset the password of your account. The link below is valid for one hour.',
  'auth.password_reset.after': 'If you did not ask for this, ignore this email: your password stays as it is.',
  'auth.password_reset.action': 'Choose a new password',
  'auth.password_changed.subject': 'Your password for {salon_name} was changed',
  'auth.password_changed.body':
    'Hello {name},\n\nThe password of your account was just changed, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once or contact {salon_name}.',
  'settings.test_email.subject': 'Test email from {salon_name}',
  'settings.test_email.body': 'This is a test email. Your mail server settings work.',
  'settings.sms_daily_limit.subject': 'Daily SMS limit reached ({day})',
  'settings.sms_daily_limit.body':
    'The salon sent its {limit} text messages for {day}. Further messages of that day are kept in the SMS outbox as unsent, not sent.\n\nIf this was not expected, look at the outbox: many messages to unknown or foreign numbers point to abuse of the booking page. Otherwise raise sms_daily_limit in the settings.',
  'settings.sms_daily_limit.action': 'View the SMS outbox',
  'inventory.low_stock.subject': 'Low stock: {product}',
  'inventory.low_stock.body':
    '{product} ({sku}) is running low.\n\nIn stock: {quantity}; alert threshold: {threshold}.',
  'inventory.low_stock.action': 'View product',
  'payments.failed.subject': 'Payment failed: {what}',
  'payments.failed.body': 'The payment of {amount} for {what} failed.\n\nReason: {error}',
  'payments.failed.action': 'View payment',

  'sms.test': 'Test message from {salon_name}: SMS works.',
  'sms.reminder': 'Reminder: your appointment at {salon_name}, {start} ({duration}): {service}.',
  'sms.reminder.address': 'Address: {address}',
  'sms.reminder.link': '{action}: {url}',

  // The staff's notifications (in-app, push), in the salon's language
  // (modules/notifications/texts.ts lists each key's parameters).
  'notification.booking_new.title': 'New booking',
  'notification.booking_new.message': '{client}: {service}, {start}',
  'notification.booking_request.title': 'Booking request',
  'notification.booking_request.message': "{client}: {service}, {start}, awaiting the client's answer",
  'notification.visit_overdue.title': '{count, plural, one {# client is due back} other {# clients are due back}}',
  'notification.visit_overdue.message':
    'Not back for {days} days and nothing booked: {names}{rest, plural, =0 {} other { and # more}}.',
  'notification.low_stock.title': 'Low stock: {product}',
  'notification.low_stock.message': '{product} ({sku}) has {quantity} left; the alert threshold is {threshold}.',
  'notification.review_new.title': 'New review: {rating}/5',
  'notification.review_new.message': '{service} with {staff}',
  'notification.review_new.message_comment': '{service} with {staff}: “{comment}”',
  'notification.payment_failed.title': 'Payment failed',
  'notification.payment_failed.message': 'The payment for {what} failed: {error}',
  'notification.payment_failed.pos_order': 'POS order {reference}',
  'notification.payment_failed.noshow_fee': 'no-show fee of booking {reference}',
  'notification.payment_failed.deposit': 'deposit of booking {reference}',
  'notification.payment_failed.unknown_reason': 'unknown reason',
  'notification.noshow_fee_paid.title': 'No-show fee paid',
  'notification.noshow_fee_paid.message': 'The no-show fee of booking {booking} ({amount}) was paid',
  'notification.deposit_late.title': 'Deposit paid after the booking was released',
  'notification.deposit_late.message':
    '{client} paid the deposit ({amount}) for {service}, {start}, after the booking was released; refund it or book the client again',
  'notification.campaign_sent.title': 'Campaign sent',
  'notification.campaign_sent.message': '“{name}”: {sent} sent, {failed} failed, {skipped} skipped of {total}',
  'notification.waitlist_join.title': '{client} joined the waitlist',
  'notification.waitlist_join.message': '{client} is waiting for {service} on {date}.',
  'notification.waitlist_join.message_window': '{client} is waiting for {service} on {date} ({from}–{to}).',
  'notification.waitlist_slot.title': 'Slot offered to {client}',
  'notification.waitlist_slot.message':
    '{service} with {staff}, {start} – {end}, was offered to {client} from the waitlist.',
  'notification.waitlist_slot.any_staff': 'any staff',
  'notification.webhook_disabled.title': 'Webhook endpoint disabled',
  'notification.webhook_disabled.message':
    'Every delivery to {url} failed for {days} days, so it was disabled. Fix the receiver, enable it again and redeliver what it missed.',
  'notification.sms_limit.title': 'Daily SMS limit reached',
  'notification.sms_limit.message':
    'The {limit} text messages of {day} are spent; further ones that day are kept unsent in the SMS outbox.',
} as const;

export type MessageKey = keyof typeof en;
