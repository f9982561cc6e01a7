import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './errors.js';

/** A 4xx is an answer, not a hiccup: only a lost connection and 5xx are tried again. */
function shouldRetry(failures: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status < 500) return false;
  return failures < 2;
}

/** The salon's own data, which changes rarely: read again after five minutes, not on every page. */
const SALON_DATA = [
  ['get', '/api/public/salon-page'],
  ['get', '/api/public/salon-info'],
  ['get', '/api/public/services'],
  ['get', '/api/public/staff'],
  ['get', '/api/public/reviews/summary'],
] as const;

/** The query cache every page shares (what a change makes stale: invalidations.ts, mutation.ts). */
export function createAppQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 30_000 } } });
  for (const queryKey of SALON_DATA) client.setQueryDefaults(queryKey, { staleTime: 5 * 60_000 });
  return client;
}
