import { useId } from 'react';
import { useApiMutation } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { shortDay } from './days';
import { STAFF_WORDS } from './words';

/** A shift typed in: the day of the week shown, from and until (any minute, not only the grid's half hours). */
export function AddShiftDialog({
  isOpen,
  onOpenChange,
  days,
  staffId,
  locationId,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  days: string[];
  staffId: number;
  locationId: number | null;
}) {
  const t = useT();
  const { language } = useLanguage();
  const dayId = useId();
  const create = useApiMutation('post', '/api/staff/shifts', { onSuccess: () => onOpenChange(false) });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (create.isPending) return;
        if (!open) create.reset();
        onOpenChange(open);
      }}
      title={t('manage.staff.roster.add')}
      isDismissable={!create.isPending}
    >
      <ApiForm
        sending={create}
        words={STAFF_WORDS}
        onSubmit={(form) =>
          create.mutate({
            body: {
              staff_id: staffId,
              date: fieldText(form, 'date'),
              start_time: fieldText(form, 'start_time'),
              end_time: fieldText(form, 'end_time'),
              location_id: locationId,
            },
          })
        }
      >
        <div className="field">
          <label htmlFor={dayId}>{t('manage.staff.week.day')}</label>
          <select id={dayId} name="date" autoFocus>
            {days.map((day) => (
              <option key={day} value={day}>
                {shortDay(day, LOCALE_OF[language])}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('manage.staff.week.from')} name="start_time" type="time" isRequired defaultValue="09:00" />
        <TextField label={t('manage.staff.week.until')} name="end_time" type="time" isRequired defaultValue="17:00" />
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.staff.roster.addSend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !create.isPending && onOpenChange(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
