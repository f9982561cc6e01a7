import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import type { SalonPage } from './salon-page';

/** Waitlist entries whose client was offered a freed time and has not booked it yet. */
export function TodayWaitlist({ salon }: { salon: SalonPage }) {
  const t = useT();
  const when = useSalonTime(salon);
  const offers = $api.useQuery('get', '/api/waitlist', { params: { query: { status: 'offered' } } });
  const entries = offers.data && Array.isArray(offers.data) ? offers.data : (offers.data?.data ?? []);
  return (
    <section className="today-part" aria-labelledby="today-waitlist">
      <h2 id="today-waitlist">{t('today.waitlist.title', { count: entries.length })}</h2>
      {offers.isError ? (
        <LoadError retry={() => void offers.refetch()} />
      ) : offers.isPending ? (
        <p className="today-empty">{t('app.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="today-empty">{t('today.waitlist.none')}</p>
      ) : (
        <ul className="today-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="today-who">
                {t('today.waitlist.entry', {
                  client: entry.client_name,
                  service: entry.service_name,
                  day: when.day(`${entry.date} 12:00:00`),
                })}
              </span>
              {entry.offered_at && (
                <span className="today-status">
                  {t('today.waitlist.offeredAt', {
                    when: `${when.day(entry.offered_at)} ${when.time(entry.offered_at)}`,
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
