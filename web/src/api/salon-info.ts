import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The salon's public booking settings (GET /api/public/salon-info). */
export const salonInfoQuery = queryOptions({
  queryKey: ['get', '/api/public/salon-info'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/salon-info', { signal })),
  staleTime: 5 * 60_000,
});
