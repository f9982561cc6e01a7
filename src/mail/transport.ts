import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Settings } from '../db/types.js';

export interface MailTransport {
  transporter: Transporter;
  from: string;
}

// Short timeouts: a dead mail server must fail the job (and be retried later), not hold a
// worker for nodemailer's default of minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail server to use: the settings' smtp_* fields once a host is set there, else
 * SMTP_URL, else none (mail is then kept in the outbox as `unsent`).
 */
export function mailTransport(settings: Settings, smtpUrl: string | undefined): MailTransport | null {
  let transporter: Transporter;
  let urlUser = '';
  if (settings.smtp_host) {
    const secure = settings.smtp_secure === 1;
    transporter = nodemailer.createTransport({
      host: settings.smtp_host,
      port: settings.smtp_port ?? (secure ? 465 : 587),
      secure,
      auth: settings.smtp_user ? { user: settings.smtp_user, pass: settings.smtp_pass } : undefined,
      ...TIMEOUTS,
    });
  } else if (smtpUrl) {
    transporter = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS } as SMTPTransport.Options);
    urlUser = decodeURIComponent(new URL(smtpUrl).username);
  } else {
    return null;
  }
  const fallbackFrom = [settings.smtp_user, urlUser].find((value) => value.includes('@')) ?? 'no-reply@localhost';
  const address = settings.smtp_from || settings.salon_email || fallbackFrom;
  const from = settings.salon_name ? { name: settings.salon_name, address } : address;
  return { transporter, from: typeof from === 'string' ? from : `"${from.name.replace(/"/g, '')}" <${from.address}>` };
}
