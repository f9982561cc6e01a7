import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../api/client';
import { reviewSummaryQuery } from '../../api/reviews';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { timeOptions } from '../../lib/format';

type SalonPage = Schemas['PublicSalonPage'];

/** A Sunday: the weekday names come from Intl, counted from it (0 = Sunday, as the API). */
const A_SUNDAY = Date.UTC(2026, 10, 22);

/** The salon: logo, address, opening hours from its first day of the week, review summary. */
export function SalonIntro({ page }: { page: SalonPage }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const reviews = useQuery(reviewSummaryQuery);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, timeOptions(page.time_format, 'UTC'));
  const clock = (hhmm: string) => time.format(new Date(`1970-01-01T${hhmm}:00Z`));
  const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => (page.first_day_of_week + offset) % 7);
  const hoursOf = (day: number) => page.opening_hours.find((entry) => entry.day_of_week === day);
  const address = [page.salon_address, [page.salon_postcode, page.salon_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <section className="salon-intro" aria-labelledby="salon-name">
      {page.logo_url && <img src={page.logo_url} alt="" />}
      <div>
        <h2 id="salon-name">{page.salon_name}</h2>
        {address && <p>{address}</p>}
        {page.salon_phone && <p>{t('book.salon.phone', { phone: page.salon_phone })}</p>}
        {reviews.data && reviews.data.count > 0 && reviews.data.average !== null && (
          <p>{t('book.salon.reviews', { average: reviews.data.average, count: reviews.data.count })}</p>
        )}
        {page.opening_hours.length > 0 && (
          <>
            <h3>{t('book.salon.hours')}</h3>
            <dl>
              {days.map((day) => {
                const entry = hoursOf(day);
                // A weekday without opening hours set: the staff's own shifts decide, nothing to show.
                if (!entry) return null;
                const name = weekday.format(new Date(A_SUNDAY + day * 86_400_000));
                const open = !entry.is_closed && entry.open_time && entry.close_time;
                return (
                  <div key={day}>
                    <dt>{name}</dt>
                    <dd>
                      {open
                        ? t('book.salon.open', { from: clock(entry.open_time!), to: clock(entry.close_time!) })
                        : t('book.salon.closed')}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
