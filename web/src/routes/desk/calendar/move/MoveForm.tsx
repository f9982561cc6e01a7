import { useId, useState } from 'react';
import type { Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/TextField';
import type { DeskSettings } from '../desk-settings';
import { DESK_WORDS } from '../refusals';
import { RulesOverride } from '../RulesOverride';
import { addMinutes, minutesBetween, wallClock } from '../wall-clock';

/**
 * "Move…": another day, time or staff member for a booking, by keyboard or on a phone as well as
 * with a mouse. It keeps its length. A refused move leaves the booking where it was and says
 * why; the desk's rules it breaks can be overridden as the API allows. It carries the booking's
 * `version`, so a booking changed since the panel showed it is refused (409 `booking_changed`)
 * and the panel shows it as it now is.
 */
export function MoveForm({
  booking,
  settings,
  staff,
  onDone,
}: {
  booking: Schemas['Booking'];
  settings: DeskSettings;
  staff: Schemas['DayView']['staff'];
  onDone: () => void;
}) {
  const t = useT();
  const staffId = useId();
  const [override, setOverride] = useState(false);
  const move = useApiMutation('put', '/api/bookings/{id}', { onSuccess: onDone });
  const length = minutesBetween(booking.start_at, booking.end_at);
  const members = staff.some((member) => member.id === booking.staff_id)
    ? staff
    : [...staff, { id: booking.staff_id, name: booking.staff_name, working: [], time_off: [] }];
  return (
    <ApiForm
      sending={move}
      words={DESK_WORDS}
      aria-label={t('calendar.move.title')}
      onSubmit={(form) => {
        const startAt = wallClock(fieldText(form, 'date'), fieldText(form, 'start_at'));
        move.mutate({
          params: { path: { id: booking.id } },
          body: {
            start_at: startAt,
            end_at: addMinutes(startAt, length),
            staff_id: Number(fieldText(form, 'staff_id')),
            // Made from what the desk showed: a booking changed meanwhile is refused, not overwritten.
            version: booking.version,
            ...(override ? { override: true } : {}),
          },
        });
      }}
    >
      <h3>{t('calendar.move.title')}</h3>
      <TextField
        name="date"
        type="date"
        label={t('calendar.move.day')}
        defaultValue={booking.start_at.slice(0, 10)}
        isRequired
      />
      <TextField
        name="start_at"
        type="time"
        label={t('calendar.move.time')}
        defaultValue={booking.start_at.slice(11, 16)}
        isRequired
      />
      <div className="field">
        <label htmlFor={staffId}>{t('calendar.move.staff')}</label>
        <select id={staffId} name="staff_id" defaultValue={booking.staff_id}>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <RulesOverride error={move.error} override={override} onOverride={setOverride} />
      <div className="actions">
        <SubmitButton sending={move}>{t('calendar.move.submit')}</SubmitButton>
        <Button variant="secondary" onPress={onDone}>
          {t('calendar.move.back')}
        </Button>
      </div>
      <p className="description">{t('calendar.move.zone', { zone: settings.timezone })}</p>
    </ApiForm>
  );
}
