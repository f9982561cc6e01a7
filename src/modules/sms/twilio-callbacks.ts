import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { defaultCountry, toE164 } from '../../sms/phone.js';
import { DEFAULT_TWILIO_API_BASE_URL, twilioProvider } from '../../sms/twilio.js';
import { readSettings, readSettingsWithSecrets } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { claimInboundMessage } from './inbound-replay.js';

/*
 * What Twilio reports back, its signature checked first: delivery reports, and inbound STOP and
 * START words that change a client's SMS consent.
 */

/** Inbound words that withdraw SMS consent, and those that give it back (case-insensitive). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/**
 * Checks Twilio's X-Twilio-Signature against the stored auth token, over the URL Twilio
 * called (PUBLIC_BASE_URL + path) and every posted field. Anything else is 403.
 */
async function verifyTwilio(
  ctx: AppContext,
  path: string,
  form: Record<string, string>,
  signature: string | undefined,
) {
  const settings = await readSettingsWithSecrets(ctx);
  // Credentials, not the on/off switch, decide: reports of messages sent before SMS was
  // switched off still count.
  if (settings.sms_provider !== 'twilio' || !settings.sms_account_sid || !settings.sms_auth_token) {
    throw new AppError(
      403,
      'invalid_signature',
      'SMS callbacks are not accepted: no Twilio credentials are configured',
    );
  }
  const provider = twilioProvider(
    { accountSid: settings.sms_account_sid, authToken: settings.sms_auth_token },
    ctx.config.twilioApiBaseUrl ?? DEFAULT_TWILIO_API_BASE_URL,
  );
  if (!provider.verifyCallback(`${ctx.config.publicBaseUrl}${path}`, form, signature)) {
    throw new AppError(403, 'invalid_signature', 'The X-Twilio-Signature header is missing or wrong');
  }
  return provider;
}

/**
 * A delivery report. Idempotent and order-proof: `delivered` and `failed` are final, so a
 * repeated or late report (`sent` after `delivered`) changes nothing.
 */
export async function receiveTwilioStatus(
  ctx: AppContext,
  path: string,
  form: Record<string, string>,
  signature: string | undefined,
): Promise<{ ok: true }> {
  const provider = await verifyTwilio(ctx, path, form, signature);
  const report = provider.parseStatus(form);
  if (!report || report.status === 'other' || report.status === 'sent') return { ok: true };
  const now = new Date().toISOString();
  await ctx.db
    .updateTable('sms_messages')
    .set(
      report.status === 'delivered'
        ? { status: 'delivered', delivered_at: now, error: null }
        : { status: 'failed', error: report.error },
    )
    .where('provider_id', '=', report.providerId)
    .where('status', 'in', ['queued', 'sent'])
    .execute();
  return { ok: true };
}

/**
 * An inbound text: STOP words clear the SMS consent of every client with that number; START
 * words restore it. Each message (MessageSid) acts once: a repeat, replayed or concurrent,
 * changes nothing (inbound-replay.ts); one without a MessageSid, which Twilio always sends,
 * cannot be told apart from a replay and is not acted on.
 */
export async function receiveTwilioInbound(
  ctx: AppContext,
  path: string,
  form: Record<string, string>,
  signature: string | undefined,
): Promise<{ ok: true }> {
  await verifyTwilio(ctx, path, form, signature);
  const word = (form.Body ?? '').trim().toUpperCase();
  const from = form.From ?? '';
  const messageSid = form.MessageSid ?? '';
  const consent = STOP_WORDS.has(word) ? 0 : START_WORDS.has(word) ? 1 : null;
  if (consent === null || from === '' || messageSid === '') return { ok: true };
  const settings = await readSettings(ctx.db);
  const number = toE164(from, defaultCountry(settings.language)) ?? from;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimInboundMessage(trx, messageSid, new Date()))) return;
    const changed = await trx
      .updateTable('clients')
      .set({ sms_consent: consent, updated_at: new Date().toISOString() })
      .where('phone', '=', number)
      .where(sql<boolean>`sms_consent <> ${consent}`)
      .returning('id')
      .execute();
    for (const client of changed) await recordWebhookEvent(trx, 'client.updated', client.id);
  });
  return { ok: true };
}
