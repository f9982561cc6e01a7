import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { forgetClientData, signInClient, type SignedInClient } from '../../api/client-session';
import { errorStatus } from '../../api/errors';
import { useT } from '../../i18n/i18n';
import { safeReturn } from '../../lib/return-path';
import { Button } from '../../ui/Button';
import { useFailureText } from '../../ui/FailureAlert';
import { MagicLinkForm } from './MagicLinkForm';
import { PageHeading } from './PageHeading';

/**
 * A link works once: each token is sent once per page, however often React runs the effect
 * (its development mode runs effects twice), so the second run does not see it "used".
 */
const attempts = new Map<string, Promise<SignedInClient>>();

/**
 * /client/magic?token=…[&return=…], the link of the sign-in email: signs in with its token and
 * goes on to my bookings (or the page it was asked from). The token leaves the address bar at
 * once; a used or expired link says so and offers a new one.
 */
export default function MagicPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(useSearch());
  const [token] = useState(() => params.get('token'));
  const returnTo = safeReturn(params.get('return'));
  const failureText = useFailureText();
  // 'invalid': the link no longer works; an error: signing in failed otherwise (the connection, the service).
  const [failure, setFailure] = useState<'invalid' | { error: unknown } | null>(token ? null : 'invalid');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    // The token is not kept in the history or shown in the address bar once read.
    window.history.replaceState(window.history.state, '', `/client/magic?return=${encodeURIComponent(returnTo)}`);
    let current = true;
    let signingIn = attempts.get(token);
    if (!signingIn) {
      // Before the session starts: the page it opens fetches the new client's data afresh.
      forgetClientData(queryClient);
      signingIn = signInClient({ magic_token: token });
      attempts.set(token, signingIn);
    }
    signingIn.then(
      () => {
        if (current) navigate(returnTo, { replace: true });
      },
      (error: unknown) => {
        // A network failure may be tried again with the same token; a refusal may not.
        const status = errorStatus(error);
        if (status === undefined) attempts.delete(token);
        if (current) setFailure(status === 400 ? 'invalid' : { error });
      },
    );
    return () => {
      current = false;
    };
  }, [token, returnTo, navigate, queryClient, attempt]);

  if (failure === 'invalid') {
    return (
      <>
        <PageHeading>{t('account.magic.invalidTitle')}</PageHeading>
        <p role="alert" className="alert">
          {t('account.magic.invalid')}
        </p>
        <section className="step" aria-labelledby="magic-new">
          <h2 id="magic-new">{t('account.magic.newLink')}</h2>
          <MagicLinkForm returnTo={returnTo} headingId="magic-new" />
        </section>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t('account.magic.title')}</PageHeading>
      {failure !== null ? (
        <div role="alert" className="alert">
          <p>{failureText(failure.error)}</p>
          <Button
            onPress={() => {
              setFailure(null);
              setAttempt((count) => count + 1);
            }}
          >
            {t('app.error.retry')}
          </Button>
        </div>
      ) : (
        <p role="status">{t('account.magic.signingIn')}</p>
      )}
    </>
  );
}
