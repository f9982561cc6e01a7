import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, SmsMessagesTable } from '../../db/types.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { formatMessage, normaliseLanguage } from '../../messages/index.js';
import { queueSms } from '../../sms/outbox.js';
import { defaultCountry, toE164 } from '../../sms/phone.js';
import { DEFAULT_TWILIO_API_BASE_URL, twilioProvider } from '../../sms/twilio.js';
import { readSettings, readSettingsWithSecrets, readTimezone } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { claimInboundMessage } from './inbound-replay.js';

export { queueSms } from '../../sms/outbox.js';

/** Inbound words that withdraw SMS consent, and those that give it back (case-insensitive). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

export const invalidPhone = (field: string) =>
  badRequest('invalid_phone', `${field} is not a valid phone number`, [
    { field, message: 'must be a phone number, e.g. +31 6 1234 5678 or 06 12345678' },
  ]);

/**
 * A phone number as stored: E.164, read in the salon's country when it has no `+`. `''`
 * stays `''` (no number); anything else that is not a valid number is 400 `invalid_phone`.
 */
export async function normalisePhone(db: Kysely<DB>, raw: string, field: string): Promise<string> {
  const text = raw.trim();
  if (text === '') return '';
  const settings = await readSettings(db);
  const e164 = toE164(text, defaultCountry(settings.language));
  if (!e164) throw invalidPhone(field);
  return e164;
}

/** The E.164 form of a search text that is a whole phone number, else null. */
export async function e164OfSearch(db: Kysely<DB>, text: string): Promise<string | null> {
  if (!/^[+\d\s()-]{6,}$/.test(text)) return null;
  const settings = await readSettings(db);
  return toE164(text, defaultCountry(settings.language));
}

function present(row: Selectable<SmsMessagesTable>, timezone: string, preview: boolean) {
  const { recipient, sensitive, body, ...sms } = row;
  const redacted = sensitive === 1 && (!preview || body === '');
  return {
    ...sms,
    to: recipient,
    body: redacted ? null : body,
    redacted,
    created_at: formatInstant(sms.created_at, timezone),
    sent_at: formatInstant(sms.sent_at, timezone),
    delivered_at: formatInstant(sms.delivered_at, timezone),
  };
}

export async function listSms(
  ctx: Pick<AppContext, 'db' | 'config'>,
  filter: { to?: string | undefined } & PageRequest,
) {
  const { db } = ctx;
  const timezone = await readTimezone(db);
  let base = db.selectFrom('sms_messages');
  if (filter.to) {
    const settings = await readSettings(db);
    const to = toE164(filter.to, defaultCountry(settings.language)) ?? filter.to.trim();
    base = base.where('recipient', '=', to);
  }
  const query = base.selectAll().orderBy('id', 'desc');
  const count = async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return paginate(query, count, filter, (row) => present(row, timezone, ctx.config.mailPreview !== false));
}

export async function getSms(ctx: Pick<AppContext, 'db' | 'config'>, id: number) {
  const row = await ctx.db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('SMS');
  return present(row, await readTimezone(ctx.db), ctx.config.mailPreview !== false);
}

/** Queues one test message to `to` (no client, so no consent needed); the outbox id. */
export async function queueTestSms(ctx: AppContext, to: string): Promise<{ id: number }> {
  const recipient = await normalisePhone(ctx.db, to, 'to');
  if (recipient === '') throw invalidPhone('to');
  const settings = await readSettings(ctx.db);
  // To the salon's own people: in the salon's language.
  const body = formatMessage(normaliseLanguage(settings.language), 'sms.test', {
    salon_name: settings.salon_name || 'Salon',
  });
  const id = await ctx.db
    .transaction()
    .execute((trx) => queueSms(trx, { to: recipient, body, template: 'settings.test_sms' }));
  return { id };
}

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
