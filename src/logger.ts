import { pino, type DestinationStream, type Logger } from 'pino';
import { loggablePath } from './lib/loggable-url.js';

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

/** The parts of a request (Fastify's, or a bare IncomingMessage) the request serializer reads. */
interface LoggedRequest {
  method?: string;
  url?: string;
  params?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * Fastify's request serializer, but with the URL reduced to its path with tokens masked
 * (lib/loggable-url.ts): the links of the service's emails and the calendar feeds carry their
 * credential in the address.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggablePath(request.url ?? '', request.params),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
