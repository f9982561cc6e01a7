import type { Query, QueryClient } from '@tanstack/query-core';

/** The public salon page says nothing about who is signed in: kept across sign-ins. */
const ANYONE_READS = new Set(['/api/public/salon-page']);
const personal = (query: Query) => !ANYONE_READS.has(String(query.queryKey[1]));

/**
 * Forgets what the service answered for the person signed in before (the office calls it when
 * the person changes). What no screen reads goes; what a screen still reads is reset and read
 * again. Never only removed: removing a query cancels its request without a word, and a screen
 * already reading it would wait on it for ever (a "Loading" that never ends).
 */
export function forgetPersonal(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => personal(query) && query.getObserversCount() === 0 });
  void queryClient.resetQueries({ predicate: personal });
}
