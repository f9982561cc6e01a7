import { LOCALE_OF, useLanguage, useT } from '../i18n/i18n';
import { weekdayName } from '../lib/format';
import { Checkbox } from './Checkbox';
import { TextField } from './TextField';
import './opening-hours.css';

/** One weekday's hours as the form holds them (`day_of_week` 0 = Sunday, as the API counts). */
export interface DayHours {
  day_of_week: number;
  open: boolean;
  open_time: string;
  close_time: string;
}

/** Monday first, as both the salon's languages write a week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** What a salon usually opens: weekdays 9 to 6, Saturday 9 to 5, Sunday closed; the owner changes it. */
export function defaultWeek(): DayHours[] {
  return WEEK_ORDER.map((day) => ({
    day_of_week: day,
    open: day !== 0,
    open_time: '09:00',
    close_time: day === 6 ? '17:00' : '18:00',
  }));
}

/** The week as the set-up takes it: one entry per weekday, in the form's order (the refusals name them by it). */
export function openingHoursBody(week: readonly DayHours[]) {
  return week.map((day) =>
    day.open
      ? { day_of_week: day.day_of_week, open_time: day.open_time, close_time: day.close_time, is_closed: false }
      : { day_of_week: day.day_of_week, is_closed: true },
  );
}

/**
 * The salon's opening hours, a row per weekday: open or closed, and from when to when. The
 * fields are named as the service's refusals name them (`opening_hours.2.close_time`), so a
 * closing time before the opening is said on that day's field.
 */
export function OpeningHoursFields({
  week,
  onChange,
}: {
  week: readonly DayHours[];
  onChange: (week: DayHours[]) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const change = (index: number, patch: Partial<DayHours>) =>
    onChange(week.map((day, at) => (at === index ? { ...day, ...patch } : day)));
  return (
    <fieldset className="form-group">
      <legend>{t('setup.hours.legend')}</legend>
      <p className="description">{t('setup.hours.help')}</p>
      <ul className="week-hours">
        {week.map((day, index) => {
          const name = weekdayName(day.day_of_week, locale);
          return (
            <li key={day.day_of_week} className="day-hours">
              <Checkbox isSelected={day.open} onChange={(open) => change(index, { open })}>
                {t('setup.hours.open', { day: name })}
              </Checkbox>
              {day.open ? (
                <div className="day-hours-times">
                  <TextField
                    name={`opening_hours.${index}.open_time`}
                    label={t('setup.hours.from', { day: name })}
                    type="time"
                    value={day.open_time}
                    onChange={(value) => change(index, { open_time: value })}
                    isRequired
                  />
                  <TextField
                    name={`opening_hours.${index}.close_time`}
                    label={t('setup.hours.to', { day: name })}
                    type="time"
                    value={day.close_time}
                    onChange={(value) => change(index, { close_time: value })}
                    isRequired
                  />
                </div>
              ) : (
                <p className="day-hours-closed">{t('setup.hours.closed')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
