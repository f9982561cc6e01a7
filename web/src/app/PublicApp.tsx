import { useQuery } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { salonPageQuery } from '../api/salon-page';
import { LanguageProvider, useT } from '../i18n/i18n';
import { BookingPage } from '../routes/book/BookingPage';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { LoadError, NotFound } from '../ui/PageStates';
import { AppProviders } from './providers';

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
  const salon = useQuery(salonPageQuery);
  return (
    <LanguageProvider salonLanguage={salon.data?.language ?? null}>
      <PublicShell salonName={salon.data?.salon_name} />
    </LanguageProvider>
  );
}

function PublicShell({ salonName }: { salonName: string | undefined }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className="shell-header">
        <p className="brand">{salonName ?? '\u00a0'}</p>
        <LanguageSwitch />
      </header>
      <main id="content" className="page" tabIndex={-1}>
        <ErrorBoundary fallback={(reset) => <LoadError retry={reset} />}>
          <Switch>
            <Route path="/book" component={BookingPage} />
            <Route component={NotFound} />
          </Switch>
        </ErrorBoundary>
      </main>
    </>
  );
}
