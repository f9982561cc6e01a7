import { lazy, Suspense } from 'react';
import { $api } from '../api/client';
import type { SessionUserOf } from './office-user';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import './office-shell.css';

// The navigation and the person's menu (React Aria's menus and overlays, about 30 KB) load as a
// chunk of their own once someone is signed in: the sign-in page's first load does without them.
const SignedInBar = lazy(() => import('./SignedInBar').then((bar) => ({ default: bar.SignedInBar })));

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
