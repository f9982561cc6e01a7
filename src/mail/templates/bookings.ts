import { calendarPart, type CalendarEventData } from '../calendar.js';
import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

/** What every booking email shows: who, what, with whom, when (salon wall-clock time). */
export interface BookingEmailData {
  clientName: string;
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
  /** The appointment as a calendar event: the confirmation, change and cancellation attach it. */
  calendar?: CalendarEventData;
  /** The client's single-use links to confirm attendance, cancel or move (confirmation, change, reminder). */
  links?: { attendUrl?: string; cancelUrl: string; moveUrl: string };
}

const when = (data: BookingEmailData) => `${data.startAt.slice(0, 16)} – ${data.endAt.slice(11, 16)}`;
const summaryHtml = (data: BookingEmailData) =>
  paragraph(`<strong>${e(data.serviceName)}</strong> with ${e(data.staffName)}<br/>${e(when(data))}`);
const summaryText = (data: BookingEmailData) => `${data.serviceName} with ${data.staffName}\n${when(data)}\n`;
const calendarRequest = (data: BookingEmailData) => (data.calendar ? calendarPart(data.calendar, 'REQUEST') : null);
const calendarCancel = (data: BookingEmailData) => (data.calendar ? calendarPart(data.calendar, 'CANCEL') : null);

export const confirmed = {
  calendar: calendarRequest,
  subject: (data: BookingEmailData, brand: Brand) =>
    `Your appointment at ${brand.salonName} on ${data.startAt.slice(0, 10)}`,
  mjml: (data: BookingEmailData, brand: Brand) =>
    layout(
      brand,
      'Appointment confirmed',
      [paragraph(`Hello ${e(data.clientName)},`), paragraph('Your appointment is booked:'), summaryHtml(data)].join(
        '\n',
      ),
    ),
  text: (data: BookingEmailData) => `Hello ${data.clientName},\n\nYour appointment is booked:\n\n${summaryText(data)}`,
};

export interface ProvisionalData extends BookingEmailData {
  confirmUrl: string;
  declineUrl: string;
}

export const provisional = {
  subject: (_: ProvisionalData, brand: Brand) => `Please confirm your appointment at ${brand.salonName}`,
  mjml: (data: ProvisionalData, brand: Brand) =>
    layout(
      brand,
      'Please confirm your appointment',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph('We have reserved this appointment for you. Please confirm or decline it:'),
        summaryHtml(data),
        button('Confirm', data.confirmUrl),
        button('Decline', data.declineUrl),
        paragraph(`Confirm: ${e(data.confirmUrl)}<br/>Decline: ${e(data.declineUrl)}`),
      ].join('\n'),
    ),
  text: (data: ProvisionalData) =>
    `Hello ${data.clientName},\n\nWe have reserved this appointment for you. Please confirm or decline it:\n\n` +
    `${summaryText(data)}\nConfirm: ${data.confirmUrl}\nDecline: ${data.declineUrl}\n`,
};

export const waitlistConfirmed = {
  subject: (_: BookingEmailData, brand: Brand) => `Your waitlist appointment at ${brand.salonName} is booked`,
  mjml: (data: BookingEmailData, brand: Brand) =>
    layout(
      brand,
      'Waitlist appointment booked',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph('Good news: a place came free, and the appointment you were waiting for is booked:'),
        summaryHtml(data),
      ].join('\n'),
    ),
  text: (data: BookingEmailData) =>
    `Hello ${data.clientName},\n\nGood news: a place came free, and the appointment you were waiting for is booked:\n\n${summaryText(data)}`,
};

export const updated = {
  calendar: calendarRequest,
  subject: (_: BookingEmailData, brand: Brand) => `Your appointment at ${brand.salonName} has moved`,
  mjml: (data: BookingEmailData, brand: Brand) =>
    layout(
      brand,
      'Appointment changed',
      [paragraph(`Hello ${e(data.clientName)},`), paragraph('Your appointment is now:'), summaryHtml(data)].join('\n'),
    ),
  text: (data: BookingEmailData) => `Hello ${data.clientName},\n\nYour appointment is now:\n\n${summaryText(data)}`,
};

export const cancelled = {
  calendar: calendarCancel,
  subject: (_: BookingEmailData, brand: Brand) => `Your appointment at ${brand.salonName} is cancelled`,
  mjml: (data: BookingEmailData, brand: Brand) =>
    layout(
      brand,
      'Appointment cancelled',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph('This appointment is cancelled:'),
        summaryHtml(data),
        paragraph('We hope to see you another time.'),
      ].join('\n'),
    ),
  text: (data: BookingEmailData) =>
    `Hello ${data.clientName},\n\nThis appointment is cancelled:\n\n${summaryText(data)}\nWe hope to see you another time.\n`,
};

export interface ReviewRequestData extends BookingEmailData {
  reviewUrl: string;
}

export const reviewRequest = {
  subject: (_: ReviewRequestData, brand: Brand) => `How was your visit to ${brand.salonName}?`,
  mjml: (data: ReviewRequestData, brand: Brand) =>
    layout(
      brand,
      'How was your visit?',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph('Thank you for your visit. Would you tell us how it was?'),
        summaryHtml(data),
        button('Leave a review', data.reviewUrl),
        paragraph(`Or open this address: ${e(data.reviewUrl)}`),
      ].join('\n'),
    ),
  text: (data: ReviewRequestData) =>
    `Hello ${data.clientName},\n\nThank you for your visit. Would you tell us how it was?\n\n${summaryText(data)}\n` +
    `Leave a review: ${data.reviewUrl}\n`,
};

export interface FollowupData extends BookingEmailData {
  bookUrl: string;
}

export const followup = {
  subject: (_: FollowupData, brand: Brand) => `Time for your next visit to ${brand.salonName}?`,
  mjml: (data: FollowupData, brand: Brand) =>
    layout(
      brand,
      'Your next visit',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph(
          `A few days ago you had ${e(data.serviceName)} with ${e(data.staffName)}. We hope you are happy with it. ` +
            'Would you like to book your next appointment?',
        ),
        button('Book again', data.bookUrl),
      ].join('\n'),
    ),
  text: (data: FollowupData) =>
    `Hello ${data.clientName},\n\nA few days ago you had ${data.serviceName} with ${data.staffName}. ` +
    `We hope you are happy with it. Would you like to book your next appointment?\n\n${data.bookUrl}\n`,
};

export interface BookingRequestData extends BookingEmailData {
  link: string;
}

/** To the salon's admins: a provisional booking awaits the client's answer. */
export const request = {
  subject: (data: BookingRequestData) => `Booking request: ${data.clientName} on ${data.startAt.slice(0, 16)}`,
  mjml: (data: BookingRequestData, brand: Brand) =>
    layout(
      brand,
      'Booking request',
      [
        paragraph(`A provisional booking for <strong>${e(data.clientName)}</strong> awaits the client's answer:`),
        summaryHtml(data),
        button('View booking', data.link),
      ].join('\n'),
    ),
  text: (data: BookingRequestData) =>
    `A provisional booking for ${data.clientName} awaits the client's answer:\n\n${summaryText(data)}\n${data.link}\n`,
};
