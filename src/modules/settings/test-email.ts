import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { renderMjml } from '../../mail/render.js';
import { brandOf } from '../../mail/render-email.js';
import { template } from '../../mail/templates/index.js';
import { mailContext } from '../../mail/templates/layout.js';
import { describeSendFailure, type SendFailureKind } from '../../mail/send-errors.js';
import { mailServer, openTransport } from '../../mail/transport.js';
import { readSettingsWithSecrets } from '../../db/settings.js';

const FAILURE_CODES: Record<SendFailureKind, string> = {
  address_refused: 'mail_server_address_refused',
  tls_required: 'mail_tls_required',
  failed: 'mail_failed',
};

/**
 * Sends one email at once, in the request, through the configured mail server: the point is
 * to tell the admin now whether the server settings work. The attempt is kept in
 * the outbox like every other email.
 */
export async function sendTestEmail(ctx: AppContext, to: string): Promise<void> {
  const settings = await readSettingsWithSecrets(ctx);
  const server = mailServer(settings, ctx.config.smtpUrl, ctx.config.mail);
  if (!server) {
    throw badRequest('mail_not_configured', 'No mail server is configured: set smtp_host in the settings or SMTP_URL');
  }
  const transport = await openTransport(server);
  const brand = brandOf(settings, ctx.config.publicBaseUrl);
  const mail = mailContext(brand, brand.language);
  const chosen = template('settings.test_email');
  const data = { salonName: brand.salonName };
  const subject = chosen.subject(data, mail);
  let error: string | null = null;
  let kind: SendFailureKind = 'failed';
  let messageId: string | null = null;
  try {
    const info = (await transport.transporter.sendMail({
      from: transport.from,
      to,
      subject,
      html: await renderMjml(chosen.mjml(data, mail)),
      text: chosen.text(data, mail),
    })) as { messageId?: string };
    messageId = info.messageId ?? null;
  } catch (cause) {
    if (server.adminChosen) {
      // The admin's server: a fixed text, never what answered there (mail/send-errors.ts).
      ({ kind, message: error } = describeSendFailure(cause));
      ctx.log.warn({ err: cause }, 'test email through the settings mail server failed');
    } else {
      error = cause instanceof Error ? cause.message : String(cause);
    }
  } finally {
    transport.transporter.close();
  }
  await ctx.db
    .insertInto('emails')
    .values({
      recipient: to,
      subject,
      template: 'settings.test_email',
      data: JSON.stringify(data),
      sensitive: 0,
      status: error ? 'failed' : 'sent',
      error,
      message_id: messageId,
      language: mail.language,
      created_at: nowIso(),
      sent_at: error ? null : nowIso(),
    })
    .execute();
  if (error) throw badRequest(FAILURE_CODES[kind], `The mail server refused or could not be reached: ${error}`);
}
