import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { DEFAULT_WEBHOOKS, type WebhooksConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/connection.js';
import type { Executor } from '../../db/executor.js';
import { lockRows } from '../../db/locks.js';
import type { DB } from '../../db/types.js';
import type { WebhookEndpointsTable } from '../../db/tables/webhooks.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../../db/settings.js';
import { checkDestination, RefusedAddressError } from '../../lib/address-guard.js';
import { isAllowedPort, portOf, WEBHOOK_PORTS } from './port-policy.js';
import type { Selectable } from 'kysely';
import type { EndpointCreateInput, EndpointOutput, EndpointUpdateInput } from './schemas.js';

/*
 * Webhook endpoints, kept by admins. The signing secret is made here (Standard Webhooks:
 * `whsec_` + base64 of 32 random bytes), shown once, at creation and at each rotation, and
 * stored through the SecretBox like the salon's other credentials (encrypted with SECRETS_KEY
 * when it is set): it has to be usable to sign, so it cannot be stored as a hash. Every read
 * shows it masked.
 */

export const MASKED_SECRET = 'whsec_********';

type EndpointRow = Selectable<WebhookEndpointsTable>;

export function webhooksConfig(ctx: { config: { webhooks?: WebhooksConfig } }): WebhooksConfig {
  return ctx.config.webhooks ?? DEFAULT_WEBHOOKS;
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: EndpointRow, timezone: string, secret = MASKED_SECRET): EndpointOutput {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types) as EndpointOutput['event_types'],
    enabled: row.enabled === 1 ? 1 : 0,
    disabled_reason: row.disabled_reason,
    disabled_at: formatInstant(row.disabled_at, timezone),
    failure_streak: row.failure_streak,
    failing_since: formatInstant(row.failing_since, timezone),
    secret,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

const urlRefused = (message: string) =>
  badRequest('webhook_url_refused', `Invalid input: url ${message}`, [{ field: 'url', message }]);

/**
 * An endpoint URL is https (http only with WEBHOOKS_ALLOW_HTTP), carries no user name or
 * password (they would show in every read and log line), uses a web port unless
 * WEBHOOKS_ALLOW_PORTS names its port (port-policy.ts), and names a host whose every address
 * is public unless WEBHOOKS_ALLOW_PRIVATE (address-guard.ts). Returns the URL as stored.
 */
async function checkedUrl(text: string, config: WebhooksConfig): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw urlRefused('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.allowHttp)) {
    throw urlRefused(config.allowHttp ? 'must be http or https' : 'must be https (WEBHOOKS_ALLOW_HTTP allows http)');
  }
  if (url.username !== '' || url.password !== '') throw urlRefused('must not carry a user name or password');
  if (!isAllowedPort(url, config.extraPorts)) {
    throw urlRefused(
      `port ${portOf(url)} is not allowed: ${WEBHOOK_PORTS.join(', ')} (WEBHOOKS_ALLOW_PORTS allows others)`,
    );
  }
  try {
    await checkDestination(url, config.allowPrivate);
  } catch (error) {
    if (error instanceof RefusedAddressError) {
      throw urlRefused(`resolves to ${error.address}, a private, loopback or otherwise non-public address`);
    }
    throw badRequest('webhook_url_unresolvable', `Invalid input: url host ${url.hostname} does not resolve`, [
      { field: 'url', message: 'host does not resolve' },
    ]);
  }
  return url.href;
}

async function lockEndpoint(trx: Transaction<DB>, dialect: Dialect, id: number): Promise<EndpointRow> {
  const row = await lockRows(
    trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(ctx: AppContext): Promise<EndpointOutput[]> {
  const timezone = await readTimezone(ctx.db);
  const rows = await ctx.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
  return rows.map((row) => toEndpoint(row, timezone));
}

export async function getEndpoint(ctx: AppContext, id: number): Promise<EndpointOutput> {
  const timezone = await readTimezone(ctx.db);
  const row = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint');
  return toEndpoint(row, timezone);
}

/** Creates an enabled endpoint; the answer is the only one that shows its secret. */
export async function createEndpoint(ctx: AppContext, input: EndpointCreateInput): Promise<EndpointOutput> {
  const url = await checkedUrl(input.url, webhooksConfig(ctx));
  const timezone = await readTimezone(ctx.db);
  const secret = newSecret();
  const now = nowIso();
  const row = await ctx.db
    .insertInto('webhook_endpoints')
    .values({
      url,
      description: input.description?.trim() ?? '',
      event_types: JSON.stringify(input.event_types),
      enabled: input.enabled === false ? 0 : 1,
      secret: ctx.secrets.seal(secret),
      disabled_reason: input.enabled === false ? 'manual' : null,
      disabled_at: input.enabled === false ? now : null,
      failure_streak: 0,
      failing_since: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEndpoint(row, timezone, secret);
}

/**
 * Gives up every pending delivery of a disabled endpoint, in the transaction that disables
 * it: they are listed as failed with the reason, and can be sent again by hand once it is back.
 */
export async function failPendingDeliveries(trx: Executor, endpointId: number, reason: string): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, finished_at: now, updated_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Only the fields present change. `enabled: false` disables it by hand (its pending deliveries
 * are given up); `enabled: true` brings it back with a clean failure streak.
 */
export async function updateEndpoint(ctx: AppContext, id: number, input: EndpointUpdateInput): Promise<EndpointOutput> {
  const url = input.url === undefined ? undefined : await checkedUrl(input.url, webhooksConfig(ctx));
  const timezone = await readTimezone(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockEndpoint(trx, ctx.dialect, id);
    const now = nowIso();
    const changes: Partial<Omit<EndpointRow, 'id' | 'created_at'>> = { updated_at: now };
    if (url !== undefined) changes.url = url;
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.event_types !== undefined) changes.event_types = JSON.stringify(input.event_types);
    if (input.enabled === true && current.enabled === 0) {
      Object.assign(changes, {
        enabled: 1,
        disabled_reason: null,
        disabled_at: null,
        failure_streak: 0,
        failing_since: null,
      });
    } else if (input.enabled === false && current.enabled === 1) {
      Object.assign(changes, { enabled: 0, disabled_reason: 'manual', disabled_at: now });
      await failPendingDeliveries(trx, id, 'endpoint disabled by an admin');
    }
    const row = await trx
      .updateTable('webhook_endpoints')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEndpoint(row, timezone);
  });
}

/** Deletes the endpoint with its deliveries and their log. */
export async function deleteEndpoint(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound('Webhook endpoint');
}

/**
 * A new secret, shown in this answer only; the old one stops signing at once, including the
 * retries of deliveries already pending.
 */
export async function rotateSecret(ctx: AppContext, id: number): Promise<EndpointOutput> {
  const timezone = await readTimezone(ctx.db);
  const secret = newSecret();
  return ctx.db.transaction().execute(async (trx) => {
    await lockEndpoint(trx, ctx.dialect, id);
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({ secret: ctx.secrets.seal(secret), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEndpoint(row, timezone, secret);
  });
}
