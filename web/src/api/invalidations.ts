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
  VISIT_KEY,
  SERIES_KEY,
  WAITLIST_ENTRY_KEY,
} from './query-keys.js';
import {
  GIFT_CARD_BY_CODE_KEY,
  IMPORTS_KEY,
  PACKAGES_KEY,
  PRODUCTS_KEY,
  PROMOTIONS_KEY,
  SERVICES_KEY,
  PRODUCT_KEY,
  PRODUCT_CATEGORIES_KEY,
  STOCK_TRANSACTIONS_KEY,
  SUPPLIERS_KEY,
  SUPPLIER_KEY,
  PURCHASE_ORDERS_KEY,
  PURCHASE_ORDER_KEY,
  REVIEWS_KEY,
  CAMPAIGNS_KEY,
  CAMPAIGN_KEY,
  CAMPAIGN_SEGMENTS_KEY,
  CAMPAIGN_TEMPLATES_KEY,
  FOLLOWUP_STEPS_KEY,
} from './manage-keys.js';
import {
  CALENDAR_FEEDS_KEY,
  DEFAULT_SHIFTS_KEY,
  HOLIDAYS_KEY,
  SHIFTS_KEY,
  STAFF_KEY,
  TIME_OFF_KEY,
} from './staff-keys.js';
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
/** The salon's client labels with their counts: a client's edit may create labels and change counts. */
const CLIENT_LABELS = ['get', '/api/clients/labels'] as const;

/** The manager's catalogue's lists (each key every variant of its read). */
const SERVICE_CATEGORIES_KEY = ['get', '/api/services/categories'] as const;
const SERVICE_STAFF_KEY = ['get', '/api/services/{id}/staff'] as const;
const STAFF_SERVICES_KEY = ['get', '/api/staff/staff/{id}/services'] as const;
const RESOURCES_KEY = ['get', '/api/resources'] as const;
/** The manager's records read by id (a deep link's form) and the accounts list. */
const PROMOTION_KEY = ['get', '/api/promotions/{id}'] as const;
const PACKAGE_KEY = ['get', '/api/packages/{id}'] as const;
const GIFT_CARD_KEY = ['get', '/api/giftcards/{id}'] as const;
const RESOURCE_KEY = ['get', '/api/resources/{id}'] as const;
const USERS_KEY = ['get', '/api/auth/users'] as const;
const STOCK_READS: readonly Stale[] = [
  PRODUCTS_KEY,
  PRODUCT_KEY,
  PRODUCT_CATEGORIES_KEY,
  STOCK_TRANSACTIONS_KEY,
  SUPPLIERS_KEY,
  SUPPLIER_KEY,
  PURCHASE_ORDERS_KEY,
  PURCHASE_ORDER_KEY,
];
/** Refused, the page showed stock that has changed meanwhile (an order received in another tab). */
const STOCK_CHANGED: Staleness = { done: STOCK_READS, refused: STOCK_READS };

