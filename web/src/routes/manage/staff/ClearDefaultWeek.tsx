import { useState } from 'react';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { STAFF_WORDS } from './words';

/**
 * "Clear the default week", after a question (DELETE /api/staff/default-shifts/{staffId}): every
 * default shift of the member goes; the shifts already made from them stay in the roster, which
 * the question says. `onCleared` empties the editor's rows.
 */
export function ClearDefaultWeek({ staffId, onCleared }: { staffId: number; onCleared: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const clear = useApiMutation('delete', '/api/staff/default-shifts/{staffId}', {
    onSuccess: () => {
      setAsking(false);
      onCleared();
    },
  });
  return (
    <>
      <Button variant="secondary" onPress={() => setAsking(true)}>
        {t('manage.staff.week.clear')}
      </Button>
      <Dialog
        isOpen={asking}
        onOpenChange={(open) => {
          if (clear.isPending) return;
          if (!open) clear.reset();
          setAsking(open);
        }}
        title={t('manage.staff.week.clear')}
        role="alertdialog"
        isDismissable={!clear.isPending}
      >
        <p>{t('manage.staff.week.clearQuestion')}</p>
        <FailureAlert error={clear.error} words={STAFF_WORDS} />
        <div className="actions">
          <SendButton sending={clear} onSend={() => clear.mutate({ params: { path: { staffId } } })}>
            {t('manage.staff.week.clearConfirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !clear.isPending && setAsking(false)}>
            {t('manage.staff.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
