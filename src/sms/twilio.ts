// Only the signature check is used: its own module loads in a few milliseconds, where the
// package's index loads every Twilio API client (a tenth of a second at each start).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { SmsProviderError, type OutgoingSms, type SmsProvider, type SmsStatusReport } from './provider.js';

export const DEFAULT_TWILIO_API_BASE_URL = 'https://api.twilio.com';

/** A provider that does not answer within this is treated as a timeout, and retried. */
const TIMEOUT_MS = 10_000;

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/** Twilio's Programmable Messaging (Messages API), over plain HTTP. */
export function twilioProvider(credentials: TwilioCredentials, baseUrl = DEFAULT_TWILIO_API_BASE_URL): SmsProvider {
  const auth = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
  return {
    async send(message: OutgoingSms) {
      const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            To: message.to,
            From: message.from,
            Body: message.body,
            StatusCallback: message.statusCallbackUrl,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsProviderError(
          `twilio unreachable: ${error instanceof Error ? error.message : String(error)}`,
          true,
        );
      }
      const text = await response.text();
      let json: { sid?: string; code?: number; message?: string } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // A proxy's HTML error page: the status alone decides.
      }
      if (!response.ok) {
        const detail = json.message ? `${json.code ?? ''} ${json.message}`.trim() : text.slice(0, 200);
        // 429 (too many requests) and server errors pass; any other 4xx is this message refused.
        const retryable = response.status === 429 || response.status >= 500;
        throw new SmsProviderError(`twilio ${response.status}: ${detail}`, retryable);
      }
      if (!json.sid) throw new SmsProviderError('twilio answered without a message sid', true);
      return { providerId: json.sid };
    },

    verifyCallback(url, params, signature) {
      if (!signature) return false;
      return validateRequest(credentials.authToken, signature, url, params);
    },

    parseStatus(params): SmsStatusReport | null {
      const providerId = params.MessageSid ?? params.SmsSid;
      const status = params.MessageStatus ?? params.SmsStatus;
      if (!providerId || !status) return null;
      const error = params.ErrorCode ? `twilio error ${params.ErrorCode}` : null;
      if (status === 'delivered') return { providerId, status: 'delivered', error: null };
      if (status === 'failed' || status === 'undelivered')
        return { providerId, status: 'failed', error: error ?? status };
      if (status === 'sent') return { providerId, status: 'sent', error: null };
      return { providerId, status: 'other', error: null };
    },
  };
}
