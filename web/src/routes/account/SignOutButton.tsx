import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { forgetClientData, signOutClient } from '../../api/client-session';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { flash } from './flash';

/**
 * Signs the client out of this browser and forgets what the page knew of them. From an account
 * page the sign-in page follows (saying so); elsewhere (the booking page) the page stays.
 */
export function SignOutButton({ className }: { className?: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [path, navigate] = useLocation();
  return (
    <Button
      variant="secondary"
      className={className}
      onPress={() => {
        const leaving = path.startsWith('/client/');
        // Said on the sign-in page, which may open as soon as the session ends (a page that needs one).
        if (leaving) flash(t('account.signedOut'));
        void signOutClient()
          .catch(() => undefined)
          .finally(() => {
            forgetClientData(queryClient);
            if (leaving) navigate('/client/sign-in', { replace: true });
          });
      }}
    >
      {t('account.nav.signOut')}
    </Button>
  );
}
