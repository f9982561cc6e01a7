import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { errorStatus } from '../../api/errors';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { listQueryOf } from './client-list';
import { formatDate } from './dates';
import { ClientVisits } from './ClientVisits';
import './clients.css';

type Client = Schemas['Client'];

/**
 * /clients/:id: a client's card: who they are (contact, labels, notes, what they agreed to be
 * sent) and their visits, upcoming and past. The way back returns to the list as it was left.
 */
export function ClientCard({ id }: { id: number }) {
  const t = useT();
  const client = $api.useQuery('get', '/api/clients/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  useTitle(client.data ? t('clients.card.title', { name: client.data.name }) : t('clients.title'));
  // Read once: the history entry's note of the list the card was opened from.
  const [backTo] = useState(() => `${officeHref.clients()}${listQueryOf(window.history.state)}`);

  const body = () => {
    if (client.isError && errorStatus(client.error) === 404) {
      return (
        <>
          <h1>{t('clients.card.missing.title')}</h1>
          <p>{t('clients.card.missing.body')}</p>
        </>
      );
    }
    if (client.isError || salon.isError)
      return (
        <LoadError
          retry={() => {
            void client.refetch();
            void salon.refetch();
          }}
        />
      );
    if (!client.data || !salon.data) return <Loading />;
    return (
      <>
        <h1>{client.data.name}</h1>
        <ClientDetails client={client.data} timezone={salon.data.timezone} />
        <ClientVisits clientId={id} salon={salon.data} />
      </>
    );
  };

  return (
    <div className="client-card">
      <p className="client-back">
        <Link href={backTo}>{t('clients.card.back')}</Link>
      </p>
      {body()}
    </div>
  );
}

function ClientDetails({ client, timezone }: { client: Client; timezone: string }) {
  const t = useT();
  const { language } = useLanguage();
  const none = <span className="client-none">{t('clients.card.none')}</span>;
  const yesNo = (flag: number) => (flag === 1 ? t('clients.card.yes') : t('clients.card.no'));
  return (
    <section className="client-section" aria-labelledby="client-details">
      <h2 id="client-details">{t('clients.card.details')}</h2>
      <dl className="client-details">
        <dt>{t('clients.column.email')}</dt>
        <dd>{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : none}</dd>
        <dt>{t('clients.column.phone')}</dt>
        <dd>{client.phone ? <a href={`tel:${client.phone}`}>{client.phone}</a> : none}</dd>
        <dt>{t('clients.card.labels')}</dt>
        <dd>
          {client.labels.length === 0 ? (
            none
          ) : (
            <ul className="client-labels">
              {client.labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('clients.card.notes')}</dt>
        <dd className="client-notes">{client.notes || none}</dd>
        <dt>{t('clients.card.newsByEmail')}</dt>
        <dd>{yesNo(client.marketing_consent)}</dd>
        <dt>{t('clients.card.textMessages')}</dt>
        <dd>{yesNo(client.sms_consent)}</dd>
        <dt>{t('clients.column.since')}</dt>
        <dd>{formatDate(client.created_at, LOCALE_OF[language], timezone)}</dd>
      </dl>
    </section>
  );
}
