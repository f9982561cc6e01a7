import { Link, Redirect, Route, Switch } from 'wouter';
import { LanguageProvider, useT } from '../i18n/i18n';
import { HomePage } from '../routes/office/HomePage';
import { LoginPage } from '../routes/office/LoginPage';
import { ResetPasswordPage } from '../routes/office/ResetPasswordPage';
import { useEffect } from 'react';
import { restoreSession, useSession } from '../api/session';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { Loading, LoadError, NotFound } from '../ui/PageStates';
import { useSalonLook } from './look';
import { AppProviders } from './providers';

/**
 * The back office's shell: header, navigation and the routes of its areas. Every page but
 * the sign-in needs a signed-in user; the areas (desk, till, management) fill it.
 */
export function OfficeApp() {
  return (
    <AppProviders>
      <LanguageProvider>
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
            <Link href="/">{t('office.home.title')}</Link>
          </nav>
        )}
        <LanguageSwitch />
      </header>
      <main id="content" className="page" tabIndex={-1}>
        <ErrorBoundary fallback={(reset) => <LoadError retry={reset} />}>
          {session.status === 'unknown' ? (
            <Loading />
          ) : (
            <Switch>
              <Route path="/login">{user ? <Redirect to="/" replace /> : <LoginPage />}</Route>
              <Route path="/reset-password" component={ResetPasswordPage} />
              <Route path="/">{user ? <HomePage /> : <Redirect to="/login" replace />}</Route>
              <Route component={NotFound} />
            </Switch>
          )}
        </ErrorBoundary>
      </main>
    </>
  );
}
