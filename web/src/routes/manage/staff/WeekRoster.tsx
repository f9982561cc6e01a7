import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, $api, type Schemas, unwrap } from '../../../api/client';
import { useApiMutation, useChange } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError } from '../../../ui/PageStates';
import { AddShiftDialog } from './AddShiftDialog';
import { CopyDayDialog } from './CopyDayDialog';
import { EditShiftDialog } from './EditShiftDialog';
import { addDays, minutesOf, shortDay, startOfWeek, weekDays } from './days';
import { WeekGrid } from './WeekGrid';
import { STAFF_WORDS } from './words';

type Shift = Schemas['Shift'];

/** The hours the grid shows at least; a shift outside them widens it. */
const GRID_FROM = 7 * 60;
const GRID_UNTIL = 21 * 60;

/**
 * One member's week: the grid to draw on, the week's shifts listed by day (each one's times
 * changed or removed, a day copied to another), "Add shift" for a shift typed in, "Clear week" for a fresh start.
 */
export function WeekRoster({
  staffId,
  locationId,
  today,
  firstDay,
}: {
  staffId: number;
  locationId: number | null;
  today: string;
  firstDay: number;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const [start, setStart] = useState(() => startOfWeek(today, firstDay));
  const days = weekDays(start);
  const shifts = $api.useQuery('get', '/api/staff/shifts', {
    params: { query: { staff_id: staffId, from: days[0], to: days[6] } },
  });
  const create = useApiMutation('post', '/api/staff/shifts');
  const remove = useApiMutation('delete', '/api/staff/shifts/{id}');
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState<string | null>(null);
  const [editing, setEditing] = useState<Shift | null>(null);
  const [clearing, setClearing] = useState(false);
  const queryClient = useQueryClient();
  // Clearing removes the week's shifts one by one (the interface has no bulk delete).
  const clear = useChange<void, Shift[]>(['delete', '/api/staff/shifts/{id}'], {
    mutationFn: async (week) => {
      for (const shift of week)
        await unwrap(api.DELETE('/api/staff/shifts/{id}', { params: { path: { id: shift.id } } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['get', '/api/staff/shifts'] }),
    onSuccess: () => setClearing(false),
  });

  const shown = (shifts.data ?? []).filter((shift) => locationId === null || shift.location_id === locationId);
  const firstMinute = Math.min(GRID_FROM, ...shown.map((shift) => Math.floor(minutesOf(shift.start_time) / 60) * 60));
  const lastMinute = Math.max(GRID_UNTIL, ...shown.map((shift) => Math.ceil(minutesOf(shift.end_time) / 60) * 60));
  const place = (body: { date: string; start_time: string; end_time: string }) =>
    create.mutate({ body: { staff_id: staffId, ...body, location_id: locationId } });
  const weekLabel = t('manage.staff.roster.week', {
    from: shortDay(days[0]!, locale),
    until: shortDay(days[6]!, locale),
  });

  return (
    <section className="staff-section" aria-labelledby="roster-week">
      <h2 id="roster-week">{weekLabel}</h2>
      <div className="actions roster-nav">
        <Button variant="secondary" onPress={() => setStart(addDays(start, -7))}>
          {t('manage.staff.roster.previous')}
        </Button>
        <Button variant="secondary" onPress={() => setStart(startOfWeek(today, firstDay))}>
          {t('manage.staff.roster.thisWeek')}
        </Button>
        <Button variant="secondary" onPress={() => setStart(addDays(start, 7))}>
          {t('manage.staff.roster.next')}
        </Button>
        <Button onPress={() => setAdding(true)}>{t('manage.staff.roster.add')}</Button>
        <Button variant="secondary" isDisabled={shown.length === 0} onPress={() => setClearing(true)}>
          {t('manage.staff.roster.clear')}
        </Button>
      </div>
      <p role="status" className="roster-status">
        {create.isPending || remove.isPending ? t('app.sending') : ''}
      </p>
      <FailureAlert error={create.error} words={STAFF_WORDS} />
      <FailureAlert error={remove.error} words={STAFF_WORDS} />
      {shifts.isError ? (
        <LoadError retry={() => void shifts.refetch()} />
      ) : !shifts.data ? (
        <Loading />
      ) : (
        <>
          <WeekGrid
            days={days}
            shifts={shown}
            firstMinute={firstMinute}
            lastMinute={lastMinute}
            label={weekLabel}
            onDraw={(drawn) => place({ date: drawn.day, start_time: drawn.start_time, end_time: drawn.end_time })}
            onRemove={(shift) => remove.mutate({ params: { path: { id: shift.id } } })}
          />
          <h3>{t('manage.staff.roster.list')}</h3>
          <ul className="roster-days">
            {days.map((day) => {
              const ofDay = shown.filter((shift) => shift.date === day);
              return (
                <li key={day} className="roster-day">
                  <strong>{shortDay(day, locale)}</strong>
                  {ofDay.length === 0 ? (
                    <span> {t('manage.staff.roster.free')}</span>
                  ) : (
                    <ul>
                      {ofDay.map((shift) => (
                        <li key={shift.id}>
                          {shift.start_time}–{shift.end_time}
                          {shift.location_name ? ` · ${shift.location_name}` : ''}{' '}
                          <Button variant="secondary" onPress={() => setEditing(shift)}>
                            {t('manage.staff.roster.edit', {
                              day: shortDay(day, locale),
                              from: shift.start_time,
                              until: shift.end_time,
                            })}
                          </Button>{' '}
                          <SendButton
                            variant="secondary"
                            sending={remove}
                            onSend={() => remove.mutate({ params: { path: { id: shift.id } } })}
                          >
                            {t('manage.staff.roster.remove', {
                              day: shortDay(day, locale),
                              from: shift.start_time,
                              until: shift.end_time,
                            })}
                          </SendButton>
                        </li>
                      ))}
                      <li>
                        <Button variant="secondary" onPress={() => setCopying(day)}>
                          {t('manage.staff.roster.copy', { day: shortDay(day, locale) })}
                        </Button>
                      </li>
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <AddShiftDialog isOpen={adding} onOpenChange={setAdding} days={days} staffId={staffId} locationId={locationId} />
      {copying !== null && (
        <CopyDayDialog
          source={copying}
          days={days}
          shifts={shown.filter((shift) => shift.date === copying)}
          staffId={staffId}
          locationId={locationId}
          onClose={() => setCopying(null)}
        />
      )}
      {editing !== null && <EditShiftDialog key={editing.id} shift={editing} onClose={() => setEditing(null)} />}
      <Dialog
        isOpen={clearing}
        onOpenChange={(open) => !clear.isPending && setClearing(open)}
        title={t('manage.staff.roster.clearTitle')}
        role="alertdialog"
        isDismissable={!clear.isPending}
      >
        <p>{t('manage.staff.roster.clearQuestion', { count: shown.length, week: weekLabel })}</p>
        <FailureAlert error={clear.error} words={STAFF_WORDS} />
        <div className="actions">
          <SendButton sending={clear} onSend={() => clear.mutate(shown)}>
            {t('manage.staff.roster.clearConfirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !clear.isPending && setClearing(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
