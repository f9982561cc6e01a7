import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { POSTGRES_BACKUP_HINT } from './backup/errors.js';
import { EmbedOriginsError, parseEmbedOrigins, type EmbedOrigins } from './http/embedding.js';
import { parseSecretsKey } from './lib/secrets.js';
import { loadPushConfig, PushConfigError, type PushConfig } from './push/config.js';
import { uploadsDir } from './storage/data-dir.js';

export type WorkerMode = 'on' | 'off';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** undefined → embedded SQLite in dataDir; postgres://… → PostgreSQL. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** 32-byte key that encrypts stored secrets (settings API keys, SMTP password); null: stored as given. */
  secretsKey: Buffer | null;
  publicBaseUrl: string;
  smtpUrl: string | undefined;
  worker: WorkerMode;
  logLevel: string;
  /** Comma-separated list of allowed origins, or `*`. */
  corsOrigin: string;
  trustProxy: boolean;
  /** How long a claimed job stays owned by its worker without a heartbeat. */
  jobLeaseSeconds: number;
  jobPollMs: number;
  jobConcurrency: number;
  /** Push notification providers (src/push/config.ts). */
  push: PushConfig;
  /**
   * Base URLs of the payment providers' APIs (no trailing slash), so operators can point at
   * sandboxes and tests at fakes. Optional so hand-built configs (tests) fall back to the
   * production URLs in DEFAULT_PAYMENT_API_URLS.
   */
  paymentApiUrls?: PaymentApiUrls;
  /**
   * Whether a payment provider's checkout URL may be plain http (PAYMENTS_ALLOW_HTTP_CHECKOUT):
   * off, such a URL is refused and the payment not started. For a local sandbox, and the tests'
   * fake providers on 127.0.0.1. Optional so hand-built configs read as off.
   */
  paymentsAllowHttpCheckout?: boolean;
  /**
   * Whether GET /api/system/emails/:id shows the bodies of sensitive emails (password reset,
   * magic link, temporary password), and whether one that cannot be sent (no mail server)
   * keeps its data so it can be read there: MAIL_PREVIEW, by default on unless
   * NODE_ENV=production. Optional so hand-built configs (tests) read as on.
   */
  mailPreview?: boolean;
  /** Twilio's API (TWILIO_API_BASE_URL, default https://api.twilio.com): a sandbox or, in tests, a fake. */
  twilioApiBaseUrl?: string;
  /**
   * METRICS_TOKEN: the bearer token a Prometheus scraper sends to GET /api/metrics; unset, the
   * metrics are off (the route refuses, nothing is collected).
   */
  metricsToken?: string;
  /**
   * The sites that may show the booking page in a frame (BOOKING_EMBED_ORIGINS): `*` (any, the
   * default) or a list besides the service's own origin. Optional so hand-built configs (tests)
   * read as `*`.
   */
  bookingEmbedOrigins?: EmbedOrigins;
  /** The web front end's build (default: web/dist of this checkout); tests may point elsewhere. */
  webDistDir?: string;
  /**
   * Outbound webhooks: whether endpoints may be plain http (WEBHOOKS_ALLOW_HTTP) and may be
   * private, loopback or link-local addresses (WEBHOOKS_ALLOW_PRIVATE), both off by default;
   * the time one delivery attempt may take (WEBHOOKS_TIMEOUT_SECONDS, default 15). Optional so
   * hand-built configs (tests) read as DEFAULT_WEBHOOKS.
   */
  webhooks?: WebhooksConfig;
  /**
   * The mail server an admin sets in the settings (smtp_*): whether it may be a private,
   * loopback or link-local address (SMTP_ALLOW_PRIVATE) and may receive the password without
   * TLS (SMTP_ALLOW_AUTH_WITHOUT_TLS), both off by default. SMTP_URL, the operator's own, is
   * used as written. Optional so hand-built configs read as DEFAULT_MAIL_RULES.
   */
  mail?: MailRules;
  /**
   * Daily backups of the SQLite database and the uploads into BACKUP_DIR, kept BACKUP_KEEP_DAYS
   * days (src/backup/job.ts); null: none. Optional so hand-built configs (tests) read as none.
   */
  backup?: BackupSchedule | null;
}

export interface BackupSchedule {
  /** An absolute path, created and writable. */
  dir: string;
  keepDays: number;
}

export const DEFAULT_BACKUP_KEEP_DAYS = 14;

