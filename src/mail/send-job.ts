import type { AppContext } from '../context.js';
import type { JobHandler } from '../jobs/types.js';
import { readSettingsWithSecrets } from '../db/settings.js';
import { chooseLanguage } from '../messages/index.js';
import { readMessageOverrides } from './message-texts.js';
import { brandOf, renderEmail } from './render-email.js';
import { isTemplateName } from './templates/index.js';
import { mailTransport, type MailTransport } from './transport.js';

/** How long an unused pooled transport keeps its connections before closing them. */
const POOL_IDLE_MS = 1000;

/**
 * Pooled SMTP transports, one per mail server and sender, reused while mail is flowing: a new
 * connection (TCP, greeting, EHLO) per message held a campaign to a few dozen emails a second
 * (bench/README.md). A transport is closed once idle for POOL_IDLE_MS, and one whose server
 * settings changed is closed as soon as the sends still using it are done.
 */
class TransportPool {
  private readonly entries = new Map<
    string,
    { transport: MailTransport; users: number; idle: NodeJS.Timeout | null }
  >();

  acquire(fresh: MailTransport): MailTransport {
    let entry = this.entries.get(fresh.key);
    if (entry) {
      fresh.transporter.close();
    } else {
      entry = { transport: fresh, users: 0, idle: null };
      this.entries.set(fresh.key, entry);
    }
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    entry.users += 1;
    for (const [key, other] of this.entries) {
      if (key !== fresh.key && other.users === 0) this.close(key);
    }
    return entry.transport;
  }

  release(transport: MailTransport): void {
    const entry = this.entries.get(transport.key);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.idle = setTimeout(() => this.close(transport.key), POOL_IDLE_MS);
    entry.idle.unref();
  }

  private close(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (entry.idle) clearTimeout(entry.idle);
    this.entries.delete(key);
    entry.transport.transporter.close();
  }
}

export function sendEmailJob(ctx: AppContext): JobHandler<'mail.send'> {
  const { db, config } = ctx;
  const pool = new TransportPool();
  return async ({ emailId }, context) => {
    const email = await db.selectFrom('emails').selectAll().where('id', '=', emailId).executeTakeFirst();
    // Already sent (a retried job after a crash past the send) or removed: nothing to do.
    if (!email || email.status !== 'queued') return;

    const settings = await readSettingsWithSecrets(ctx);
    const created = await mailTransport(settings, config.smtpUrl, { pool: true });
    if (!created) {
      await db
        .updateTable('emails')
        // A secret (temporary password, reset link) is not kept at rest for a send that will
        // never happen; the user can ask for a new reset link once mail is configured. Where
        // mail previews are on (development), it is kept so the outbox preview shows it.
        .set({
          status: 'unsent',
          error: 'no mail server configured (SMTP_URL or settings smtp_host)',
          data: email.sensitive && config.mailPreview === false ? null : email.data,
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
      created.transporter.close();
      throw new Error(`email ${emailId} has no renderable template "${email.template}"`);
    }

    const transport = pool.acquire(created);
    try {
      const brand = brandOf(settings, config.publicBaseUrl);
      const overrides = await readMessageOverrides(db, chooseLanguage(email.language, brand.language));
      const { html, text, headers, calendar } = await renderEmail(email, brand, overrides);
      const info = (await transport.transporter.sendMail({
        from: transport.from,
        to: email.recipient,
        subject: email.subject,
        html,
        text,
        headers,
        // nodemailer's calendar part: a text/calendar alternative with its METHOD, which mail
        // apps show as an invitation, and the same as an invite.ics attachment.
        ...(calendar
          ? { icalEvent: { method: calendar.method, filename: 'invite.ics', content: calendar.content } }
          : {}),
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
      pool.release(transport);
    }
  };
}
