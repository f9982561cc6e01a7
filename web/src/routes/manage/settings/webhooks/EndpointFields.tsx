import { CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { $api, type Schemas } from '../../../../api/client';
import { useT, type MessageKey } from '../../../../i18n/i18n';
import { Checkbox } from '../../../../ui/Checkbox';
import { TextField } from '../../../../ui/TextField';

export type EventType = Schemas['WebhookEndpoint']['event_types'][number];

/** What the endpoint's form holds; the secret is never part of it (the service makes it). */
export interface EndpointDraft {
  url: string;
  description: string;
  event_types: EventType[];
  enabled: boolean;
}

export const emptyDraft = (): EndpointDraft => ({ url: '', description: '', event_types: [], enabled: true });

export const draftOf = (endpoint: Schemas['WebhookEndpoint']): EndpointDraft => ({
  url: endpoint.url,
  description: endpoint.description,
  event_types: [...endpoint.event_types],
  enabled: endpoint.enabled === 1,
});

/** The body the service takes, for a new endpoint and for a change (every field: they are all the form's). */
export const draftBody = (draft: EndpointDraft) => ({
  url: draft.url.trim(),
  description: draft.description.trim(),
  event_types: draft.event_types,
  enabled: draft.enabled,
});

/** An event's name in the page's language: the service's list says which exist, the catalogue how to call them. */
export const eventName = (type: string) => `manage.settings.webhooks.event.${type}` as MessageKey;

/**
 * The fields of an endpoint, named as the service names them so a refusal (an address refused
 * for where it points, no event chosen) lands on its field. The events come from the service's
 * own list, so a type it adds is offered without a change here.
 */
export function EndpointFields({
  draft,
  onChange,
}: {
  draft: EndpointDraft;
  onChange: (draft: EndpointDraft) => void;
}) {
  const t = useT();
  const types = $api.useQuery('get', '/api/webhooks/event-types');
  const set =
    <K extends keyof EndpointDraft>(name: K) =>
    (value: EndpointDraft[K]) =>
      onChange({ ...draft, [name]: value });
  return (
    <>
      <TextField
        name="url"
        type="url"
        label={t('manage.settings.webhooks.url')}
        description={t('manage.settings.webhooks.urlHelp')}
        isRequired
        value={draft.url}
        onChange={set('url')}
      />
      <TextField
        name="description"
        label={t('manage.settings.webhooks.description')}
        maxLength={200}
        value={draft.description}
        onChange={set('description')}
      />
      <CheckboxGroup
        name="event_types"
        className="field webhooks-events"
        value={draft.event_types}
        onChange={(value) => set('event_types')(value as EventType[])}
      >
        <Label>{t('manage.settings.webhooks.events')}</Label>
        <Text slot="description" className="description">
          {t('manage.settings.webhooks.eventsHelp')}
        </Text>
        <div className="webhooks-event-list">
          {(types.data ?? []).map((type) => (
            <Checkbox key={type.type} value={type.type}>
              {t(eventName(type.type))} <code>{type.type}</code>
            </Checkbox>
          ))}
        </div>
        <FieldError className="error" />
      </CheckboxGroup>
      <div className="settings-toggle">
        <Checkbox
          name="enabled"
          isSelected={draft.enabled}
          onChange={set('enabled')}
          aria-describedby="webhook-enabled-about"
        >
          {t('manage.settings.webhooks.enabled')}
        </Checkbox>
        <p id="webhook-enabled-about" className="description">
          {t('manage.settings.webhooks.enabledHelp')}
        </p>
      </div>
    </>
  );
}
