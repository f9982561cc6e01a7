import { useT } from '../../../../i18n/i18n';
import { TextField } from '../../../../ui/TextField';

/** A move's day and start time (fields `date` and `start_at`), filled in with where it is now. */
export function DayAndTime({ start }: { start: string }) {
  const t = useT();
  return (
    <>
      <TextField name="date" type="date" label={t('calendar.move.day')} defaultValue={start.slice(0, 10)} isRequired />
      <TextField
        name="start_at"
        type="time"
        label={t('calendar.move.time')}
        defaultValue={start.slice(11, 16)}
        isRequired
      />
    </>
  );
}
