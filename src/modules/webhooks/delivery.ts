import type { Transaction } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/types.js';
import { nowIso } from '../../lib/time.js';
import { notice, notifyAdmins } from '../notifications/service.js';
import { failPendingDeliveries, webhooksConfig } from './endpoints.js';
import { deliveryJobKey } from './record.js';
import { postOnce, type AttemptOutcome } from './send.js';

/*
 * Sending one webhook delivery (the `webhook.deliver` job).
 *
 * Retries: after a failed attempt the delivery waits RETRY_DELAYS_MS[n] (the Standard
 * Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then is given up (`failed`)
 * after its 8th attempt, about 28 hours after the first. The job re-enqueues itself under the
 * delivery's key for each retry; every attempt signs anew (a fresh `webhook-timestamp`) with the
 * same `webhook-id`, so the receiver can drop a repeat.
 *
 * Order: a delivery is sent only when no earlier delivery of the same endpoint and resource is
 * still pending. A delivery that must wait re-enqueues itself an hour out, and the delivery it
 * waits for moves that job to now once it succeeds or is given up (`wakeNext`). Both the
 * "must I wait?" check and the "wake the next one" step run while holding the endpoint's row
 * (FOR NO KEY UPDATE on PostgreSQL; SQLite's write transactions are exclusive), so one always
 * sees the other's result: a wake cannot slip in between a check and the re-enqueue and be
 * lost. The hour is only a safety net.
 *
 * At least once: the HTTP request runs outside any transaction; a worker dying after it and
 * before recording the outcome leaves the delivery pending, and its job runs again after the
 * lease. While an attempt is under way the delivery is locked until timeout + a margin, so a
 * second job for it (a wake racing a retry) waits rather than sending in parallel.
 *
 * Disabling: every failed attempt adds to the endpoint's failure streak; one success clears
 * it. When the streak's first failure is FAILING_DAYS days old, the endpoint is disabled, its
 * pending deliveries are given up, and the admins are notified.
 */

export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const FAILING_DAYS = 5;
const WAIT_SAFETY_NET_MS = 3_600_000;
const LOCK_MARGIN_MS = 30_000;

interface Claimed {
  deliveryId: number;
  endpointId: number;
  url: string;
  secret: string;
  messageId: string;
  payload: string;
  attempt: number;
}

async function lockEndpointOf(trx: Transaction<DB>, dialect: Dialect, endpointId: number) {
  return lockRows(
    trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret', 'enabled', 'failing_since'])
      .where('id', '=', endpointId),
    dialect,
    'no key update',
  ).executeTakeFirst();
}

async function readDelivery(trx: Transaction<DB>, deliveryId: number) {
  return trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.resource_key',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.locked_until',
      'e.message_id',
      'e.payload',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

async function retryAt(trx: Transaction<DB>, deliveryId: number, at: number): Promise<void> {
  await enqueue(trx, 'webhook.deliver', { deliveryId }, { key: deliveryJobKey(deliveryId), runAtMs: at });
}

/** The next pending delivery of the endpoint and resource after `deliveryId`: its turn now. */
async function wakeNext(trx: Transaction<DB>, delivery: { id: number; endpoint_id: number; resource_key: string }) {
  const next = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', delivery.endpoint_id)
    .where('resource_key', '=', delivery.resource_key)
    .where('id', '>', delivery.id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (next) await retryAt(trx, next.id, Date.now());
}

/** Decides whether this job sends now; if so, takes the delivery for this attempt. */
async function claim(ctx: AppContext, deliveryId: number): Promise<Claimed | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const first = await readDelivery(trx, deliveryId);
    if (!first || first.status !== 'pending') return null;
    const endpoint = await lockEndpointOf(trx, ctx.dialect, first.endpoint_id);
    const delivery = await readDelivery(trx, deliveryId);
    if (!endpoint || !delivery || delivery.status !== 'pending') return null;
    const now = Date.now();
    if (endpoint.enabled !== 1) {
      await failPendingDeliveries(trx, endpoint.id, 'endpoint disabled');
      return null;
    }
    if (delivery.locked_until !== null && Date.parse(delivery.locked_until) > now) {
      await retryAt(trx, deliveryId, Date.parse(delivery.locked_until) + 1000);
      return null;
    }
    if (delivery.attempts > 0 && delivery.next_attempt_at !== null && Date.parse(delivery.next_attempt_at) > now) {
      await retryAt(trx, deliveryId, Date.parse(delivery.next_attempt_at));
      return null;
    }
    const earlier = await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', delivery.endpoint_id)
      .where('resource_key', '=', delivery.resource_key)
      .where('id', '<', delivery.id)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    if (earlier) {
      await retryAt(trx, deliveryId, now + WAIT_SAFETY_NET_MS);
      return null;
    }
    const attempt = delivery.attempts + 1;
    await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: attempt,
        locked_until: new Date(now + webhooksConfig(ctx).timeoutMs + LOCK_MARGIN_MS).toISOString(),
        updated_at: nowIso(),
      })
      .where('id', '=', deliveryId)
      .execute();
    return {
      deliveryId,
      endpointId: endpoint.id,
      url: endpoint.url,
      secret: ctx.secrets.open(endpoint.secret),
      messageId: delivery.message_id,
      payload: delivery.payload,
      attempt,
    };
  });
}

