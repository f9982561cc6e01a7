import { useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../ui/ApiForm';
import { Loading, LoadError } from '../../../ui/PageStates';
import { defaultWeek, OpeningHoursFields, openingHoursBody, type DayHours } from '../../../ui/OpeningHoursFields';
import { Holidays } from './Holidays';

type Stored = Schemas['OpeningHoursWeek']['opening_hours'];

/**
 * The week as the form holds it, from what is stored. A weekday without hours starts as the
 * set-up's suggestion, so saving gives every day hours the owner has seen.
 */
export function weekOf(stored: Stored): DayHours[] {
  return defaultWeek().map((day) => {
    const found = stored.find((entry) => entry.day_of_week === day.day_of_week);
    if (!found) return day;
    return {
      day_of_week: day.day_of_week,
      open: found.is_closed !== 1,
      open_time: found.open_time ?? day.open_time,
      close_time: found.close_time ?? day.close_time,
    };
  });
}

/** The opening hours per weekday, replaced as a week, and the days the salon is closed. */
export function HoursPage() {
  const hours = $api.useQuery('get', '/api/settings/opening-hours');
  return (
    <>
      {hours.isError ? (
        <LoadError retry={() => void hours.refetch()} />
      ) : !hours.data ? (
        <Loading />
      ) : (
        <WeekForm stored={hours.data.opening_hours} />
      )}
      <Holidays />
    </>
  );
}

function WeekForm({ stored }: { stored: Stored }) {
  const t = useT();
  const [week, setWeek] = useState<DayHours[]>(() => weekOf(stored));
  const save = useApiMutation('put', '/api/settings/opening-hours');
  const change = (next: DayHours[]) => {
    if (save.isSuccess) save.reset();
    setWeek(next);
  };
  return (
    <ApiForm
      sending={save}
      className="settings-form"
      onSubmit={() => save.mutate({ body: { opening_hours: openingHoursBody(week) } })}
    >
      {stored.length === 0 && <p className="notice">{t('manage.settings.hours.none')}</p>}
      <OpeningHoursFields week={week} onChange={change} />
      <p className="description">{t('manage.settings.hours.help')}</p>
      <div className="actions">
        <SubmitButton sending={save}>{t('manage.settings.hours.save')}</SubmitButton>
        <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
          {save.isSuccess ? t('manage.settings.saved') : ''}
        </p>
      </div>
    </ApiForm>
  );
}
