import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Settings } from '../db/types.js';

export interface MailTransport {
  transporter: Transporter;
  from: string;
  /** Identifies the server and credentials: transports with equal keys are interchangeable. */
  key: string;
}

// Short timeouts: a dead mail server must fail the job (and be retried later), not hold a
// worker for nodemailer's default of minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail server to use: the settings' smtp_* fields once a host is set there, else
 * SMTP_URL, else none (mail is then kept in the outbox as `unsent`).
 */
export async function mailTransport(
  settings: Settings,
  smtpUrl: string | undefined,
  options: { pool?: boolean } = {},
): Promise<MailTransport | null> {
  if (!settings.smtp_host && !smtpUrl) return null;
  // Loaded with the first email rather than at start: an API process never sends one.
  const { default: nodemailer } = await import('nodemailer');
  let transporter: Transporter;
  let urlUser = '';
  let key: string;
  // A pool keeps its SMTP connections open between messages (see mail/send-job.ts).
  const pool = options.pool ? { pool: true as const } : {};
  if (settings.smtp_host) {
    const secure = settings.smtp_secure === 1;
    const server = {
      host: settings.smtp_host,
      port: settings.smtp_port ?? (secure ? 465 : 587),
      secure,
      auth: settings.smtp_user ? { user: settings.smtp_user, pass: settings.smtp_pass } : undefined,
    };
    key = JSON.stringify(server);
    transporter = nodemailer.createTransport({ ...server, ...TIMEOUTS, ...pool });
  } else if (smtpUrl) {
    key = JSON.stringify({ url: smtpUrl });
    transporter = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS, ...pool } as SMTPTransport.Options);
    urlUser = decodeURIComponent(new URL(smtpUrl).username);
  } else {
    return null;
  }
  const fallbackFrom = [settings.smtp_user, urlUser].find((value) => value.includes('@')) ?? 'no-reply@localhost';
  const address = settings.smtp_from || settings.salon_email || fallbackFrom;
  const from = settings.salon_name ? { name: settings.salon_name, address } : address;
  return {
    transporter,
    from: typeof from === 'string' ? from : `"${from.name.replace(/"/g, '')}" <${from.address}>`,
    key: `${key} ${JSON.stringify(from)}`,
  };
}