/** One signed POST of the event's body. */
async function attempt(ctx: AppContext, claimed: Claimed): Promise<AttemptOutcome> {
  const timestamp = new Date();
  const signature = new Webhook(claimed.secret).sign(claimed.messageId, timestamp, claimed.payload);
  const config = webhooksConfig(ctx);
  return postOnce(new URL(claimed.url), claimed.payload, {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Salon-Webhooks/1',
      'webhook-id': claimed.messageId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    },
    timeoutMs: config.timeoutMs,
    allowPrivate: config.allowPrivate,
    extraPorts: config.extraPorts,
  });
}

/** Writes the attempt, then moves the delivery on: done, retried later, or given up. */
async function record(ctx: AppContext, claimed: Claimed, outcome: AttemptOutcome): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await lockEndpointOf(trx, ctx.dialect, claimed.endpointId);
    const delivery = await readDelivery(trx, claimed.deliveryId);
    if (!endpoint || !delivery) return;
    const now = new Date();
    const nowText = now.toISOString();
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        attempted_at: new Date(now.getTime() - outcome.durationMs).toISOString(),
        succeeded: outcome.succeeded ? 1 : 0,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        response_body: outcome.responseBody,
        error: outcome.error,
      })
      .execute();
    // Given up meanwhile (the endpoint was disabled): the log keeps the attempt, nothing moves.
    if (delivery.status !== 'pending') return;

    const common = { locked_until: null, last_status_code: outcome.statusCode, updated_at: nowText };
    if (outcome.succeeded) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...common, status: 'succeeded', last_error: null, next_attempt_at: null, finished_at: nowText })
        .where('id', '=', delivery.id)
        .execute();
      await trx
        .updateTable('webhook_endpoints')
        .set({ failure_streak: 0, failing_since: null })
        .where('id', '=', endpoint.id)
        .execute();
      await wakeNext(trx, delivery);
      return;
    }

    const givenUp = claimed.attempt >= MAX_DELIVERY_ATTEMPTS;
    const nextAt = givenUp ? null : now.getTime() + RETRY_DELAYS_MS[claimed.attempt - 1]!;
    await trx
      .updateTable('webhook_deliveries')
      .set({
        ...common,
        status: givenUp ? 'failed' : 'pending',
        last_error: outcome.error,
        next_attempt_at: nextAt === null ? null : new Date(nextAt).toISOString(),
        finished_at: givenUp ? nowText : null,
      })
      .where('id', '=', delivery.id)
      .execute();
    if (nextAt !== null) await retryAt(trx, delivery.id, nextAt);
    else await wakeNext(trx, delivery);

    const failingSince = endpoint.failing_since ?? nowText;
    await trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1), failing_since: failingSince }))
      .where('id', '=', endpoint.id)
      .execute();
    if (Date.parse(failingSince) <= now.getTime() - FAILING_DAYS * 86_400_000) {
      await disableFailingEndpoint(trx, endpoint.id, endpoint.url, nowText);
    }
  });
}

async function disableFailingEndpoint(trx: Transaction<DB>, endpointId: number, url: string, now: string) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing', disabled_at: now, updated_at: now })
    .where('id', '=', endpointId)
    .execute();
  await failPendingDeliveries(trx, endpointId, `endpoint disabled: every attempt failed for ${FAILING_DAYS} days`);
  await notifyAdmins(trx, {
    type: 'webhook.endpoint_disabled',
    title: notice('notification.webhook_disabled.title'),
    message: notice('notification.webhook_disabled.message', { url, days: FAILING_DAYS }),
  });
}

export function deliverWebhookJob(ctx: AppContext): JobHandler<'webhook.deliver'> {
  return async ({ deliveryId }, job) => {
    const claimed = await claim(ctx, deliveryId);
    if (!claimed) return;
    const outcome = await attempt(ctx, claimed);
    job.log.info(
      { deliveryId, endpointId: claimed.endpointId, status: outcome.statusCode, ms: outcome.durationMs },
      outcome.succeeded ? 'webhook delivered' : 'webhook attempt failed',
    );
    await record(ctx, claimed, outcome);
  };
}
