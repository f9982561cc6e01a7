import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { SignOutButton } from './SignOutButton';
import './account.css';

/** The signed-in client's links in the public pages' header: my bookings, my details, sign out. */
export default function AccountNav() {
  const t = useT();
  return (
    <nav aria-label={t('account.nav.label')} className="account-nav">
      <Link href="/client/bookings">{t('account.nav.bookings')}</Link>
      <Link href="/client/profile">{t('account.nav.profile')}</Link>
      <SignOutButton className="button" />
    </nav>
  );
}
