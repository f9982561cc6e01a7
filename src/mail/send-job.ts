import type { AppContext } from '../context.js';
import type { JobHandler } from '../jobs/types.js';
import { readSettingsWithSecrets } from '../modules/settings/service.js';
import { renderMjml } from './render.js';
import { isTemplateName, template } from './templates/index.js';
import { mailTransport } from './transport.js';

export function sendEmailJob(ctx: AppContext): JobHandler<'mail.send'> {
  const { db, config } = ctx;
  return async ({ emailId }, context) => {
    const email = await db.selectFrom('emails').selectAll().where('id', '=', emailId).executeTakeFirst();
    // Already sent (a retried job after a crash past the send) or removed: nothing to do.
    if (!email || email.status !== 'queued') return;

    const settings = await readSettingsWithSecrets(ctx);
    const transport = mailTransport(settings, config.smtpUrl);
    if (!transport) {
      await db
        .updateTable('emails')
        // A secret (temporary password, reset link) is not kept at rest for a send that will
        // never happen; the user can ask for a new reset link once mail is configured.
        .set({
          status: 'unsent',
          error: 'no mail server configured (SMTP_URL or settings smtp_host)',
          data: email.sensitive ? null : email.data,
        })
        .where('id', '=', emailId)
        .execute();
      context.log.warn(
        { emailId, template: email.template, to: email.recipient },
        'no mail server configured; email kept as unsent',
      );
      return;
    }
    if (!isTemplateName(email.template) || email.data === null) {
      throw new Error(`email ${emailId} has no renderable template "${email.template}"`);
    }

    const brand = { salonName: settings.salon_name || 'Salon' };
    const data = JSON.parse(email.data) as never;
    const chosen = template(email.template);
    try {
      const html = await renderMjml(chosen.mjml(data, brand));
      const info = (await transport.transporter.sendMail({
        from: transport.from,
        to: email.recipient,
        subject: email.subject,
        html,
        text: chosen.text(data, brand),
      })) as { messageId?: string };
      await db
        .updateTable('emails')
        .set({
          status: 'sent',
          error: null,
          sent_at: new Date().toISOString(),
          message_id: info.messageId ?? null,
          data: email.sensitive ? null : email.data,
        })
        .where('id', '=', emailId)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = context.isLastAttempt;
      await db
        .updateTable('emails')
        .set({
          error: message.slice(0, 1000),
          status: givingUp ? 'failed' : 'queued',
          data: givingUp && email.sensitive ? null : email.data,
        })
        .where('id', '=', emailId)
        .execute();
      throw error;
    } finally {
      transport.transporter.close();
    }
  };
}
