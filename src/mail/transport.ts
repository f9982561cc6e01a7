import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Settings } from '../db/types.js';

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
}

// Short timeouts: a dead mail server must fail the job (and be retried later), not hold a
// worker for nodemailer's default of minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail server to use: the settings' smtp_* fields once a host is set there, else
 * SMTP_URL, else none (mail is then kept in the outbox as `unsent`).
 */
export function mailServer(settings: Settings, smtpUrl: string | undefined): MailServer | null {
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
    options = { ...server, ...TIMEOUTS };
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
export async function mailTransport(settings: Settings, smtpUrl: string | undefined): Promise<MailTransport | null> {
  const server = mailServer(settings, smtpUrl);
  return server ? openTransport(server) : null;
}
