/*
 * The reads of the manager's staff section, as query-key prefixes (see query-keys.ts), in a
 * module of their own: query-keys.ts is in the booking page's first load, these are not.
 */

/** The members, their rosters, time off, the holidays and calendar feeds. */
export const STAFF_KEY = ['get', '/api/staff/staff'] as const;
export const SHIFTS_KEY = ['get', '/api/staff/shifts'] as const;
export const DEFAULT_SHIFTS_KEY = ['get', '/api/staff/default-shifts'] as const;
export const TIME_OFF_KEY = ['get', '/api/staff/time-off'] as const;
export const HOLIDAYS_KEY = ['get', '/api/settings/holidays'] as const;
export const CALENDAR_FEEDS_KEY = ['get', '/api/calendar-feeds'] as const;
