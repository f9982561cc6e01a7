import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SmsMessagesTable } from '../../db/types.js';
import { paginate, type PageRequest } from '../../http/pagination.js';
import { notFound } from '../../lib/errors.js';
import { formatInstant } from '../../lib/time.js';
import { formatMessage, normaliseLanguage } from '../../messages/index.js';
import { queueSms } from '../../sms/outbox.js';
import { defaultCountry, toE164 } from '../../sms/phone.js';
import { readSettings, readTimezone } from '../settings/service.js';
import { invalidPhone, normalisePhone } from './phone-numbers.js';

/*
 * The SMS outbox as admins read it (a sensitive body shown only where previews are on), and a
 * test message.
 */

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
