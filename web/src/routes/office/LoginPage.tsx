import { Link, useLocation, useSearch } from 'wouter';
import { useChange } from '../../api/mutation';
import { signIn } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { officeReturn } from '../../lib/office-return';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { useTitle } from '../../ui/PageStates';
import { SignInFields } from '../../ui/SignInFields';

/** Staff sign-in with email and password. */
export function LoginPage() {
  const t = useT();
  useTitle(t('office.login.title'));
  const [, navigate] = useLocation();
  // Back to the page opened signed out (a booking an email links to), else the start page.
  const returnTo = officeReturn(new URLSearchParams(useSearch()).get('return'));
  const login = useChange(['post', '/api/auth/web-session'], {
    mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password),
    onSuccess: () => navigate(returnTo, { replace: true }),
  });

  return (
    <>
      <h1>{t('office.login.title')}</h1>
      <ApiForm
        sending={login}
        onSubmit={(form) => login.mutate({ email: fieldText(form, 'email'), password: fieldText(form, 'password') })}
        words={{ codes: { invalid_credentials: 'office.login.failed' } }}
      >
        <SignInFields emailLabel={t('office.login.email')} passwordLabel={t('office.login.password')} />
        <SubmitButton sending={login}>{t('office.login.submit')}</SubmitButton>
      </ApiForm>
      <p>
        <Link href="/reset-password">{t('office.reset.forgot.link')}</Link>
      </p>
    </>
  );
}
