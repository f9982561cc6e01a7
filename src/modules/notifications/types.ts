/** A notification type's channels: where a user wants to hear about it. */
export interface ChannelPreference {
  email: boolean;
  push: boolean;
  in_app: boolean;
}

/**
 * The notification types, with the channels a user gets until they choose otherwise.
 * Prefixes per spec part 6: booking.*, inventory.*, review.*, pos.*, campaign.*.
 */
export const NOTIFICATION_DEFAULTS: Record<string, ChannelPreference> = {
  'booking.new': { email: false, push: true, in_app: true },
  'inventory.low_stock': { email: true, push: false, in_app: true },
};

export const FALLBACK_PREFERENCE: ChannelPreference = { email: false, push: false, in_app: true };

export function defaultPreference(type: string): ChannelPreference {
  return NOTIFICATION_DEFAULTS[type] ?? FALLBACK_PREFERENCE;
}
