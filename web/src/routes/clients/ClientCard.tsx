import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { errorStatus } from '../../api/errors';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { useIsAdmin } from '../../ui/RecordPage';
import { listQueryOf } from './client-list';
import { ClientFigures } from './ClientFigures';
import { ClientFormDialog } from './ClientForm';
import { ClientLabelsDialog } from './ClientLabelsDialog';
import { ClientMessages } from './ClientMessages';
import { ClientVisits } from './ClientVisits';
import { formatDate } from './dates';
import { DeleteDialog } from './DeleteDialog';
import { EraseDialog } from './EraseDialog';
import { ExportButton } from './ExportButton';
import { MergeDialog } from './MergeDialog';
import { PointsDialog } from './PointsDialog';
import './clients.css';

type Client = Schemas['Client'];
type Salon = Schemas['PublicSalonPage'];

/**
 * /clients/:id: a client's card: what they are worth to the salon (spend, visits, points,
 * credits, gift cards), who they are (contact, labels, notes, what they agreed to be sent),
 * their visits, upcoming and past, and the messages sent to them. Any member edits the client,
 * ticks their labels and deletes a client without history (the API's rule); merging a duplicate,
 * correcting points, the GDPR export and the erase are an admin's, as the API has them, and are
 * not offered to anyone else. The way back returns to the list as it was left.
 */
export function ClientCard({ id }: { id: number }) {
  const t = useT();
  const client = $api.useQuery('get', '/api/clients/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  useTitle(client.data ? t('clients.card.title', { name: client.data.name }) : t('clients.title'));
  // Read once: the history entry's note of the list the card was opened from.
  const [backTo] = useState(() => `${officeHref.clients()}${listQueryOf(window.history.state)}`);
  // What the last change on the card did, said once in the card's live region.
  const [done, setDone] = useState('');

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
        <ClientState client={client.data} salon={salon.data} />
        {isLive(client.data) && <ClientActions client={client.data} onDone={setDone} backTo={backTo} />}
        <ClientFigures clientId={id} salon={salon.data} />
        <ClientDetails client={client.data} timezone={salon.data.timezone} />
        <ClientVisits clientId={id} salon={salon.data} />
        <ClientMessages clientId={id} salon={salon.data} />
      </>
    );
  };

  return (
    <div className="client-card">
      <p className="client-back">
        <Link href={backTo}>{t('clients.card.back')}</Link>
      </p>
      <p role="status" className="client-done">
        {done}
      </p>
      {body()}
    </div>
  );
}

function isLive(client: Client): boolean {
  return client.erased_at === null && client.merged_into_id === null;
}

/** An erased or merged-away client: said first, with the way to the client it was merged into. */
function ClientState({ client, salon }: { client: Client; salon: Salon }) {
  const t = useT();
  const { language } = useLanguage();
  if (client.erased_at !== null) {
    return (
      <p className="notice">
        {t('clients.card.erased', { day: formatDate(client.erased_at, LOCALE_OF[language], salon.timezone) })}
      </p>
    );
  }
  if (client.merged_into_id !== null) {
    return (
      <p className="notice">
        {t('clients.card.merged')}{' '}
        <Link href={officeHref.client(client.merged_into_id)}>{t('clients.card.mergedLink')}</Link>
      </p>
    );
  }
  return null;
}

/**
 * Edit, labels and delete (any member); merge a duplicate, correct points, download their data
 * and erase it (admins only). Delete and erase differ: delete removes a client without history
 * entirely, erase keeps an anonymous record of one with history.
 */
