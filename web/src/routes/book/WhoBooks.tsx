import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { forgetClientData, signOutClient, type SignedInClient } from '../../api/client-session';
import { useT } from '../../i18n/i18n';
import { isEmbedded } from '../../lib/embed';
import { signInHref } from '../../lib/return-path';
import { Button } from '../../ui/Button';

/** The details step of a signed-in client: who books (no name or email to type), and a way out if it is not them. */
export function BookingAs({ client }: { client: SignedInClient & { email: string } }) {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <div className="summary">
      <p>{t('account.book.as', { name: client.name, email: client.email })}</p>
      <Button
        variant="secondary"
        onPress={() => {
          void signOutClient()
            .catch(() => undefined)
            .finally(() => forgetClientData(queryClient));
        }}
      >
        {t('account.book.notYou')}
      </Button>
    </div>
  );
}

/**
 * The details step of a visitor not signed in: clients with an account may sign in and come
 * back. Not offered in an embedded page, which carries no session (the salon's site would lose
 * the visitor to a sign-in page in its frame); there the client books with name and email.
 */
export function SignInOffer() {
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  if (isEmbedded()) return null;
  return (
    <p>
      {t('account.book.optional')}{' '}
      <Link href={signInHref(search ? `${path}?${search}` : path)}>{t('account.book.optionalLink')}</Link>
    </p>
  );
}
