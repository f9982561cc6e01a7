import { useEffect, useRef } from 'react';
import type { Booked } from '../../api/book';
import { $api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { wallClockInstant } from '../../lib/datetime';
import { formatDay, formatMoney, formatTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { AfterBooking } from './AfterBooking';

type SalonPage = Schemas['PublicSalonPage'];

/**
 * The end of the flow: booked, or (booking_mode = request) a request the client confirms by
 * email; or, when the service asks a deposit, the time held until it is paid at the provider.
 */
export function Done({ booked, page, again }: { booked: Booked; page: SalonPage; again: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const info = $api.useQuery('get', '/api/public/salon-info');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const start = wallClockInstant(booked.start_at, page.timezone);
  const end = wallClockInstant(booked.end_at, page.timezone);
  const when = t('book.times.slot', {
    day: formatDay(start, locale, page.timezone),
    from: formatTime(start, locale, page.time_format, page.timezone),
    to: formatTime(end, locale, page.time_format, page.timezone),
  });
  const request = booked.status === 'provisional';
  const deposit = booked.deposit;

  if (deposit) {
    return (
      <section className="step" aria-labelledby="done-title">
        <h2 id="done-title" ref={heading} tabIndex={-1}>
          {t('book.deposit.title')}
        </h2>
        <p className="notice">
          {t('book.deposit.held', {
            when,
            minutes: deposit.holdMin,
            amount: formatMoney(deposit.amount, info.data?.currency ?? 'EUR', locale),
          })}
        </p>
        {booked.staff_names.length > 0 && <p>{t('book.done.with', { names: booked.staff_names.join(', ') })}</p>}
        {/* The provider's page refuses to be framed: inside an embed, it takes the whole window. */}
        <a className="button" href={deposit.checkoutUrl} target="_top">
          {t('book.deposit.pay')}
        </a>
      </section>
    );
  }

  return (
    <section className="step" aria-labelledby="done-title">
      <h2 id="done-title" ref={heading} tabIndex={-1}>
        {request ? t('book.done.requestTitle') : t('book.done.title')}
      </h2>
      <p className="notice">{request ? t('book.done.request', { when }) : t('book.done.booked', { when })}</p>
      {booked.staff_names.length > 0 && <p>{t('book.done.with', { names: booked.staff_names.join(', ') })}</p>}
      {!request && <AfterBooking booked={booked} page={page} />}
      <Button variant="secondary" onPress={again}>
        {t('book.done.again')}
      </Button>
    </section>
  );
}
