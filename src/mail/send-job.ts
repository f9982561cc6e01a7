import type { AppContext } from '../context.js';
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { DB, Email, Settings } from '../db/types.js';
import type { JobContext, JobHandler } from '../jobs/types.js';
import { readSettingsWithSecrets } from '../db/settings.js';
import { chooseLanguage, type Language } from '../messages/index.js';
import { readMessageOverrides } from './message-texts.js';
import { brandOf, renderEmail } from './render-email.js';
import { isTemplateName } from './templates/index.js';
import type { MessageOverrides } from './templates/layout.js';
import { describeSendFailure } from './send-errors.js';
import { mailServer, openTransport, type MailServer, type MailTransport } from './transport.js';

const NO_MAIL_SERVER = 'no mail server configured (SMTP_URL or settings smtp_host)';

/** How long an unused pooled transport keeps its connections before closing them. */
const POOL_IDLE_MS = 1000;

/**
 * Pooled SMTP transports, one per mail server and sender, reused while mail is flowing: a new
 * connection (TCP, greeting, EHLO) per message held a campaign to a few dozen emails a second
 * (bench/README.md). A transport is made only for a server it has none for (making one per
 * email and closing it again was 3 % of a campaign's CPU), keeps as many connections as the
 * worker runs jobs at once, and is closed once idle for POOL_IDLE_MS; one whose server
 * settings changed is closed as soon as the sends still using it are done.
 */
class TransportPool {
  private readonly entries = new Map<
    string,
    { transport: MailTransport; users: number; idle: NodeJS.Timeout | null }
  >();

  constructor(private readonly maxConnections: number) {}

  async acquire(server: MailServer): Promise<MailTransport> {
    let entry = this.entries.get(server.key);
    if (!entry) {
      const fresh = await openTransport(server, { maxConnections: this.maxConnections });
      // Another send may have made one meanwhile: the first made is used.
      entry = this.entries.get(server.key);
      if (entry) fresh.transporter.close();
      else this.entries.set(server.key, (entry = { transport: fresh, users: 0, idle: null }));
    }
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    entry.users += 1;
    for (const [key, other] of this.entries) {
      if (key !== server.key && other.users === 0) this.close(key);
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

/** Where an outbox row stands after a send: its status and error; null when the row is gone. */
export type DeliveryOutcome = Pick<Email, 'status' | 'error'> | null;

/**
 * What a sender that wrote the row just now has already read for it: the settings (secrets
 * opened) and the salon's texts of the row's language, and the row as its INSERT returned
 * it. The send then reads none of them again.
 */
export interface ReadForSend {
  settings: Settings;
  language: Language;
  overrides: MessageOverrides;
  /**
   * The row as its committed INSERT returned it, moments ago: as current as reading it again
   * would be (one round trip less an email). A later run of the job (a retry, a lease taken
   * over) has no such row and reads it.
   */
  email?: Email;
}

/** The UPDATE that marks a row sent, built and not yet run. */
export type MarkSent = UpdateQueryBuilder<DB, 'emails', 'emails', UpdateResult>;

/**
 * How a sender that keeps its own account of the row (a campaign's recipient) records the
 * send: runs `markSent`, together with its own bookkeeping, in one statement where the engine
 * allows (one round trip an email less on PostgreSQL). Not called when the send failed.
 */
export type RecordSent = (markSent: MarkSent) => Promise<void>;

/** Sends one outbox row: the `mail.send` job (sendEmailJob), and how a sender that delivers its own rows sends them. */
export type EmailDelivery = (
  emailId: number,
  context: JobContext,
  read?: ReadForSend,
  recordSent?: RecordSent,
) => Promise<DeliveryOutcome>;

export function sendEmailJob(ctx: AppContext): JobHandler<'mail.send'> {
  const deliver = emailDelivery(ctx);
  return async ({ emailId }, context) => {
    await deliver(emailId, context);
  };
}

/**
 * Sends an outbox row that is `queued` (renders its MJML, talks to SMTP, records the outcome on
 * the row) and tells where the row stands afterwards; a row no longer `queued` is never sent
 * again. A failed send throws, after recording the error (the row stays `queued` for the
 * job's retry, or becomes `failed` on its last attempt).
 */
export function emailDelivery(ctx: AppContext): EmailDelivery {
  const { db, config } = ctx;
  const pool = new TransportPool(config.jobConcurrency);
  return async (emailId, context, read, recordSent) => {
    const email =
      read?.email?.id === emailId
        ? read.email
        : await db.selectFrom('emails').selectAll().where('id', '=', emailId).executeTakeFirst();
    if (!email) return null;
    // Already sent (a retried job after a crash past the send): nothing to do.
    if (email.status !== 'queued') return { status: email.status, error: email.error };

    const settings = read?.settings ?? (await readSettingsWithSecrets(ctx));
    const server = mailServer(settings, config.smtpUrl, config.mail);
    if (!server) {
      await db
        .updateTable('emails')
        // A secret (temporary password, reset link) is not kept at rest for a send that will
        // never happen; the user can ask for a new reset link once mail is configured. Where
        // mail previews are on (development), it is kept so the outbox preview shows it.
        .set({
          status: 'unsent',
          error: NO_MAIL_SERVER,
          data: email.sensitive && config.mailPreview === false ? null : email.data,
        })
        .where('id', '=', emailId)
        .execute();
      context.log.warn(
        { emailId, template: email.template, to: email.recipient },
        'no mail server configured; email kept as unsent',
      );
      return { status: 'unsent', error: NO_MAIL_SERVER };
    }
    if (!isTemplateName(email.template) || email.data === null) {
      throw new Error(`email ${emailId} has no renderable template "${email.template}"`);
    }

    const transport = await pool.acquire(server);
    try {
      const brand = brandOf(settings, config.publicBaseUrl);
      const language = chooseLanguage(email.language, brand.language);
      const overrides = read?.language === language ? read.overrides : await readMessageOverrides(db, language);
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
      const markSent = db
        .updateTable('emails')
        .set({
          status: 'sent',
          error: null,
          sent_at: new Date().toISOString(),
          message_id: info.messageId ?? null,
          data: email.sensitive ? null : email.data,
        })
        .where('id', '=', emailId);
      if (recordSent) await recordSent(markSent);
      else await markSent.execute();
      return { status: 'sent', error: null };
    } catch (cause) {
      // The admin's server: a fixed text in the outbox and the job queue, never what answered
      // there (send-errors.ts); the cause goes to the operator's log.
      let error = cause;
      if (server.adminChosen) {
        context.log.warn({ err: cause, emailId }, 'send through the settings mail server failed');
        error = new Error(describeSendFailure(cause).message);
      }
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
