// query-core, which react-query re-exports: the unit tests, compiled as the service is, load no React types.
import type { MutationFunctionContext, MutationKey, QueryClient } from '@tanstack/query-core';
import { isRefusal, isSlotGone } from './errors.js';
import {
  AVAILABILITY_KEY,
  BOOKING_DAY_KEY,
  BOOKING_HISTORY_KEY,
  BOOKING_KEY,
  BOOKINGS_KEY,
  CLIENT_HISTORY_KEY,
  CLIENT_KEY,
  CLIENT_LOYALTY_KEY,
  CLIENT_MESSAGES_KEY,
  CLIENTS_KEY,
  DRAWER_KEY,
  GIFT_CARDS_KEY,
  MERGE_PREVIEW_KEY,
  POS_FAVORITES_KEY,
  POS_ORDERS_KEY,
  MY_BOOKINGS_KEY,
  MY_PROFILE_KEY,
  PACKAGE_CREDITS_KEY,
  NOTIFICATION_PREFERENCES_KEY,
  NOTIFICATIONS_KEY,
  SETUP_STATUS_KEY,
  UNREAD_NOTIFICATIONS_KEY,
  WAITLIST_KEY,
  Z_REPORTS_KEY,
} from './query-keys.js';
import type { paths } from './schema.gen.js';

/*
 * What each change makes stale, in one place: the pages that send a change say nothing about
 * the cache. Every mutation goes through useApiMutation or useChange (mutation.ts), which
 * apply this map by the mutation's key `[method, path]` before the page's own onSuccess or
 * onError runs, so a page that closes a dialog or moves on once the change is done already
 * finds the lists refreshed. (Applied there rather than in the query client, the map, which
 * names every change of the API, stays out of the booking page's first load.)
 */

type WriteMethod = 'post' | 'put' | 'patch' | 'delete';
type PathsWith<M extends WriteMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

/** A change the API offers, as `"<method> <path template>"`: a key that is no operation fails the type check. */
export type Operation = { [M in WriteMethod]: `${M} ${PathsWith<M>}` }[WriteMethod];

/**
 * A key prefix made stale. `refetch: false` only marks the matching queries stale, for the next
 * page that shows them, instead of asking again at once: for a read that the change itself
 * makes unanswerable (a move link's times once the link is used up answer 410).
 */
export type Stale = readonly unknown[] | { readonly key: readonly unknown[]; readonly refetch: false };

export interface Staleness {
  /** Stale once the service accepted the change. */
  done: readonly Stale[];
  /** Stale once it refused it (a 4xx other than 429): what the page showed has changed meanwhile. */
  refused?: readonly Stale[];
}

/**
 * A merge's preview is only marked stale: asked again at once, the preview of a merge just done
 * (or of a client just erased) answers 409; the next merge dialog asks afresh.
 */
const PREVIEW_LATER: Stale = { key: MERGE_PREVIEW_KEY, refetch: false };

