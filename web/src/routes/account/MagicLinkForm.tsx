import { useState } from 'react';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { TextField } from '../../ui/TextField';

/**
 * "Email me a sign-in link": the answer never says whether the address has an account, so
 * the page says the same neutral thing for every address. The link comes back to `returnTo`,
 * a page of the booking site.
 */
export function MagicLinkForm({ returnTo, headingId }: { returnTo: string; headingId: string }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const ask = useApiMutation('post', '/api/public/client-magic-link');

  return (
    <ApiForm
      sending={ask}
      onSubmit={() => ask.mutate({ body: { email: email.trim(), return_to: returnTo } })}
      aria-labelledby={headingId}
    >
      <p>{t('account.magicLink.intro')}</p>
      <p role="status" className={ask.isSuccess ? 'notice' : undefined}>
        {ask.isSuccess ? t('account.magicLink.sent', { email: ask.variables.body.email }) : ''}
      </p>
      <TextField
        name="email"
        type="email"
        label={t('account.signIn.email')}
        autoComplete="email"
        isRequired
        value={email}
        onChange={setEmail}
      />
      <SubmitButton sending={ask} variant="secondary">
        {t('account.magicLink.submit')}
      </SubmitButton>
    </ApiForm>
  );
}