export interface WebhooksConfig {
  allowHttp: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
  /**
   * Ports an endpoint may use besides 80, 443 and 8443 (WEBHOOKS_ALLOW_PORTS): a list, or
   * `any`. Optional so hand-built configs (tests) read as none.
   */
  extraPorts?: readonly number[] | 'any';
}

export const DEFAULT_WEBHOOKS: WebhooksConfig = {
  allowHttp: false,
  allowPrivate: false,
  timeoutMs: 15_000,
  extraPorts: [],
};

export interface MailRules {
  allowPrivate: boolean;
  allowAuthWithoutTls: boolean;
}

export const DEFAULT_MAIL_RULES: MailRules = { allowPrivate: false, allowAuthWithoutTls: false };

export interface PaymentApiUrls {
  /** Card terminal provider (SumUp reader checkouts): CARDPAY_API_URL. */
  cardpay: string;
  /** Online payment provider (Mollie Payments API): ONLINEPAY_API_URL. */
  onlinepay: string;
  /** Checkout provider (Stripe Checkout Sessions): CHECKOUT_API_URL. */
  checkout: string;
}

export const DEFAULT_PAYMENT_API_URLS: PaymentApiUrls = {
  cardpay: 'https://api.sumup.com',
  onlinepay: 'https://api.mollie.com',
  checkout: 'https://api.stripe.com',
};

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** An on/off switch: 1/true/on, or 0/false/off (unset: off). */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined || ['0', 'false', 'off'].includes(raw)) return false;
  if (['1', 'true', 'on'].includes(raw)) return true;
  throw new ConfigError(`${name} must be 1 or 0 (true/false, on/off), got "${raw}"`);
}

/** `any`, or a comma-separated list of TCP ports (unset: none). */
function portList(env: NodeJS.ProcessEnv, name: string): readonly number[] | 'any' {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined) return [];
  if (raw === 'any') return 'any';
  const ports = raw.split(',').map((part) => Number(part.trim()));
  if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new ConfigError(`${name} must be "any" or a comma-separated list of ports (1-65535), got "${raw}"`);
  }
  return ports;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/**
 * The JWT secret survives restarts: when JWT_SECRET is unset, one is generated on first start
 * and kept (mode 0600) in DATA_DIR, so tokens stay valid across restarts of a single machine.
 * Several machines must share JWT_SECRET explicitly.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Where the data lives (DATA_DIR, DATABASE_URL), checked, creating nothing: what the backup and
 * restore commands need, which must not leave a new data directory behind a mistyped path.
 */
export function loadDataLocation(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
} {
  const dataDir = resolve(optional(env, 'DATA_DIR') ?? './data');
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return { dataDir, databaseUrl };
}

