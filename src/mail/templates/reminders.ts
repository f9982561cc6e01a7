import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

/** One booking of the visit the reminder is about (a visit of several services has several). */
export interface ReminderPart {
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
}

/** The appointment reminder: the whole visit, where it is, and what the client can do about it. */
export interface ReminderData {
  clientName: string;
  parts: ReminderPart[];
  /** The visit's start and end (salon wall clock) and its length in minutes. */
  startAt: string;
  endAt: string;
  durationMin: number;
  /** The salon's address on one line ("" when not set) and phone ("" when not set). */
  salonAddress: string;
  salonPhone: string;
  /** The client's single-use links to confirm attendance, cancel and move, when issued. */
  links?: { attendUrl: string; cancelUrl: string; moveUrl: string } | undefined;
}

const when = (data: ReminderData) => `${data.startAt.slice(0, 16)} – ${data.endAt.slice(11, 16)}`;
const partLine = (part: ReminderPart) => `${part.startAt.slice(11, 16)} ${part.serviceName} with ${part.staffName}`;

export const reminder = {
  subject: (data: ReminderData, brand: Brand) =>
    `Reminder: your appointment at ${brand.salonName} on ${data.startAt.slice(0, 16)}`,
  mjml: (data: ReminderData, brand: Brand) =>
    layout(
      brand,
      'Appointment reminder',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph(`This is a reminder of your appointment at ${e(brand.salonName)}:`),
        paragraph(
          `<strong>${e(when(data))}</strong> (${data.durationMin} min)<br/>` +
            data.parts.map((part) => e(partLine(part))).join('<br/>'),
        ),
        ...(data.salonAddress ? [paragraph(`Address: ${e(data.salonAddress)}`)] : []),
        ...(data.salonPhone ? [paragraph(`Phone: ${e(data.salonPhone)}`)] : []),
        ...(data.links
          ? [
              button('I will be there', data.links.attendUrl),
              button('Move', data.links.moveUrl),
              button('Cancel', data.links.cancelUrl),
            ]
          : []),
      ].join('\n'),
    ),
  text: (data: ReminderData, brand: Brand) =>
    `Hello ${data.clientName},\n\nThis is a reminder of your appointment at ${brand.salonName}:\n\n` +
    `${when(data)} (${data.durationMin} min)\n${data.parts.map(partLine).join('\n')}\n` +
    (data.salonAddress ? `\nAddress: ${data.salonAddress}\n` : '') +
    (data.salonPhone ? `Phone: ${data.salonPhone}\n` : '') +
    (data.links
      ? `\nI will be there: ${data.links.attendUrl}\nMove: ${data.links.moveUrl}\nCancel: ${data.links.cancelUrl}\n`
      : ''),
};
