import type { AppContext } from '../context.js';
import type { JobHandler } from '../jobs/types.js';
import { readSettingsWithSecrets } from '../db/settings.js';
import { configuredSms, statusCallbackUrl } from './configured.js';
import { enqueue } from '../jobs/queue.js';
import { DAILY_LIMIT_REACHED, spendSmsBudget } from './limits.js';
import { maySmsCountry } from './phone.js';
import { SmsProviderError } from './provider.js';

export const NO_CONSENT = 'no_consent';
export const COUNTRY_NOT_ALLOWED = 'country_not_allowed';
export const PHONE_UNCONFIRMED = 'phone_unconfirmed';

/**
 * Sends one outbox message. Not to a client without SMS consent, to a number outside the
 * salon's SMS countries or to a number not yet confirmed (`failed` with that code); kept
 * `unsent` when no provider is configured or a daily limit is spent (sms/limits.ts). A refusal of the message itself (a 4xx other than 429) marks it
 * `failed` at once; an outage, a rate limit or a timeout is thrown, so the queue retries it
 * with backoff, and the last attempt marks it `failed`. Nothing is deleted.
 */
export function sendSmsJob(ctx: AppContext): JobHandler<'sms.send'> {
  const { db, config } = ctx;
  return async ({ smsId }, context) => {
    const sms = await db.selectFrom('sms_messages').selectAll().where('id', '=', smsId).executeTakeFirst();
    // Already handed over (a retry after a crash past the send) or removed: nothing to do.
    if (!sms || sms.status !== 'queued') return;
    // A secret in the body does not outlive the message's last state where previews are off.
    const erase = sms.sensitive === 1 && config.mailPreview === false ? { body: '' } : {};
    const fail = (error: string) =>
      db
        .updateTable('sms_messages')
        .set({ status: 'failed', error, ...erase })
        .where('id', '=', smsId)
        .execute();

    let client: { sms_consent: number; phone_unconfirmed: string | null } | undefined;
    if (sms.client_id !== null) {
      client = await db
        .selectFrom('clients')
        .select(['sms_consent', 'phone_unconfirmed'])
        .where('id', '=', sms.client_id)
        .executeTakeFirst();
      // Consent is read at send time: a STOP received after queueing still counts.
      if (client?.sms_consent !== 1) {
        await fail(NO_CONSENT);
        return;
      }
    }

    const settings = await readSettingsWithSecrets(ctx);
    // Against SMS pumping: only numbers of the countries the salon allows, and none typed on
    // the booking page by someone who has not yet shown the email address is theirs.
    if (!maySmsCountry(sms.recipient, settings)) {
      await fail(COUNTRY_NOT_ALLOWED);
      return;
    }
    if (client?.phone_unconfirmed === sms.recipient) {
      await fail(PHONE_UNCONFIRMED);
      return;
    }
    const configured = configuredSms(settings, config);
    if (!configured) {
      await db
        .updateTable('sms_messages')
        .set({ status: 'unsent', error: 'no SMS provider configured (settings sms_*)', ...erase })
        .where('id', '=', smsId)
        .execute();
      context.log.warn({ smsId, template: sms.template }, 'no SMS provider configured; message kept as unsent');
      return;
    }
    // Counted once: a retry (after an outage, its error recorded) was counted by its first try.
    if (sms.error === null) {
      const budget = await spendSmsBudget(db, settings, sms.recipient);
      if (!budget.ok) {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('sms_messages')
            .set({ status: 'unsent', error: budget.reason, ...erase })
            .where('id', '=', smsId)
            .execute();
          if (budget.reason === DAILY_LIMIT_REACHED && budget.firstRefusal) {
            await enqueue(trx, 'sms.daily_limit_reached', { day: budget.day, limit: settings.sms_daily_limit });
          }
        });
        context.log.warn({ smsId, template: sms.template, reason: budget.reason }, 'SMS limit reached; kept as unsent');
        return;
      }
    }
    try {
      const { providerId } = await configured.provider.send({
        to: sms.recipient,
        from: configured.from,
        body: sms.body,
        statusCallbackUrl: statusCallbackUrl(config),
      });
      await db
        .updateTable('sms_messages')
        .set({ status: 'sent', provider_id: providerId, error: null, sent_at: new Date().toISOString(), ...erase })
        .where('id', '=', smsId)
        // A delivery report can outrun this update; it must not be overwritten.
        .where('status', '=', 'queued')
        .execute();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (error instanceof SmsProviderError && !error.retryable) {
        await fail(message);
        return;
      }
      await db
        .updateTable('sms_messages')
        .set({ error: message, ...(context.isLastAttempt ? { status: 'failed' as const, ...erase } : {}) })
        .where('id', '=', smsId)
        .execute();
      throw error;
    }
  };
}