export const STALE_AFTER: Partial<Record<Operation, Staleness>> = {
  // The settings (/manage/settings): the record, what the booking page and the office's header
  // show of it (name, logo, mode), the calendar's part, and the free times its rules decide.
  'put /api/settings': {
    done: [
      ['get', '/api/settings'],
      ['get', '/api/public/salon-page'],
      ['get', '/api/settings/calendar'],
      AVAILABILITY_KEY,
      BOOKING_DAY_KEY,
    ],
  },
  'post /api/settings/upload-logo': {
    done: [
      ['get', '/api/settings'],
      ['get', '/api/public/salon-page'],
    ],
  },
  'put /api/settings/opening-hours': {
    done: [
      ['get', '/api/settings/opening-hours'],
      ['get', '/api/settings'],
      ['get', '/api/public/salon-page'],
      AVAILABILITY_KEY,
      BOOKING_DAY_KEY,
    ],
  },
  'post /api/settings/holidays': { done: [['get', '/api/settings/holidays'], AVAILABILITY_KEY, BOOKING_DAY_KEY] },
  'delete /api/settings/holidays/{id}': {
    done: [['get', '/api/settings/holidays'], AVAILABILITY_KEY, BOOKING_DAY_KEY],
    refused: [['get', '/api/settings/holidays']],
  },
  // A booking takes a time, and a signed-in client's list gains it.
  'post /api/public/bookings': { done: [AVAILABILITY_KEY, MY_BOOKINGS_KEY] },
  'post /api/public/visits': { done: [AVAILABILITY_KEY, MY_BOOKINGS_KEY] },
  // Cancelled or moved, a booking frees its time (and a move takes another).
  'post /api/public/me/bookings/{id}/cancel': { done: [MY_BOOKINGS_KEY, AVAILABILITY_KEY], refused: [MY_BOOKINGS_KEY] },
  'post /api/public/me/bookings/{id}/move': { done: [MY_BOOKINGS_KEY, AVAILABILITY_KEY] },
  'post /api/public/booking-actions/cancel': { done: [AVAILABILITY_KEY] },
  'post /api/public/booking-actions/move': { done: [{ key: AVAILABILITY_KEY, refetch: false }] },
  // A provisional booking declined frees its time.
  'post /api/public/bookings/decline': { done: [AVAILABILITY_KEY] },
  'put /api/public/me': { done: [MY_PROFILE_KEY] },
  // The desk's calendar: a booking created, moved, completed or cancelled changes its day, the
  // booking itself and the lists; refused, the page showed a booking that has changed meanwhile.
  // The desk's new-booking dialog sends its client created inline within each of its creates
  // (kept even when the booking is then refused), so the clients' lists are stale either way. A
  // booking made from a waitlist entry marks the entry booked.
  'post /api/bookings': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, CLIENTS_KEY, WAITLIST_KEY],
    refused: [CLIENTS_KEY],
  },
  'post /api/bookings/visits': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, CLIENTS_KEY],
    refused: [CLIENTS_KEY],
  },
  'post /api/bookings/series': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, CLIENTS_KEY],
    refused: [CLIENTS_KEY],
  },
  // A repeat's dry run writes no booking, but the client typed in is created before it.
  'post /api/bookings/series/check': { done: [CLIENTS_KEY], refused: [CLIENTS_KEY] },
  'put /api/bookings/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY],
  },
  'delete /api/bookings/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY],
  },
  // The drawer's day: opened, cash moved, closed (a new Z report); refused (409: another desk
  // opened or closed it meanwhile), the day shown is no longer the day there is.
  'post /api/pos/drawer/open': { done: [DRAWER_KEY], refused: [DRAWER_KEY] },
  'post /api/pos/drawer/movements': { done: [DRAWER_KEY], refused: [DRAWER_KEY] },
  'post /api/pos/drawer/close': { done: [DRAWER_KEY, Z_REPORTS_KEY], refused: [DRAWER_KEY] },
  // A client created inline at the desk joins the searches.
  'post /api/clients': { done: [CLIENTS_KEY] },
  // The client's card: an edit changes the client (and where their messages go); a merge moves
  // the duplicate's whole file to the kept client; an erase empties the record. Refused (edited,
  // merged or erased meanwhile), the card showed a client that has changed.
  'put /api/clients/{id}': {
    done: [CLIENTS_KEY, CLIENT_KEY, CLIENT_MESSAGES_KEY, PREVIEW_LATER],
    refused: [CLIENT_KEY],
  },
  'post /api/clients/{id}/merge': {
    done: [
      CLIENTS_KEY,
      CLIENT_KEY,
      CLIENT_HISTORY_KEY,
      CLIENT_MESSAGES_KEY,
      CLIENT_LOYALTY_KEY,
      PACKAGE_CREDITS_KEY,
      GIFT_CARDS_KEY,
      PREVIEW_LATER,
      BOOKINGS_KEY,
      BOOKING_DAY_KEY,
    ],
    refused: [CLIENT_KEY, PREVIEW_LATER],
  },
  'post /api/clients/{id}/erase': {
    done: [CLIENTS_KEY, CLIENT_KEY, CLIENT_MESSAGES_KEY, PREVIEW_LATER, BOOKINGS_KEY, BOOKING_DAY_KEY],
    refused: [CLIENT_KEY],
  },
  // A sale at the till; checking a booking out completes it (and its visit) on the calendar.
  'post /api/pos': { done: [POS_ORDERS_KEY, BOOKING_DAY_KEY, BOOKING_KEY, BOOKINGS_KEY] },
  'put /api/pos/favorites': { done: [POS_FAVORITES_KEY] },
  // The profile says whether the client has a password.
  'post /api/public/me/password': { done: [MY_PROFILE_KEY] },
  // The back office: the salon set up (or found set up meanwhile) needs no set-up page any more.
  'post /api/auth/setup': { done: [SETUP_STATUS_KEY], refused: [SETUP_STATUS_KEY] },
  // The inbox: a notification read or deleted changes its lists and the bell's count; refused
  // (404: already deleted, in another tab), the list showed one that is gone.
  'put /api/notifications/{id}/read': {
    done: [NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY],
    refused: [NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY],
  },
  'put /api/notifications/read-all': { done: [NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY] },
  'delete /api/notifications/{id}': {
    done: [NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY],
    refused: [NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY],
  },
  'put /api/notifications/preferences': { done: [NOTIFICATION_PREFERENCES_KEY] },
};

