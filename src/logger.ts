import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * JSON logs. Anything that could carry a secret is redacted wherever it appears: tokens in
 * headers, passwords and tokens in any logged object, the settings' secret fields.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.admin_password',
  '*.token',
  '*.refresh_token',
  '*.smtp_pass',
  '*.cardpay_api_key',
  '*.sms_auth_token',
  '*.onlinepay_api_key',
  '*.checkout_secret_key',
  '*.checkout_webhook_secret',
  '*.temporaryPassword',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
