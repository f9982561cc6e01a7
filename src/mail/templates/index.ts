import * as auth from './auth.js';
import * as bookings from './bookings.js';
import * as giftcards from './giftcards.js';
import * as campaigns from './campaigns.js';
import * as inventory from './inventory.js';
import * as payments from './payments.js';
import * as publicMail from './public.js';
import * as settings from './settings.js';
import * as waitlist from './waitlist.js';
import type { Brand } from './layout.js';

interface Template<D> {
  subject(data: D, brand: Brand): string;
  mjml(data: D, brand: Brand): string;
  text(data: D, brand: Brand): string;
  /** Extra message headers (e.g. List-Unsubscribe), when the email needs any. */
  headers?(data: D): Record<string, string>;
}

/** Every transactional email, by the name stored in the outbox. */
export const templates = {
  'auth.welcome': auth.welcome,
  'auth.password_reset': auth.passwordReset,
  'auth.password_changed': auth.passwordChanged,
  'settings.test_email': settings.testEmail,
  'inventory.low_stock': inventory.lowStock,
  'booking.confirmed': bookings.confirmed,
  'booking.provisional': bookings.provisional,
  'booking.waitlist_confirmed': bookings.waitlistConfirmed,
  'booking.updated': bookings.updated,
  'booking.cancelled': bookings.cancelled,
  'booking.review_request': bookings.reviewRequest,
  'booking.followup': bookings.followup,
  'booking.request': bookings.request,
  'waitlist.slot_offer': waitlist.slotOffer,
  'public.client_magic_link': publicMail.clientMagicLink,
  'giftcard.issued': giftcards.issued,
  'campaign.email': campaigns.campaignEmail,
  'payments.failed': payments.failed,
  'payments.noshow_fee': payments.noshowFee,
} satisfies Record<string, Template<never>>;

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]['mjml']>[0];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(templates, name);
}

export function template<N extends TemplateName>(name: N): Template<TemplateData<N>> {
  return templates[name];
}

export type { Brand };
