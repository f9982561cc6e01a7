import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { ApiError } from '../../api/client';
import { setPassword } from '../../api/me';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/** A new password (at least 8 characters, typed twice); the sign-in by password works with it from then on. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  const [password, setNew] = useState('');
  const [again, setAgain] = useState('');
  const save = useMutation({
    mutationFn: (value: string) => setPassword(value),
    onSuccess: () => {
      setNew('');
      setAgain('');
    },
  });
  const serverErrors =
    save.error instanceof ApiError && save.error.status === 400
      ? Object.fromEntries((save.error.body?.details ?? []).map((detail) => [detail.field, detail.message]))
      : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending && password === again) save.mutate(password);
  };

  return (
    <Form onSubmit={submit} validationErrors={serverErrors}>
      {!hasPassword && <p>{t('account.password.intro')}</p>}
      <p role="status" className={save.isSuccess ? 'notice' : undefined}>
        {save.isSuccess ? t('account.password.saved') : ''}
      </p>
      {save.isError && !(save.error instanceof ApiError && save.error.status === 400) && (
        <p role="alert" className="alert">
          {save.error instanceof ApiError && save.error.status === 429
            ? t('book.error.tooMany')
            : t('account.password.failed')}
        </p>
      )}
      <TextField
        name="password"
        type="password"
        label={t('account.password.new')}
        description={t('account.password.help')}
        autoComplete="new-password"
        isRequired
        minLength={8}
        maxLength={1024}
        value={password}
        onChange={(value) => {
          save.reset();
          setNew(value);
        }}
      />
      <TextField
        name="password_again"
        type="password"
        label={t('account.password.again')}
        autoComplete="new-password"
        isRequired
        value={again}
        onChange={(value) => {
          save.reset();
          setAgain(value);
        }}
        validate={(value) => (value !== password ? t('account.password.mismatch') : null)}
      />
      <Button type="submit">{save.isPending ? t('app.sending') : t('account.password.submit')}</Button>
    </Form>
  );
}
