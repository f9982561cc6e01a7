import { useLocation, useSearch } from 'wouter';
import { useT } from '../../i18n/i18n';
import { signInHref } from '../../lib/return-path';
import { LinkButton } from '../../ui/LinkButton';

/** booking_clients = existing: the salon books its clients with an account, who sign in first and come back here. */
export default function SignInFirst() {
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  return (
    <section className="step" aria-labelledby="sign-in-first">
      <h2 id="sign-in-first">{t('account.book.signInTitle')}</h2>
      <p>{t('account.book.existingOnly')}</p>
      <LinkButton href={signInHref(search ? `${path}?${search}` : path)}>{t('account.book.signIn')}</LinkButton>
    </section>
  );
}
