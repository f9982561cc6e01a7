import { useState } from 'react';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../ui/ApiForm';
import { readFailure } from '../../../ui/failure';
import { TextField } from '../../../ui/TextField';

/**
 * A test email through the saved mail server. Its refusal carries the mail server's own words
 * (a wrong password, a host that does not answer), which are what the owner needs: shown as
 * they came, under the form.
 */
export function MailTest() {
  const t = useT();
  const [to, setTo] = useState('');
  const send = useApiMutation('post', '/api/settings/test-email');
  const failure = readFailure(send.error);
  const serverWords = failure?.kind === 'refused' && send.error instanceof Error ? send.error.message : null;
  return (
    <section className="form-group" aria-labelledby="settings-mail-test">
      <h2 id="settings-mail-test">{t('manage.settings.mailTest.title')}</h2>
      <p className="description">{t('manage.settings.mailTest.help')}</p>
      <ApiForm sending={send} alert={serverWords === null} onSubmit={() => send.mutate({ body: { to: to.trim() } })}>
        <TextField
          name="to"
          type="email"
          label={t('manage.settings.mailTest.to')}
          isRequired
          value={to}
          onChange={(value) => {
            send.reset();
            setTo(value);
          }}
        />
        {serverWords !== null && (
          <p className="alert" role="alert">
            {t('manage.settings.mailTest.failed', { message: serverWords })}
          </p>
        )}
        <div className="actions">
          <SubmitButton sending={send} variant="secondary">
            {t('manage.settings.mailTest.send')}
          </SubmitButton>
          <p role="status">{send.isSuccess ? t('manage.settings.mailTest.sent', { to }) : ''}</p>
        </div>
      </ApiForm>
    </section>
  );
}
