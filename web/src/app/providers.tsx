import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { createAppQueryClient } from '../api/query-client';

/** What every page needs around it: the query cache and React Aria links that navigate in-app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  const [, navigate] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
    </QueryClientProvider>
  );
}
