import type { Config } from '../config.js';
import type { Settings } from '../db/types.js';
import type { SmsProvider } from './provider.js';
import { DEFAULT_TWILIO_API_BASE_URL, twilioProvider } from './twilio.js';

export interface ConfiguredSms {
  provider: SmsProvider;
  from: string;
}

/**
 * The provider the settings configure (secrets already opened), or null when SMS is off or
 * incomplete: messages are then kept in the outbox as `unsent`.
 */
export function configuredSms(
  settings: Pick<Settings, 'sms_enabled' | 'sms_provider' | 'sms_account_sid' | 'sms_auth_token' | 'sms_from'>,
  config: Pick<Config, 'twilioApiBaseUrl'>,
): ConfiguredSms | null {
  if (settings.sms_enabled !== 1 || !settings.sms_account_sid || !settings.sms_auth_token || !settings.sms_from) {
    return null;
  }
  if (settings.sms_provider !== 'twilio') return null;
  return {
    provider: twilioProvider(
      { accountSid: settings.sms_account_sid, authToken: settings.sms_auth_token },
      config.twilioApiBaseUrl ?? DEFAULT_TWILIO_API_BASE_URL,
    ),
    from: settings.sms_from,
  };
}

/** The URL Twilio posts delivery reports to (and signs). */
export function statusCallbackUrl(config: Pick<Config, 'publicBaseUrl'>): string {
  return `${config.publicBaseUrl}/api/webhooks/sms/twilio`;
}
