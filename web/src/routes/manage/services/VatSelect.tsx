import { useId } from 'react';
import type { Schemas } from '../../../api/client';
import { useT } from '../../../i18n/i18n';

/**
 * The VAT rate of a service: the enabled rates, and the service's own even when disabled since
 * (it stays until changed). The API cannot clear a rate, only change it, so "none" is offered
 * only while the service has none.
 */
export function VatSelect({
  rates,
  defaultValue,
}: {
  rates: readonly Schemas['VatRate'][];
  defaultValue: number | null;
}) {
  const t = useT();
  const id = useId();
  const shown = rates.filter((rate) => rate.is_disabled === 0 || rate.id === defaultValue);
  return (
    <div className="field">
      <label htmlFor={id}>{t('manage.services.field.vat')}</label>
      <select id={id} name="vat_rate_id" defaultValue={defaultValue === null ? '' : String(defaultValue)}>
        {defaultValue === null && <option value="">{t('manage.services.noVat')}</option>}
        {shown.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name}
          </option>
        ))}
      </select>
    </div>
  );
}
