import type { Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { formatDuration, formatMoney, formatPercent } from '../../lib/format';
import { NativeCheckbox } from '../../ui/NativeCheckbox';
import './book.css';

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
      {/* The browser's own checkboxes, a fieldset per category: the page's first screen carries
          no React Aria (its interactions would cost the first load a fifth of its size). */}
      {[...groups].map(([category, members]) => (
        <fieldset key={category} className="choice-group">
          <legend className="category">
            <h3>{category || t('book.services.other')}</h3>
          </legend>
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
            const checked = value.includes(service.id);
            const describedBy = service.description ? `service-${service.id}-about` : undefined;
            return (
              <div key={service.id} className="service-choice">
                <NativeCheckbox
                  checked={checked}
                  describedBy={describedBy}
                  disabled={full && !checked}
                  // Kept in the order chosen: a visit's services run in that order.
                  onChange={(tick) => onChange(tick ? [...value, service.id] : value.filter((id) => id !== service.id))}
                >
                  {service.name}
                  {detail && (
                    <span className="detail">
                      <span className="visually-hidden">, </span>
                      {detail}
                    </span>
                  )}
                </NativeCheckbox>
                {/* The salon's photo and words, where set: the photo decorative (the name says what it
                  is) and loaded only as it scrolls into view, so the first screen's load stays light. */}
                {service.photo_url && (
                  <img
                    className="service-photo"
                    src={service.photo_url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={56}
                    height={56}
                  />
                )}
                {describedBy && (
                  <p id={describedBy} className="service-about">
                    {service.description}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      {value.length > 1 && <p className="description">{t('book.services.inOrder')}</p>}
    </section>
  );
}
