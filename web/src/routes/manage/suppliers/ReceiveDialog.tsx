import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { STOCK_WORDS } from '../stock-words';

type Order = Schemas['PurchaseOrder'];

/** Receiving an order: the day it came (today unless typed) and the packing slip's number; every line goes into stock. */
export function ReceiveDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  const receive = useApiMutation('put', '/api/suppliers/orders/{id}', { onSuccess: onClose });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !receive.isPending && onClose()}
      title={t('manage.suppliers.receive.title', { number: order.order_number })}
      isDismissable={!receive.isPending}
    >
      <p>{t('manage.suppliers.receive.body', { count: order.items.length })}</p>
      <ApiForm
        sending={receive}
        words={STOCK_WORDS}
        className="stock-form"
        onSubmit={(form) => {
          const date = fieldText(form, 'received_date');
          receive.mutate({
            params: { path: { id: order.id } },
            body: {
              status: 'received',
              packing_slip_number: fieldText(form, 'packing_slip_number'),
              ...(date === '' ? {} : { received_date: date }),
            },
          });
        }}
      >
        <TextField
          label={t('manage.suppliers.order.received')}
          description={t('manage.suppliers.receive.dateHelp')}
          name="received_date"
          type="date"
          autoFocus
        />
        <TextField
          label={t('manage.suppliers.order.slipNumber')}
          name="packing_slip_number"
          maxLength={100}
          defaultValue={order.packing_slip_number}
        />
        <div className="actions">
          <SubmitButton sending={receive}>{t('manage.suppliers.receive.confirm')}</SubmitButton>
          <Button variant="secondary" onPress={() => !receive.isPending && onClose()}>
            {t('manage.suppliers.form.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
