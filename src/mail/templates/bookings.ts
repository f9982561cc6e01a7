import { minutesBetween, type MessageValues } from '../../messages/index.js';
import { calendarPart, type CalendarEventData } from '../calendar.js';
import { composedTemplate, type Composed } from './compose.js';
import { escapeHtml as e, paragraph, type MailContext } from './layout.js';

/** One appointment of a booking email (salon wall-clock times). */
export interface BookingPart {
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
}

/** What every booking email shows: who, what, with whom, when (salon wall-clock time). */
export interface BookingEmailData extends BookingPart {
  clientName: string;
  /**
   * A visit's parts in order, when the email speaks for a visit of several services; the
   * single-booking fields above then describe its first part.
   */
  parts?: BookingPart[];
  /** What the client can do from the email; each shown as a button when present. */
  links?: { attendUrl?: string; cancelUrl: string; moveUrl: string };
  /** The appointment as a calendar event: the confirmation, change and cancellation attach it. */
  calendar?: CalendarEventData;
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const partsOf = (data: BookingEmailData): BookingPart[] => (data.parts && data.parts.length > 0 ? data.parts : [data]);

/**
 * The placeholders of every booking message: the client, the salon, the services and staff
 * (a visit's joined in order), its start in the locale and its whole duration.
 */
export function bookingValues(data: BookingEmailData, mail: MailContext): MessageValues {
  const parts = partsOf(data);
  const start = parts[0]!.startAt;
  const end = parts.reduce((max, part) => (part.endAt > max ? part.endAt : max), parts[0]!.endAt);
  return {
    client_name: data.clientName,
    client_first_name: firstName(data.clientName),
    salon_name: mail.salonName,
    service: parts.map((part) => part.serviceName).join(', '),
    staff: [...new Set(parts.map((part) => part.staffName))].join(', '),
    date: mail.format.date(start),
    time: mail.format.time(start),
    start: mail.format.dateTime(start),
    duration: mail.format.duration(Math.max(0, minutesBetween(start, end))),
  };
}

/** The appointment block: each part (with its time when there are several), start and duration. */
function details(data: BookingEmailData, mail: MailContext): { html: string; text: string } {
  const parts = partsOf(data);
  const values = bookingValues(data, mail);
  const lines = parts.map((part) =>
    parts.length > 1
      ? mail.t('booking.details.part_at', {
          time: mail.format.time(part.startAt),
          service: part.serviceName,
          staff: part.staffName,
        })
      : mail.t('booking.details.part', { service: part.serviceName, staff: part.staffName }),
  );
  const when = mail.t('booking.details.when', { start: values.start! });
  const duration = mail.t('booking.details.duration', { duration: values.duration! });
  return {
    html: paragraph([...lines.map((line) => `<strong>${e(line)}</strong>`), e(when), e(duration)].join('<br/>')),
    text: [...lines, when, duration].join('\n'),
  };
}

/** The client's own actions on the appointment, when the email data carries their links. */
function actionButtons(data: BookingEmailData, mail: MailContext) {
  if (!data.links) return [];
  return [
    ...(data.links.attendUrl ? [{ label: mail.t('booking.action.attend'), url: data.links.attendUrl }] : []),
    { label: mail.t('booking.action.move'), url: data.links.moveUrl },
    { label: mail.t('booking.action.cancel'), url: data.links.cancelUrl },
  ];
}

/** A booking email: its catalogue subject and body, the appointment, its buttons. */
export function bookingEmail<D extends BookingEmailData>(
  name: string,
  extra: (data: D, mail: MailContext) => Partial<Composed> = () => ({}),
) {
  return composedTemplate<D>((data, mail) => {
    const values = bookingValues(data, mail);
    const more = extra(data, mail);
    return {
      subject: mail.t(`${name}.subject` as never, values),
      body: mail.t(`${name}.body` as never, values),
      details: details(data, mail),
      ...more,
      buttons: [...(more.buttons ?? []), ...actionButtons(data, mail)],
    };
  });
}

const calendarRequest = (data: BookingEmailData) => (data.calendar ? calendarPart(data.calendar, 'REQUEST') : null);
const calendarCancel = (data: BookingEmailData) => (data.calendar ? calendarPart(data.calendar, 'CANCEL') : null);

export const confirmed = { ...bookingEmail<BookingEmailData>('booking.confirmed'), calendar: calendarRequest };

export interface ProvisionalData extends BookingEmailData {
  confirmUrl: string;
  declineUrl: string;
}

export const provisional = bookingEmail<ProvisionalData>('booking.provisional', (data, mail) => ({
  buttons: [
    { label: mail.t('booking.action.confirm'), url: data.confirmUrl },
    { label: mail.t('booking.action.decline'), url: data.declineUrl },
  ],
  showLinks: true,
}));

export const waitlistConfirmed = bookingEmail<BookingEmailData>('booking.waitlist_confirmed');

export const updated = { ...bookingEmail<BookingEmailData>('booking.updated'), calendar: calendarRequest };

export const cancelled = { ...bookingEmail<BookingEmailData>('booking.cancelled'), calendar: calendarCancel };

export interface ReviewRequestData extends BookingEmailData {
  reviewUrl: string;
}

export const reviewRequest = bookingEmail<ReviewRequestData>('booking.review_request', (data, mail) => ({
  buttons: [{ label: mail.t('booking.action.review'), url: data.reviewUrl }],
  showLinks: true,
}));

export interface FollowupData extends BookingEmailData {
  bookUrl: string;
}

export const followup = bookingEmail<FollowupData>('booking.followup', (data, mail) => ({
  buttons: [{ label: mail.t('booking.action.book_again'), url: data.bookUrl }],
}));

export interface BookingRequestData extends BookingEmailData {
  link: string;
}

/** To the salon's admins: a provisional booking awaits the client's answer. */
export const request = bookingEmail<BookingRequestData>('booking.request', (data, mail) => ({
  buttons: [{ label: mail.t('booking.request.action'), url: data.link }],
}));
