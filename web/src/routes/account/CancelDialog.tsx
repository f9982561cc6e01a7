import type { Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { errorCode, isRefusal } from '../../api/errors';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { SendButton } from '../../ui/ApiForm';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';
import { CallSalon } from './CallSalon';

type MyBooking = Schemas['MyBooking'];

/** "Cancel this booking?": the booking named in full, then yes (cancelled) or no (kept). */
export function CancelDialog({
  isOpen,
  onOpenChange,
  booking,
  what,
  when,
  onCancelled,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  booking: MyBooking;
  what: string;
  when: string;
  onCancelled: (message: string, id: number) => void;
}) {
  const t = useT();
  // What a cancel makes stale (the lists, the times; the lists on a refusal too) is the map's
  // (api/invalidations.ts): the dialog closes on lists that show it.
  const cancel = useApiMutation('post', '/api/public/me/bookings/{id}/cancel', {
    onSuccess: () => {
      onOpenChange(false);
      onCancelled(t('account.cancel.done', { service: booking.service_name, when }), booking.id);
    },
  });
  // Refused by the service (too late, already cancelled, gone): asking again cannot help.
  const refused = isRefusal(cancel.error);

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (cancel.isPending) return;
        if (!open) cancel.reset();
        onOpenChange(open);
      }}
      title={t('account.cancel.title')}
      role="alertdialog"
      isDismissable={!cancel.isPending}
    >
      <p>{t('account.cancel.what', { what, when })}</p>
      <FailureAlert error={cancel.error} words={{ refused: 'account.cancel.gone' }}>
        {errorCode(cancel.error) === 'too_late_to_cancel' && <CallSalon />}
      </FailureAlert>
      <div className="actions">
        {!refused && (
          <SendButton sending={cancel} onSend={() => cancel.mutate({ params: { path: { id: booking.id } } })}>
            {t('account.cancel.confirm')}
          </SendButton>
        )}
        <Button variant="secondary" onPress={() => !cancel.isPending && onOpenChange(false)} autoFocus>
          {t('account.cancel.keep')}
        </Button>
      </div>
    </Dialog>
  );
}
