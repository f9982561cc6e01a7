import { useState } from 'react';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useLanguage, useT, LOCALE_OF } from '../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';

/** Special days: the dates the salon is closed whatever the week says (no booking can be made on one). */
export function Holidays() {
  const t = useT();
  const { language } = useLanguage();
  const list = $api.useQuery('get', '/api/settings/holidays');
  const [form, setForm] = useState({ name: '', date: '' });
  const add = useApiMutation('post', '/api/settings/holidays', {
    onSuccess: () => setForm({ name: '', date: '' }),
  });
  const remove = useApiMutation('delete', '/api/settings/holidays/{id}');
  const set = (name: 'name' | 'date') => (value: string) => {
    if (add.isSuccess) add.reset();
    setForm((current) => ({ ...current, [name]: value }));
  };
  const dateText = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(LOCALE_OF[language], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

  return (
    <section className="form-group" aria-labelledby="settings-holidays">
      <h2 id="settings-holidays">{t('manage.settings.holidays.title')}</h2>
      <p className="description">{t('manage.settings.holidays.help')}</p>
      {list.isError ? (
        <LoadError retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p>{t('manage.settings.holidays.none')}</p>
      ) : (
        <ul className="settings-holidays">
          {list.data.map((holiday) => (
            <li key={holiday.id}>
              <span>
                {dateText(holiday.date)}: {holiday.name}
              </span>
              <SendButton
                variant="secondary"
                sending={remove}
                onSend={() => remove.mutate({ params: { path: { id: holiday.id } } })}
              >
                {t('manage.settings.holidays.remove', { name: holiday.name })}
              </SendButton>
            </li>
          ))}
        </ul>
      )}
      <FailureAlert error={remove.error} />
      <ApiForm sending={add} onSubmit={() => add.mutate({ body: { name: form.name.trim(), date: form.date } })}>
        <TextField
          name="name"
          label={t('manage.settings.holidays.name')}
          isRequired
          maxLength={200}
          value={form.name}
          onChange={set('name')}
        />
        <TextField
          name="date"
          label={t('manage.settings.holidays.date')}
          type="date"
          isRequired
          value={form.date}
          onChange={set('date')}
        />
        <div className="actions">
          <SubmitButton sending={add} variant="secondary">
            {t('manage.settings.holidays.add')}
          </SubmitButton>
          <p role="status">{add.isSuccess ? t('manage.settings.holidays.added') : ''}</p>
        </div>
      </ApiForm>
    </section>
  );
}
