import { useState } from 'react';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { TextField } from '../../ui/TextField';

/** A new password (at least 8 characters, typed twice); the sign-in by password works with it from then on. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  const [password, setNew] = useState('');
  const [again, setAgain] = useState('');
  const save = useApiMutation('post', '/api/public/me/password', {
    onSuccess: () => {
      setNew('');
      setAgain('');
    },
  });

  return (
    <ApiForm sending={save} onSubmit={() => password === again && save.mutate({ body: { password } })}>
      {!hasPassword && <p>{t('account.password.intro')}</p>}
      <p role="status" className={save.isSuccess ? 'notice' : undefined}>
        {save.isSuccess ? t('account.password.saved') : ''}
      </p>
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
      <SubmitButton sending={save}>{t('account.password.submit')}</SubmitButton>
    </ApiForm>
  );
}
