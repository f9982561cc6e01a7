import { useId } from 'react';
import { api, type Schemas, unwrap } from '../../../api/client';
import { useChange } from '../../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { shortDay } from './days';
import { STAFF_WORDS } from './words';

type Shift = Schemas['Shift'];

/**
 * A day's shifts copied to another day of the week (the same hours and location). The service
 * refuses a copy that overlaps a shift already on that day (409), said here; the copies made
 * before it stay.
 */
export function CopyDayDialog({
  source,
  days,
  shifts,
  staffId,
  locationId,
  onClose,
}: {
  source: string;
  days: string[];
  shifts: Shift[];
  staffId: number;
  locationId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const targetId = useId();
  const copy = useChange<void, string>(['post', '/api/staff/shifts'], {
    mutationFn: async (target) => {
      for (const shift of shifts) {
        await unwrap(
          api.POST('/api/staff/shifts', {
            body: {
              staff_id: staffId,
              date: target,
              start_time: shift.start_time,
              end_time: shift.end_time,
              location_id: shift.location_id ?? locationId,
            },
          }),
        );
      }
    },
    onSuccess: onClose,
  });
  const others = days.filter((day) => day !== source);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !copy.isPending && onClose()}
      title={t('manage.staff.roster.copy', { day: shortDay(source, locale) })}
      isDismissable={!copy.isPending}
    >
      <ApiForm sending={copy} words={STAFF_WORDS} onSubmit={(form) => copy.mutate(fieldText(form, 'target'))}>
        <div className="field">
          <label htmlFor={targetId}>{t('manage.staff.roster.copyTo')}</label>
          <select id={targetId} name="target" autoFocus>
            {others.map((day) => (
              <option key={day} value={day}>
                {shortDay(day, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <SubmitButton sending={copy}>{t('manage.staff.roster.copySend')}</SubmitButton>
          <Button variant="secondary" onPress={() => !copy.isPending && onClose()}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
