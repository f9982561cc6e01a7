import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The published reviews' average, count and latest comments. */
export const reviewSummaryQuery = queryOptions({
  queryKey: ['get', '/api/public/reviews/summary'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/reviews/summary', { signal })),
  staleTime: 5 * 60_000,
});
