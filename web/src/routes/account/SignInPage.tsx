import { useQueryClient } from '@tanstack/react-query';
import { Redirect, useSearch } from 'wouter';
import { forgetClientData, signInClient, useClientSession } from '../../api/client-session';
import { useChange } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { safeReturn } from '../../lib/return-path';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { SignInFields } from '../../ui/SignInFields';
import { useFlash } from './flash';
import { MagicLinkForm } from './MagicLinkForm';
import { PageHeading } from './PageHeading';

/**
 * /client/sign-in?return=…: by password, or by a link emailed to the client; then back to the
 * page named in `return` (the booking page, a page that needed a session), else my bookings.
 */
export default function SignInPage() {
  const t = useT();
  const returnTo = safeReturn(new URLSearchParams(useSearch()).get('return'));
  const session = useClientSession();
  const queryClient = useQueryClient();
  const message = useFlash();
  const signIn = useChange(['post', '/api/public/web-session'], {
    mutationFn: (credentials: { email: string; password: string }) => {
      // Before the session starts: the pages it opens fetch the new client's data afresh.
      forgetClientData(queryClient);
      return signInClient(credentials);
    },
  });

  if (session.status === 'signed-in') return <Redirect to={returnTo} replace />;

  return (
    <>
      <PageHeading>{t('account.signIn.title')}</PageHeading>
      <p role="status">{message}</p>
      <p>{t('account.signIn.intro')}</p>
      <section className="step" aria-labelledby="sign-in-password">
        <h2 id="sign-in-password">{t('account.signIn.password.title')}</h2>
        <ApiForm
          sending={signIn}
          onSubmit={(form) =>
            signIn.mutate({ email: fieldText(form, 'email').trim(), password: fieldText(form, 'password') })
          }
          words={{ codes: { invalid_credentials: 'account.signIn.failed' } }}
          aria-labelledby="sign-in-password"
        >
          <SignInFields emailLabel={t('account.signIn.email')} passwordLabel={t('account.signIn.password')} />
          <SubmitButton sending={signIn}>{t('account.signIn.submit')}</SubmitButton>
        </ApiForm>
      </section>
      <section className="step" aria-labelledby="sign-in-link">
        <h2 id="sign-in-link">{t('account.magicLink.title')}</h2>
        <MagicLinkForm returnTo={returnTo} headingId="sign-in-link" />
      </section>
    </>
  );
}
