import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

/** A slot that freed up, offered to a client on the waitlist (salon wall-clock time). */
export interface SlotOfferData {
  clientName: string;
  serviceName: string;
  staffName: string;
  startAt: string;
  endAt: string;
  /** Where the client answers the offer: the salon's booking page. */
  link: string;
}

const when = (data: SlotOfferData) => `${data.startAt.slice(0, 16)} – ${data.endAt.slice(11, 16)}`;

export const slotOffer = {
  subject: (data: SlotOfferData, brand: Brand) =>
    `A slot opened up at ${brand.salonName} on ${data.startAt.slice(0, 10)}`,
  mjml: (data: SlotOfferData, brand: Brand) =>
    layout(
      brand,
      'A slot opened up',
      [
        paragraph(`Hello ${e(data.clientName)},`),
        paragraph('You are on our waitlist, and this appointment has just become available:'),
        paragraph(`<strong>${e(data.serviceName)}</strong> with ${e(data.staffName)}<br/>${e(when(data))}`),
        paragraph('Contact us or book it online to claim it; it goes to whoever confirms first.'),
        button('Book this slot', data.link),
      ].join('\n'),
    ),
  text: (data: SlotOfferData) =>
    `Hello ${data.clientName},\n\nYou are on our waitlist, and this appointment has just become available:\n\n` +
    `${data.serviceName} with ${data.staffName}\n${when(data)}\n\n` +
    `Contact us or book it online to claim it; it goes to whoever confirms first.\n${data.link}\n`,
};
