/*
 * Outbound webhooks: the module's entry for other modules (recordWebhookEvent, in the
 * transaction of each change) and for its routes.
 */
export { recordWebhookEvent } from './record.js';
export { eraseClientFromWebhooks } from './erasure.js';
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types.js';
export {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './endpoints.js';
export { listDeliveries, redeliver } from './deliveries.js';
