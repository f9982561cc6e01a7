import { $api } from '../../api/client';
import { useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { TodayArrivals } from './TodayArrivals';
import { TodayLowStock } from './TodayLowStock';
import { TodayRequests } from './TodayRequests';
import { TodayRevenue } from './TodayRevenue';
import { TodayWaitlist } from './TodayWaitlist';
import './office.css';

/**
 * Today, the office's start page: the day's arrivals in order, the requests waiting for an
 * answer, the waitlist's open offers; for an admin the products running low and, when the salon
 * switched them on, the revenue goal and the forecast. Each part reads its own request, so a
 * slow or refused one leaves the others on screen.
 */
export function HomePage() {
  const t = useT();
  useTitle(t('today.title'));
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  // The salon's today, time zone and time format: the day is the salon's, not the browser's.
  const salon = $api.useQuery('get', '/api/public/salon-page');
  if (salon.isError) return <LoadError retry={() => void salon.refetch()} />;
  if (!salon.data || !user) return <Loading />;
  const admin = user.role === 'admin';
  return (
    <>
      <h1>{t('today.title')}</h1>
      <p>{t('today.greeting', { name: user.name })}</p>
      <div className="today-grid">
        <TodayArrivals salon={salon.data} />
        <TodayRequests salon={salon.data} />
        <TodayWaitlist salon={salon.data} />
        {admin && <TodayRevenue />}
        {admin && <TodayLowStock />}
      </div>
    </>
  );
}
