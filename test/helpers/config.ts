import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config.js';

export const PUBLIC_BASE_URL = 'http://salon.test';

/** The service's configuration for a test: a fresh data directory, fresh secrets, worker off. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'salon-test-')),
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32),
    publicBaseUrl: PUBLIC_BASE_URL,
    smtpUrl: undefined,
    worker: 'off',
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    corsOrigin: '*',
    trustProxy: false,
    jobLeaseSeconds: 30,
    jobPollMs: 50,
    jobConcurrency: 4,
    push: { webPush: null, webPushAllowHttp: false, fcm: null, apns: null },
    // The fake payment providers serve their hosted checkout pages on http://127.0.0.1: the
    // tests are the operator with a local sandbox (PAYMENTS_ALLOW_HTTP_CHECKOUT). The refusal
    // of an http checkout URL is tested with this turned off.
    paymentsAllowHttpCheckout: true,
    // The tests' mail servers (smtp-server) listen on 127.0.0.1 and offer no TLS.
    mail: { allowPrivate: true, allowAuthWithoutTls: true },
    ...overrides,
  };
}
