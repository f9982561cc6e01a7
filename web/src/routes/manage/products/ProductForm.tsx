import { useId } from 'react';
import type { Schemas } from '../../../api/client';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Loading } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { useCategories, useStockSettings, useSuppliers } from '../stock-data';

type Product = Schemas['Product'];

/** A number field's value; '' reads as NaN, which the service refuses on that field. */
const numberOf = (form: HTMLFormElement, name: string) => {
  const text = fieldText(form, name).trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
};
const linkOf = (form: HTMLFormElement, name: string) => {
  const id = Number(fieldText(form, name));
  return id > 0 ? id : null;
};

/**
 * A product's form in a dialog: a new product or the card's product edited. The stock count is
 * typed only where it may change: for a new product, or while purchase orders are off (with
 * them on, deliveries, sales and internal consumption keep the count, and the field says so).
 */
export function ProductFormDialog({
  isOpen,
  onOpenChange,
  product,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  product?: Product;
  onSaved: (product: Product) => void;
}) {
  const t = useT();
  const settings = useStockSettings();
  const categories = useCategories();
  const suppliers = useSuppliers();
  const categoryId = useId();
  const supplierId = useId();
  const saved = (result: Product) => {
    onOpenChange(false);
    onSaved(result);
  };
  const create = useApiMutation('post', '/api/inventory/products', { onSuccess: saved });
  const update = useApiMutation('put', '/api/inventory/products/{id}', { onSuccess: saved });
  const sending = product ? update : create;
  const countLocked = product !== undefined && settings.purchaseOrders;
  // Purchase orders turned on in another tab meanwhile: the refusal is said on the count's field.
  const checks =
    errorCode(sending.error) === 'stock_managed_by_purchase_orders'
      ? { quantity_on_hand: t('manage.products.form.stockLocked') }
      : undefined;
  // The choices are read before the form shows, so each select starts on the product's own.
  const ready = settings.loaded && categories.data !== undefined && suppliers.data !== undefined;
  const submit = (form: HTMLFormElement) => {
    const body = {
      name: fieldText(form, 'name'),
      sku: fieldText(form, 'sku'),
      price: numberOf(form, 'price'),
      purchase_price: numberOf(form, 'purchase_price'),
      low_stock_threshold: numberOf(form, 'low_stock_threshold'),
      category_id: linkOf(form, 'category_id'),
      supplier_id: linkOf(form, 'supplier_id'),
      ean_code: fieldText(form, 'ean_code').trim(),
    };
    if (product) {
      update.mutate({
        params: { path: { id: product.id } },
        body: countLocked ? body : { ...body, quantity_on_hand: numberOf(form, 'quantity_on_hand') },
      });
    } else create.mutate({ body: { ...body, quantity_on_hand: numberOf(form, 'quantity_on_hand') } });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (sending.isPending) return;
        if (!open) sending.reset();
        onOpenChange(open);
      }}
      title={product ? t('manage.products.form.editTitle', { name: product.name }) : t('manage.products.form.newTitle')}
      isDismissable={!sending.isPending}
    >
      {!ready ? (
        <Loading />
      ) : (
        <ApiForm sending={sending} onSubmit={submit} checks={checks} className="stock-form">
          <TextField
            label={t('manage.products.field.name')}
            name="name"
            isRequired
            maxLength={200}
            defaultValue={product?.name}
            autoFocus
          />
          <TextField
            label={t('manage.products.field.sku')}
            name="sku"
            isRequired
            maxLength={100}
            defaultValue={product?.sku}
          />
          <TextField
            label={t('manage.products.field.ean')}
            description={t('manage.products.form.eanHelp')}
            name="ean_code"
            maxLength={64}
            inputMode="numeric"
            defaultValue={product?.ean_code}
          />
          <TextField
            label={t('manage.products.field.price')}
            name="price"
            isRequired
            inputMode="decimal"
            defaultValue={product ? String(product.price) : ''}
          />
          <TextField
            label={t('manage.products.field.purchasePrice')}
            name="purchase_price"
            isRequired
            inputMode="decimal"
            defaultValue={product ? String(product.purchase_price) : ''}
          />
          <TextField
            label={t('manage.products.field.stock')}
            description={countLocked ? t('manage.products.form.stockLocked') : undefined}
            name="quantity_on_hand"
            isRequired={!countLocked}
            isReadOnly={countLocked}
            inputMode="numeric"
            defaultValue={product ? String(product.quantity_on_hand) : '0'}
          />
          <TextField
            label={t('manage.products.field.threshold')}
            description={t('manage.products.form.thresholdHelp')}
            name="low_stock_threshold"
            inputMode="numeric"
            defaultValue={String(product?.low_stock_threshold ?? 5)}
          />
          <div className="field">
            <label htmlFor={categoryId}>{t('manage.products.field.category')}</label>
            <select id={categoryId} name="category_id" defaultValue={product?.category_id ?? 0}>
              <option value={0}>{t('manage.products.form.none')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={supplierId}>{t('manage.products.field.supplier')}</label>
            <select id={supplierId} name="supplier_id" defaultValue={product?.supplier_id ?? 0}>
              <option value={0}>{t('manage.products.form.none')}</option>
              {suppliers.rows.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </select>
          </div>
          <div className="actions">
            <SubmitButton sending={sending}>
              {product ? t('manage.products.form.save') : t('manage.products.form.create')}
            </SubmitButton>
            <Button variant="secondary" onPress={() => !sending.isPending && onOpenChange(false)}>
              {t('manage.products.form.cancel')}
            </Button>
          </div>
        </ApiForm>
      )}
    </Dialog>
  );
}
