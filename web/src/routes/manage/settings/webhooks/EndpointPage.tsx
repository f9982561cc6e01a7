import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { officeHref } from '../../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../../api/client';
import { errorStatus } from '../../../../api/errors';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { Loading, LoadError, NotFound, useTitle } from '../../../../ui/PageStates';
import { Deliveries } from './Deliveries';
import { draftBody, draftOf, EndpointFields, type EndpointDraft } from './EndpointFields';
import { EndpointState } from './EndpointState';
import { SecretOnce } from './SecretOnce';
import '../settings.css';
import './webhooks.css';

/** One webhook endpoint: its fields, its signing secret (replaced, never shown again), deleting it, its delivery log. */
export default function EndpointPage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const endpointId = Number(id);
  const valid = Number.isInteger(endpointId) && endpointId > 0;
  const endpoint = $api.useQuery(
    'get',
    '/api/webhooks/endpoints/{id}',
    { params: { path: { id: endpointId } } },
    { enabled: valid, retry: false },
  );
  useTitle(endpoint.data?.url ?? t('manage.settings.group.webhooks'));
  if (!valid || (endpoint.isError && errorStatus(endpoint.error) === 404)) return <NotFound />;
  return (
    <div className="settings-page">
      <p className="settings-back">
        <Link href={`${officeHref.manageSettings()}/webhooks`}>{t('manage.settings.group.webhooks')}</Link>
      </p>
      {endpoint.isError ? (
        <LoadError retry={() => void endpoint.refetch()} />
      ) : !endpoint.data ? (
        <Loading />
      ) : (
        <>
          <h1 className="webhooks-title">{endpoint.data.url}</h1>
          <p>
            <EndpointState endpoint={endpoint.data} />
            {endpoint.data.failing_since &&
              ` · ${t('manage.settings.webhooks.failingSince', { since: endpoint.data.failing_since })}`}
          </p>
          <EndpointForm key={endpoint.data.id} endpoint={endpoint.data} />
          <Secret endpoint={endpoint.data} />
          <Deliveries endpoint={endpoint.data} />
          <Remove endpoint={endpoint.data} />
        </>
      )}
    </div>
  );
}

function EndpointForm({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) {
  const t = useT();
  const [draft, setDraft] = useState<EndpointDraft>(() => draftOf(endpoint));
  const save = useApiMutation('put', '/api/webhooks/endpoints/{id}');
  return (
    <section className="form-group" aria-labelledby="webhook-edit">
      <h2 id="webhook-edit">{t('manage.settings.webhooks.edit')}</h2>
      <ApiForm
        sending={save}
        validationBehavior="aria"
        onSubmit={() => save.mutate({ params: { path: { id: endpoint.id } }, body: draftBody(draft) })}
      >
        <EndpointFields
          draft={draft}
          onChange={(next) => {
            if (save.isSuccess) save.reset();
            setDraft(next);
          }}
        />
        <div className="actions">
          <SubmitButton sending={save}>{t('manage.settings.save')}</SubmitButton>
          <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
            {save.isSuccess ? t('manage.settings.saved') : ''}
          </p>
        </div>
      </ApiForm>
    </section>
  );
}

/**
 * The secret as the service shows it after its creation (masked), and a new one on request: the
 * old one stops working at once, so the owner confirms first and copies the new one from here.
 */
function Secret({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const rotate = useApiMutation('post', '/api/webhooks/endpoints/{id}/rotate-secret', {
    onSuccess: () => setConfirming(false),
  });
  return (
    <section className="form-group" aria-labelledby="webhook-secret">
      <h2 id="webhook-secret">{t('manage.settings.webhooks.secret')}</h2>
      {rotate.data ? (
        <SecretOnce secret={rotate.data.secret} />
      ) : (
        <p>
          <code>{endpoint.secret}</code>
        </p>
      )}
      <p className="description">{t('manage.settings.webhooks.rotateHelp')}</p>
      <FailureAlert error={rotate.error} />
      <div className="actions">
        {confirming ? (
          <>
            <SendButton sending={rotate} onSend={() => rotate.mutate({ params: { path: { id: endpoint.id } } })}>
              {t('manage.settings.webhooks.rotateConfirm')}
            </SendButton>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t('manage.settings.cancel')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('manage.settings.webhooks.rotate')}
          </Button>
        )}
      </div>
    </section>
  );
}

function Remove({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useApiMutation('delete', '/api/webhooks/endpoints/{id}', {
    onSuccess: () => navigate(`${officeHref.manageSettings()}/webhooks`),
  });
  return (
    <section className="form-group" aria-labelledby="webhook-remove">
      <h2 id="webhook-remove">{t('manage.settings.webhooks.remove')}</h2>
      <p className="description">{t('manage.settings.webhooks.removeHelp')}</p>
      <FailureAlert error={remove.error} />
      <div className="actions">
        {confirming ? (
          <>
            <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: endpoint.id } } })}>
              {t('manage.settings.webhooks.removeConfirm')}
            </SendButton>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t('manage.settings.cancel')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('manage.settings.webhooks.remove')}
          </Button>
        )}
      </div>
    </section>
  );
}
