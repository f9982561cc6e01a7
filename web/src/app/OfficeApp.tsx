import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../src/lib/office-paths';
import { LanguageProvider, useT } from '../i18n/i18n';
import { $api, api } from '../api/client';
import { forgetPersonal } from '../api/forget-personal';
import { signOut, useSession } from '../api/session';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { FailureAlert } from '../ui/FailureAlert';
import { Loading, LoadError, NotFound } from '../ui/PageStates';
import { officeReturn, officeSignInHref } from '../lib/office-return';
import { useSalonLook } from './look';
import { OfficeHeader } from './OfficeHeader';
// Every page of an area is a lazy chunk of its own (office-pages.ts), started from the address at the office's start.
import {
  AgendaPage,
  BookingPage,
  CalendarPage,
  CampaignsArea,
  ChangePasswordPage,
  ClientsArea,
  HomePage,
  InventoryArea,
  LoginPage,
  ManageArea,
  NotificationsArea,
  PaymentsArea,
  ReceiptsArea,
  ResetPasswordPage,
  SetupPage,
  SystemArea,
  TillArea,
  WaitlistArea,
} from './office-pages';
import { AppProviders } from './providers';
import { AriaProviders } from '../ui/AriaProviders';

/**
 * The back office's shell: header, navigation and the routes of its areas. Every page but
 * the sign-in needs a signed-in user; the areas (desk, till, management) fill it.
 */
export function OfficeApp({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders client={queryClient}>
      <LanguageProvider shell="shell-office">
        <AriaProviders>
          <OfficeShell />
        </AriaProviders>
      </LanguageProvider>
    </AppProviders>
  );
}

function OfficeShell() {
  const t = useT();
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [everywhereError, setEverywhereError] = useState<unknown>(null);
  useSalonLook();
  // What the service answered for one person is not shown to the next one signing in here: on
  // a change of person (a sign-in, a sign-out), not when the session first becomes known, since
  // what the office's start asked for meanwhile (office-start.ts) was asked with this session.
  const userId = user?.id ?? null;
  const known = session.status !== 'unknown';
  const shownFor = useRef<{ userId: number | null } | null>(null);
  useEffect(() => {
    if (!known) return;
    if (shownFor.current !== null && shownFor.current.userId !== userId) forgetPersonal(queryClient);
    shownFor.current = { userId };
  }, [queryClient, userId, known]);
  // Only a browser signed out asks whether the salon is set up yet (no user at all: the set-up page).
  const setup = $api.useQuery('get', '/api/auth/setup-status', {}, { enabled: session.status === 'signed-out' });

  const signOutHere = () => {
    setEverywhereError(null);
    // Signed out here whatever the service answers: at worst its session lapses on its own.
    void signOut()
      .catch(() => undefined)
      .finally(() => navigate(officeHref.login(), { replace: true }));
  };
  const signOutEverywhere = () => {
    setEverywhereError(null);
    void api.POST('/api/auth/sign-out-everywhere').then(signOutHere, setEverywhereError);
  };

  return (
    <>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <OfficeHeader
        user={user}
        showNav={user !== null && !user.require_password_change}
        onSignOut={signOutHere}
        onSignOutEverywhere={signOutEverywhere}
      />
      <main id="content" className="page office-page" tabIndex={-1}>
        {everywhereError !== null && <FailureAlert error={everywhereError} />}
        <ErrorBoundary fallback={(reset) => <LoadError retry={reset} />}>
          {session.status === 'unknown' || (session.status === 'signed-out' && setup.isPending) ? (
            <Loading />
          ) : (
            <Suspense fallback={<Loading />}>
              {!user && setup.data?.needsSetup ? (
                // No user exists: the salon is set up first, whatever address was opened.
                <SetupPage />
              ) : user?.require_password_change ? (
                // A temporary password: nothing else opens until it is replaced.
                <ChangePasswordPage />
              ) : (
                <Switch>
                  <Route path={OFFICE_ROUTES.login}>
                    {user ? (
                      <Redirect to={officeReturn(new URLSearchParams(search).get('return'))} replace />
                    ) : (
                      <LoginPage />
                    )}
                  </Route>
                  <Route path={OFFICE_ROUTES.resetPassword} component={ResetPasswordPage} />
                  <Route path={OFFICE_ROUTES.home}>{user ? <HomePage /> : <ToSignIn />}</Route>
                  <Route path={OFFICE_ROUTES.calendar}>{user ? <CalendarPage /> : <ToSignIn />}</Route>
                  <Route path={OFFICE_ROUTES.agenda}>{user ? <AgendaPage /> : <ToSignIn />}</Route>
                  <Route path={OFFICE_ROUTES.booking}>
                    {(params) => (user ? <BookingPage id={params.id} /> : <ToSignIn />)}
                  </Route>
                  <Route path={`${OFFICE_ROUTES.clients}/*?`}>{user ? <ClientsArea /> : <ToSignIn />}</Route>
                  <Route path={`${OFFICE_ROUTES.notifications}/*?`}>
                    {user ? <NotificationsArea /> : <ToSignIn />}
                  </Route>
                  {/* Before any `/till/*?` route: the till's records are their own chunk. */}
                  <Route path="/till/receipts/*?">{user ? <ReceiptsArea /> : <ToSignIn />}</Route>
                  <Route path="/till/drawer/*?">{user ? <ReceiptsArea /> : <ToSignIn />}</Route>
                  <Route path={`${OFFICE_ROUTES.sales}/*?`}>{user ? <ReceiptsArea /> : <ToSignIn />}</Route>
                  <Route path={`${OFFICE_ROUTES.journal}/*?`}>{user ? <ReceiptsArea /> : <ToSignIn />}</Route>
                  <Route path="/waitlist/*?">{user ? <WaitlistArea /> : <ToSignIn />}</Route>
                  <Route path="/inventory/*?">{user ? <InventoryArea /> : <ToSignIn />}</Route>
                  <Route path="/payments/*?">{user ? <PaymentsArea /> : <ToSignIn />}</Route>
                  <Route path="/campaigns/*?">{user ? <CampaignsArea /> : <ToSignIn />}</Route>
                  <Route path="/system/*?">{user ? <SystemArea /> : <ToSignIn />}</Route>
                  {/* After any /till/… route of its own (receipts, the drawer), which must win. */}
                  <Route path={`${OFFICE_ROUTES.till}/*?`}>{user ? <TillArea /> : <ToSignIn />}</Route>
                  <Route path={`${OFFICE_ROUTES.manage}/*?`}>{user ? <ManageArea /> : <ToSignIn />}</Route>
                  <Route component={NotFound} />
                </Switch>
              )}
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
    </>
  );
}

/** Signed out on a page that needs a member: the sign-in page, which comes back here once signed in. */
function ToSignIn() {
  const [location] = useLocation();
  const search = useSearch();
  return <Redirect to={officeSignInHref(search ? `${location}?${search}` : location)} replace />;
}