export const STALE_AFTER: Partial<Record<Operation, Staleness>> = {
  // The manager's campaigns. A deleted campaign's own read is only marked stale: asked again
  // at once it would answer 404 on the page that is leaving it.
  'post /api/campaigns': { done: [CAMPAIGNS_KEY] },
  'put /api/campaigns/{id}': { done: [CAMPAIGNS_KEY, CAMPAIGN_KEY], refused: [CAMPAIGNS_KEY, CAMPAIGN_KEY] },
  'delete /api/campaigns/{id}': {
    done: [CAMPAIGNS_KEY, { key: CAMPAIGN_KEY, refetch: false }],
    refused: [CAMPAIGNS_KEY, CAMPAIGN_KEY],
  },
  'post /api/campaigns/{id}/send': { done: [CAMPAIGNS_KEY, CAMPAIGN_KEY], refused: [CAMPAIGNS_KEY, CAMPAIGN_KEY] },
  'post /api/campaigns/segments': { done: [CAMPAIGN_SEGMENTS_KEY] },
  'delete /api/campaigns/segments/{id}': { done: [CAMPAIGN_SEGMENTS_KEY], refused: [CAMPAIGN_SEGMENTS_KEY] },
  'post /api/campaigns/templates': { done: [CAMPAIGN_TEMPLATES_KEY] },
  'delete /api/campaigns/templates/{id}': { done: [CAMPAIGN_TEMPLATES_KEY], refused: [CAMPAIGN_TEMPLATES_KEY] },
  'post /api/campaigns/followup-steps': { done: [FOLLOWUP_STEPS_KEY] },
  'put /api/campaigns/followup-steps/{id}': { done: [FOLLOWUP_STEPS_KEY], refused: [FOLLOWUP_STEPS_KEY] },
  'delete /api/campaigns/followup-steps/{id}': { done: [FOLLOWUP_STEPS_KEY], refused: [FOLLOWUP_STEPS_KEY] },
  // The settings (/manage/settings): the record, what the booking page and the office's header
  // show of it (name, logo, mode), the calendar's part, and the free times its rules decide.
  'put /api/settings': {
    done: [
      ['get', '/api/settings'],
      ['get', '/api/public/salon-page'],
      ['get', '/api/settings/calendar'],
      // The signed-in user's can_change_prices follows staff_price_changes_enabled.
      ['get', '/api/auth/me'],
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
  // The settings kept apart from the record (/manage/settings): client messages, webhook
  // endpoints and their delivery logs, loyalty, locations (the roster offers them), VAT rates
  // (the service and product forms offer them). Making one location or rate the default takes
  // it from another, so each change reads its whole list again.
  'put /api/settings/messages/{key}/{language}': {
    done: [
      ['get', '/api/settings/messages'],
      ['get', '/api/settings/messages/{key}'],
    ],
  },
  'delete /api/settings/messages/{key}/{language}': {
    done: [
      ['get', '/api/settings/messages'],
      ['get', '/api/settings/messages/{key}'],
    ],
  },
  'post /api/webhooks/endpoints': { done: [['get', '/api/webhooks/endpoints']] },
  'put /api/webhooks/endpoints/{id}': {
    done: [
      ['get', '/api/webhooks/endpoints'],
      ['get', '/api/webhooks/endpoints/{id}'],
      ['get', '/api/webhooks/endpoints/{id}/deliveries'],
    ],
  },
  'delete /api/webhooks/endpoints/{id}': { done: [['get', '/api/webhooks/endpoints']] },
  'post /api/webhooks/endpoints/{id}/rotate-secret': {
    done: [
      ['get', '/api/webhooks/endpoints'],
      ['get', '/api/webhooks/endpoints/{id}'],
    ],
  },
  'post /api/webhooks/deliveries/{id}/redeliver': {
    done: [['get', '/api/webhooks/endpoints/{id}/deliveries']],
    refused: [
      ['get', '/api/webhooks/endpoints/{id}'],
      ['get', '/api/webhooks/endpoints/{id}/deliveries'],
    ],
  },
  'put /api/loyalty/settings': { done: [['get', '/api/loyalty/settings']] },
  'post /api/locations': { done: [['get', '/api/locations']] },
  'put /api/locations/{id}': {
    done: [
      ['get', '/api/locations'],
      ['get', '/api/locations/{id}'],
    ],
  },
  'delete /api/locations/{id}': { done: [['get', '/api/locations']], refused: [['get', '/api/locations']] },
  'post /api/settings/vat-rates': { done: [['get', '/api/settings/vat-rates']] },
  'put /api/settings/vat-rates/{id}': { done: [['get', '/api/settings/vat-rates']] },
  'delete /api/settings/vat-rates/{id}': {
    done: [['get', '/api/settings/vat-rates']],
    refused: [['get', '/api/settings/vat-rates']],
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
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, VISIT_KEY, SERIES_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY],
  },
  'delete /api/bookings/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, VISIT_KEY, SERIES_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY],
  },
  // A visit or a series moved or cancelled changes every booking of it (the panel shows the visit's
  // and the series' reads too); a cancel frees a time the waitlist may be offered. Refused, the
  // visit or series has changed meanwhile. The waitlist: an entry added, changed or removed
  // changes the lists (the desk's day offers them) and the entry's screen.
  'put /api/bookings/visits/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, VISIT_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, VISIT_KEY],
  },
  'delete /api/bookings/visits/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, VISIT_KEY, WAITLIST_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, VISIT_KEY],
  },
  'put /api/bookings/series/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, SERIES_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, SERIES_KEY],
  },
  'delete /api/bookings/series/{id}': {
    done: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, AVAILABILITY_KEY, SERIES_KEY, WAITLIST_KEY],
    refused: [BOOKING_DAY_KEY, BOOKING_KEY, BOOKING_HISTORY_KEY, BOOKINGS_KEY, SERIES_KEY],
  },
  'post /api/waitlist': { done: [WAITLIST_KEY] },
  'put /api/waitlist/{id}': { done: [WAITLIST_KEY, WAITLIST_ENTRY_KEY], refused: [WAITLIST_KEY, WAITLIST_ENTRY_KEY] },
  'delete /api/waitlist/{id}': { done: [WAITLIST_KEY], refused: [WAITLIST_KEY, WAITLIST_ENTRY_KEY] },
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
    done: [CLIENTS_KEY, CLIENT_KEY, CLIENT_MESSAGES_KEY, PREVIEW_LATER, CLIENT_LABELS],
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
  // The salon's client labels (the list's labels dialog, the card's labels): one renamed,
  // recoloured or deleted reads differently on every client carrying it. A client deleted leaves
  // the lists (their card is left, not read again: it is gone); refused (they have a history now),
  // the card reads them again. Points corrected change the card's balance; refused (spent
  // meanwhile: below zero), the balance shown was stale.
  'post /api/clients/labels': { done: [CLIENT_LABELS] },
  'put /api/clients/labels/{id}': { done: [CLIENT_LABELS, CLIENTS_KEY, CLIENT_KEY], refused: [CLIENT_LABELS] },
  'delete /api/clients/labels/{id}': { done: [CLIENT_LABELS, CLIENTS_KEY, CLIENT_KEY], refused: [CLIENT_LABELS] },
  'delete /api/clients/{id}': { done: [CLIENTS_KEY, CLIENT_LABELS], refused: [CLIENT_KEY] },
  'post /api/loyalty/clients/{clientId}/adjust': { done: [CLIENT_LOYALTY_KEY], refused: [CLIENT_LOYALTY_KEY] },
  // A sale at the till; checking a booking out completes it (and its visit) on the calendar.
  'post /api/pos': { done: [POS_ORDERS_KEY, BOOKING_DAY_KEY, BOOKING_KEY, BOOKINGS_KEY, PACKAGE_CREDITS_KEY] },
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
  // The manager's offers: a package or promotion created, changed or deleted changes its lists;
  // refused (a sold package, a used code), the list showed one that has been used meanwhile.
  'post /api/packages': { done: [PACKAGES_KEY] },
  'put /api/packages/{id}': { done: [PACKAGES_KEY, PACKAGE_KEY], refused: [PACKAGES_KEY, PACKAGE_KEY] },
  'delete /api/packages/{id}': {
    done: [PACKAGES_KEY, { key: PACKAGE_KEY, refetch: false }],
    refused: [PACKAGES_KEY, PACKAGE_KEY],
  },
  'post /api/promotions': { done: [PROMOTIONS_KEY] },
  'put /api/promotions/{id}': { done: [PROMOTIONS_KEY, PROMOTION_KEY], refused: [PROMOTIONS_KEY, PROMOTION_KEY] },
  'delete /api/promotions/{id}': {
    done: [PROMOTIONS_KEY, { key: PROMOTION_KEY, refetch: false }],
    refused: [PROMOTIONS_KEY, PROMOTION_KEY],
  },
  'put /api/giftcards/{id}': { done: [GIFT_CARDS_KEY, GIFT_CARD_BY_CODE_KEY, GIFT_CARD_KEY] },
  // An import adds and updates clients, services or products and joins the history (a dry run
  // writes nothing, and refreshing after it costs only the lists shown).
  'post /api/imports/{kind}': { done: [CLIENTS_KEY, SERVICES_KEY, PRODUCTS_KEY, IMPORTS_KEY] },
  // The manager's staff section: a member registered or changed (a deactivated one leaves the
  // roster's members); shifts drawn, copied, cleared or applied from the default week; time off
  // and holidays (which change the free times); a member's feed links. A roster write refused
  // (409: a shift another desk drew meanwhile) means the week shown is out of date.
  'post /api/auth/register': { done: [STAFF_KEY, USERS_KEY] },
  'put /api/staff/staff/{id}': { done: [STAFF_KEY, USERS_KEY, AVAILABILITY_KEY], refused: [STAFF_KEY] },
  'post /api/staff/staff/{id}/photo': { done: [STAFF_KEY] },
  'delete /api/staff/staff/{id}/photo': { done: [STAFF_KEY] },
  'post /api/staff/shifts': { done: [SHIFTS_KEY, AVAILABILITY_KEY], refused: [SHIFTS_KEY] },
  'delete /api/staff/shifts/{id}': { done: [SHIFTS_KEY, AVAILABILITY_KEY], refused: [SHIFTS_KEY] },
  'post /api/staff/default-shifts/save-week': { done: [DEFAULT_SHIFTS_KEY, AVAILABILITY_KEY] },
  'post /api/staff/default-shifts/apply': { done: [SHIFTS_KEY, AVAILABILITY_KEY] },
  'post /api/staff/time-off': { done: [TIME_OFF_KEY, AVAILABILITY_KEY] },
  'delete /api/staff/time-off/{id}': { done: [TIME_OFF_KEY, AVAILABILITY_KEY], refused: [TIME_OFF_KEY] },
  // A holiday (from the roster or the opening hours' special days) closes the desk's day too.
  'post /api/settings/holidays': { done: [HOLIDAYS_KEY, AVAILABILITY_KEY, BOOKING_DAY_KEY], refused: [HOLIDAYS_KEY] },
  'delete /api/settings/holidays/{id}': {
    done: [HOLIDAYS_KEY, AVAILABILITY_KEY, BOOKING_DAY_KEY],
    refused: [HOLIDAYS_KEY],
  },
  'post /api/calendar-feeds': { done: [CALENDAR_FEEDS_KEY] },
  'delete /api/calendar-feeds/{id}': { done: [CALENDAR_FEEDS_KEY], refused: [CALENDAR_FEEDS_KEY] },
  // The manager's catalogue: a service's lists carry its category's name and colour and its
  // resources; a resource lists the services that need it; who performs what is a member's list.
  'post /api/services/categories': { done: [SERVICE_CATEGORIES_KEY] },
  'put /api/services/categories/{id}': {
    done: [SERVICE_CATEGORIES_KEY, SERVICES_KEY],
    refused: [SERVICE_CATEGORIES_KEY],
  },
  'delete /api/services/categories/{id}': { done: [SERVICE_CATEGORIES_KEY, SERVICES_KEY] },
  'post /api/services': { done: [SERVICES_KEY, RESOURCES_KEY, STAFF_SERVICES_KEY] },
  'put /api/services/{id}': {
    done: [SERVICES_KEY, RESOURCES_KEY, SERVICE_STAFF_KEY, STAFF_SERVICES_KEY],
    refused: [SERVICES_KEY],
  },
  'delete /api/services/{id}': { done: [SERVICES_KEY, RESOURCES_KEY, STAFF_SERVICES_KEY] },
  'post /api/services/{id}/photo': { done: [SERVICES_KEY] },
  'delete /api/services/{id}/photo': { done: [SERVICES_KEY] },
  'put /api/staff/staff/{id}/services': { done: [STAFF_SERVICES_KEY, SERVICE_STAFF_KEY] },
  'post /api/resources': { done: [RESOURCES_KEY, SERVICES_KEY] },
  'put /api/resources/{id}': {
    done: [RESOURCES_KEY, RESOURCE_KEY, SERVICES_KEY],
    refused: [RESOURCES_KEY, RESOURCE_KEY],
  },
  'delete /api/resources/{id}': { done: [RESOURCES_KEY, { key: RESOURCE_KEY, refetch: false }, SERVICES_KEY] },
  // The manager's stock: a product's count, its category's and supplier's names show in the
  // lists, the cards and the orders' lines, and a received (or deleted) order moves stock; each
  // change makes all of the stock's reads stale (few, and only the ones on screen are asked again).
  ...Object.fromEntries(
    (
      [
        'post /api/inventory/products',
        'put /api/inventory/products/{id}',
        'delete /api/inventory/products/{id}',
        'post /api/inventory/products/{id}/consume',
        'post /api/inventory/categories',
        'put /api/inventory/categories/{id}',
        'delete /api/inventory/categories/{id}',
        'post /api/suppliers',
        'put /api/suppliers/{id}',
        'delete /api/suppliers/{id}',
        'post /api/suppliers/orders',
        'put /api/suppliers/orders/{id}',
        'put /api/suppliers/orders/{id}/items',
        'delete /api/suppliers/orders/{id}',
        'post /api/suppliers/orders/{id}/packing-slip',
      ] satisfies Operation[]
    ).map((operation) => [operation, STOCK_CHANGED]),
  ),
  // A review published, hidden or answered: the manager's list and the booking page's summary.
  'put /api/reviews/{id}': { done: [REVIEWS_KEY, ['get', '/api/public/reviews/summary']] },
  // A job retried: the queue shows it waiting (or running) again.
  'post /api/system/jobs/{id}/retry': { done: [['get', '/api/system/jobs']] },
  // The manager's records by id. A gift card issued joins the list; one deleted leaves it (its
  // own read only marked stale: the page leaving it would read a 404), refused (sold or spent
  // meanwhile) the card shown is out of date. A member added or removed changes the staff and
  // account lists; a removed one takes their shifts, default week, time off and services with
  // them. A shift's times changed move the free times; a default week cleared empties the editor.
  'post /api/giftcards': { done: [GIFT_CARDS_KEY] },
  'delete /api/giftcards/{id}': {
    done: [GIFT_CARDS_KEY, GIFT_CARD_BY_CODE_KEY, { key: GIFT_CARD_KEY, refetch: false }],
    refused: [GIFT_CARDS_KEY, GIFT_CARD_KEY],
  },
  'post /api/staff/staff': { done: [STAFF_KEY, USERS_KEY] },
  'delete /api/staff/staff/{id}': {
    done: [STAFF_KEY, USERS_KEY, SHIFTS_KEY, DEFAULT_SHIFTS_KEY, TIME_OFF_KEY, SERVICE_STAFF_KEY, AVAILABILITY_KEY],
    refused: [STAFF_KEY],
  },
  'put /api/staff/shifts/{id}': { done: [SHIFTS_KEY, AVAILABILITY_KEY], refused: [SHIFTS_KEY] },
  'delete /api/staff/default-shifts/{staffId}': { done: [DEFAULT_SHIFTS_KEY] },
  // A sale voided: the sales list and the sale show it voided, the journal has its entry. Refused
  // (paid or voided meanwhile, in another tab), the list showed a sale that has changed.
  'post /api/pos/{id}/void': {
    done: [POS_ORDERS_KEY, ['get', '/api/pos/{id}'], ['get', '/api/pos/journal'], ['get', '/api/pos/journal/entries']],
    refused: [POS_ORDERS_KEY, ['get', '/api/pos/{id}']],
  },
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
