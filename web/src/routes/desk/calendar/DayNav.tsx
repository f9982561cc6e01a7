import { parseDate } from '@internationalized/date';
import { useId } from 'react';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';

/** Today, the day (or week) before, the day (or week) after, and any day by the date field. */
export function DayNav({
  date,
  today,
  onDate,
  step = 'day',
}: {
  date: string;
  today: string;
  onDate: (date: string) => void;
  /** The week view steps a week at a time. */
  step?: 'day' | 'week';
}) {
  const t = useT();
  const fieldId = useId();
  const days = step === 'week' ? 7 : 1;
  const shift = (by: number) =>
    parseDate(date)
      .add({ days: by * days })
      .toString();
  return (
    <div
      className="calendar-nav"
      role="group"
      aria-label={t(step === 'week' ? 'calendar.nav.labelWeek' : 'calendar.nav.label')}
    >
      <Button variant="secondary" onPress={() => onDate(shift(-1))}>
        {t(step === 'week' ? 'calendar.nav.previousWeek' : 'calendar.nav.previous')}
      </Button>
      <Button variant="secondary" isDisabled={date === today} onPress={() => onDate(today)}>
        {t('calendar.nav.today')}
      </Button>
      <Button variant="secondary" onPress={() => onDate(shift(1))}>
        {t(step === 'week' ? 'calendar.nav.nextWeek' : 'calendar.nav.next')}
      </Button>
      <span className="calendar-date-field">
        <label htmlFor={fieldId}>{t('calendar.nav.date')}</label>
        <input
          id={fieldId}
          type="date"
          value={date}
          onChange={(event) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) onDate(event.target.value);
          }}
        />
      </span>
    </div>
  );
}
