import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { shortDay } from './days';
import { STAFF_WORDS } from './words';

/**
 * One shift's times changed (PUT /api/staff/shifts/{id}): its day stays. A shift that would
 * overlap another of the member's that day (409 `shift_overlap`) is said above the fields, and
 * the times typed stay.
 */
export function EditShiftDialog({ shift, onClose }: { shift: Schemas['Shift']; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const update = useApiMutation('put', '/api/staff/shifts/{id}', { onSuccess: onClose });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t('manage.staff.roster.editTitle', { day: shortDay(shift.date, LOCALE_OF[language]) })}
      isDismissable={!update.isPending}
    >
      <ApiForm
        sending={update}
        words={STAFF_WORDS}
        onSubmit={(form) =>
          update.mutate({
            params: { path: { id: shift.id } },
            body: { start_time: fieldText(form, 'start_time'), end_time: fieldText(form, 'end_time') },
          })
        }
      >
        <TextField
          label={t('manage.staff.week.from')}
          name="start_time"
          type="time"
          isRequired
          defaultValue={shift.start_time}
          autoFocus
        />
        <TextField
          label={t('manage.staff.week.until')}
          name="end_time"
          type="time"
          isRequired
          defaultValue={shift.end_time}
        />
        <div className="actions">
          <SubmitButton sending={update}>{t('manage.staff.roster.editSend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !update.isPending && onClose()}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
