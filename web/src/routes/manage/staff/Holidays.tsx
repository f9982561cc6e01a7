import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { LoadError, Loading } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { shortDay } from './days';
import { STAFF_WORDS } from './words';

/** The salon's holidays: days no one can book, whatever the roster says. One per date. */
export function Holidays() {
  const t = useT();
  const { language } = useLanguage();
  const holidays = $api.useQuery('get', '/api/settings/holidays');
  const create = useApiMutation('post', '/api/settings/holidays');
  const remove = useApiMutation('delete', '/api/settings/holidays/{id}');
  return (
    <section className="staff-section" aria-labelledby="staff-holidays">
      <h2 id="staff-holidays">{t('manage.staff.holidays.title')}</h2>
      {holidays.isError ? (
        <LoadError retry={() => void holidays.refetch()} />
      ) : !holidays.data ? (
        <Loading />
      ) : holidays.data.length === 0 ? (
        <p>{t('manage.staff.holidays.none')}</p>
      ) : (
        <ul className="staff-holidays">
          {holidays.data.map((holiday) => (
            <li key={holiday.id}>
              <span>
                {shortDay(holiday.date, LOCALE_OF[language])} {holiday.date.slice(0, 4)} · {holiday.name}
              </span>
              <SendButton
                variant="secondary"
                sending={remove}
                onSend={() => remove.mutate({ params: { path: { id: holiday.id } } })}
              >
                {t('manage.staff.holidays.remove', { name: holiday.name })}
              </SendButton>
            </li>
          ))}
        </ul>
      )}
      <FailureAlert error={remove.error} words={STAFF_WORDS} />
      <ApiForm
        sending={create}
        words={STAFF_WORDS}
        className="staff-apply"
        onSubmit={(form) => create.mutate({ body: { name: fieldText(form, 'name'), date: fieldText(form, 'date') } })}
      >
        <TextField label={t('manage.staff.holidays.name')} name="name" isRequired maxLength={200} />
        <TextField label={t('manage.staff.holidays.date')} name="date" type="date" isRequired />
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.staff.holidays.add')}</SubmitButton>
        </div>
      </ApiForm>
    </section>
  );
}
