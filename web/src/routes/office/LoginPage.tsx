import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { openWebSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { startSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { useTitle } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';

/** Staff sign-in with email and password. */
export function LoginPage() {
  const t = useT();
  useTitle(t('office.login.title'));
  const [, navigate] = useLocation();
  const login = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => openWebSession(email, password),
    onSuccess: (session) => {
      startSession(session);
      navigate('/', { replace: true });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    if (!login.isPending) login.mutate({ email: text('email'), password: text('password') });
  };

  const failure =
    login.error instanceof ApiError && login.error.status === 429
      ? t('office.login.tooMany')
      : t('office.login.failed');
  return (
    <>
      <h1>{t('office.login.title')}</h1>
      <Form onSubmit={submit}>
        {login.isError && (
          <p role="alert" className="alert">
            {failure}
          </p>
        )}
        <TextField name="email" type="email" label={t('office.login.email')} autoComplete="username" isRequired />
        <TextField
          name="password"
          type="password"
          label={t('office.login.password')}
          autoComplete="current-password"
          isRequired
        />
        {/* Not React Aria's isPending: its announcement points at the button, which the next page removes. */}
        <Button type="submit">{login.isPending ? t('app.sending') : t('office.login.submit')}</Button>
      </Form>
      <p>
        <Link href="/reset-password">{t('office.reset.forgot.link')}</Link>
      </p>
    </>
  );
}