/** BACKUP_DIR and BACKUP_KEEP_DAYS: the daily backups, or null when BACKUP_DIR is unset. */
function loadBackupSchedule(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  databaseUrl: string | undefined,
): BackupSchedule | null {
  const dirText = optional(env, 'BACKUP_DIR');
  if (dirText === undefined) {
    if (optional(env, 'BACKUP_KEEP_DAYS') !== undefined) {
      throw new ConfigError('BACKUP_KEEP_DAYS is set but BACKUP_DIR, the folder of the daily backups, is not');
    }
    return null;
  }
  if (databaseUrl) throw new ConfigError(`BACKUP_DIR is set with DATABASE_URL: ${POSTGRES_BACKUP_HINT}`);
  const keepDays = integer(env, 'BACKUP_KEEP_DAYS', DEFAULT_BACKUP_KEEP_DAYS, 1, 3650);
  const dir = resolve(dirText);
  const uploads = uploadsDir(dataDir);
  if (dir === uploads || dir.startsWith(uploads + sep)) {
    throw new ConfigError(
      `BACKUP_DIR must not be inside DATA_DIR/uploads (every backup would hold the ones before it)`,
    );
  }
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new ConfigError(`BACKUP_DIR ${dir} cannot be created or written to: ${(error as Error).message}`);
  }
  return { dir, keepDays };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const { dataDir, databaseUrl } = loadDataLocation(env);
  mkdirSync(dataDir, { recursive: true });

  const jwtSecret = optional(env, 'JWT_SECRET') ?? loadOrCreateSecret(dataDir);
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');

  const secretsKeyText = optional(env, 'SECRETS_KEY');
  const secretsKey = secretsKeyText ? parseSecretsKey(secretsKeyText) : null;
  if (secretsKeyText && !secretsKey) {
    throw new ConfigError('SECRETS_KEY must be 32 bytes: 64 hex characters or base64 (openssl rand -hex 32)');
  }

  const publicBaseUrl = (optional(env, 'PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL is not a URL: "${publicBaseUrl}"`);
  }

  const smtpUrl = optional(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }

  let push: PushConfig;
  try {
    push = loadPushConfig(env);
  } catch (error) {
    if (error instanceof PushConfigError) throw new ConfigError(error.message);
    throw error;
  }

  const paymentApiUrls = { ...DEFAULT_PAYMENT_API_URLS };
  for (const [key, name] of [
    ['cardpay', 'CARDPAY_API_URL'],
    ['onlinepay', 'ONLINEPAY_API_URL'],
    ['checkout', 'CHECKOUT_API_URL'],
  ] as const) {
    const value = optional(env, name)?.replace(/\/+$/, '');
    if (value === undefined) continue;
    if (!/^https?:\/\/[^/]/.test(value)) throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
    paymentApiUrls[key] = value;
  }

  const twilioApiBaseUrl = optional(env, 'TWILIO_API_BASE_URL')?.replace(/\/+$/, '');
  if (twilioApiBaseUrl !== undefined && !/^https?:\/\/[^/]/.test(twilioApiBaseUrl)) {
    throw new ConfigError(`TWILIO_API_BASE_URL must be an http(s) URL, got "${twilioApiBaseUrl}"`);
  }

  const metricsToken = optional(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (openssl rand -hex 24)');
  }

  let bookingEmbedOrigins: EmbedOrigins;
  try {
    bookingEmbedOrigins = parseEmbedOrigins(env.BOOKING_EMBED_ORIGINS);
  } catch (error) {
    if (error instanceof EmbedOriginsError) throw new ConfigError(error.message);
    throw error;
  }

  const worker = (optional(env, 'WORKER') ?? 'on').toLowerCase();
  if (worker !== 'on' && worker !== 'off') throw new ConfigError('WORKER must be "on" or "off"');

  const webhooks: WebhooksConfig = {
    allowHttp: flag(env, 'WEBHOOKS_ALLOW_HTTP'),
    allowPrivate: flag(env, 'WEBHOOKS_ALLOW_PRIVATE'),
    timeoutMs: integer(env, 'WEBHOOKS_TIMEOUT_SECONDS', 15, 1, 120) * 1000,
    extraPorts: portList(env, 'WEBHOOKS_ALLOW_PORTS'),
  };

  const mail: MailRules = {
    allowPrivate: flag(env, 'SMTP_ALLOW_PRIVATE'),
    allowAuthWithoutTls: flag(env, 'SMTP_ALLOW_AUTH_WITHOUT_TLS'),
  };

  const backup = loadBackupSchedule(env, dataDir, databaseUrl);

  const mailPreview = (optional(env, 'MAIL_PREVIEW') ?? (env.NODE_ENV === 'production' ? 'off' : 'on')).toLowerCase();
  if (mailPreview !== 'on' && mailPreview !== 'off') throw new ConfigError('MAIL_PREVIEW must be "on" or "off"');

  return {
    port,
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret,
    secretsKey,
    publicBaseUrl,
    smtpUrl,
    worker,
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    corsOrigin: optional(env, 'CORS_ORIGIN') ?? '*',
    bookingEmbedOrigins,
    trustProxy: optional(env, 'TRUST_PROXY') === 'true',
    jobLeaseSeconds: integer(env, 'JOB_LEASE_SECONDS', 300, 1, 86_400),
    jobPollMs: integer(env, 'JOB_POLL_MS', 1000, 10, 60_000),
    // On PostgreSQL a job spends most of its time waiting on round trips to the database, so
    // more jobs in flight keep the worker busy (bench/README.md); on SQLite every query runs
    // at once in this process, and more jobs only take turns.
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', databaseUrl ? 8 : 4, 1, 64),
    push,
    paymentApiUrls,
    paymentsAllowHttpCheckout: flag(env, 'PAYMENTS_ALLOW_HTTP_CHECKOUT'),
    mailPreview: mailPreview === 'on',
    webhooks,
    mail,
    backup,
    ...(twilioApiBaseUrl ? { twilioApiBaseUrl } : {}),
    ...(metricsToken ? { metricsToken } : {}),
  };
}
