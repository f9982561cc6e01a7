import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import type { Dialect } from '../../src/db/connection.js';
import { buildApp } from '../../src/app.js';
import { createWorker } from '../../src/composition.js';
import type { Worker } from '../../src/jobs/worker.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { SmtpSink } from './smtp-sink.js';

export const PUBLIC_BASE_URL = 'http://salon.test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  testDb: TestDatabase;
  mail: SmtpSink;
  worker: Worker;
  /** Runs every due job (and the jobs those enqueue) to completion. */
  drain(): Promise<number>;
  request(
    options: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** false: no SMTP_URL at all (mail stays `unsent`). */
  smtp?: boolean;
  config?: Partial<Config>;
  /** Where log lines go (default: nowhere unless LOG_LEVEL is set). */
  logDestination?: DestinationStream;
}

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
    ...overrides,
  };
}

/** The whole service on a fresh database of `dialect`, with a real SMTP server as its mail server. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const mail = await new SmtpSink().start();
  const testDb = await createTestDatabase(dialect);
  const config = testConfig({
    databaseUrl: testDb.url,
    smtpUrl: options.smtp === false ? undefined : mail.url,
    ...options.config,
  });
  const log = createLogger(config.logLevel, options.logDestination);
  const ctx = createContext(config, { db: testDb.database.db, dialect }, log);
  const app = await buildApp(ctx);
  await app.ready();
  const worker = createWorker(ctx);
  return {
    app,
    ctx,
    testDb,
    mail,
    worker,
    drain: () => worker.drain(),
    async request({ token, ...options }) {
      const response = await app.inject({
        // Each request from its own address unless a test names one: the per-IP rate limits
        // are then tested on purpose, not tripped by chance by a busy test file.
        remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      });
      const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
      return { status: response.statusCode, body: isJson ? response.json() : response.body, headers: response.headers };
    },
    async close() {
      await worker.stop();
      await app.close();
      await testDb.drop();
      await mail.stop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** An email address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const ADMIN_PASSWORD = 'admin-password-1';

/** Runs first-time setup; returns the admin's token and email. */
export async function setupSalon(t: TestApp): Promise<{ token: string; email: string; id: number }> {
  const email = uniqueEmail('owner');
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/setup',
    payload: {
      admin_name: 'Olivia Owner',
      admin_email: email,
      admin_password: ADMIN_PASSWORD,
      salon_name: 'Studio Test',
    },
  });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.token, email, id: response.body.user.id };
}

/** Creates a user through the API (register) and gives it a known password; returns a token. */
export async function createStaff(
  t: TestApp,
  adminToken: string,
  role: 'admin' | 'staff' = 'staff',
  password = 'staff-password-1',
): Promise<{ id: number; email: string; token: string; password: string }> {
  const email = uniqueEmail(role);
  const created = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    token: adminToken,
    payload: { email, name: `Test ${role}`, role },
  });
  if (created.status !== 200) throw new Error(`register failed: ${created.status} ${JSON.stringify(created.body)}`);
  await t.drain();
  const welcome = t.mail.to(email).at(-1);
  const temporary = /Temporary password: (\S+)/.exec(welcome?.text ?? '')?.[1];
  if (!temporary) throw new Error('no welcome email with a temporary password');
  const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: temporary } });
  await t.request({
    method: 'POST',
    url: '/api/auth/change-password',
    token: login.body.token,
    payload: { email, currentPassword: temporary, newPassword: password, confirmPassword: password },
  });
  const final = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { id: created.body.id, email, token: final.body.token, password };
}
