import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useRoute } from 'wouter';
import { restoreClientSession, useClientSession } from '../api/client-session';
import { $api } from '../api/client';
import { LanguageProvider, useT, withMessages } from '../i18n/i18n';
import { isEmbedded } from '../lib/embed';
import { BookingPage, prefetchBookingPage } from '../routes/book/BookingPage';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { Loading, LoadError, NotFound } from '../ui/PageStates';
import { withAria } from '../ui/with-aria';
import { useSalonLook } from './look';
import { AppProviders } from './providers';

// Pages other than the booking page are chunks of their own, each with its part of the
// messages: /book's first load carries neither their code nor their words. Each comes inside
// React Aria's providers, which load with it (the booking page's first screen has no use for them).
const PaymentReturnPage = lazy(
  withMessages(
    'payment',
    withAria(() => import('../routes/payment/PaymentReturnPage')),
  ),
);
const LinkRoutes = lazy(
  withMessages(
    'links',
    withAria(() => import('../routes/links/routes')),
  ),
);
// The client's pages, and their links in the header, are chunks of their own: the booking
// page's first load does not carry them.
const loadAccount = withMessages('account', () => import('../routes/account/AccountPages'));
const AccountPages = lazy(withAria(loadAccount));
const AccountNav = lazy(withAria(() => loadAccount().then((account) => ({ default: account.AccountNav }))));

/**
 * The public shell: the booking page and the pages a client reaches from an email. The
 * salon's name heads every page; its language is the default language.
 */
export function PublicApp() {
  return (
    <AppProviders>
      <PublicLanguage />
    </AppProviders>
  );
}

function PublicLanguage() {
  const salon = $api.useQuery('get', '/api/public/salon-page');
  useSalonLook();
  // The booking page's data is asked for at once, alongside the messages' catalogue, rather
  // than once the page renders: one round trip less before it shows.
  const queryClient = useQueryClient();
  const [onBookingPage] = useRoute('/book');
  useEffect(() => {
    if (onBookingPage) prefetchBookingPage(queryClient);
  }, [queryClient, onBookingPage]);
  return (
    <LanguageProvider shell="shell-public" salonLanguage={salon.data?.language ?? null}>
      <PublicShell salonName={salon.data?.salon_name} />
    </LanguageProvider>
  );
}

function PublicShell({ salonName }: { salonName: string | undefined }) {
  const t = useT();
  const client = useClientSession();
  useEffect(() => {
    void restoreClientSession();
  }, []);
  // Embedded in the salon's own website (`?embed=1`), which has its own name and navigation:
  // no brand and no skip link, only the language switch.
  const embedded = isEmbedded();
  return (
    <>
      {!embedded && (
        <a className="skip-link" href="#content">
          {t('app.skipToContent')}
        </a>
      )}
      <header className="shell-header">
        {!embedded && <p className="brand">{salonName ?? '\u00a0'}</p>}
        {client.status === 'signed-in' && (
          <Suspense fallback={null}>
            <AccountNav />
          </Suspense>
        )}
        <LanguageSwitch />
      </header>
      <main id="content" className="page" tabIndex={-1}>
        <ErrorBoundary fallback={(reset) => <LoadError retry={reset} />}>
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/book" component={BookingPage} />
              <Route path="/client/*" component={AccountPages} />
              <Route path="/payment/return" component={PaymentReturnPage} />
              <Route path="/booking/*" component={LinkRoutes} />
              <Route path="/review" component={LinkRoutes} />
              <Route path="/unsubscribe" component={LinkRoutes} />
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
