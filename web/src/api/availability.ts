import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { AVAILABILITY_KEY } from './query-keys';

/** A start the salon offers: one service's slot, or a visit's (several services in a row). */
export interface Slot {
  start_at: string;
  end_at: string;
  /** One service: who takes it. */
  staff_id?: number;
  /** Several services: who does each part, when. */
  parts?: Array<{ service_id: number; staff_id: number; start_at: string; end_at: string }>;
}

/**
 * What a day and time picker asks availability for: a key naming the request (the services
 * and staff of a new booking, the booking being moved, a move link's token…) and the fetch of
 * one day's free starts. The picker caches each day under `['availability', ...key, date]`.
 */
export interface SlotSource {
  key: readonly unknown[];
  fetch: (date: string, signal: AbortSignal) => Promise<Slot[]>;
}

export interface AvailabilityRequest {
  serviceIds: readonly number[];
  staffId: number | null;
}

/**
 * A new booking's free starts: GET /public/availability for one service, POST
 * /public/visit-availability (a read) for several.
 */
export const bookingSlots = ({ serviceIds, staffId }: AvailabilityRequest): SlotSource => ({
  key: ['book', { serviceIds, staffId }],
  fetch: async (date, signal) => {
    const staff = staffId === null ? {} : { staff_id: staffId };
    if (serviceIds.length === 1) {
      return unwrap(
        api.GET('/api/public/availability', {
          params: { query: { date, service_id: serviceIds[0]!, ...staff } },
          signal,
        }),
      );
    }
    return unwrap(
      api.POST('/api/public/visit-availability', {
        body: { date, parts: serviceIds.map((service_id) => ({ service_id, ...staff })) },
        signal,
      }),
    );
  },
});

/** The starts one of the signed-in client's bookings can move to, with its own member, the booking itself not busy. */
export const moveSlots = (id: number): SlotSource => ({
  key: ['move', { id }],
  fetch: (date, signal) =>
    unwrap(api.GET('/api/public/me/bookings/{id}/availability', { params: { path: { id }, query: { date } }, signal })),
});

/**
 * The times a move link's booking can move to: exactly the starts the move accepts (the
 * booking's own time not busy). Reading does not use the token up.
 */
export const moveLinkSlots = (token: string): SlotSource => ({
  key: ['move-link', token],
  fetch: (date, signal) =>
    unwrap(api.GET('/api/public/booking-actions/availability', { params: { query: { token, date } }, signal })),
});

/**
 * One day of a SlotSource. Refetched when the window regains focus, so a visitor who comes
 * back sees the times still free.
 */
export const slotsQuery = (source: SlotSource, date: string) =>
  queryOptions({
    queryKey: [...AVAILABILITY_KEY, ...source.key, date],
    queryFn: ({ signal }): Promise<Slot[]> => source.fetch(date, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
