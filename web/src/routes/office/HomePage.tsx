import { useLocation } from 'wouter';
import { signOut, useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { useTitle } from '../../ui/PageStates';

/** The back office's start page: who is signed in; the areas of the next issues link from here. */
export function HomePage() {
  const t = useT();
  useTitle(t('office.title'));
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [, navigate] = useLocation();
  return (
    <>
      <h1>{t('office.home.title')}</h1>
      <p>{t('office.home.signedInAs', { name: user?.name ?? '' })}</p>
      <Button
        variant="secondary"
        onPress={() => {
          // Signed out here whatever the service answers: at worst its session lapses on its own.
          void signOut()
            .catch(() => undefined)
            .finally(() => navigate('/login', { replace: true }));
        }}
      >
        {t('office.signOut')}
      </Button>
    </>
  );
}
