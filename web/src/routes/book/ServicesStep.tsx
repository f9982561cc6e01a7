import { CheckboxGroup } from 'react-aria-components';
import type { Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { formatDuration, formatMoney, formatPercent } from '../../lib/format';
import { Checkbox } from '../../ui/Checkbox';

type PublicService = Schemas['PublicService'];

/** The most services one visit may hold (the API's limit for a visit's availability). */
export const MAX_SERVICES = 5;

/** Step 1: one or several services, grouped by category, with duration and price when the salon shows them. */
export function ServicesStep({
  services,
  currency,
  value,
  onChange,
}: {
  services: PublicService[];
  currency: string;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const groups = new Map<string, PublicService[]>();
  for (const service of services) {
    const key = service.category_name ?? '';
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  const full = value.length >= MAX_SERVICES;

  return (
    <section className="step" aria-labelledby="step-services">
      <h2 id="step-services">{t('book.services.title')}</h2>
      <CheckboxGroup
        aria-labelledby="step-services"
        value={value.map(String)}
        // Kept in the order chosen: a visit's services run in that order.
        onChange={(ids) => {
          const next = ids.map(Number);
          onChange([...value.filter((id) => next.includes(id)), ...next.filter((id) => !value.includes(id))]);
        }}
      >
        {[...groups].map(([category, members], index) => (
          <div key={category} role="group" aria-labelledby={`category-${index}`} className="choice-group">
            <h3 id={`category-${index}`}>{category || t('book.services.other')}</h3>
            {members.map((service) => {
              const detail = [
                service.duration_min !== undefined ? formatDuration(service.duration_min, locale) : null,
                service.price !== undefined ? formatMoney(service.price, currency, locale) : null,
                service.deposit?.type === 'fixed'
                  ? t('book.deposit.fixed', { amount: formatMoney(service.deposit.value, currency, locale) })
                  : service.deposit?.type === 'percentage'
                    ? t('book.deposit.percentage', { percent: formatPercent(service.deposit.value, locale) })
                    : null,
              ]
                .filter(Boolean)
                .join(', ');
              return (
                <Checkbox key={service.id} value={String(service.id)} isDisabled={full && !value.includes(service.id)}>
                  {service.name}
                  {detail && (
                    <span className="detail">
                      <span className="visually-hidden">, </span>
                      {detail}
                    </span>
                  )}
                </Checkbox>
              );
            })}
          </div>
        ))}
      </CheckboxGroup>
      {value.length > 1 && <p className="description">{t('book.services.inOrder')}</p>}
    </section>
  );
}
