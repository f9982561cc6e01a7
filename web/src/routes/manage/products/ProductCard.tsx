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
import { Details, RecordState, useMoney } from '../../../ui/RecordPage';
import { useStockSettings } from '../stock-data';
import { ConsumeForm } from './ConsumeForm';
import { isLow } from './product-list';
import { ProductFormDialog } from './ProductForm';
import { StockTransactions } from './StockTransactions';

/**
 * /manage/products/:id: a product's card (where low-stock notices link): its stock against its
 * threshold, its codes and prices, its stock history, internal consumption when the salon uses
 * it, and edit and delete. Why the count cannot be typed while purchase orders keep it is said
 * on the card, not left to a refusal.
 */
export function ProductCard({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const product = $api.useQuery('get', '/api/inventory/products/{id}', { params: { path: { id } } });
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  const settings = useStockSettings();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useApiMutation('delete', '/api/inventory/products/{id}', {
    onSuccess: () => navigate(officeHref.manageProducts()),
  });
  const title = product.data?.name ?? t('manage.products.card.heading');
  useTitle(title);
  if (!product.data) return <RecordState query={product} title={title} missing={t('manage.products.card.missing')} />;
  const p = product.data;

  return (
    <>
      <p className="stock-back">
        <Link href={officeHref.manageProducts()}>{t('manage.products.back')}</Link>
      </p>
      <div className="stock-heading">
        <h1>{title}</h1>
        <Button onPress={() => setEditing(true)}>{t('manage.products.edit')}</Button>
        <Button variant="secondary" onPress={() => setDeleting(true)}>
          {t('manage.products.delete.open')}
        </Button>
      </div>
      {isLow(p) && <p className="notice">{t('manage.products.card.low')}</p>}
      {settings.loaded && (
        <p className="stock-rule">
          {settings.purchaseOrders ? t('manage.products.card.countByOrders') : t('manage.products.card.countByHand')}
        </p>
      )}
      <Details
        label={t('manage.products.card.details')}
        details={[
          [
            t('manage.products.field.stock'),
            t('manage.products.card.stockValue', { count: p.quantity_on_hand, threshold: p.low_stock_threshold }),
          ],
          [t('manage.products.field.sku'), p.sku],
          [t('manage.products.field.article'), p.article_number],
          [t('manage.products.field.ean'), p.ean_code],
          [t('manage.products.field.category'), p.category_name],
          [
            t('manage.products.field.supplier'),
            p.supplier_id === null ? null : (
              <Link href={officeHref.manageSupplier(p.supplier_id)}>{p.supplier_name}</Link>
            ),
          ],
          [t('manage.products.field.price'), money(p.price)],
          [t('manage.products.field.purchasePrice'), money(p.purchase_price)],
        ]}
      />
      <ProductFormDialog isOpen={editing} onOpenChange={setEditing} product={p} onSaved={() => undefined} />
      <Dialog
        isOpen={deleting}
        onOpenChange={(open) => !remove.isPending && setDeleting(open)}
        title={t('manage.products.delete.title', { name: p.name })}
        role="alertdialog"
        isDismissable={!remove.isPending}
      >
        <p>{t('manage.products.delete.body')}</p>
        <FailureAlert error={remove.error} />
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id } } })}>
            {t('manage.products.delete.confirm')}
          </SendButton>
          <Button variant="secondary" onPress={() => !remove.isPending && setDeleting(false)}>
            {t('manage.products.form.cancel')}
          </Button>
        </div>
      </Dialog>
      <section className="record-section" aria-labelledby="stock-consume">
        <h2 id="stock-consume">{t('manage.products.consume.heading')}</h2>
        {!settings.loaded ? null : settings.internalConsumption ? (
          <ConsumeForm productId={p.id} />
        ) : (
          <p className="stock-rule">
            {settings.purchaseOrders ? t('manage.products.consume.off') : t('manage.products.consume.needsOrders')}
          </p>
        )}
      </section>
      <StockTransactions productId={p.id} />
    </>
  );
}
