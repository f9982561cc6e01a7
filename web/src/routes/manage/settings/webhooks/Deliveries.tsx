import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT, type MessageKey } from '../../../../i18n/i18n';
import { SendButton } from '../../../../ui/ApiForm';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { Pagination } from '../../../../ui/Pagination';
import { eventName } from './EndpointFields';

type Status = Schemas['WebhookDelivery']['status'];
const STATUSES: readonly Status[] = ['pending', 'succeeded', 'failed'];
const PAGE_SIZES = [10, 25, 50] as const;
const statusName = (status: Status) => `manage.settings.webhooks.status.${status}` as MessageKey;

/**
 * An endpoint's delivery log, newest first, filtered by status, a page at a time; each delivery
 * with its attempts and what was sent, and sent again on request (a finished one starts a new
 * round of attempts). A replay the service refuses (the endpoint is off) says why.
 */
export function Deliveries({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) {
  const t = useT();
  const filterId = useId();
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const log = $api.useQuery(
    'get',
    '/api/webhooks/endpoints/{id}/deliveries',
    { params: { path: { id: endpoint.id }, query: { page, limit, ...(status ? { status } : {}) } } },
    { placeholderData: keepPreviousData },
  );
  const replay = useApiMutation('post', '/api/webhooks/deliveries/{id}/redeliver');
  return (
    <section className="form-group" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries">{t('manage.settings.webhooks.deliveries')}</h2>
      <div className="field">
        <label htmlFor={filterId}>{t('manage.settings.webhooks.statusFilter')}</label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            setPage(1);
          }}
        >
          <option value="">{t('manage.settings.webhooks.status.all')}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(statusName(value))}
            </option>
          ))}
        </select>
      </div>
      <FailureAlert
        error={replay.error}
        words={{ codes: { endpoint_disabled: 'manage.settings.webhooks.replayDisabled' } }}
      />
      <p role="status">{replay.isSuccess ? t('manage.settings.webhooks.replayed') : ''}</p>
      {log.isError ? (
        <LoadError retry={() => void log.refetch()} />
      ) : !log.data ? (
        <Loading />
      ) : log.data.data.length === 0 ? (
        <p>{t('manage.settings.webhooks.noDeliveries')}</p>
      ) : (
        <>
          <ol className="webhooks-deliveries">
            {log.data.data.map((delivery) => (
              <li key={delivery.id}>
                <p className="webhooks-delivery-head">
                  <strong>{t(eventName(delivery.event_type))}</strong> <code>{delivery.resource}</code>
                  <span>{delivery.created_at}</span>
                  <span className={`webhooks-status webhooks-status-${delivery.status}`}>
                    {t(statusName(delivery.status))}
                  </span>
                </p>
                <p className="description">
                  {t('manage.settings.webhooks.attempts', { count: delivery.attempt_count })}
                  {delivery.last_error && ` · ${delivery.last_error}`}
                  {delivery.next_attempt_at &&
                    ` · ${t('manage.settings.webhooks.nextAttempt', { at: delivery.next_attempt_at })}`}
                </p>
                <details>
                  <summary>{t('manage.settings.webhooks.details')}</summary>
                  <ul className="webhooks-attempts">
                    {delivery.attempts.map((attempt, index) => (
                      <li key={index}>
                        {attempt.attempted_at}: {attempt.succeeded ? '✓' : '✗'} {attempt.status_code ?? ''}{' '}
                        {attempt.error ?? ''} ({attempt.duration_ms} ms)
                      </li>
                    ))}
                  </ul>
                  <pre className="webhooks-payload">{delivery.payload}</pre>
                </details>
                <SendButton
                  variant="secondary"
                  sending={replay}
                  onSend={() => replay.mutate({ params: { path: { id: delivery.id } } })}
                >
                  {t('manage.settings.webhooks.replay', { id: delivery.message_id })}
                </SendButton>
              </li>
            ))}
          </ol>
          <Pagination
            page={page}
            pageSize={limit}
            total={log.data.total}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setLimit(size);
              setPage(1);
            }}
            label={t('manage.settings.webhooks.deliveryPages')}
          />
        </>
      )}
    </section>
  );
}
