import { bookingEmail } from './bookings.js';

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

export const slotOffer = bookingEmail<SlotOfferData>('waitlist.slot_offer', (data, mail) => ({
  buttons: [{ label: mail.t('waitlist.slot_offer.action'), url: data.link }],
}));
