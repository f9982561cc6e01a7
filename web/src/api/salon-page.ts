import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The salon as the booking page shows it: address, logo, zone, formats, opening hours, holidays ahead. */
export const salonPageQuery = queryOptions({
  queryKey: ['get', '/api/public/salon-page'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/salon-page', { signal })),
  staleTime: 5 * 60_000,
});
