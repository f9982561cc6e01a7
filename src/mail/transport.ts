import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DEFAULT_MAIL_RULES, type MailRules } from '../config.js';
import type { Settings } from '../db/types.js';
import { guardedSocket } from './guarded-socket.js';

export interface MailTransport {
  transporter: Transporter;
  from: string;
  /** Identifies the server and credentials: transports with equal keys are interchangeable. */
  key: string;
}

/** Which mail server and sender to use, without a transport made for them yet. */
export interface MailServer {
  options: SMTPTransport.Options;
  from: string;
  /** Identifies the server, credentials and sender: equal keys, interchangeable transports. */
  key: string;
  /**
   * The settings' server, an admin's choice: held to the outbound address rules, and what it
   * answers is never shown back (send-errors.ts). SMTP_URL is the operator's own.
   */
  adminChosen: boolean;
}

// Short timeouts: a dead mail server must fail the job (and be retried later), not hold a
// worker for nodemailer's default of minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail server to use: the settings' smtp_* fields once a host is set there, else
 * SMTP_URL, else none (mail is then kept in the outbox as `unsent`). The settings' server is
 * reached only on public addresses unless `rules.allowPrivate`, and gets the password only over
 * TLS (smtp_secure, or STARTTLS required) unless `rules.allowAuthWithoutTls`.
 */
export function mailServer(
  settings: Settings,
  smtpUrl: string | undefined,
  rules: MailRules = DEFAULT_MAIL_RULES,
): MailServer | null {
  let options: SMTPTransport.Options;
  let urlUser = '';
  let key: string;
  if (settings.smtp_host) {
    const secure = settings.smtp_secure === 1;
    const server = {
      host: settings.smtp_host,
      port: settings.smtp_port ?? (secure ? 465 : 587),
      secure,
      auth: settings.smtp_user ? { user: settings.smtp_user, pass: settings.smtp_pass } : undefined,
    };
    key = JSON.stringify(server);
    options = {
      ...server,
      ...TIMEOUTS,
      ...(server.auth && !secure && !rules.allowAuthWithoutTls ? { requireTLS: true } : {}),
      ...(rules.allowPrivate ? {} : { getSocket: guardedSocket }),
    };
  } else if (smtpUrl) {
    key = JSON.stringify({ url: smtpUrl });
    options = { url: smtpUrl, ...TIMEOUTS };
    urlUser = decodeURIComponent(new URL(smtpUrl).username);
  } else {
    return null;
  }
  const fallbackFrom = [settings.smtp_user, urlUser].find((value) => value.includes('@')) ?? 'no-reply@localhost';
  const address = settings.smtp_from || settings.salon_email || fallbackFrom;
  const from = settings.salon_name ? { name: settings.salon_name, address } : address;
  return {
    options,
    from: typeof from === 'string' ? from : `"${from.name.replace(/"/g, '')}" <${from.address}>`,
    key: `${key} ${JSON.stringify(from)}`,
    adminChosen: Boolean(settings.smtp_host),
  };
}

/**
 * A transport to `server`. `pool`: keep up to that many SMTP connections open between
 * messages (see mail/send-job.ts); without it, one connection per message.
 */
export async function openTransport(server: MailServer, pool?: { maxConnections: number }): Promise<MailTransport> {
  // Loaded with the first email rather than at start: an API process never sends one.
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({
    ...server.options,
    ...(pool ? { pool: true, maxConnections: pool.maxConnections } : {}),
  } as SMTPTransport.Options);
  return { transporter, from: server.from, key: server.key };
}

/** The mail server's transport, one connection per message; null when no server is set. */
export async function mailTransport(
  settings: Settings,
  smtpUrl: string | undefined,
  rules?: MailRules,
): Promise<MailTransport | null> {
  const server = mailServer(settings, smtpUrl, rules);
  return server ? openTransport(server) : null;
}
