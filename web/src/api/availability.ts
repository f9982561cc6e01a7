import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** A start the salon offers: one service's slot, or a visit's (several services in a row). */
export interface Slot {
  start_at: string;
  end_at: string;
  /** One service: who takes it. */
  staff_id?: number;
  /** Several services: who does each part, when. */
  parts?: Array<{ service_id: number; staff_id: number; start_at: string; end_at: string }>;
}

export interface AvailabilityRequest {
  date: string;
  serviceIds: readonly number[];
  staffId: number | null;
}

/**
 * The free starts of a day: GET /public/availability for one service, POST
 * /public/visit-availability (a read) for several. Refetched when the window regains focus, so
 * a visitor who comes back sees the times still free.
 */
export const availabilityQuery = ({ date, serviceIds, staffId }: AvailabilityRequest) =>
  queryOptions({
    queryKey: ['availability', { date, serviceIds, staffId }],
    queryFn: async ({ signal }): Promise<Slot[]> => {
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
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** Every day's availability: what a booking (or a slot taken meanwhile) makes stale. */
export const AVAILABILITY_KEY = ['availability'] as const;
