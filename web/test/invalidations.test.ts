import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MutationObserver, QueryClient, QueryObserver, type QueryKey } from '@tanstack/query-core';
import { ApiError, ConnectionError } from '../src/api/errors.js';
import { STALE_AFTER, stalenessOf, withStaleness } from '../src/api/invalidations.js';
import {
  AVAILABILITY_KEY,
  BOOKING_DAY_KEY,
  CLIENTS_KEY,
  MY_BOOKINGS_KEY,
  MY_PROFILE_KEY,
  NOTIFICATIONS_KEY,
  UNREAD_NOTIFICATIONS_KEY,
  WAITLIST_KEY,
} from '../src/api/query-keys.js';

/*
 * The map of invalidations: what each change makes stale, applied (awaited) before the page's
 * own callbacks, on a real query cache.
 */

const UPCOMING: QueryKey = ['get', '/api/public/me/bookings', { params: { query: { scope: 'upcoming' } } }];
const A_DAY: QueryKey = [...AVAILABILITY_KEY, 'book', { serviceIds: [1], staffId: null }, '2026-12-03'];
const SALON: QueryKey = ['get', '/api/public/salon-page'];

function cacheWithReads(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of [UPCOMING, A_DAY, SALON, MY_PROFILE_KEY]) client.setQueryData(key, { read: true });
  return client;
}

const stale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

async function run(client: QueryClient, mutationKey: readonly unknown[], outcome: () => Promise<unknown>) {
  const seen: Array<{ callback: string; upcomingStale: boolean }> = [];
  const observer = new MutationObserver(
    client,
    withStaleness(mutationKey, {
      mutationFn: outcome,
      onSuccess: () => void seen.push({ callback: 'onSuccess', upcomingStale: stale(client, UPCOMING) }),
      onError: () => void seen.push({ callback: 'onError', upcomingStale: stale(client, UPCOMING) }),
    }),
  );
  await observer.mutate().catch(() => undefined);
  return seen;
}

