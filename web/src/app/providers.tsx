import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { ApiError } from '../api/client';

/** A 4xx is an answer, not a hiccup: only network failures and 5xx are tried again. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failures < 2;
}

/** What every page needs around it: the query cache and React Aria links that navigate in-app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 30_000 } } }),
  );
  const [, navigate] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
    </QueryClientProvider>
  );
}
