import { lazy, Suspense } from 'react';
import { $api } from '../api/client';
import { loadOnce } from '../lib/load-once';
import type { SessionUserOf } from './office-user';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import './office-shell.css';

// The navigation and the person's menu (React Aria's menus and overlays, about 30 KB) load as a
// chunk of their own: the sign-in page's first load does without them. The office's start
// begins it (`preloadSignedInBar`) beside the address's chunks, so that it is not a wave of its
// own after the session is known; `lazy()` takes the same promise.
const loadSignedInBar = loadOnce(() => import('./SignedInBar'));
const SignedInBar = lazy(() => loadSignedInBar().then((bar) => ({ default: bar.SignedInBar })));

/** Starts the signed-in bar's chunk (a failure is the header's to meet when it renders, and retry). */
export function preloadSignedInBar(): void {
  void loadSignedInBar().catch(() => undefined);
}

/**
 * The office's header: the salon (its logo and name), the navigation of what the signed-in
 * person's role can use, and their menu. Signed out, only the language switch.
 */
export function OfficeHeader({
  user,
  showNav,
  onSignOut,
  onSignOutEverywhere,
}: {
  user: SessionUserOf | null;
  /** False while nothing else may open (the forced password change). */
  showNav: boolean;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
}) {
  const t = useT();
  const salon = $api.useQuery('get', '/api/public/salon-page').data;
  const name = salon?.salon_name || t('office.title');
  return (
    <header className="shell-header office-header">
      <p className="brand office-brand">
        {salon?.logo_url && <img src={salon.logo_url} alt="" className="office-logo" />}
        <span>{name}</span>
      </p>
      {user ? (
        <Suspense fallback={null}>
          <SignedInBar user={user} showNav={showNav} onSignOut={onSignOut} onSignOutEverywhere={onSignOutEverywhere} />
        </Suspense>
      ) : (
        <LanguageSwitch />
      )}
    </header>
  );
}
