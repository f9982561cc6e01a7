import type { Schemas } from '../../api/client';
import { $api } from '../../api/client';
import { useT, type MessageKey } from '../../i18n/i18n';
import { LoadError } from '../../ui/PageStates';
import { useSalonTime } from '../../ui/salon-time';
import type { SalonPage } from './salon-page';

type Booking = Schemas['Booking'];

/** A booking's status in words: told by text, never by colour alone. */
export const STATUS_WORDS: Record<Booking['status'], MessageKey> = {
  scheduled: 'today.status.scheduled',
  provisional: 'today.status.provisional',
  completed: 'today.status.completed',
  cancelled: 'today.status.cancelled',
  'no-show': 'today.status.noShow',
};

/** The day's bookings in the order the clients arrive (cancelled ones are left out by the service). */
export function TodayArrivals({ salon }: { salon: SalonPage }) {
  const t = useT();
  const when = useSalonTime(salon);
  const day = $api.useQuery('get', '/api/bookings', {
    params: { query: { from: salon.today, to: salon.today } },
  });
  // The service lists newest first; arrivals read from the first of the day.
  const bookings = [...(day.data && Array.isArray(day.data) ? day.data : (day.data?.data ?? []))].sort(
    (a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id,
  );
  return (
    <section className="today-part" aria-labelledby="today-arrivals">
      <h2 id="today-arrivals">{t('today.arrivals.title', { count: bookings.length })}</h2>
      {day.isError ? (
        <LoadError retry={() => void day.refetch()} />
      ) : day.isPending ? (
        <p className="today-empty">{t('app.loading')}</p>
      ) : bookings.length === 0 ? (
        <p className="today-empty">{t('today.arrivals.none')}</p>
      ) : (
        <ol className="today-list">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <span className="today-time">
                {t('today.span', { from: when.time(booking.start_at), to: when.time(booking.end_at) })}
              </span>
              <span className="today-who">
                {t('today.arrivals.who', {
                  client: booking.client_name,
                  service: booking.service_name,
                  staff: booking.staff_name,
                })}
              </span>
              <span className="today-status">{t(STATUS_WORDS[booking.status])}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
