import type { Schemas } from '../../../../api/client';
import { useT } from '../../../../i18n/i18n';

/** On, off by hand, or off because it kept failing (the service's rule), or on but failing now. */
export function EndpointState({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) {
  const t = useT();
  if (endpoint.enabled !== 1)
    return endpoint.disabled_reason === 'failing' ? (
      <strong>{t('manage.settings.webhooks.state.disabledFailing')}</strong>
    ) : (
      <>{t('manage.settings.webhooks.state.disabled')}</>
    );
  if (endpoint.failure_streak > 0)
    return <strong>{t('manage.settings.webhooks.state.failing', { count: endpoint.failure_streak })}</strong>;
  return <>{t('manage.settings.webhooks.state.enabled')}</>;
}
