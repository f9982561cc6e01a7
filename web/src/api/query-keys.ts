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
