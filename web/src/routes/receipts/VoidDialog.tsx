import { useRef } from 'react';
import type { Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

/**
 * Voiding a sale that was never paid, after a question naming it: the API wants a reason (it
 * goes into the till journal with the void). The service names its refusals (paid meanwhile,
 * still waiting for its payment, voided already in another tab) and they show here as it names
 * them, the reason kept as typed. A double click voids once: the second press comes before the
 * page has re-rendered with the first one's "sending", so the dialog keeps its own mark of a
 * request on its way (cleared by a refusal, so the question can be answered again).
 */
export function VoidDialog({
  sale,
  money,
  onClose,
}: {
  sale: Schemas['PosOrderSummary'];
  money: (amount: number) => string;
  onClose: () => void;
}) {
  const t = useT();
  const sent = useRef(false);
  const cancel = useApiMutation('post', '/api/pos/{id}/void', {
    onSuccess: onClose,
    onError: () => {
      sent.current = false;
    },
  });
  return (
    <Dialog
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && !cancel.isPending && onClose()}
      title={t('sales.void.title', { id: sale.id })}
      isDismissable={!cancel.isPending}
    >
      <p>{t('sales.void.text', { client: sale.client_name, total: money(sale.total), count: sale.item_count })}</p>
      <ApiForm
        sending={cancel}
        words={{
          codes: {
            order_paid: 'sales.void.refused.paid',
            payment_pending: 'sales.void.refused.pending',
            order_voided: 'sales.void.refused.voided',
          },
        }}
        onSubmit={(form) => {
          if (sent.current) return;
          sent.current = true;
          cancel.mutate({ params: { path: { id: sale.id } }, body: { reason: fieldText(form, 'reason').trim() } });
        }}
      >
        <TextField name="reason" label={t('sales.void.reason')} isRequired maxLength={500} autoComplete="off" />
        <div className="actions">
          <SubmitButton sending={cancel}>{t('sales.void.confirm')}</SubmitButton>
          <Button variant="secondary" onPress={onClose} isDisabled={cancel.isPending}>
            {t('sales.void.keep')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
