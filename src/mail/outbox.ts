import type { Executor } from '../db/executor.js';
import { enqueue } from '../jobs/queue.js';
import { readSalonName } from '../db/settings.js';
import { template, type TemplateData, type TemplateName } from './templates/index.js';

export interface OutgoingEmail<N extends TemplateName> {
  to: string;
  template: N;
  data: TemplateData<N>;
  /**
   * The data holds a secret (temporary password, reset link): it is erased from the outbox
   * once the email is sent or given up on, so it does not outlive its purpose at rest.
   */
  sensitive?: boolean;
}

/**
 * Records an email in the outbox and enqueues the job that sends it, in the caller's
 * transaction. Only that job talks to the mail server.
 */
export async function queueEmail<N extends TemplateName>(executor: Executor, email: OutgoingEmail<N>): Promise<number> {
  const salonName = await readSalonName(executor);
  const row = await executor
    .insertInto('emails')
    .values({
      recipient: email.to,
      subject: template(email.template).subject(email.data, { salonName }),
      template: email.template,
      data: JSON.stringify(email.data),
      sensitive: email.sensitive ? 1 : 0,
      status: 'queued',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(executor, 'mail.send', { emailId: row.id });
  return row.id;
}
