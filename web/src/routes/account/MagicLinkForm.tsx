import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { requestMagicLink } from '../../api/client-auth';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/**
 * "Email me a sign-in link": the answer never says whether the address has an account, so
 * the page says the same neutral thing for every address.
 */
export function MagicLinkForm({ returnTo, headingId }: { returnTo: string; headingId: string }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const ask = useMutation({ mutationFn: (address: string) => requestMagicLink(address, returnTo) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ask.isPending) ask.mutate(email.trim());
  };
  const failure =
    ask.error instanceof ApiError && ask.error.status === 429
      ? t('account.magicLink.tooMany')
      : t('account.magicLink.failed');
  return (
    <Form onSubmit={submit} aria-labelledby={headingId}>
      <p>{t('account.magicLink.intro')}</p>
      <p role="status" className={ask.isSuccess ? 'notice' : undefined}>
        {ask.isSuccess ? t('account.magicLink.sent', { email: ask.variables }) : ''}
      </p>
      {ask.isError && (
        <p role="alert" className="alert">
          {failure}
        </p>
      )}
      <TextField
        name="email"
        type="email"
        label={t('account.signIn.email')}
        autoComplete="email"
        isRequired
        value={email}
        onChange={setEmail}
      />
      <Button type="submit" variant="secondary">
        {ask.isPending ? t('app.sending') : t('account.magicLink.submit')}
      </Button>
    </Form>
  );
}
