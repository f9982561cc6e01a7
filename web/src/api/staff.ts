import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The staff a client may choose for a service (empty when the salon offers no choice). */
export const publicStaffQuery = (serviceId: number) =>
  queryOptions({
    queryKey: ['get', '/api/public/staff', { service_id: serviceId }],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/public/staff', { params: { query: { service_id: serviceId } }, signal })),
    staleTime: 5 * 60_000,
  });