describe('what each change makes stale (the map of invalidations)', () => {
  it('a cancel makes every list of my bookings and every day of availability stale, before the page hears of it', async () => {
    const client = cacheWithReads();
    const seen = await run(client, ['post', '/api/public/me/bookings/{id}/cancel'], async () => ({ id: 1 }));
    assert.deepEqual(seen, [{ callback: 'onSuccess', upcomingStale: true }]);
    assert.equal(stale(client, A_DAY), true);
    assert.equal(stale(client, SALON), false, 'the salon is not touched by a cancel');
  });

  it('a refused cancel makes the lists stale (they show the booking as it is now), not availability', async () => {
    const client = cacheWithReads();
    const seen = await run(client, ['post', '/api/public/me/bookings/{id}/cancel'], () =>
      Promise.reject(new ApiError(409, { code: 'too_late_to_cancel', error: 'Too late' })),
    );
    assert.deepEqual(seen, [{ callback: 'onError', upcomingStale: true }]);
    assert.equal(stale(client, A_DAY), false);
  });

  it('a time taken meanwhile makes availability stale whichever request met it; a lost connection or a 429 nothing', async () => {
    const taken = cacheWithReads();
    await run(taken, ['post', '/api/public/bookings'], () =>
      Promise.reject(new ApiError(409, { code: 'slot_taken', error: 'Taken' })),
    );
    assert.equal(stale(taken, A_DAY), true);
    for (const failure of [new ConnectionError(new TypeError('Failed to fetch')), new ApiError(429, null, 30)]) {
      const client = cacheWithReads();
      await run(client, ['post', '/api/public/me/bookings/{id}/cancel'], () => Promise.reject(failure));
      assert.equal(stale(client, UPCOMING) || stale(client, A_DAY), false, failure.name);
    }
  });

  it("a move link's times are only marked stale once the link is used up, while another change asks again at once", async () => {
    const asked = { count: 0 };
    const watched = (client: QueryClient) =>
      new QueryObserver(client, { queryKey: A_DAY, queryFn: () => ++asked.count, staleTime: Infinity }).subscribe(
        () => undefined,
      );
    const used = cacheWithReads();
    const stopUsed = watched(used);
    await run(used, ['post', '/api/public/booking-actions/move'], async () => ({}));
    stopUsed();
    assert.equal(stale(used, A_DAY), true);
    assert.equal(asked.count, 0, 'a used-up link answers 410: its times are not asked for');

    const cancelled = cacheWithReads();
    const stopCancelled = watched(cancelled);
    await run(cancelled, ['post', '/api/public/booking-actions/cancel'], async () => ({}));
    stopCancelled();
    assert.equal(asked.count, 1, 'a shown day of times is asked for again at once');
  });

  it('a change the map does not list makes nothing stale; every listed change names queries', async () => {
    const client = cacheWithReads();
    await run(client, ['post', '/api/public/client-magic-link'], async () => ({}));
    assert.equal(
      [UPCOMING, A_DAY, SALON, MY_PROFILE_KEY].some((key) => stale(client, key)),
      false,
    );
    assert.equal(stalenessOf(undefined), undefined);
    for (const [operation, staleness] of Object.entries(STALE_AFTER)) {
      assert.ok(staleness.done.length > 0, operation);
    }
    assert.deepEqual(stalenessOf(['put', '/api/public/me'])?.done, [MY_PROFILE_KEY]);
    assert.deepEqual(stalenessOf(['post', '/api/public/visits'])?.done, [AVAILABILITY_KEY, MY_BOOKINGS_KEY]);
  });

  it("the desk's creates each under their own key: a visit or a repeat (done or refused) makes the clients stale, a booking the waitlist too, a repeat's dry run no day", async () => {
    const CLIENTS: QueryKey = [...CLIENTS_KEY, { params: { query: { search: 'ad' } } }];
    const DAY: QueryKey = [...BOOKING_DAY_KEY, { params: { query: { date: '2026-12-03' } } }];
    const WAITLIST: QueryKey = [...WAITLIST_KEY, { params: { query: { date: '2026-12-03' } } }];
    const desk = () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      for (const key of [CLIENTS, DAY, WAITLIST]) client.setQueryData(key, { read: true });
      return client;
    };
    const refused = () => Promise.reject(new ApiError(409, { code: 'booking_overlap', error: 'Overlap' }));
    for (const path of ['/api/bookings/visits', '/api/bookings/series']) {
      const done = desk();
      await run(done, ['post', path], async () => ({}));
      assert.deepEqual([stale(done, CLIENTS), stale(done, DAY), stale(done, WAITLIST)], [true, true, false], path);
      const no = desk();
      await run(no, ['post', path], refused);
      assert.deepEqual([stale(no, CLIENTS), stale(no, DAY)], [true, false], path);
    }
    const booked = desk();
    await run(booked, ['post', '/api/bookings'], async () => ({}));
    assert.deepEqual([stale(booked, CLIENTS), stale(booked, DAY), stale(booked, WAITLIST)], [true, true, true]);
    const checked = desk();
    await run(checked, ['post', '/api/bookings/series/check'], async () => ({}));
    assert.deepEqual([stale(checked, CLIENTS), stale(checked, DAY)], [true, false]);
  });

  it("a notification read, deleted or all read makes the bell's count and the lists stale, a refused one too; the channels saved leave them", async () => {
    const UNREAD: QueryKey = [...UNREAD_NOTIFICATIONS_KEY, {}];
    const LIST: QueryKey = [...NOTIFICATIONS_KEY, { params: { query: { page: 1, limit: 20 } } }];
    const withInbox = () => {
      const client = cacheWithReads();
      for (const key of [UNREAD, LIST]) client.setQueryData(key, { read: true });
      return client;
    };
    const changes: [readonly unknown[], () => Promise<unknown>][] = [
      [['put', '/api/notifications/{id}/read'], async () => ({})],
      [['put', '/api/notifications/read-all'], async () => ({ ok: true, updated: 2 })],
      [['delete', '/api/notifications/{id}'], async () => ({ ok: true })],
      // Deleted meanwhile in another tab: the list showed one that is gone.
      [
        ['delete', '/api/notifications/{id}'],
        () => Promise.reject(new ApiError(404, { code: 'not_found', error: 'Gone' })),
      ],
    ];
    for (const [key, outcome] of changes) {
      const client = withInbox();
      await run(client, key, outcome);
      assert.equal(stale(client, UNREAD), true, `${String(key[1])}: the count`);
      assert.equal(stale(client, LIST), true, `${String(key[1])}: the list`);
    }
    const saved = withInbox();
    await run(saved, ['put', '/api/notifications/preferences'], async () => ({}));
    assert.equal(stale(saved, UNREAD) || stale(saved, LIST), false);
  });
});
