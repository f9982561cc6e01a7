import { useState } from 'react';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { weekdayName } from '../../../lib/format';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { LoadError, Loading } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { ClearDefaultWeek } from './ClearDefaultWeek';
import { nextMonth, todayIn } from './days';
import { STAFF_WORDS } from './words';

interface Row {
  key: number;
  day_of_week: number;
  start_time: string;
  end_time: string;
}

let nextKey = 1;

/**
 * The member's default week: the shifts they work each weekday unless a day's roster says
 * otherwise. Saved as a whole (the service replaces the week at once); then applied to a range
 * of dates, which creates those shifts on every day the member has none yet (applying twice
 * adds nothing). Several rows per weekday make a split shift. A saved week can be cleared at once.
 */
export function DefaultWeek({ staffId }: { staffId: number }) {
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const saved = $api.useQuery('get', '/api/staff/default-shifts', { params: { query: { staff_id: staffId } } });
  if (saved.isError) return <LoadError retry={() => void saved.refetch()} />;
  if (!saved.data || !salon.data) return <Loading />;
  return (
    <WeekEditor
      staffId={staffId}
      saved={saved.data}
      firstDay={salon.data.first_day_of_week}
      timezone={salon.data.timezone}
    />
  );
}

/** The editor, from the week as saved when the page opened: the rows are the page's own state from then on. */
function WeekEditor({
  staffId,
  saved,
  firstDay,
  timezone,
}: {
  staffId: number;
  saved: Array<{ day_of_week: number; start_time: string; end_time: string }>;
  firstDay: number;
  timezone: string;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const save = useApiMutation('post', '/api/staff/default-shifts/save-week');
  const apply = useApiMutation('post', '/api/staff/default-shifts/apply');
  const [rows, setRows] = useState<Row[]>(() =>
    saved.map(({ day_of_week, start_time, end_time }) => ({ key: nextKey++, day_of_week, start_time, end_time })),
  );
  // Not lib/weekdays.ts: shared with this lazy chunk, it would leave the booking page's first load as a chunk of its own.
  const order = [0, 1, 2, 3, 4, 5, 6].map((offset) => (firstDay + offset) % 7);
  const sorted = [...rows].sort(
    (a, b) => order.indexOf(a.day_of_week) - order.indexOf(b.day_of_week) || a.start_time.localeCompare(b.start_time),
  );
  const change = (key: number, update: Partial<Row>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...update } : row)));
  const month = nextMonth(todayIn(timezone));
  const [cleared, setCleared] = useState(false);

  return (
    <section className="staff-section" aria-labelledby="staff-default-week">
      <h2 id="staff-default-week">{t('manage.staff.week.title')}</h2>
      <p>{t('manage.staff.week.help')}</p>
      <ApiForm
        sending={save}
        words={STAFF_WORDS}
        onSubmit={() => {
          setCleared(false);
          save.mutate({
            body: {
              staff_id: staffId,
              shifts: sorted.map(({ day_of_week, start_time, end_time }) => ({ day_of_week, start_time, end_time })),
            },
          });
        }}
      >
        {sorted.length === 0 ? (
          <p>{t('manage.staff.week.empty')}</p>
        ) : (
          <ul className="staff-week-rows">
            {sorted.map((row) => (
              <li key={row.key} className="staff-week-row">
                <div className="field">
                  <label htmlFor={`day-${row.key}`}>{t('manage.staff.week.day')}</label>
                  <select
                    id={`day-${row.key}`}
                    value={row.day_of_week}
                    onChange={(event) => change(row.key, { day_of_week: Number(event.currentTarget.value) })}
                  >
                    {order.map((day) => (
                      <option key={day} value={day}>
                        {weekdayName(day, locale)}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  label={t('manage.staff.week.from')}
                  type="time"
                  isRequired
                  value={row.start_time}
                  onChange={(value) => change(row.key, { start_time: value })}
                />
                <TextField
                  label={t('manage.staff.week.until')}
                  type="time"
                  isRequired
                  value={row.end_time}
                  onChange={(value) => change(row.key, { end_time: value })}
                />
                <Button variant="secondary" onPress={() => setRows(rows.filter((other) => other.key !== row.key))}>
                  {t('manage.staff.week.removeRow', { day: weekdayName(row.day_of_week, locale) })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p role="status">{cleared ? t('manage.staff.week.cleared') : save.isSuccess ? t('manage.staff.saved') : ''}</p>
        <div className="actions">
          <Button
            variant="secondary"
            onPress={() =>
              setRows([
                ...rows,
                {
                  key: nextKey++,
                  day_of_week: nextFreeDay(order, rows),
                  start_time: '09:00',
                  end_time: '17:00',
                },
              ])
            }
          >
            {t('manage.staff.week.addRow')}
          </Button>
          <SubmitButton sending={save}>{t('manage.staff.week.save')}</SubmitButton>
          {/* Always there (clearing an empty week is harmless): were it to go with the saved week,
              the question's focus would have no button to return to. */}
          <ClearDefaultWeek
            staffId={staffId}
            onCleared={() => {
              save.reset();
              setRows([]);
              setCleared(true);
            }}
          />
        </div>
      </ApiForm>

      <h3>{t('manage.staff.apply.title')}</h3>
      <p>{t('manage.staff.apply.help')}</p>
      <ApiForm
        sending={apply}
        words={STAFF_WORDS}
        className="staff-apply"
        onSubmit={(form) =>
          apply.mutate({
            body: {
              staff_id: staffId,
              start_date: fieldText(form, 'start_date'),
              end_date: fieldText(form, 'end_date'),
            },
          })
        }
      >
        <TextField
          label={t('manage.staff.apply.from')}
          name="start_date"
          type="date"
          isRequired
          defaultValue={month.from}
        />
        <TextField
          label={t('manage.staff.apply.until')}
          name="end_date"
          type="date"
          isRequired
          defaultValue={month.to}
        />
        <div className="actions">
          <SubmitButton sending={apply}>{t('manage.staff.apply.send')}</SubmitButton>
        </div>
        <p role="status">
          {apply.data ? t('manage.staff.apply.done', { created: apply.data.created, skipped: apply.data.skipped }) : ''}
        </p>
      </ApiForm>
    </section>
  );
}

/** The first weekday (in the salon's order) without a row yet, else the first. */
function nextFreeDay(order: number[], rows: Row[]): number {
  return order.find((day) => !rows.some((row) => row.day_of_week === day)) ?? order[0]!;
}
