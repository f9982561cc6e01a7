import { useT } from '../../i18n/i18n';
import { TextField } from '../../ui/TextField';

/** The service's minimum length of a password. */
const MIN_PASSWORD = 8;

/** The form's names of the two fields: the request's own (the reset's `password`, the change's `newPassword` …). */
export interface NewPasswordNames {
  password: string;
  repeat: string;
}

/**
 * What is wrong with a new password typed twice, by field name (too short, or the two differ),
 * checked before sending: the service says the first, and nothing sent says the second.
 */
export function newPasswordChecks(
  t: ReturnType<typeof useT>,
  names: NewPasswordNames,
  password: string,
  repeat: string,
): Record<string, string> {
  const found: Record<string, string> = {};
  if (password.length < MIN_PASSWORD) found[names.password] = t('office.reset.tooShort');
  if (repeat !== password) found[names.repeat] = t('office.reset.mismatch');
  return found;
}

/** A new password and its repetition, with what password managers need to offer and store one. */
export function NewPasswordFields(props: {
  names: NewPasswordNames;
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <TextField
        name={props.names.password}
        label={t('office.reset.password')}
        description={t('office.reset.passwordHelp')}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPasswordChange}
        isRequired
      />
      <TextField
        name={props.names.repeat}
        label={t('office.reset.repeat')}
        type="password"
        autoComplete="new-password"
        value={props.repeat}
        onChange={props.onRepeatChange}
        isRequired
      />
    </>
  );
}
