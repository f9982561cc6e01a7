import { useId } from 'react';
import type { Schemas } from '../../../api/client';
import { useT } from '../../../i18n/i18n';

/** The browser's own select of a service's category (a short list), "None" first. */
export function CategorySelect({
  categories,
  defaultValue,
}: {
  categories: readonly Schemas['ServiceCategory'][];
  defaultValue: number | null;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('manage.services.field.category')}</label>
      <select id={id} name="category_id" defaultValue={defaultValue === null ? '' : String(defaultValue)}>
        <option value="">{t('manage.services.noCategory')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A form's number field as a number, a decimal comma read as a point (12,50 as typed in Dutch);
 * what is no number is sent as it is, so the service's refusal lands on the field.
 */
export function numberOf(form: HTMLFormElement, name: string): number {
  const value = new FormData(form).get(name);
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (text === '') return 0;
  const number = Number(text);
  return Number.isFinite(number) ? number : (text as unknown as number);
}

/** The category chosen, null for none. */
export function categoryOf(form: HTMLFormElement): number | null {
  const value = new FormData(form).get('category_id');
  return typeof value === 'string' && value !== '' ? Number(value) : null;
}
