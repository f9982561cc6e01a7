import { $api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { weekdaysFrom } from '../../lib/weekdays';
import { formatClock, weekdayName } from '../../lib/format';
import './book.css';

type SalonPage = Schemas['PublicSalonPage'];

/**
 * The salon: logo, name, review summary, then address, phone and opening hours from its first
 * day of the week. On a phone (book.css) the services come in the first screen: address, phone
 * and hours give way to a link to them at the page's end (`SalonMoreAtEnd`).
 * `compact` (embedded in the salon's own website, which shows the rest): name, address, reviews.
 */
export function SalonIntro({ page, compact = false }: { page: SalonPage; compact?: boolean }) {
  const t = useT();
  const reviews = $api.useQuery('get', '/api/public/reviews/summary');
  return (
    // A salon not yet named (before its setup) has no heading here rather than an empty one.
    <section className="salon-intro" aria-labelledby={page.salon_name ? 'salon-name' : undefined}>
      {/* Sized up front (book.css fits any shape into the box), so the text never moves when it arrives. */}
      {page.logo_url && !compact && <img src={page.logo_url} alt="" width={96} height={96} />}
      <div>
        {page.salon_name && <h2 id="salon-name">{page.salon_name}</h2>}
        {reviews.data && reviews.data.count > 0 && reviews.data.average !== null && (
          <p>{t('book.salon.reviews', { average: reviews.data.average, count: reviews.data.count })}</p>
        )}
        {!compact && hasMore(page) && (
          <a className="salon-more-link" href="#salon-more">
            {t('book.salon.more')}
          </a>
        )}
        <div className="salon-more">
          <SalonMore page={page} compact={compact} />
        </div>
      </div>
    </section>
  );
}

/** Whether the salon has an address, phone or opening hours to show. */
const hasMore = (page: SalonPage) =>
  Boolean(page.salon_address || page.salon_postcode || page.salon_city || page.salon_phone) ||
  page.opening_hours.length > 0;

/** The address, phone and opening hours at the page's end, shown on a phone only (book.css). */
export function SalonMoreAtEnd({ page }: { page: SalonPage }) {
  const t = useT();
  if (!hasMore(page)) return null;
  return (
    <section id="salon-more" className="salon-more-end" aria-labelledby="salon-more-title">
      <h2 id="salon-more-title">{t('book.salon.more')}</h2>
      <SalonMore page={page} />
    </section>
  );
}

function SalonMore({ page, compact = false }: { page: SalonPage; compact?: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const clock = (hhmm: string) => formatClock(hhmm, locale, page.time_format);
  const days = weekdaysFrom(page.first_day_of_week);
  const hoursOf = (day: number) => page.opening_hours.find((entry) => entry.day_of_week === day);
  const address = [page.salon_address, [page.salon_postcode, page.salon_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      {address && <p>{address}</p>}
      {page.salon_phone && !compact && <p>{t('book.salon.phone', { phone: page.salon_phone })}</p>}
      {page.opening_hours.length > 0 && !compact && (
        <>
          <h3>{t('book.salon.hours')}</h3>
          <dl>
            {days.map((day) => {
              const entry = hoursOf(day);
              // A weekday without opening hours set: the staff's own shifts decide, nothing to show.
              if (!entry) return null;
              const name = weekdayName(day, locale);
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
    </>
  );
}
