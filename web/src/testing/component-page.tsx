import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LanguageProvider } from '../i18n/i18n';
import { AriaProviders } from '../ui/AriaProviders';
import '../ui/base.css';

/**
 * The page of a component test (web/component): one case of a `*.cases.tsx` file, named by the
 * address's `?case=`, rendered with what every page has around it (the language of `?lang=`,
 * a query cache that never retries), under `<main>` as a page's content would be. Once shown,
 * `<body data-case-ready>` tells the test it may start.
 */
export type Cases = Record<string, () => ReactNode>;

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider shell="shell-public" salonLanguage="en">
        <AriaProviders>{children}</AriaProviders>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

function Ready({ children }: { children: ReactNode }) {
  // Mounted once the catalogue has loaded (the LanguageProvider shows nothing before).
  useEffect(() => {
    document.body.dataset.caseReady = '';
  }, []);
  return children;
}

export function mountCases(cases: Cases): void {
  const name = new URLSearchParams(window.location.search).get('case') ?? '';
  const Case = cases[name];
  const root = document.getElementById('root')!;
  if (!Case) {
    root.textContent = `no case "${name}": ${Object.keys(cases).join(', ')}`;
    throw new Error(root.textContent);
  }
  document.title = `Component test: ${name}`;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <Ready>
          <main>
            <Case />
          </main>
        </Ready>
      </Providers>
    </StrictMode>,
  );
}
