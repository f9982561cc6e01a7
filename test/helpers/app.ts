import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Dialect } from '../../src/db/connection.js';
import { buildApp } from '../../src/app.js';
import { createWorker } from '../../src/composition.js';
import type { Worker } from '../../src/jobs/worker.js';
import { createTestContext } from './context.js';
import type { TestDatabase } from './database.js';
import { insertUser, uniqueEmail } from './factories.js';
import { SmtpSink } from './smtp-sink.js';

export { PUBLIC_BASE_URL, testConfig } from './config.js';

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

/** The whole service on a fresh database of `dialect`, with a real SMTP server as its mail server. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const mail = await new SmtpSink().start();
  const context = await createTestContext(dialect, {
    config: { smtpUrl: options.smtp === false ? undefined : mail.url, ...options.config },
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
  });
  const { ctx, testDb } = context;
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
      await context.close();
      await mail.stop();
    },
  };
}

export { uniqueEmail } from './factories.js';

export const ADMIN_PASSWORD = 'admin-password-1';

/**
 * The state first-time setup leaves (a salon name, setup completed, one admin), written
 * straight to the database; returns the admin's token and email. The setup flow itself is
 * tested through POST /api/auth/setup in the auth tests. The test salon writes English (the
 * settings' default is `nl`), so tests about other rules can read its emails; the messages
 * tests set the language they check.
 */
export async function setupSalon(t: TestApp): Promise<{ token: string; email: string; id: number }> {
  const admin = await insertUser(t.ctx, {
    role: 'admin',
    password: ADMIN_PASSWORD,
    name: 'Olivia Owner',
    email: uniqueEmail('owner'),
  });
  const now = new Date().toISOString();
  await t.ctx.db
    .updateTable('settings')
    .set({ salon_name: 'Studio Test', language: 'en', setup_completed_at: now, updated_at: now })
    .where('id', '=', 1)
    .execute();
  return { token: admin.token, email: admin.email, id: admin.id };
}

/**
 * A staff member (or a second admin) with a known password and a token, written straight to
 * the database. Registration, the welcome email and the first password change are tested
 * through the API in the auth tests; other tests only need someone signed in.
 */
export async function createStaff(
  t: TestApp,
  role: 'admin' | 'staff' = 'staff',
  password = 'staff-password-1',
): Promise<{ id: number; email: string; token: string; password: string }> {
  const user = await insertUser(t.ctx, { role, password });
  return { id: user.id, email: user.email, token: user.token, password: user.password };
}
