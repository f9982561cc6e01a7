import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { enqueue } from '../../jobs/queue.js';
import { resourceKindOf, type WebhookEventType } from './event-types.js';
import { payloadData } from './payloads.js';

/** The job key of a delivery: one queued job per delivery, moved rather than doubled. */
export function deliveryJobKey(deliveryId: number): string {
  return `webhook.delivery:${deliveryId}`;
}

/** The enabled endpoints subscribed to `type`. The table holds a handful of rows. */
async function subscribers(executor: Executor, type: WebhookEventType): Promise<number[]> {
  const endpoints = await executor
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  return endpoints.filter((row) => (JSON.parse(row.event_types) as string[]).includes(type)).map((row) => row.id);
}

/**
 * Records that `type` happened to the resource `id`, in the transaction of the change
 * (`trx`): the event with its body, one delivery per endpoint subscribed now, and a
 * `webhook.deliver` job per delivery. So an event exists exactly when its change committed,
 * and none is lost to a crash.
 *
 * The caller has written (so locked) the resource's row before calling: two changes of one
 * resource then record their events in the order they commit, and the ids keep that order,
 * which is what a delivery's place in line is judged by (delivery.ts). When no endpoint
 * listens to `type`, nothing is written: a single read of the small endpoints table.
 */
export async function recordWebhookEvent(trx: Executor, type: WebhookEventType, id: number): Promise<void> {
  const endpointIds = await subscribers(trx, type);
  if (endpointIds.length === 0) return;
  const kind = resourceKindOf(type);
  const data = await payloadData(trx, kind, id, type === 'client.erased');
  const now = new Date().toISOString();
  const resourceKey = `${kind}:${id}`;
  const event = await trx
    .insertInto('webhook_events')
    .values({
      type,
      resource_key: resourceKey,
      message_id: `msg_${randomBytes(18).toString('base64url')}`,
      payload: JSON.stringify({ type, timestamp: now, data }),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deliveries = await trx
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpointId) => ({
        event_id: event.id,
        endpoint_id: endpointId,
        resource_key: resourceKey,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  for (const delivery of deliveries) {
    await enqueue(trx, 'webhook.deliver', { deliveryId: delivery.id }, { key: deliveryJobKey(delivery.id) });
  }
}
