import { useState } from 'react';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { TextField } from '../../../ui/TextField';

/**
 * Internal consumption: products used in the salon, not sold, taken out of stock. The
 * service's refusal (the setting turned off meanwhile) is said on the quantity's field.
 */
export function ConsumeForm({ productId }: { productId: number }) {
  const t = useT();
  const [done, setDone] = useState('');
  const consume = useApiMutation('post', '/api/inventory/products/{id}/consume', {
    onSuccess: (product) => setDone(t('manage.products.consume.done', { count: product.quantity_on_hand })),
  });
  const checks =
    errorCode(consume.error) === 'internal_consumption_disabled'
      ? { quantity: t('manage.products.consume.needsOrders') }
      : undefined;
  return (
    <ApiForm
      sending={consume}
      checks={checks}
      className="stock-inline-form"
      onSubmit={(form) => {
        setDone('');
        consume.mutate({
          params: { path: { id: productId } },
          body: { quantity: Number(fieldText(form, 'quantity')), note: fieldText(form, 'note') },
        });
      }}
    >
      <TextField
        label={t('manage.products.consume.quantity')}
        name="quantity"
        isRequired
        inputMode="numeric"
        defaultValue="1"
      />
      <TextField label={t('manage.products.consume.note')} name="note" maxLength={500} />
      <SubmitButton sending={consume}>{t('manage.products.consume.submit')}</SubmitButton>
      <p role="status" className="stock-done">
        {done}
      </p>
    </ApiForm>
  );
}
