import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createAppQueryClient } from '../api/query-client';

/**
 * What every page needs around it: the query cache, a new one unless the page's start made it
 * already (the office's start asks for what its address shows before React renders:
 * app/office-start.ts). React Aria's providers (the locale, links that navigate in-app) are
 * ui/AriaProviders.tsx, inside the language's.
 */
export function AppProviders({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createAppQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
