import { param } from '../../lib/search-params';

/*
 * The notifications list's state in its address: `/notifications?unread=1&type=booking&page=2`.
 * A reload, Back and a shared link bring the same list back.
 */

/**
 * The areas a notification's type starts with (`booking.new`, `inventory.low_stock` …), the
 * type filter's choices; '' is every type.
 */
export const TYPE_PREFIXES = [
  '',
  'booking',
  'inventory',
  'review',
  'pos',
  'campaign',
  'waitlist',
  'sms',
  'webhook',
] as const;
export type TypePrefix = (typeof TYPE_PREFIXES)[number];

export const PAGE_SIZES = [20, 50, 100] as const;

export const NOTIFICATION_LIST = {
  unread: param.oneOf(['0', '1'] as const, { default: '0' }),
  type: param.oneOf(TYPE_PREFIXES, { default: '' }),
  size: param.oneOf(PAGE_SIZES, { default: PAGE_SIZES[0] }),
  page: param.integer({ default: 1, min: 1, history: 'push' }),
};

/** The query of GET /api/notifications for a list's state: the service filters and pages. */
export function notificationsQuery(list: { unread: '0' | '1'; type: TypePrefix; page: number; size: number }) {
  return {
    ...(list.unread === '1' ? { unread_only: 'true' as const } : {}),
    // The prefix and its dot: `pos` must not match a type `postal.…` of some later module.
    ...(list.type === '' ? {} : { type: `${list.type}.` }),
    page: list.page,
    limit: list.size,
  };
}
