import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordWebhookEvent } from '../webhooks/service.js';

/*
 * Unsubscribe links work without signing in, so the token in them is the whole proof: the
 * client's id with an HMAC-SHA256 of it under the service's secret. Unguessable (a client
 * cannot forge another's), nothing to store, and valid for every email ever sent to them.
 */

const PURPOSE = 'campaign-unsubscribe:';

function mac(secret: string, clientId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}${clientId}`).digest();
}

export function unsubscribeToken(secret: string, clientId: number): string {
  return `${clientId}.${mac(secret, clientId).toString('base64url')}`;
}

/** The client id a token names, or null when it is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const clientId = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = mac(secret, clientId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? clientId : null;
}

export function unsubscribeUrl(ctx: Pick<AppContext, 'config'>, clientId: number): string {
  return `${ctx.config.publicBaseUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.config.jwtSecret, clientId))}`;
}

/**
 * The two ways out a marketing email offers: the page behind the footer link, and the
 * one-click address of its `List-Unsubscribe` header (RFC 8058), which mail clients POST to
 * themselves, so it is the API's own route under PUBLIC_BASE_URL.
 */
export function unsubscribeLinks(
  ctx: Pick<AppContext, 'config'>,
  clientId: number,
): { unsubscribeUrl: string; oneClickUnsubscribeUrl: string } {
  const token = encodeURIComponent(unsubscribeToken(ctx.config.jwtSecret, clientId));
  return {
    unsubscribeUrl: unsubscribeUrl(ctx, clientId),
    oneClickUnsubscribeUrl: `${ctx.config.publicBaseUrl}/api/campaigns/unsubscribe/one-click?token=${token}`,
  };
}

/**
 * Puts the client on the suppression list (`client_unsubscribes`): no later send reaches them (recipient lists leave them out,
 * and a send already under way skips them). Consent is withdrawn too. Idempotent.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ ok: true }> {
  const clientId = verifyUnsubscribeToken(ctx.config.jwtSecret, token);
  if (clientId === null) throw badRequest('invalid_token', 'This unsubscribe link is not valid');
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
    // A client deleted since: nobody left to mail.
    if (!client) return;
    await trx
      .insertInto('client_unsubscribes')
      .values({ client_id: clientId, created_at: now })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    await trx
      .updateTable('clients')
      .set({ marketing_consent: 0, updated_at: now })
      .where('id', '=', clientId)
      .execute();
    await recordWebhookEvent(trx, 'client.updated', clientId);
  });
  return { ok: true };
}
