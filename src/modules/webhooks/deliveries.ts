import type { AppContext } from '../../context.js';
import { lockRows } from '../../db/locks.js';
import { readTimezone } from '../../db/settings.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../http/pagination.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { enqueue } from '../../jobs/queue.js';
import type { WebhookEventType } from './event-types.js';
import { deliveryJobKey } from './record.js';
import type { DeliveryListInput, DeliveryOutput } from './schemas.js';

/** The delivery log of an endpoint, newest first, each delivery with all its attempts (two queries a page). */
export async function listDeliveries(ctx: AppContext, endpointId: number, filter: DeliveryListInput) {
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint) throw notFound('Webhook endpoint');
  const timezone = await readTimezone(ctx.db);
  const limit = Math.min(filter.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = filter.page ?? 1;
  let base = ctx.db.selectFrom('webhook_deliveries as d').where('d.endpoint_id', '=', endpointId);
  if (filter.status !== undefined) base = base.where('d.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'd.endpoint_id',
        'd.event_id',
        'e.type',
        'e.message_id',
        'd.resource_key',
        'd.status',
        'd.attempts',
        'd.next_attempt_at',
        'd.last_status_code',
        'd.last_error',
        'e.payload',
        'd.created_at',
        'd.finished_at',
      ])
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('id')
          .execute();
  const data: DeliveryOutput[] = rows.map((row) => ({
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.type as WebhookEventType,
    message_id: row.message_id,
    resource: row.resource_key,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? formatInstant(row.next_attempt_at, timezone) : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    payload: row.payload,
    created_at: formatInstant(row.created_at, timezone),
    finished_at: formatInstant(row.finished_at, timezone),
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempted_at: formatInstant(attempt.attempted_at, timezone),
        succeeded: attempt.succeeded === 1,
        status_code: attempt.status_code,
        duration_ms: attempt.duration_ms,
        response_body: attempt.response_body,
        error: attempt.error,
      })),
  }));
  const total = Number(count.n);
  return { data, page, limit, total, total_pages: Math.ceil(total / limit) };
}

/**
 * Sends a delivery again, now: a finished one (succeeded or given up) starts a new round of
 * attempts with the same `webhook-id` and body; a pending one skips the rest of its wait. It
 * still waits for earlier pending deliveries of its resource. 409 while the endpoint is disabled.
 */
export async function redeliver(ctx: AppContext, deliveryId: number): Promise<{ ok: true; delivery_id: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint_id'])
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!delivery) throw notFound('Webhook delivery');
    // The endpoint's row first, as the delivery job takes it (delivery.ts), so the two take turns.
    const endpoint = await lockRows(
      trx.selectFrom('webhook_endpoints').select(['id', 'enabled']).where('id', '=', delivery.endpoint_id),
      ctx.dialect,
      'no key update',
    ).executeTakeFirstOrThrow();
    if (endpoint.enabled !== 1) {
      throw conflict('endpoint_disabled', 'This endpoint is disabled: enable it first, then redeliver');
    }
    const now = nowIso();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: 'pending',
        attempts: eb.case().when('status', '=', 'pending').then(eb.ref('attempts')).else(0).end(),
        next_attempt_at: now,
        finished_at: null,
        updated_at: now,
      }))
      .where('id', '=', deliveryId)
      .execute();
    await enqueue(trx, 'webhook.deliver', { deliveryId }, { key: deliveryJobKey(deliveryId) });
    return { ok: true as const, delivery_id: deliveryId };
  });
}
