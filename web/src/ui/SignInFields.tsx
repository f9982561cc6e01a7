import { TextField } from './TextField';

/**
 * Email and password of a sign-in form (the staff's and the client's), named `email` and
 * `password` (read with `fieldText`), with the autocomplete hints password managers fill in.
 */
export function SignInFields({ emailLabel, passwordLabel }: { emailLabel: string; passwordLabel: string }) {
  return (
    <>
      <TextField name="email" type="email" label={emailLabel} autoComplete="username" isRequired />
      <TextField name="password" type="password" label={passwordLabel} autoComplete="current-password" isRequired />
    </>
  );
}
