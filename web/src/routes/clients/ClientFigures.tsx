import { $api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Loading, LoadError } from '../../ui/PageStates';
import { useMoney } from '../../ui/RecordPage';
import { VISITS_QUERY } from './ClientVisits';
import { formatDate } from './dates';

type Salon = Schemas['PublicSalonPage'];

/**
 * What a client is worth to the salon, at a glance: lifetime spend (sales minus refunds, as the
 * service counts it), visits and the last one, loyalty points, the package credits left and the
 * gift cards they bought with what is left on them. Every figure is the service's; the browser
 * adds nothing up but the credits left of one package. Credits past their package's validity
 * stay listed, marked expired: the client may ask where they went.
 */
export function ClientFigures({ clientId, salon }: { clientId: number; salon: Salon }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  // The same read as the visits below (one request for both).
  const history = $api.useQuery('get', '/api/clients/{id}/history', {
    params: { path: { id: clientId }, query: VISITS_QUERY },
  });
  const loyalty = $api.useQuery('get', '/api/loyalty/clients/{clientId}', { params: { path: { clientId } } });
  const credits = $api.useQuery('get', '/api/packages/credits', { params: { query: { client_id: clientId } } });
  const cards = $api.useQuery('get', '/api/giftcards', { params: { query: { client_id: clientId } } });
  const reads = [info, history, loyalty, credits, cards];

  const body = () => {
    if (reads.some((read) => read.isError))
      return <LoadError retry={() => reads.forEach((read) => void read.refetch())} />;
    if (!info.data || !history.data || !loyalty.data || !credits.data || !cards.data) return <Loading />;
    const none = <span className="client-none">{t('clients.card.none')}</span>;
    const open = credits.data.filter((credit) => credit.remaining > 0);
    // Without `page` the list is a plain array (the API's rule for every list).
    const giftCards = Array.isArray(cards.data) ? cards.data : cards.data.data;
    return (
      <dl className="client-figures">
        <div>
          <dt>{t('clients.figures.spent')}</dt>
          <dd>{money(history.data.total_spent)}</dd>
        </div>
        <div>
          <dt>{t('clients.figures.visits')}</dt>
          <dd>{history.data.visit_count}</dd>
        </div>
        <div>
          <dt>{t('clients.figures.lastVisit')}</dt>
          <dd>{history.data.last_visit ? formatDate(history.data.last_visit, locale, salon.timezone) : none}</dd>
        </div>
        <div>
          <dt>{t('clients.figures.points')}</dt>
          <dd>{loyalty.data.balance}</dd>
        </div>
        <div>
          <dt>{t('clients.figures.credits')}</dt>
          <dd>
            {open.length === 0 ? (
              none
            ) : (
              <ul className="client-plain-list">
                {open.map((credit) => (
                  <li key={`${credit.client_package_id}-${credit.service_id}`}>
                    {t(
                      credit.expires_on === null
                        ? 'clients.figures.credit'
                        : credit.expired
                          ? 'clients.figures.creditExpired'
                          : 'clients.figures.creditUntil',
                      {
                        service: credit.service_name,
                        pack: credit.package_name,
                        remaining: credit.remaining,
                        total: credit.total,
                        // Noon: the salon's calendar day, whatever the zone's offset.
                        date: credit.expires_on
                          ? formatDate(`${credit.expires_on} 12:00:00`, locale, salon.timezone)
                          : '',
                      },
                    )}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('clients.figures.giftCards')}</dt>
          <dd>
            {giftCards.length === 0 ? (
              none
            ) : (
              <ul className="client-plain-list">
                {giftCards.map((card) => (
                  <li key={card.id}>
                    {t('clients.figures.giftCard', {
                      code: card.code.slice(-4),
                      balance: money(card.balance),
                      value: money(card.initial_value),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    );
  };

  return (
    <section className="client-section" aria-labelledby="client-figures">
      <h2 id="client-figures">{t('clients.figures.title')}</h2>
      {body()}
    </section>
  );
}
