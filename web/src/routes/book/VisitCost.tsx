import { useId } from 'react';
import type { Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { formatDuration, formatMoney } from '../../lib/format';
import './visit-cost.css';

type PublicService = Schemas['PublicService'];

/** Amounts in cents, so that the sums are exact and round as the service does. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * A service's deposit in cents, as the service computes it when it books: a percentage of the
 * price, rounded half-up to the cent, or a fixed amount never more than the price. Null when it
 * cannot be known here (a percentage of a price the salon does not show).
 */
function depositCents(service: PublicService): number | null {
  const deposit = service.deposit;
  if (!deposit) return 0;
  const price = service.price === undefined ? null : cents(service.price);
  if (deposit.type === 'fixed') return price === null ? cents(deposit.value) : Math.min(cents(deposit.value), price);
  if (price === null) return null;
  return Math.floor((price * Math.round(deposit.value * 100) + 5000) / 10_000);
}

/**
 * What the visit costs and takes, and what the client agrees to, shown before they book: the
 * total price and duration (each only when the salon shows them), the deposit asked (whatever
 * the price setting: the client pays it) and the cancellation window in words.
 */
export function VisitCost({
  services,
  currency,
  slotMinutes,
  cancellationWindowHours,
}: {
  services: PublicService[];
  currency: string;
  /** The chosen time's length: the visit as the chosen member does it (their own durations). */
  slotMinutes: number | null;
  cancellationWindowHours: number;
}) {
  const t = useT();
  const id = useId();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  // The salon hides prices or durations for all its services at once: all present or none.
  const durations = services.every((service) => service.duration_min !== undefined);
  const minutes = durations
    ? (slotMinutes ?? services.reduce((sum, service) => sum + (service.duration_min ?? 0), 0))
    : null;
  const prices = services.every((service) => service.price !== undefined);
  const price = prices ? services.reduce((sum, service) => sum + cents(service.price ?? 0), 0) : null;
  const deposits = services.map(depositCents);
  const asksDeposit = services.some((service) => service.deposit);
  const deposit = deposits.every((amount) => amount !== null)
    ? deposits.reduce<number>((sum, amount) => sum + (amount ?? 0), 0)
    : null;
  // A percentage of prices the salon does not show: said as the services step says it.
  const depositWords = deposit !== null ? formatMoney(deposit / 100, currency, locale) : t('book.cost.depositOfPrice');

  return (
    <section aria-labelledby={id} className="visit-cost">
      <h3 id={id}>{t('book.cost.title')}</h3>
      <dl>
        {minutes !== null && (
          <div>
            <dt>{t('book.cost.duration')}</dt>
            <dd>{formatDuration(minutes, locale)}</dd>
          </div>
        )}
        {price !== null && (
          <div>
            <dt>{t('book.cost.price')}</dt>
            <dd>{formatMoney(price / 100, currency, locale)}</dd>
          </div>
        )}
        {asksDeposit && (
          <div>
            <dt>{t('book.cost.deposit')}</dt>
            <dd>{depositWords}</dd>
          </div>
        )}
      </dl>
      <p>
        {cancellationWindowHours > 0
          ? t('book.cost.cancel', { hours: cancellationWindowHours })
          : t('book.cost.cancelUntilStart')}
      </p>
    </section>
  );
}
