import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES, officeHref } from '../../../src/lib/office-paths';
import { LanguageProvider, useT, withMessages } from '../i18n/i18n';
import { restoreSession, useSession } from '../api/session';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { Loading, LoadError, NotFound } from '../ui/PageStates';
import { useSalonLook } from './look';
import { AppProviders } from './providers';

// Every page of an area is a chunk of its own, fetched with the area's messages when it opens:
// the shell's first load carries no area, however many the back office grows.
const officePage = (load: () => Promise<{ default: ComponentType }>) => lazy(withMessages('office', load));
const LoginPage = officePage(() => import('../routes/office/LoginPage').then((page) => ({ default: page.LoginPage })));
const ResetPasswordPage = officePage(() =>
  import('../routes/office/ResetPasswordPage').then((page) => ({ default: page.ResetPasswordPage })),
);
const HomePage = officePage(() => import('../routes/office/HomePage').then((page) => ({ default: page.HomePage })));
const ClientsArea = lazy(withMessages('clients', () => import('../routes/clients/ClientsArea')));
// The desk's calendar: `/calendar`, and `/bookings/:id` (the links of emails), its day with the booking's panel open.
const CalendarPage = lazy(
  withMessages('desk', () =>
    import('../routes/desk/calendar/CalendarPage').then((page) => ({ default: page.CalendarPage })),
  ),
);
const BookingPage = lazy(
  withMessages('desk', () =>
    import('../routes/desk/calendar/CalendarPage').then((page) => ({ default: page.BookingPage })),
  ),
);

/**
 * The back office's shell: header, navigation and the routes of its areas. Every page but
 * the sign-in needs a signed-in user; the areas (desk, till, management) fill it.
 */
export function OfficeApp() {
  return (
    <AppProviders>
      <LanguageProvider shell="shell-office">
        <OfficeShell />
      </LanguageProvider>
    </AppProviders>
  );
}

function OfficeShell() {
  const t = useT();
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  useSalonLook();
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className="shell-header">
        <p className="brand">{t('office.title')}</p>
        {user && (
          <nav aria-label={t('office.nav.label')}>
            <Link href={officeHref.home()}>{t('office.home.title')}</Link>{' '}
            <Link href={officeHref.calendar()}>{t('calendar.nav.link')}</Link>{' '}
            <Link href={officeHref.clients()}>{t('clients.nav')}</Link>
          </nav>
        )}
        <LanguageSwitch />
      </header>
      <main id="content" className="page" tabIndex={-1}>
        <ErrorBoundary fallback={(reset) => <LoadError retry={reset} />}>
          {session.status === 'unknown' ? (
            <Loading />
          ) : (
            <Suspense fallback={<Loading />}>
              <Switch>
                <Route path={OFFICE_ROUTES.login}>
                  {user ? <Redirect to={officeHref.home()} replace /> : <LoginPage />}
                </Route>
                <Route path={OFFICE_ROUTES.resetPassword} component={ResetPasswordPage} />
                <Route path={`${OFFICE_ROUTES.clients}/*?`}>
                  {user ? <ClientsArea /> : <Redirect to={officeHref.login()} replace />}
                </Route>
                <Route path={OFFICE_ROUTES.calendar}>
                  {user ? <CalendarPage /> : <Redirect to={officeHref.login()} replace />}
                </Route>
                <Route path={OFFICE_ROUTES.booking}>
                  {(params) => (user ? <BookingPage id={params.id} /> : <Redirect to={officeHref.login()} replace />)}
                </Route>
                <Route path={OFFICE_ROUTES.home}>
                  {user ? <HomePage /> : <Redirect to={officeHref.login()} replace />}
                </Route>
                <Route component={NotFound} />
              </Switch>
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
    </>
  );
}
