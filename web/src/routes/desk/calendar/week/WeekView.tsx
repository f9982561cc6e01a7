import { useQueries } from '@tanstack/react-query';
import { $api, type Schemas } from '../../../../api/client';
import { useSession } from '../../../../api/session';
import { useT } from '../../../../i18n/i18n';
import { Button } from '../../../../ui/Button';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { Loading } from '../../../../ui/PageStates';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import { weekDates } from './week-days';
import { WeekGrid } from './WeekGrid';
import './week.css';

type DayStaff = Schemas['DayView']['staff'];

/**
 * The members a week can show and a booking be moved to: the active staff who take
 * appointments, in the day view's shape (their working time is read per day).
 */
export function useWeekMembers(enabled: boolean): DayStaff {
  const staff = $api.useQuery('get', '/api/staff/staff', {}, { enabled });
  return (staff.data ?? [])
    .filter((member) => member.bookable === 1)
    .map((member) => ({ id: member.id, name: member.name, working: [], time_off: [] }));
}

/**
 * The week of one staff member (`?view=week&staff=2&date=…`, any day of the week): the seven
 * days read with the day view's own endpoint, for that member only, so working time, breaks,
 * time off, holidays and closed days follow the very rule of the day view, and a change a
 * desk hears of refreshes the day it touched. With the personal agenda (the calendar's settings,
 * which every member reads) a staff member is offered their own week only; the service answers
 * them nothing else either.
 */
export function WeekView({
  date,
  staffId,
  settings,
  now,
  categoryColours,
  onStaff,
  onOpenBooking,
  onSlot,
}: {
  date: string;
  /** The member chosen in the address; 0: the signed-in user when they take appointments, else the first. */
  staffId: number;
  settings: DeskSettings;
  now: { date: string; minute: number } | null;
  categoryColours: ReadonlyMap<number, string | null>;
  onStaff: (staffId: number) => void;
  onOpenBooking: (id: number) => void;
  onSlot: (staffId: number, minute: number, date: string) => void;
}) {
  const t = useT();
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : null;
  const members = useWeekMembers(true);
  const staff = $api.useQuery('get', '/api/staff/staff');
  // The personal agenda: a staff member is offered their own week only, and asking for another
  // member's (an old link) says so rather than showing an empty week.
  const ownOnly = settings.personalAgenda && me !== null && me.role !== 'admin';
  const choices = ownOnly ? members.filter((candidate) => candidate.id === me?.id) : members;
  const hidden =
    ownOnly && staffId !== 0 && staffId !== me?.id && members.some((candidate) => candidate.id === staffId);
  const member = hidden
    ? undefined
    : (choices.find((candidate) => candidate.id === staffId) ??
      choices.find((candidate) => candidate.id === me?.id) ??
      choices[0]);
  const dates = weekDates(date, settings.firstDayOfWeek);
  const days = useQueries({
    queries: dates.map((day) => ({
      ...$api.queryOptions('get', '/api/bookings/day', {
        params: { query: { date: day, staff_id: [String(member?.id ?? 0)] } },
      }),
      enabled: member !== undefined,
    })),
  });

  if (staff.error) return <FailureAlert error={staff.error} />;
  if (!staff.data) return <Loading />;
  if (!member && !hidden) return <p className="day-empty">{t('calendar.week.noStaff')}</p>;
  const error = days.find((day) => day.error)?.error;
  const answers = days.flatMap((day) => (day.data ? [day.data] : []));

  if (hidden || !member) {
    return (
      <div className="week-own-only">
        <p>{t('calendar.week.ownOnly')}</p>
        {me && choices.some((candidate) => candidate.id === me.id) && (
          <Button variant="secondary" onPress={() => onStaff(me.id)}>
            {t('calendar.week.showOwn')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <>
      {choices.length > 1 && (
        <div className="calendar-toolbar">
          <label className="calendar-location">
            {t('calendar.week.staff')}{' '}
            <select value={member.id} onChange={(event) => onStaff(Number(event.target.value))}>
              {choices.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <p className="calendar-day" aria-live="polite">
        <strong>
          {t('calendar.week.title', {
            staff: member.name,
            first: dayName(dates[0] ?? date, settings.locale),
            last: dayName(dates[6] ?? date, settings.locale),
          })}
        </strong>
      </p>
      <FailureAlert error={error} />
      {answers.length === 7 ? (
        <WeekGrid
          days={answers}
          member={member}
          settings={settings}
          categoryColours={categoryColours}
          now={now}
          onOpenBooking={onOpenBooking}
          onSlot={onSlot}
        />
      ) : (
        !error && <Loading />
      )}
    </>
  );
}
