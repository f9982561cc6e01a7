import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The bookable services in the salon's order; price and duration only when the salon shows them. */
export const publicServicesQuery = queryOptions({
  queryKey: ['get', '/api/public/services'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/services', { signal })),
  staleTime: 5 * 60_000,
});
