import type { MessageKey } from './catalogues/en.js';

/*
 * The client messages a salon may rewrite (per language): each names its catalogue subject and
 * body, the placeholders its text may use, and sample values for a preview. What surrounds the
 * body (the appointment block, buttons, footer) stays the layout's.
 */

export interface EditableMessage {
  /** The message, e.g. `booking.confirmed`; also the email template that sends it. */
  key: string;
  channel: 'email' | 'sms';
  description: string;
  subjectKey: MessageKey | null;
  bodyKey: MessageKey;
  placeholders: readonly string[];
  /** Template data for a preview with sample values. */
  sample: Record<string, unknown>;
}

const BOOKING = [
  'client_name',
  'client_first_name',
  'salon_name',
  'service',
  'staff',
  'date',
  'time',
  'start',
  'duration',
] as const;

const SAMPLE_BOOKING = {
  clientName: 'Anna de Vries',
  serviceName: 'Cut and blow-dry',
  staffName: 'Kim',
  startAt: '2031-11-28 14:30:00',
  endAt: '2031-11-28 15:30:00',
};
const SAMPLE_URL = 'https://salon.example/…';

const booking = (key: string, description: string, sample: Record<string, unknown> = {}): EditableMessage => ({
  key,
  channel: 'email',
  description,
  subjectKey: `${key}.subject` as MessageKey,
  bodyKey: `${key}.body` as MessageKey,
  placeholders: BOOKING,
  sample: { ...SAMPLE_BOOKING, ...sample },
});

export const EDITABLE_MESSAGES: readonly EditableMessage[] = [
  booking('booking.confirmed', 'To the client when an appointment is booked (or a provisional one confirmed)'),
  booking('booking.provisional', 'To the client when the salon reserves an appointment the client must confirm', {
    confirmUrl: SAMPLE_URL,
    declineUrl: SAMPLE_URL,
  }),
  booking('booking.waitlist_confirmed', 'To the client when a waitlist entry becomes an appointment'),
  booking('booking.updated', 'To the client 30 minutes after the appointment was moved or changed'),
  booking('booking.cancelled', 'To the client when the appointment is cancelled'),
  booking('booking.reminder', 'To the client some hours before the appointment (the reminder settings)', {
    parts: [{ ...SAMPLE_BOOKING, links: { attendUrl: SAMPLE_URL, cancelUrl: SAMPLE_URL, moveUrl: SAMPLE_URL } }],
  }),
  {
    key: 'sms.reminder',
    channel: 'sms',
    description:
      'Text message to the client some hours before the appointment (SMS reminders on); the address and the links follow it',
    subjectKey: null,
    bodyKey: 'sms.reminder',
    placeholders: BOOKING,
    sample: {
      ...SAMPLE_BOOKING,
      parts: [{ ...SAMPLE_BOOKING, links: { attendUrl: SAMPLE_URL, cancelUrl: SAMPLE_URL, moveUrl: SAMPLE_URL } }],
    },
  },
  booking('booking.review_request', 'To the client after a completed appointment, asking for a review', {
    reviewUrl: SAMPLE_URL,
  }),
  booking('booking.followup', 'To the client three days after a completed appointment (follow-ups on)', {
    bookUrl: SAMPLE_URL,
  }),
  booking('waitlist.slot_offer', 'To a waiting client when a matching slot comes free', { link: SAMPLE_URL }),
  {
    key: 'public.client_magic_link',
    channel: 'email',
    description: "The booking page's sign-in link, on the client's request",
    subjectKey: 'public.client_magic_link.subject',
    bodyKey: 'public.client_magic_link.body',
    placeholders: ['client_name', 'client_first_name', 'salon_name'],
    sample: { name: 'Anna de Vries', magicUrl: SAMPLE_URL },
  },
  {
    key: 'giftcard.issued',
    channel: 'email',
    description: 'To the recipient of a gift card (its code, value and validity follow the text)',
    subjectKey: 'giftcard.issued.subject',
    bodyKey: 'giftcard.issued.body',
    placeholders: ['amount', 'salon_name'],
    sample: {
      recipientName: 'Anna',
      code: 'GC-SAMPLE',
      amount: '€50.00',
      amountCents: 5000,
      message: '',
      expiresOn: '2032-12-31',
      qrDataUri: null,
    },
  },
  {
    key: 'payments.noshow_fee',
    channel: 'email',
    description: 'To the client marked no-show, with the link to pay the fee (no-show fees on)',
    subjectKey: 'payments.noshow_fee.subject',
    bodyKey: 'payments.noshow_fee.body',
    placeholders: ['client_name', 'client_first_name', 'salon_name', 'service', 'start', 'amount'],
    sample: {
      clientName: 'Anna de Vries',
      serviceName: 'Cut and blow-dry',
      startAt: '2031-11-28 14:30',
      amount: '€22.50',
      amountCents: 2250,
      checkoutUrl: SAMPLE_URL,
    },
  },
];

export function editableMessage(key: string): EditableMessage | undefined {
  return EDITABLE_MESSAGES.find((message) => message.key === key);
}
