import { useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Loading, LoadError } from '../../ui/PageStates';
import { formatDate, formatVisit, isAfter } from './dates';

type Salon = Schemas['PublicSalonPage'];
type Visit = Schemas['ClientHistoryBooking'];

/** The bookings a card shows: the newest this many (upcoming ones first among them), and says how many more there are. */
const VISITS_SHOWN = 50;
/** The history's query the card reads (its figures and its visits share the one request). */
export const VISITS_QUERY = { page: 1, limit: VISITS_SHOWN };

/**
 * A client's visits from their history (GET /api/clients/:id/history, newest first): the
 * figures of the whole history, then the upcoming bookings, soonest first, and the past ones,
 * latest first.
 */
export function ClientVisits({ clientId, salon }: { clientId: number; salon: Salon }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const history = $api.useQuery('get', '/api/clients/{id}/history', {
    params: { path: { id: clientId }, query: VISITS_QUERY },
  });
  // Which bookings are still to come is decided once, when the card opens.
  const [now] = useState(() => new Date());

  const body = () => {
    if (history.isError) return <LoadError retry={() => void history.refetch()} />;
    if (!history.data) return <Loading />;
    const { data: visits, total } = history.data;
    const upcoming = visits.filter((visit) => isAfter(visit.start_at, salon.timezone, now)).reverse();
    const past = visits.filter((visit) => !isAfter(visit.start_at, salon.timezone, now));
    const item = (visit: Visit) => (
      <li key={visit.id} className="client-visit">
        <span className="client-visit-when">
          {formatVisit(visit.start_at, locale, salon.timezone, salon.time_format)}
        </span>
        <span>{t('clients.visits.what', { service: visit.service_name, staff: visit.staff_name })}</span>
        <span className="client-visit-status" data-status={visit.status}>
          {t('clients.visits.status', { status: visit.status.replace('-', '') })}
        </span>
      </li>
    );
    return (
      <>
        <p>
          {t('clients.visits.summary', {
            visits: history.data.visit_count,
            noShows: history.data.no_show_count,
          })}{' '}
          {history.data.last_visit !== null &&
            t('clients.visits.last', { day: formatDate(history.data.last_visit, locale, salon.timezone) })}
        </p>
        <h3>{t('clients.visits.upcoming')}</h3>
        {upcoming.length === 0 ? (
          <p>{t('clients.visits.noneUpcoming')}</p>
        ) : (
          <ul className="client-visits">{upcoming.map(item)}</ul>
        )}
        <h3>{t('clients.visits.past')}</h3>
        {past.length === 0 ? (
          <p>{t('clients.visits.nonePast')}</p>
        ) : (
          <ul className="client-visits">{past.map(item)}</ul>
        )}
        {total > visits.length && (
          <p className="client-none">{t('clients.visits.more', { shown: visits.length, total })}</p>
        )}
      </>
    );
  };

  return (
    <section className="client-section" aria-labelledby="client-visits">
      <h2 id="client-visits">{t('clients.visits.title')}</h2>
      {body()}
    </section>
  );
}