/** The map's entry for a mutation key `[method, path]`; undefined for a mutation it does not list. */
export function stalenessOf(mutationKey: MutationKey | undefined): Staleness | undefined {
  const [method, path] = mutationKey ?? [];
  if (typeof method !== 'string' || typeof path !== 'string') return undefined;
  return (STALE_AFTER as Partial<Record<string, Staleness>>)[`${method} ${path}`];
}

function invalidate(client: QueryClient, stale: readonly Stale[]): Promise<unknown> {
  return Promise.all(
    stale.map((entry) =>
      'key' in entry
        ? client.invalidateQueries({ queryKey: entry.key, refetchType: 'none' })
        : client.invalidateQueries({ queryKey: entry }),
    ),
  );
}

/** After a change went through: its entry's `done` keys, refetched when a page shows them. */
export function invalidateAfterSuccess(client: QueryClient, mutationKey: MutationKey | undefined): Promise<unknown> {
  return invalidate(client, stalenessOf(mutationKey)?.done ?? []);
}

/**
 * After a change failed: its entry's `refused` keys when the service refused it, and the day's
 * free times, whichever the request, when the refusal says a time is no longer free.
 */
export function invalidateAfterFailure(
  client: QueryClient,
  mutationKey: MutationKey | undefined,
  error: unknown,
): Promise<unknown> {
  if (!isRefusal(error)) return Promise.resolve();
  const stale = [...(stalenessOf(mutationKey)?.refused ?? []), ...(isSlotGone(error) ? [AVAILABILITY_KEY] : [])];
  return invalidate(client, stale);
}

/** A mutation's callbacks, whatever their data and variables. */
interface Callbacks {
  onSuccess?: (...args: never[]) => unknown;
  onError?: (...args: never[]) => unknown;
}
type Callback = (...args: unknown[]) => unknown;
type Args = [unknown, unknown, unknown, MutationFunctionContext];

/**
 * A mutation's options with the map applied: its keys invalidated (and those a page shows
 * refetched, awaited) first, then the page's own onSuccess or onError.
 */
export function withStaleness<Options extends Callbacks>(mutationKey: MutationKey, options: Options): Options {
  const onSuccess = options.onSuccess as Callback | undefined;
  const onError = options.onError as Callback | undefined;
  return {
    ...options,
    onSuccess: async (...args: Args) => {
      await invalidateAfterSuccess(args[3].client, mutationKey);
      return onSuccess?.(...args);
    },
    onError: async (...args: Args) => {
      await invalidateAfterFailure(args[3].client, mutationKey, args[0]);
      return onError?.(...args);
    },
  };
}
