import { Link, useLocation } from 'wouter';
import { useLiveUpdates } from '../api/use-live-updates';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../src/lib/office-paths';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { OfficeNav } from '../ui/OfficeNav';
import { UserMenu } from '../ui/UserMenu';
import { NotificationBell } from './NotificationBell';
import { navFor } from './office-nav';
import type { SessionUserOf } from './office-user';

/** The header's part for someone signed in: what their role can use, their notifications, their menu, and the live updates of every screen. */
export function SignedInBar({
  user,
  showNav,
  onSignOut,
  onSignOutEverywhere,
}: {
  user: SessionUserOf;
  showNav: boolean;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
}) {
  const t = useT();
  const [location] = useLocation();
  useLiveUpdates();
  const role = t(`office.role.${user.role}`);
  return (
    <>
      {showNav && (
        <OfficeNav
          label={t('office.nav.label')}
          menuLabel={t('office.nav.menu')}
          links={navFor(user.role).map((entry) => {
            const href = entry.href();
            return { id: entry.id, label: t(entry.label), href, current: location === href };
          })}
        />
      )}
      {showNav && <NotificationBell />}
      <UserMenu
        name={user.name}
        role={role}
        label={t('office.user.menu', { name: user.name, role })}
        signOutLabel={t('office.signOut')}
        onSignOut={onSignOut}
        signOutEverywhereLabel={t('office.signOutEverywhere')}
        onSignOutEverywhere={onSignOutEverywhere}
      >
        <LanguageSwitch />
        {showNav && (
          <Link href={officeHref.notificationPreferences()} className="menu-item user-menu-link">
            {t('office.user.notificationSettings')}
          </Link>
        )}
      </UserMenu>
    </>
  );
}
