import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useChange } from '../../api/mutation';
import { signIn, useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { useTitle } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';

/** The service's minimum length of a password. */
const MIN_PASSWORD = 8;

/**
 * The forced password change: a member signed in with the temporary password of their welcome
 * email (`require_password_change`) chooses their own before anything else opens. The service
 * ends every session of the user on a new password, so the page signs in again with it: the
 * member stays where they are, now with a session the old password cannot reach.
 */
export function ChangePasswordPage() {
  const t = useT();
  useTitle(t('office.password.title'));
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checks, setChecks] = useState<Record<string, string>>({});

  const change = useChange(['post', '/api/auth/change-password'], {
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await unwrap(
        api.POST('/api/auth/change-password', {
          body: {
            email,
            currentPassword: body.currentPassword,
            newPassword: body.newPassword,
            confirmPassword: body.newPassword,
          },
        }),
      );
      await signIn(email, body.newPassword);
    },
  });

  const edit = (name: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setChecks(({ [name]: _gone, ...rest }) => rest);
  };
  const submit = () => {
    const found: Record<string, string> = {};
    if (password.length < MIN_PASSWORD) found.newPassword = t('office.reset.tooShort');
    if (repeat !== password) found.confirmPassword = t('office.reset.mismatch');
    setChecks(found);
    if (Object.keys(found).length === 0) change.mutate({ currentPassword: current, newPassword: password });
  };

  return (
    <>
      <h1>{t('office.password.title')}</h1>
      <p>{t('office.password.intro')}</p>
      <ApiForm
        sending={change}
        onSubmit={submit}
        checks={checks}
        validationBehavior="aria"
        words={{ codes: { invalid_credentials: 'office.password.wrongCurrent' } }}
      >
        {/* The account's name for password managers, which store the new password under it. */}
        <TextField label={t('office.login.email')} type="email" value={email} isReadOnly autoComplete="username" />
        <TextField
          name="currentPassword"
          label={t('office.password.current')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={edit('currentPassword', setCurrent)}
          isRequired
        />
        <TextField
          name="newPassword"
          label={t('office.reset.password')}
          description={t('office.reset.passwordHelp')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={edit('newPassword', setPassword)}
          isRequired
        />
        <TextField
          name="confirmPassword"
          label={t('office.reset.repeat')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={edit('confirmPassword', setRepeat)}
          isRequired
        />
        <SubmitButton sending={change}>{t('office.password.submit')}</SubmitButton>
      </ApiForm>
    </>
  );
}
