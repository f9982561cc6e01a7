import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVAILABILITY_KEY } from '../../api/availability';
import { ApiError } from '../../api/client';
import { cancelMyBooking, MY_BOOKINGS_KEY, type MyBooking } from '../../api/me';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CallSalon } from './CallSalon';

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
  onCancelled: (message: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelMyBooking(booking.id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
      ]);
      onOpenChange(false);
      onCancelled(t('account.cancel.done', { service: booking.service_name, when }));
    },
    onError: (error) => {
      // Refused (too late, already cancelled, gone): the list shows the booking as it is now.
      if (error instanceof ApiError) void queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY });
    },
  });
  // Refused by the service (too late, already cancelled, gone): asking again cannot help.
  const refused =
    cancel.error instanceof ApiError && cancel.error.status < 500 && cancel.error.status !== 429 ? cancel.error : null;
  const tooMany = cancel.error instanceof ApiError && cancel.error.status === 429;

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
      {cancel.isError && (
        <p role="alert" className="alert">
          {refused?.code === 'too_late_to_cancel' ? (
            <>
              {t('account.cancel.tooLate')} <CallSalon />
            </>
          ) : refused ? (
            t('account.cancel.gone')
          ) : tooMany ? (
            t('book.error.tooMany')
          ) : (
            t('account.cancel.failed')
          )}
        </p>
      )}
      <div className="actions">
        {!refused && (
          <Button onPress={() => !cancel.isPending && cancel.mutate()}>
            {cancel.isPending ? t('app.sending') : t('account.cancel.confirm')}
          </Button>
        )}
        <Button variant="secondary" onPress={() => !cancel.isPending && onOpenChange(false)} autoFocus>
          {t('account.cancel.keep')}
        </Button>
      </div>
    </Dialog>
  );
}
