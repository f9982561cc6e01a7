import { $api, type Schemas } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { useRecordTime } from '../../../ui/RecordPage';
import { ImportHistory } from '../imports/ImportHistory';

type Endpoint = Schemas['WebhookEndpoint'];

/** How many of an endpoint's deliveries the page shows: the recent ones; the whole log is the webhooks' settings'. */
const RECENT = 10;

/**
 * /manage/system/activity: what came in and went out without anyone at the screen. The imports
 * done (the same history as /manage/imports) and, for each webhook endpoint, its latest
 * deliveries: event, outcome, attempts and the receiver's answer.
 */
export function ActivityPage() {
  const t = useT();
  useTitle(t('manage.system.activity.title'));
  const endpoints = $api.useQuery('get', '/api/webhooks/endpoints');
  return (
    <>
      <h1>{t('manage.system.activity.title')}</h1>
      <h2>{t('manage.system.activity.imports')}</h2>
      <ImportHistory />
      <h2>{t('manage.system.activity.webhooks')}</h2>
      {endpoints.data === undefined ? (
        endpoints.isError ? (
          <LoadError retry={() => void endpoints.refetch()} />
        ) : (
          <Loading />
        )
      ) : endpoints.data.length === 0 ? (
        <p>{t('manage.system.activity.noEndpoints')}</p>
      ) : (
        endpoints.data.map((endpoint) => <EndpointDeliveries key={endpoint.id} endpoint={endpoint} />)
      )}
    </>
  );
}

function EndpointDeliveries({ endpoint }: { endpoint: Endpoint }) {
  const t = useT();
  const deliveries = $api.useQuery('get', '/api/webhooks/endpoints/{id}/deliveries', {
    params: { path: { id: endpoint.id }, query: { page: 1, limit: RECENT } },
  });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section className="system-endpoint" aria-labelledby={headingId}>
      <h3 id={headingId}>{endpoint.description || endpoint.url}</h3>
      <p className="system-endpoint-url">
        {endpoint.url}
        {endpoint.enabled === 0 && ` · ${t('manage.system.activity.disabled')}`}
      </p>
      {deliveries.data === undefined ? (
        deliveries.isError ? (
          <LoadError retry={() => void deliveries.refetch()} />
        ) : (
          <Loading />
        )
      ) : deliveries.data.data.length === 0 ? (
        <p>{t('manage.system.activity.noDeliveries')}</p>
      ) : (
        <div className="system-table-box">
          <table className="system-table">
            <caption className="visually-hidden">
              {t('manage.system.activity.deliveries', { endpoint: endpoint.description || endpoint.url })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('manage.system.column.when')}</th>
                <th scope="col">{t('manage.system.activity.event')}</th>
                <th scope="col">{t('manage.system.column.status')}</th>
                <th scope="col">{t('manage.system.jobs.column.attempts')}</th>
                <th scope="col">{t('manage.system.activity.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{when(delivery.created_at)}</td>
                  <th scope="row">{delivery.event_type}</th>
                  <td>{t(`manage.system.activity.status.${delivery.status}`)}</td>
                  <td>{delivery.attempt_count}</td>
                  <td className="system-error">
                    {[delivery.last_status_code, delivery.last_error].filter((part) => part !== null).join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