function ClientActions({
  client,
  onDone,
  backTo,
}: {
  client: Client;
  onDone: (message: string) => void;
  backTo: string;
}) {
  const t = useT();
  const isAdmin = useIsAdmin();
  const [open, setOpen] = useState<'edit' | 'labels' | 'points' | 'merge' | 'delete' | 'erase' | null>(null);
  const openChange = (which: NonNullable<typeof open>) => (isOpen: boolean) => setOpen(isOpen ? which : null);
  return (
    <div className="client-actions">
      <Button onPress={() => setOpen('edit')}>{t('clients.card.edit')}</Button>
      <Button variant="secondary" onPress={() => setOpen('labels')}>
        {t('clients.card.labelsOpen')}
      </Button>
      {isAdmin && (
        <>
          <Button variant="secondary" onPress={() => setOpen('points')}>
            {t('clients.points.open')}
          </Button>
          <Button variant="secondary" onPress={() => setOpen('merge')}>
            {t('clients.merge.open')}
          </Button>
          <ExportButton client={client} onDone={onDone} />
        </>
      )}
      <Button variant="secondary" onPress={() => setOpen('delete')}>
        {t('clients.delete.open')}
      </Button>
      {isAdmin && (
        <Button variant="secondary" onPress={() => setOpen('erase')}>
          {t('clients.erase.open')}
        </Button>
      )}
      <ClientFormDialog
        isOpen={open === 'edit'}
        onOpenChange={openChange('edit')}
        client={client}
        onSaved={() => onDone(t('clients.form.saved'))}
      />
      <ClientLabelsDialog
        isOpen={open === 'labels'}
        onOpenChange={openChange('labels')}
        client={client}
        onDone={onDone}
      />
      <DeleteDialog isOpen={open === 'delete'} onOpenChange={openChange('delete')} client={client} backTo={backTo} />
      {isAdmin && (
        <>
          <PointsDialog
            isOpen={open === 'points'}
            onOpenChange={openChange('points')}
            client={client}
            onDone={onDone}
          />
          <MergeDialog isOpen={open === 'merge'} onOpenChange={openChange('merge')} client={client} onDone={onDone} />
          <EraseDialog isOpen={open === 'erase'} onOpenChange={openChange('erase')} client={client} onDone={onDone} />
        </>
      )}
    </div>
  );
}

function ClientDetails({ client, timezone }: { client: Client; timezone: string }) {
  const t = useT();
  // The labels' colours, by name (the client names them; a failed read shows them without).
  const labels = $api.useQuery('get', '/api/clients/labels');
  const colourOf = new Map(labels.data?.map((label) => [label.name.toLowerCase(), label.color]));
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
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
        <dt>{t('clients.form.birthday')}</dt>
        <dd>{client.birthday ? formatDate(`${client.birthday} 12:00:00`, locale, timezone) : none}</dd>
        <dt>{t('clients.form.language')}</dt>
        <dd>
          {client.language === 'en' ? (
            <span lang="en">English</span>
          ) : client.language === 'nl' ? (
            <span lang="nl">Nederlands</span>
          ) : (
            t('clients.form.languageSalon')
          )}
        </dd>
        <dt>{t('clients.card.labels')}</dt>
        <dd>
          {client.labels.length === 0 ? (
            none
          ) : (
            <ul className="client-labels">
              {client.labels.map((label) => {
                const colour = colourOf.get(label.toLowerCase());
                return (
                  <li key={label}>
                    {colour && <span className="label-swatch" style={{ background: colour }} aria-hidden="true" />}
                    {label}
                  </li>
                );
              })}
            </ul>
          )}
        </dd>
        <dt>{t('clients.card.notes')}</dt>
        <dd className="client-notes">{client.notes || none}</dd>
        <dt>{t('clients.card.appointmentEmails')}</dt>
        <dd>{client.email ? t('clients.card.yes') : t('clients.card.noAddress')}</dd>
        <dt>{t('clients.card.textMessages')}</dt>
        <dd>{yesNo(client.sms_consent)}</dd>
        <dt>{t('clients.card.newsByEmail')}</dt>
        <dd>{yesNo(client.marketing_consent)}</dd>
        <dt>{t('clients.column.since')}</dt>
        <dd>{formatDate(client.created_at, locale, timezone)}</dd>
      </dl>
    </section>
  );
}
