import * as auth from './auth.js';
import * as bookings from './bookings.js';
import * as giftcards from './giftcards.js';
import * as inventory from './inventory.js';
import * as payments from './payments.js';
import * as publicMail from './public.js';
import * as reminders from './reminders.js';
import * as settings from './settings.js';
import * as waitlist from './waitlist.js';
import type { Brand, MailContext } from './layout.js';
import type { CalendarPart } from '../calendar.js';
import type { Slot } from '../render-shared.js';

/**
 * An email's rendering. `mail` is the salon's brand with this email's language, texts and
 * locale formatting; a template that only needs the brand may take it as a Brand.
 */
export interface Template<D> {
  subject(data: D, mail: MailContext): string;
  mjml(data: D, mail: MailContext): string;
  /**
   * The same document with each recipient's own values passed through `slot`, for an email
   * sent alike to many (a campaign): rendered once, the values put in per email
   * (render-shared.ts). Must give what `mjml` gives once the slots are filled.
   */
  mjmlWithSlots?(data: D, mail: MailContext, slot: Slot): string;
  text(data: D, mail: MailContext): string;
  /** Extra message headers (e.g. List-Unsubscribe), when the email needs any. */
  headers?(data: D): Record<string, string>;
  /** An iCalendar part (the .ics of an appointment), when the email carries one. */
  calendar?(data: D): CalendarPart | null;
}

/** The transactional emails of the mail layer, by the name stored in the outbox. */
const builtIn = {
  'auth.welcome': auth.welcome,
  'auth.password_reset': auth.passwordReset,
  'auth.password_changed': auth.passwordChanged,
  'settings.test_email': settings.testEmail,
  'settings.sms_daily_limit': settings.smsDailyLimit,
  'inventory.low_stock': inventory.lowStock,
  'booking.confirmed': bookings.confirmed,
  'booking.provisional': bookings.provisional,
  'booking.waitlist_confirmed': bookings.waitlistConfirmed,
  'booking.updated': bookings.updated,
  'booking.cancelled': bookings.cancelled,
  'booking.review_request': bookings.reviewRequest,
  'booking.followup': bookings.followup,
  'booking.request': bookings.request,
  'booking.reminder': reminders.reminder,
  'waitlist.slot_offer': waitlist.slotOffer,
  'public.client_magic_link': publicMail.clientMagicLink,
  'giftcard.issued': giftcards.issued,
  'payments.failed': payments.failed,
  'payments.noshow_fee': payments.noshowFee,
} satisfies Record<string, Template<never>>;

/**
 * Templates a feature module owns (its data type is its own business), by name. The module
 * declares its entry here by declaration merging and registers the template itself with
 * `registerTemplate`, which the composition root calls at start.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface RegisteredTemplates {}

type BuiltInData = { [N in keyof typeof builtIn]: Parameters<(typeof builtIn)[N]['mjml']>[0] };
type TemplateDataByName = BuiltInData & RegisteredTemplates;

export type TemplateName = keyof TemplateDataByName;
export type TemplateData<N extends TemplateName> = TemplateDataByName[N];

const registered = new Map<string, Template<never>>();

export function registerTemplate<N extends keyof RegisteredTemplates>(
  name: N,
  template: Template<RegisteredTemplates[N]>,
): void {
  registered.set(name, template);
}

/** Every email the service can send: the built-in templates and those the feature modules registered. */
export function templateNames(): string[] {
  return [...Object.keys(builtIn), ...registered.keys()];
}

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(builtIn, name) || registered.has(name);
}

export function template<N extends TemplateName>(name: N): Template<TemplateData<N>> {
  const found = Object.hasOwn(builtIn, name) ? builtIn[name as keyof typeof builtIn] : registered.get(name);
  // A registered name that is missing means the composition root did not run: a wiring bug.
  if (!found) throw new Error(`email template ${name} is not registered`);
  return found as Template<TemplateData<N>>;
}

export type { Brand, MailContext };
