import type { AppContext } from '../context.js';
import type { JobHandler } from '../jobs/types.js';
import { readSettingsWithSecrets } from '../db/settings.js';
import { configuredSms, statusCallbackUrl } from './configured.js';
import { SmsProviderError } from './provider.js';

export const NO_CONSENT = 'no_consent';

/**
 * Sends one outbox message. A refusal of the message itself (a 4xx other than 429) marks it
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

    if (sms.client_id !== null) {
      const client = await db
        .selectFrom('clients')
        .select('sms_consent')
        .where('id', '=', sms.client_id)
        .executeTakeFirst();
      // Consent is read at send time: a STOP received after queueing still counts.
      if (client?.sms_consent !== 1) {
        await fail(NO_CONSENT);
        return;
      }
    }

    const configured = configuredSms(await readSettingsWithSecrets(ctx), config);
    if (!configured) {
      await db
        .updateTable('sms_messages')
        .set({ status: 'unsent', error: 'no SMS provider configured (settings sms_*)', ...erase })
        .where('id', '=', smsId)
        .execute();
      context.log.warn({ smsId, template: sms.template }, 'no SMS provider configured; message kept as unsent');
      return;
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
