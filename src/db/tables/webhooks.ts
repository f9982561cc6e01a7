import type { Generated } from 'kysely';

/** Outbound webhooks (migration 0025). Instants are UTC ISO text. */

export type WebhookDisabledReason = 'manual' | 'failing';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  /** JSON array of the event types it receives. */
  event_types: string;
  enabled: Generated<number>;
  /** whsec_… through the SecretBox (encrypted at rest when SECRETS_KEY is set). */
  secret: string;
  disabled_reason: WebhookDisabledReason | null;
  disabled_at: string | null;
  failure_streak: Generated<number>;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  type: string;
  /** `<kind>:<id>`, e.g. `booking:7`: deliveries of one resource go out in order. */
  resource_key: string;
  message_id: string;
  payload: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  resource_key: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  succeeded: number;
  status_code: number | null;
  duration_ms: number;
  response_body: Generated<string>;
  error: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
