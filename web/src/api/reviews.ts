import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** The published reviews' average, count and latest comments. */
export const reviewSummaryQuery = queryOptions({
  queryKey: ['get', '/api/public/reviews/summary'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/public/reviews/summary', { signal })),
  staleTime: 5 * 60_000,
});

/** A review of a completed visit, with the feedback token of the review request email. */
export function sendReview(token: string, rating: number, comment: string) {
  const text = comment.trim();
  return unwrap(
    api.POST('/api/public/reviews', { body: { token, rating, ...(text === '' ? {} : { comment: text }) } }),
  );
}
