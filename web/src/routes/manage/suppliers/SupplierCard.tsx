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
import { ListTable } from '../../../ui/ListTable';
import { useTitle } from '../../../ui/PageStates';
import { Details, RecordState } from '../../../ui/RecordPage';
import { STOCK_WORDS } from '../stock-words';
import { SupplierFormDialog } from './SupplierForm';
import { useOrderColumns } from './SuppliersPage';

/**
 * /manage/suppliers/:id: a supplier's card: contact, creditor number, whether active, its 20
 * most recent purchase orders, and a new order for it. A supplier still on products or orders
 * cannot be deleted (the service says so): it is deactivated instead.
 */
export function SupplierCard({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const supplier = $api.useQuery('get', '/api/suppliers/{id}', { params: { path: { id } } });
  const columns = useOrderColumns();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useApiMutation('delete', '/api/suppliers/{id}', {
    onSuccess: () => navigate(officeHref.manageSuppliers()),
  });
  const newOrder = useApiMutation('post', '/api/suppliers/orders', {
    onSuccess: (order) => navigate(officeHref.managePurchaseOrder(order.id)),
  });
  const title = supplier.data?.name ?? t('manage.suppliers.card.heading');
  useTitle(title);
  if (!supplier.data)
    return <RecordState query={supplier} title={title} missing={t('manage.suppliers.card.missing')} />;
  const s = supplier.data;
  return (
    <>
      <p className="stock-back">
        <Link href={officeHref.manageSuppliers()}>{t('manage.suppliers.back')}</Link>
      </p>
      <div className="stock-heading">
        <h1>{title}</h1>
        <Button onPress={() => setEditing(true)}>{t('manage.suppliers.edit')}</Button>
        <Button variant="secondary" onPress={() => setDeleting(true)}>
          {t('manage.suppliers.delete.open')}
        </Button>
      </div>
      {s.active === 0 && <p className="notice">{t('manage.suppliers.card.inactive')}</p>}
      <Details
        label={t('manage.suppliers.card.details')}
        details={[
          [t('manage.suppliers.field.creditor'), s.creditor_number],
          [t('manage.suppliers.field.contact'), s.contact_person],
          [t('manage.suppliers.field.email'), s.email === '' ? null : <a href={`mailto:${s.email}`}>{s.email}</a>],
          [t('manage.suppliers.field.phone'), s.phone],
          [t('manage.suppliers.field.address'), s.address],
          [
            t('manage.suppliers.field.website'),
            s.website === '' ? null : (
              <a href={s.website} rel="noreferrer noopener" target="_blank">
                {s.website}
              </a>
            ),
          ],
          [t('manage.suppliers.field.notes'), s.notes],
        ]}
      />
      <p>
        <Link href={`${officeHref.manageProducts()}?supplier=${s.id}`}>{t('manage.suppliers.card.products')}</Link>
      </p>
      <section className="record-section" aria-labelledby="supplier-orders">
        <div className="stock-heading">
          <h2 id="supplier-orders">{t('manage.suppliers.card.orders')}</h2>
          {s.active === 1 && (
            <SendButton sending={newOrder} onSend={() => newOrder.mutate({ body: { supplier_id: s.id } })}>
              {t('manage.suppliers.order.new')}
            </SendButton>
          )}
        </div>
        <FailureAlert error={newOrder.error} words={STOCK_WORDS} />
        <ListTable
          label={t('manage.suppliers.card.orders')}
          columns={columns}
          rowKey={(row) => row.id}
          status="success"
          rows={s.orders}
          total={s.orders.length}
          onRetry={() => undefined}
          emptyText={t('manage.suppliers.orders.empty')}
          sort={{ column: 'number', direction: 'descending' }}
          onSortChange={() => undefined}
          page={1}
          pageSize={Math.max(20, s.orders.length)}
          pageSizes={[20]}
          onPageChange={() => undefined}
          onPageSizeChange={() => undefined}
          onRowAction={(key) => navigate(officeHref.managePurchaseOrder(Number(key)))}
        />
      </section>
      <SupplierFormDialog isOpen={editing} onOpenChange={setEditing} supplier={s} onSaved={() => undefined} />
      <Dialog
        isOpen={deleting}
        onOpenChange={(open) => !remove.isPending && setDeleting(open)}
        title={t('manage.suppliers.delete.title', { name: s.name })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        <p>{t('manage.suppliers.delete.body')}</p>
        <FailureAlert error={remove.error} words={STOCK_WORDS} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id } } })}>
            {t('manage.suppliers.delete.confirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setDeleting(false)}>
            {t('manage.suppliers.form.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
