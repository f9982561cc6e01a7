import { RefusedAddressError, UnresolvableHostError } from '../lib/address-guard.js';

/*
 * What is said of a failed send through the admin's mail server (the settings' smtp_*): a fixed
 * text per kind of failure, never the server's own words. Whatever answers on the address an
 * admin typed (an SSH daemon, a database, a server of an attacker's) would otherwise have its
 * banner shown back in the test email's error, the outbox and the job queue. The cause itself
 * is logged for the operator.
 */

export type SendFailureKind = 'address_refused' | 'tls_required' | 'failed';

export interface SendFailure {
  kind: SendFailureKind;
  message: string;
}

const byCode: Record<string, string> = {
  EAUTH: 'authentication failed: the mail server refused the user name or password',
  EENVELOPE: 'the mail server rejected the sender or a recipient',
  EMESSAGE: 'the mail server rejected the message',
  ETIMEDOUT: 'the mail server did not answer in time',
  EDNS: 'the mail server’s host name does not resolve',
};

export function describeSendFailure(error: unknown): SendFailure {
  if (error instanceof RefusedAddressError) {
    return {
      kind: 'address_refused',
      message: 'the mail server’s address is not a public address (the operator may allow it: SMTP_ALLOW_PRIVATE)',
    };
  }
  if (error instanceof UnresolvableHostError) return { kind: 'failed', message: byCode.EDNS! };
  const { code, command, responseCode } = (error ?? {}) as { code?: string; command?: string; responseCode?: number };
  const reply = typeof responseCode === 'number' ? ` (${responseCode})` : '';
  if (code === 'ETLS' || command === 'STARTTLS') {
    return {
      kind: 'tls_required',
      message:
        'no secure (TLS) connection to the mail server, so the password was not sent (the operator may allow it: SMTP_ALLOW_AUTH_WITHOUT_TLS)',
    };
  }
  const known = code ? byCode[code] : undefined;
  if (known) return { kind: 'failed', message: `${known}${reply}` };
  return { kind: 'failed', message: 'could not connect to the mail server, or it did not answer as a mail server' };
}
