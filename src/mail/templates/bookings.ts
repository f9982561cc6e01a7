import { minutesBetween, type MessageValues } from '../../messages/index.js';
import { calendarPart, type CalendarEventData } from '../calendar.js';
import { composedTemplate, type Composed } from './compose.js';
import { escapeHtml as e, paragraph, type MailContext } from './layout.js';

/**
 * The client's single-use links for one booking. Attend only once it is scheduled; move only
 * for a booking of its own (the salon moves a visit's parts together).
 */
export interface ActionLinks {
  attendUrl?: string | undefined;
  cancelUrl: string;
  moveUrl?: string | undefined;
}

/** One appointment of a booking email (salon wall-clock times). */
export interface BookingPart {
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
  /** A visit's part: its own links, when the email carries the client's actions. */
  links?: ActionLinks | undefined;
}

/** What every booking email shows: who, what, with whom, when (salon wall-clock time). */
export interface BookingEmailData extends BookingPart {
  clientName: string;
  /**
   * A visit's parts in order, when the email speaks for a visit of several services; the
   * single-booking fields above then describe its first part.
   */
  parts?: BookingPart[];
  /** What the client can do about a single booking; each shown as a button when present. */
  links?: ActionLinks | undefined;
  /** The appointment as a calendar event: the confirmation, change and cancellation attach it. */
  calendar?: CalendarEventData;
  /**
   * What the appointment costs in cents (a visit's parts together): on the confirmation when
   * the salon shows prices (`booking_show_prices`), absent otherwise.
   */
  priceCents?: number | undefined;
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
export function bookingDetails(data: BookingEmailData, mail: MailContext): { html: string; text: string } {
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
  const price =
    data.priceCents === undefined
      ? []
      : [mail.t('booking.details.price', { price: mail.format.money(data.priceCents) })];
  return {
    html: paragraph(
      [...lines.map((line) => `<strong>${e(line)}</strong>`), e(when), e(duration), ...price.map(e)].join('<br/>'),
    ),
    text: [...lines, when, duration, ...price].join('\n'),
  };
}

type ActionKey = 'booking.action.attend' | 'booking.action.move' | 'booking.action.cancel' | 'booking.action.for_part';

/**
 * The client's actions on the parts that carry links, in order; each labelled with its
 * service when several parts have links.
 */
export function partActions(
  parts: readonly BookingPart[],
  t: (key: ActionKey, values?: MessageValues) => string,
): Array<{ label: string; url: string }> {
  const linked = parts.filter((part) => part.links);
  const label = (part: BookingPart, action: string) =>
    linked.length > 1 ? t('booking.action.for_part', { action, service: part.serviceName }) : action;
  return linked.flatMap(({ links, ...part }) => [
    ...(links!.attendUrl ? [{ label: label(part, t('booking.action.attend')), url: links!.attendUrl }] : []),
    ...(links!.moveUrl ? [{ label: label(part, t('booking.action.move')), url: links!.moveUrl }] : []),
    { label: label(part, t('booking.action.cancel')), url: links!.cancelUrl },
  ]);
}

/** The client's own actions: a single booking's links, or each linked part's of a visit. */
function actionButtons(data: BookingEmailData, mail: MailContext) {
  const t = (key: ActionKey, values?: MessageValues) => mail.t(key, values);
  return data.links ? partActions([{ ...data, links: data.links }], t) : partActions(partsOf(data), t);
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
      details: bookingDetails(data, mail),
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
