import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Redirect, useSearch } from 'wouter';
import { ApiError } from '../../api/client';
import { signInClient } from '../../api/client-auth';
import { useClientSession } from '../../api/client-session';
import { forgetClientData } from '../../api/me';
import { useT } from '../../i18n/i18n';
import { safeReturn } from '../../lib/return-path';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
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
  const signIn = useMutation({
    mutationFn: (credentials: { email: string; password: string }) => {
      // Before the session starts: the pages it opens fetch the new client's data afresh.
      forgetClientData(queryClient);
      return signInClient(credentials);
    },
  });

  if (session.status === 'signed-in') return <Redirect to={returnTo} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    if (!signIn.isPending) signIn.mutate({ email: text('email').trim(), password: text('password') });
  };
  const failure =
    signIn.error instanceof ApiError && signIn.error.status === 401
      ? t('account.signIn.failed')
      : signIn.error instanceof ApiError && signIn.error.status === 429
        ? t('account.signIn.tooMany')
        : t('account.signIn.error');

  return (
    <>
      <PageHeading>{t('account.signIn.title')}</PageHeading>
      <p role="status">{message}</p>
      <p>{t('account.signIn.intro')}</p>
      <section className="step" aria-labelledby="sign-in-password">
        <h2 id="sign-in-password">{t('account.signIn.password.title')}</h2>
        <Form onSubmit={submit} aria-labelledby="sign-in-password">
          {signIn.isError && (
            <p role="alert" className="alert">
              {failure}
            </p>
          )}
          <TextField name="email" type="email" label={t('account.signIn.email')} autoComplete="username" isRequired />
          <TextField
            name="password"
            type="password"
            label={t('account.signIn.password')}
            autoComplete="current-password"
            isRequired
          />
          {/* Not React Aria's isPending: its announcement points at the button, which the next page removes. */}
          <Button type="submit">{signIn.isPending ? t('app.sending') : t('account.signIn.submit')}</Button>
        </Form>
      </section>
      <section className="step" aria-labelledby="sign-in-link">
        <h2 id="sign-in-link">{t('account.magicLink.title')}</h2>
        <MagicLinkForm returnTo={returnTo} headingId="sign-in-link" />
      </section>
    </>
  );
}
