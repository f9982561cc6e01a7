import type { Executor } from '../db/executor.js';
import { enqueue } from '../jobs/queue.js';

/*
 * The SMS outbox (`sms_messages`) belongs to this layer, like the email outbox to mail/:
 * callers write in their own transaction, so a message exists exactly when the change that
 * causes it does; only the `sms.send` job (sms/send-job.ts) talks to the provider.
 */

export interface OutgoingText {
  /** E.164, already normalised (clients' phones are stored so). */
  to: string;
  body: string;
  /** What the message is (`settings.test_sms`, `booking.reminder` …), for the outbox listing. */
  template: string;
  /** The client it is for: then sent only while that client consents to SMS. */
  clientId?: number | null;
  /**
   * The body holds a secret (a sign-in, confirm or cancel link): where MAIL_PREVIEW is off it
   * is hidden in the outbox view and erased once sent or given up on.
   */
  sensitive?: boolean;
}

/** Records one message, `queued`, and enqueues its send job; returns its outbox id. */
export async function queueSms(executor: Executor, text: OutgoingText): Promise<number> {
  const row = await executor
    .insertInto('sms_messages')
    .values({
      recipient: text.to,
      body: text.body,
      template: text.template,
      client_id: text.clientId ?? null,
      sensitive: text.sensitive ? 1 : 0,
      status: 'queued',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(executor, 'sms.send', { smsId: row.id });
  return row.id;
}
