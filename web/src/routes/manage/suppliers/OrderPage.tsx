import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { useTitle } from '../../../ui/PageStates';
import { Details, RecordState } from '../../../ui/RecordPage';
import { STOCK_WORDS } from '../stock-words';
import { OrderLines } from './OrderLines';
import { PackingSlip } from './PackingSlip';
import { ReceiveDialog } from './ReceiveDialog';
import type { OrderStatus } from './order-status';

/**
 * /manage/suppliers/orders/:id: a purchase order through its life: lines edited while created
 * or ordered, marked ordered, received (stock goes up by every line, on a date, with the
 * packing slip's number) or cancelled; its packing slip uploaded and shown. Deleting a received
 * order takes its stock back out: the dialog lists what it takes back before anything happens.
 */
export function OrderPage({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const order = $api.useQuery('get', '/api/suppliers/orders/{id}', { params: { path: { id } } });
  const [receiving, setReceiving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const status = useApiMutation('put', '/api/suppliers/orders/{id}');
  const remove = useApiMutation('delete', '/api/suppliers/orders/{id}', {
    onSuccess: () => navigate(officeHref.manageSuppliers()),
  });
  const title = order.data
    ? t('manage.suppliers.order.title', { number: order.data.order_number })
    : t('manage.suppliers.order.heading');
  useTitle(title);
  if (!order.data) return <RecordState query={order} title={title} missing={t('manage.suppliers.order.missing')} />;
  const o = order.data;
  const move = (next: OrderStatus) => status.mutate({ params: { path: { id } }, body: { status: next } });

  return (
    <>
      <p className="stock-back">
        <Link href={officeHref.manageSupplier(o.supplier_id)}>
          {t('manage.suppliers.order.backTo', { name: o.supplier_name })}
        </Link>
      </p>
      <div className="stock-heading">
        <h1>{title}</h1>
        <span className="stock-status" data-status={o.status}>
          {t('manage.suppliers.status', { status: o.status })}
        </span>
      </div>
      <Details
        label={t('manage.suppliers.order.details')}
        details={[
          [t('manage.suppliers.order.supplier'), `${o.supplier_name} (${o.creditor_number})`],
          [t('manage.suppliers.order.date'), o.order_date],
          [t('manage.suppliers.order.expected'), o.expected_date],
          [t('manage.suppliers.order.received'), o.received_date],
          [t('manage.suppliers.order.slipNumber'), o.packing_slip_number],
          [t('manage.suppliers.order.staff'), o.staff_name],
          [t('manage.suppliers.order.notes'), o.notes],
        ]}
      />
      <div className="actions stock-actions">
        {o.status === 'created' && (
          <SendButton sending={status} onSend={() => move('ordered')}>
            {t('manage.suppliers.order.markOrdered')}
          </SendButton>
        )}
        {o.status !== 'received' && (
          <Button variant={o.status === 'ordered' ? 'primary' : 'secondary'} onPress={() => setReceiving(true)}>
            {t('manage.suppliers.order.receive')}
          </Button>
        )}
        {(o.status === 'created' || o.status === 'ordered') && (
          <SendButton variant="secondary" sending={status} onSend={() => move('cancelled')}>
            {t('manage.suppliers.order.cancel')}
          </SendButton>
        )}
        {o.status === 'cancelled' && (
          <SendButton variant="secondary" sending={status} onSend={() => move('created')}>
            {t('manage.suppliers.order.reopen')}
          </SendButton>
        )}
        <Button variant="secondary" onPress={() => setDeleting(true)}>
          {t('manage.suppliers.order.delete')}
        </Button>
      </div>
      <FailureAlert error={status.error} words={STOCK_WORDS} />
      <OrderLines key={`${o.id}-${o.status}`} order={o} />
      <PackingSlip order={o} />
      {receiving && <ReceiveDialog order={o} onClose={() => setReceiving(false)} />}
      <Dialog
        isOpen={deleting}
        onOpenChange={(open) => !remove.isPending && setDeleting(open)}
        title={t('manage.suppliers.order.deleteTitle', { number: o.order_number })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        {o.status === 'received' && o.items.length > 0 ? (
          <>
            <p>{t('manage.suppliers.order.deleteTakesBack')}</p>
            <ul className="stock-takes-back">
              {o.items.map((item) => (
                <li key={item.id}>
                  {t('manage.suppliers.order.takesBackLine', { count: item.quantity, name: item.product_name })}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('manage.suppliers.order.deleteNoStock')}</p>
        )}
        <FailureAlert error={remove.error} words={STOCK_WORDS} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id } } })}>
            {t('manage.suppliers.order.deleteConfirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setDeleting(false)}>
            {t('manage.suppliers.form.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
