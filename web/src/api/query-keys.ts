/*
 * The query keys that are not one operation's. Every read of the API is keyed
 * `[method, path, init]` by openapi-react-query (client.ts), so `['get', path]` names all of a
 * path's variants; availability is read from several operations (one service, a visit, a move,
 * a move link) and keyed as one family.
 */

/** Every day's free times, whichever operation they come from (availability.ts). */
export const AVAILABILITY_KEY = ['availability'] as const;

/** The signed-in client's profile. */
export const MY_PROFILE_KEY = ['get', '/api/public/me'] as const;

/** Every list of the signed-in client's bookings (upcoming, past). */
export const MY_BOOKINGS_KEY = ['get', '/api/public/me/bookings'] as const;

/** Whether the salon still needs its first set-up (no user yet). */
export const SETUP_STATUS_KEY = ['get', '/api/auth/setup-status'] as const;

/** Every list of the salon's bookings (any filter). */
export const BOOKINGS_KEY = ['get', '/api/bookings'] as const;

/** Every day of the calendar. */
export const BOOKING_DAY_KEY = ['get', '/api/bookings/day'] as const;
/** One booking of the desk (its panel). */
export const BOOKING_KEY = ['get', '/api/bookings/{id}'] as const;
/** One booking's history (its panel): every change of the booking adds to it. */
export const BOOKING_HISTORY_KEY = ['get', '/api/bookings/{id}/history'] as const;
/** The clients list and the desk's client search, every variant. */
export const CLIENTS_KEY = ['get', '/api/clients'] as const;
/** One client, their history, the messages sent to them, a merge's preview: what the client's card reads of them. */
export const CLIENT_KEY = ['get', '/api/clients/{id}'] as const;
export const CLIENT_HISTORY_KEY = ['get', '/api/clients/{id}/history'] as const;
export const CLIENT_MESSAGES_KEY = ['get', '/api/clients/{id}/messages'] as const;
export const MERGE_PREVIEW_KEY = ['get', '/api/clients/{id}/merge-preview'] as const;
/** What the till holds of a client: their points, package credits and gift cards (the card shows them). */
export const CLIENT_LOYALTY_KEY = ['get', '/api/loyalty/clients/{clientId}'] as const;
export const PACKAGE_CREDITS_KEY = ['get', '/api/packages/credits'] as const;
export const GIFT_CARDS_KEY = ['get', '/api/giftcards'] as const;
/** The till's orders, every list and each one (a sale made, paid or refunded). */
export const POS_ORDERS_KEY = ['get', '/api/pos'] as const;
/** The signed-in member's favourite till items. */
export const POS_FAVORITES_KEY = ['get', '/api/pos/favorites'] as const;
/** Every list of the waitlist (the desk's new booking reads a day's open entries). */
export const WAITLIST_KEY = ['get', '/api/waitlist'] as const;

/** The signed-in person's notifications, every filter and page. */
export const NOTIFICATIONS_KEY = ['get', '/api/notifications'] as const;
/** How many of them are unread (the header's bell). */
export const UNREAD_NOTIFICATIONS_KEY = ['get', '/api/notifications/unread-count'] as const;
/** Their channels per notification type. */
export const NOTIFICATION_PREFERENCES_KEY = ['get', '/api/notifications/preferences'] as const;
/** The cash drawer's open day (the till's drawer screen). */
export const DRAWER_KEY = ['get', '/api/pos/drawer'] as const;
/** The Z reports, every page. */
export const Z_REPORTS_KEY = ['get', '/api/pos/z-reports'] as const;
/** A visit, a series and a waitlist entry: the booking panel's and the waitlist screen's reads. */
export const VISIT_KEY = ['get', '/api/bookings/visits/{id}'] as const;
export const SERIES_KEY = ['get', '/api/bookings/series/{id}'] as const;
export const WAITLIST_ENTRY_KEY = ['get', '/api/waitlist/{id}'] as const;
