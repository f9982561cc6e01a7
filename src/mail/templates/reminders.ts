import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

/** The client's single-use links for one booking; a part of a visit has no move link (the salon moves visits). */
export interface ReminderLinks {
  attendUrl: string;
  cancelUrl: string;
  moveUrl?: string | undefined;
}

/** One booking of the visit the reminder is about (a visit of several services has several). */
export interface ReminderPart {
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
  links?: ReminderLinks | undefined;
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
}

const when = (data: ReminderData) => `${data.startAt.slice(0, 16)} – ${data.endAt.slice(11, 16)}`;
const partLine = (part: ReminderPart) => `${part.startAt.slice(11, 16)} ${part.serviceName} with ${part.staffName}`;
/** Whose links these are: nobody's name for a single booking, the service for a part of a visit. */
const linkLabel = (data: ReminderData, part: ReminderPart, action: string) =>
  data.parts.length > 1 ? `${action} (${part.serviceName})` : action;
const linkList = (data: ReminderData, part: ReminderPart): Array<[string, string]> =>
  part.links
    ? [
        [linkLabel(data, part, 'I will be there'), part.links.attendUrl],
        ...(part.links.moveUrl ? [[linkLabel(data, part, 'Move'), part.links.moveUrl] as [string, string]] : []),
        [linkLabel(data, part, 'Cancel'), part.links.cancelUrl],
      ]
    : [];

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
        ...data.parts.flatMap((part) => linkList(data, part).map(([label, url]) => button(label, url))),
      ].join('\n'),
    ),
  text: (data: ReminderData, brand: Brand) =>
    `Hello ${data.clientName},\n\nThis is a reminder of your appointment at ${brand.salonName}:\n\n` +
    `${when(data)} (${data.durationMin} min)\n${data.parts.map(partLine).join('\n')}\n` +
    (data.salonAddress ? `\nAddress: ${data.salonAddress}\n` : '') +
    (data.salonPhone ? `Phone: ${data.salonPhone}\n` : '') +
    data.parts
      .flatMap((part) => linkList(data, part))
      .map(([label, url]) => `\n${label}: ${url}`)
      .join('') +
    '\n',
};
