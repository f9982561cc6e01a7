import { useState } from 'react';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../ui/ApiForm';
import { TextField } from '../../../ui/TextField';

/**
 * A test text message through the saved provider. The service only queues it (202 with its
 * outbox id): whether the provider took it is told by the SMS outbox, so the status names the
 * message to look for there rather than claiming it arrived.
 */
export function SmsTest() {
  const t = useT();
  const [to, setTo] = useState('');
  const send = useApiMutation('post', '/api/settings/test-sms');
  return (
    <section className="form-group" aria-labelledby="settings-sms-test">
      <h2 id="settings-sms-test">{t('manage.settings.smsTest.title')}</h2>
      <p className="description">{t('manage.settings.smsTest.help')}</p>
      <ApiForm sending={send} onSubmit={() => send.mutate({ body: { to: to.trim() } })}>
        <TextField
          name="to"
          type="tel"
          autoComplete="tel"
          label={t('manage.settings.smsTest.to')}
          isRequired
          value={to}
          onChange={(value) => {
            send.reset();
            setTo(value);
          }}
        />
        <div className="actions">
          <SubmitButton sending={send} variant="secondary">
            {t('manage.settings.smsTest.send')}
          </SubmitButton>
          <p role="status">{send.data ? t('manage.settings.smsTest.queued', { id: send.data.id }) : ''}</p>
        </div>
      </ApiForm>
    </section>
  );
}
