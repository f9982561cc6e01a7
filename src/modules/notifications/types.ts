/** A notification type's channels: where a user wants to hear about it. */
export interface ChannelPreference {
  email: boolean;
  push: boolean;
  in_app: boolean;
}

/**
 * Every notification type the service knows, with the channels a user gets until they choose
 * otherwise. Each type starts with its area: booking.*, inventory.*, review.*, pos.*, campaign.*, webhook.*, sms.*.
 * The preferences API lists exactly these and refuses any other type, so a module that adds
 * a notification adds its type here first.
 *
 * Defaults: in-app is on for everything (the inbox is where a user looks). Push is on for
 * what changes someone's day right now (appointments booked, cancelled, moved or requested;
 * a failed payment). Email is on only where a missed notice costs something and an admin has
 * to act: a booking request waiting for an answer, stock running out, a failed payment.
 */
export const NOTIFICATION_DEFAULTS = {
  'booking.new': { email: false, push: true, in_app: true },
  'booking.cancelled': { email: false, push: true, in_app: true },
  'booking.updated': { email: false, push: true, in_app: true },
  'booking.request': { email: true, push: true, in_app: true },
  'booking.followup': { email: false, push: false, in_app: true },
  'booking.visit_overdue': { email: false, push: false, in_app: true },
  'inventory.low_stock': { email: true, push: false, in_app: true },
  'review.new': { email: false, push: false, in_app: true },
  'pos.payment_failed': { email: true, push: true, in_app: true },
  'pos.noshow_fee_paid': { email: false, push: false, in_app: true },
  'pos.deposit_late': { email: false, push: true, in_app: true },
  'campaign.sent': { email: false, push: false, in_app: true },
  'waitlist.join': { email: false, push: false, in_app: true },
  'waitlist.slot_available': { email: false, push: false, in_app: true },
  'webhook.endpoint_disabled': { email: false, push: true, in_app: true },
  'sms.daily_limit_reached': { email: true, push: false, in_app: true },
} as const satisfies Record<string, ChannelPreference>;

export type NotificationType = keyof typeof NOTIFICATION_DEFAULTS;

/** The known types in a stable order (the order of NOTIFICATION_DEFAULTS). */
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_DEFAULTS) as NotificationType[];

export function isNotificationType(type: string): type is NotificationType {
  // Own keys only: `constructor` or `__proto__` are not notification types.
  return Object.hasOwn(NOTIFICATION_DEFAULTS, type);
}

export const FALLBACK_PREFERENCE: ChannelPreference = { email: false, push: false, in_app: true };

export function defaultPreference(type: string): ChannelPreference {
  return isNotificationType(type) ? { ...NOTIFICATION_DEFAULTS[type] } : FALLBACK_PREFERENCE;
}
