import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useChange } from '../../api/mutation';
import { signIn, useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { useTitle } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';
import { NewPasswordFields, newPasswordChecks } from './NewPasswordFields';

const NAMES = { password: 'newPassword', repeat: 'confirmPassword' };

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
    const found = newPasswordChecks(t, NAMES, password, repeat);
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
        <NewPasswordFields
          names={NAMES}
          password={password}
          repeat={repeat}
          onPasswordChange={edit(NAMES.password, setPassword)}
          onRepeatChange={edit(NAMES.repeat, setRepeat)}
        />
        <SubmitButton sending={change}>{t('office.password.submit')}</SubmitButton>
      </ApiForm>
    </>
  );
}
