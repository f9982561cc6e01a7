import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { AVAILABILITY_KEY, type SlotSource } from './availability';
import { api, unwrap, type Schemas } from './client';
import type { paths } from './schema.gen';

/*
 * The signed-in client's own account (`/api/public/me…`, with the client token): profile,
 * password, bookings, and cancelling or moving one of them.
 */

export type ClientProfile = Schemas['ClientProfile'];
export type MyBooking = Schemas['MyBooking'];
export type ProfileChanges = paths['/api/public/me']['put']['requestBody']['content']['application/json'];

export const profileQuery = queryOptions({
  queryKey: ['get', '/api/public/me'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/me', { signal })),
});

export function updateProfile(changes: ProfileChanges) {
  return unwrap(api.PUT('/api/public/me', { body: changes }));
}

export function setPassword(password: string) {
  return unwrap(api.POST('/api/public/me/password', { body: { password } }));
}

/** Upcoming (soonest first) or past (newest first) bookings, cancelled ones included. */
export const myBookingsQuery = (scope: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: ['get', '/api/public/me/bookings', { scope }],
    queryFn: ({ signal }) => unwrap(api.GET('/api/public/me/bookings', { params: { query: { scope } }, signal })),
  });

/** Every list of the client's bookings: what a cancel or a move makes stale. */
export const MY_BOOKINGS_KEY = ['get', '/api/public/me/bookings'] as const;

export function cancelMyBooking(id: number) {
  return unwrap(api.POST('/api/public/me/bookings/{id}/cancel', { params: { path: { id } } }));
}

export function moveMyBooking(id: number, start_at: string) {
  return unwrap(api.POST('/api/public/me/bookings/{id}/move', { params: { path: { id } }, body: { start_at } }));
}

/** The starts a booking can move to, with its own member, the booking itself not counting as busy. */
export const moveSlots = (id: number): SlotSource => ({
  key: ['move', { id }],
  fetch: (date, signal) =>
    unwrap(api.GET('/api/public/me/bookings/{id}/availability', { params: { path: { id }, query: { date } }, signal })),
});

/**
 * What the service answered for the client signed in until now: their profile and bookings,
 * and availability (a returning client's slots differ). Forgotten when someone signs in or out.
 */
export function forgetClientData(queryClient: QueryClient): void {
  for (const queryKey of [profileQuery.queryKey, MY_BOOKINGS_KEY, AVAILABILITY_KEY]) {
    queryClient.removeQueries({ queryKey });
  }
}
