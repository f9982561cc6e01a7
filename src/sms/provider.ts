/** One text message handed to a provider. */
export interface OutgoingSms {
  to: string;
  from: string;
  body: string;
  /** Where the provider reports delivery (delivered, failed). */
  statusCallbackUrl: string;
}

/** A delivery report, read from a provider's status callback. */
export interface SmsStatusReport {
  providerId: string;
  status: 'sent' | 'delivered' | 'failed' | 'other';
  error: string | null;
}

/**
 * A provider's refusal or failure. `retryable`: worth trying again later (rate limit, server
 * error, timeout); otherwise the message itself was refused and retrying cannot help.
 */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  /** Hands the message over; resolves with the provider's message id. */
  send(message: OutgoingSms): Promise<{ providerId: string }>;
  /** Whether a callback (full URL and form fields) carries the provider's valid signature. */
  verifyCallback(url: string, params: Record<string, string>, signature: string | undefined): boolean;
  parseStatus(params: Record<string, string>): SmsStatusReport | null;
}
