import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { $api } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { errorCode } from '../../api/errors';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { useFailureText } from '../../ui/FailureAlert';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { useTitle } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';
import { NewPasswordFields, newPasswordChecks } from './NewPasswordFields';

const NAMES = { password: 'password', repeat: 'repeat' };

/**
 * `/reset-password`: with the `email` and `token` of the reset email, a new password (typed
 * twice); without them, the form that asks for such an email ("Forgot your password?", linked
 * from the sign-in page).
 */
export function ResetPasswordPage() {
  const search = new URLSearchParams(useSearch());
  const email = search.get('email')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  return email !== '' && token !== '' ? <NewPassword email={email} token={token} /> : <ForgotPassword />;
}

/** The salon's name, for the context of a page reached from an email; null until known. */
function useSalonName(): string | null {
  return $api.useQuery('get', '/api/public/salon-page').data?.salon_name ?? null;
}

function NewPassword({ email, token }: { email: string; token: string }) {
  const t = useT();
  useTitle(t('office.reset.title'));
  const salon = useSalonName();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const save = useApiMutation('post', '/api/auth/reset-password');
  const expired = errorCode(save.error) === 'invalid_token';
  const failure = save.isError && !expired;

  // Checked on submit, and a field's message goes as soon as it is edited: one that went only on
  // leaving the field would move the button under the pointer between its press and release.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const submit = (form: HTMLFormElement) => {
    const found = newPasswordChecks(t, NAMES, password, repeat);
    setErrors(found);
    const [first] = Object.keys(found);
    if (first === undefined) {
      save.mutate({ body: { email, token, password } });
      return;
    }
    requestAnimationFrame(() => form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus());
  };

  return (
    <>
      <h1>{t('office.reset.title')}</h1>
      {!save.isSuccess && !expired && (
        <>
          <p>{salon === null ? t('office.reset.forEmail', { email }) : t('office.reset.for', { email, salon })}</p>
          {/* Failures are said below, as the page's outcome, rather than as the form's alert. */}
          <ApiForm sending={save} alert={false} onSubmit={submit} validationBehavior="aria" checks={errors}>
            {/* The account's name for password managers, which store the new password under it. */}
            <TextField label={t('office.login.email')} type="email" value={email} isReadOnly autoComplete="username" />
            <NewPasswordFields
              names={NAMES}
              password={password}
              repeat={repeat}
              onPasswordChange={edit(NAMES.password, setPassword)}
              onRepeatChange={edit(NAMES.repeat, setRepeat)}
            />
            <SubmitButton sending={save}>{t('office.reset.submit')}</SubmitButton>
          </ApiForm>
        </>
      )}
      <LiveRegions
        done={
          save.isSuccess && (
            <Outcome tone="done" title={t('office.reset.done.title')}>
              <p>{t('office.reset.done.body')}</p>
              <p>
                <Link href="/login">{t('office.reset.signIn')}</Link>
              </p>
            </Outcome>
          )
        }
        problem={
          expired ? (
            <Outcome tone="problem" title={t('office.reset.expired.title')}>
              <p>{t('office.reset.expired.body')}</p>
            </Outcome>
          ) : (
            failure && <Failure error={save.error} />
          )
        }
      />
      {expired && <RequestLink initialEmail={email} />}
    </>
  );
}

function ForgotPassword() {
  const t = useT();
  useTitle(t('office.reset.forgot.title'));
  return (
    <>
      <h1>{t('office.reset.forgot.title')}</h1>
      <RequestLink initialEmail="" />
      <p>
        <Link href="/login">{t('office.reset.backToSignIn')}</Link>
      </p>
    </>
  );
}

/** Asks for a reset email; the answer says the same whether or not the address has an account. */
function RequestLink({ initialEmail }: { initialEmail: string }) {
  const t = useT();
  const salon = useSalonName();
  const [email, setEmail] = useState(initialEmail);
  const ask = useApiMutation('post', '/api/auth/forgot-password');

  return (
    <>
      {!ask.isSuccess && (
        <>
          <p>{salon === null ? t('office.reset.forgot.introNoSalon') : t('office.reset.forgot.intro', { salon })}</p>
          <ApiForm sending={ask} alert={false} onSubmit={() => ask.mutate({ body: { email: email.trim() } })}>
            <TextField
              label={t('office.login.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              isRequired
            />
            <SubmitButton sending={ask}>{t('office.reset.forgot.submit')}</SubmitButton>
          </ApiForm>
        </>
      )}
      <LiveRegions
        done={
          ask.isSuccess && (
            <Outcome tone="done" title={t('office.reset.forgot.sent.title')}>
              <p>{t('office.reset.forgot.sent.body', { email: ask.variables.body.email })}</p>
            </Outcome>
          )
        }
        problem={ask.isError && <Failure error={ask.error} />}
      />
    </>
  );
}

function Failure({ error }: { error: unknown }) {
  const t = useT();
  const failureText = useFailureText();
  return (
    <Outcome tone="problem" title={t('office.reset.failed.title')}>
      <p>{failureText(error)}</p>
    </Outcome>
  );
}
