import { useState } from 'react';
import { Link } from 'wouter';
import { officeHref } from '../../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../../ui/ApiForm';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { draftBody, emptyDraft, EndpointFields, type EndpointDraft } from './EndpointFields';
import { EndpointState } from './EndpointState';
import { SecretOnce } from './SecretOnce';
import './webhooks.css';

/** An endpoint's own page, below the group's. */
export const endpointHref = (id: number) => `${officeHref.manageSettings()}/webhooks/${id}`;

/** The webhook endpoints, each linking to its page (changes, secret, delivery log), and a new one. */
export function WebhooksPage() {
  const t = useT();
  const list = $api.useQuery('get', '/api/webhooks/endpoints');
  return (
    <>
      <section className="form-group" aria-labelledby="webhooks-list">
        <h2 id="webhooks-list">{t('manage.settings.webhooks.list')}</h2>
        {list.isError ? (
          <LoadError retry={() => void list.refetch()} />
        ) : !list.data ? (
          <Loading />
        ) : list.data.length === 0 ? (
          <p>{t('manage.settings.webhooks.none')}</p>
        ) : (
          <ul className="webhooks-endpoints">
            {list.data.map((endpoint) => (
              <li key={endpoint.id}>
                <Link href={endpointHref(endpoint.id)} className="webhooks-url">
                  {endpoint.url}
                </Link>
                {endpoint.description && <span>{endpoint.description}</span>}
                <span className="description">
                  {t('manage.settings.webhooks.eventCount', { count: endpoint.event_types.length })}
                  {' · '}
                  <EndpointState endpoint={endpoint} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewEndpoint />
    </>
  );
}

function NewEndpoint() {
  const t = useT();
  const [draft, setDraft] = useState<EndpointDraft>(emptyDraft);
  const [created, setCreated] = useState<Schemas['WebhookEndpoint'] | null>(null);
  const create = useApiMutation('post', '/api/webhooks/endpoints', {
    onSuccess: (endpoint: Schemas['WebhookEndpoint']) => {
      setCreated(endpoint);
      setDraft(emptyDraft());
    },
  });
  return (
    <section className="form-group" aria-labelledby="webhooks-new">
      <h2 id="webhooks-new">{t('manage.settings.webhooks.new')}</h2>
      {created && (
        <>
          <SecretOnce secret={created.secret} />
          <p>
            <Link href={endpointHref(created.id)}>{t('manage.settings.webhooks.open', { url: created.url })}</Link>
          </p>
        </>
      )}
      <ApiForm
        // A refusal must not hold the next press back as a browser check: the service decides again.
        validationBehavior="aria"
        sending={create}
        onSubmit={() => create.mutate({ body: draftBody(draft) })}
      >
        <EndpointFields
          draft={draft}
          onChange={(next) => {
            if (create.isSuccess) create.reset();
            setDraft(next);
          }}
        />
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.settings.webhooks.create')}</SubmitButton>
        </div>
      </ApiForm>
    </section>
  );
}
