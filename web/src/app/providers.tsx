import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createAppQueryClient } from '../api/query-client';

/**
 * What every page needs around it: the query cache. React Aria's providers (the locale, links
 * that navigate in-app) are ui/AriaProviders.tsx, inside the language's.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
