import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, DIALECTS, type TestDatabase } from './helpers/database.js';
import { freePort, runEntry, waitFor, type RunningProcess } from './helpers/server-process.js';
import { SmtpSink } from './helpers/smtp-sink.js';

/** The compiled server or worker, started as `npm start` / `npm run worker` start them (the suite builds them first). */
const run = (entry: 'main' | 'worker-main', env: Record<string, string>): RunningProcess => runEntry(entry, [], env);
const stop = (running: RunningProcess) => running.stop();

for (const dialect of DIALECTS) {
  describe(`the server process [${dialect}]`, () => {
    let mail: SmtpSink;
    const cleanups: Array<() => Promise<void>> = [];

    /** A fresh data directory (and PostgreSQL database) for one test. */
    async function environment(): Promise<{ dataDir: string; env: Record<string, string> }> {
      const dataDir = mkdtempSync(join(tmpdir(), 'salon-server-'));
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        SMTP_URL: mail.url,
        JOB_POLL_MS: '100',
      };
      let testDb: TestDatabase | undefined;
      if (dialect === 'postgres') {
        testDb = await createTestDatabase('postgres');
        env.DATABASE_URL = testDb.url!;
      }
      cleanups.push(async () => {
        await testDb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      return { dataDir, env };
    }

    async function setupOwner(base: string, email: string): Promise<string> {
      const setup = await fetch(`${base}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          admin_name: 'Proc Owner',
          admin_email: email,
          admin_password: 'process-pass',
          salon_name: 'Proc',
        }),
      });
      assert.equal(setup.status, 201);
      return ((await setup.json()) as { token: string }).token;
    }

    before(async () => {
      mail = await new SmtpSink().start();
    });
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
      await mail.stop();
    });

    it('npm start (the compiled server) serves health, docs and the booking page, runs the worker in-process, keeps its secret, and exits 0 on SIGTERM', async () => {
      const { dataDir, env: baseEnv } = await environment();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = run('main', { ...baseEnv, PORT: String(port) });
      try {
        const health = await waitFor('health', async () => {
          const response = await fetch(`${base}/api/health`);
          return response.ok ? await response.json() : undefined;
        });
        assert.deepEqual(health, { status: 'ok', database: dialect });

        const docs = await fetch(`${base}/api/docs`);
        assert.equal(docs.status, 200);
        assert.match(docs.headers.get('content-type') ?? '', /text\/html/);
        const openapi = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
        assert.ok(openapi.paths['/api/auth/login']);
        // The compiled server finds the web build: the booking page and its assets.
        const bookingPage = await fetch(`${base}/book`);
        assert.equal(bookingPage.status, 200);
        assert.match(bookingPage.headers.get('content-type') ?? '', /text\/html/);
        const script = /src="(\/assets\/[^"]+\.js)"/.exec(await bookingPage.text())?.[1];
        assert.ok(script, 'the booking page names its script');
        assert.equal((await fetch(`${base}${script}`)).status, 200);

        const token = await setupOwner(base, 'owner@proc.example');

        const register = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ email: 'new.staff@proc.example', name: 'New Staff' }),
        });
        assert.equal(register.status, 200);
        await waitFor('welcome email sent by the in-process worker', async () =>
          mail.to('new.staff@proc.example').length > 0 ? true : undefined,
        );

        assert.equal(await stop(server), 0);
        assert.equal(statSync(join(dataDir, 'jwt-secret')).mode & 0o777, 0o600, 'generated secret is private');

        // After a restart: same data, and tokens signed before it are still valid.
        const again = run('main', { ...baseEnv, PORT: String(port) });
        try {
          await waitFor('restart', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
          const users = await fetch(`${base}/api/auth/users`, { headers: { authorization: `Bearer ${token}` } });
          assert.equal(users.status, 200);
          assert.equal(((await users.json()) as unknown[]).length, 2);
        } finally {
          assert.equal(await stop(again), 0);
        }
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    });

    it('WORKER=off serves HTTP only; `npm run worker` alone sends what was queued', async () => {
      const { env: baseEnv } = await environment();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const api = run('main', { ...baseEnv, PORT: String(port), WORKER: 'off' });
      let worker: RunningProcess | undefined;
      try {
        await waitFor('health', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
        const token = await setupOwner(base, 'split.owner@proc.example');
        const register = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ email: 'split@proc.example', name: 'Split' }),
        });
        assert.equal(register.status, 200);
        await sleep(500);
        assert.equal(mail.to('split@proc.example').length, 0, 'no worker runs inside the API process');

        worker = run('worker-main', baseEnv);
        await waitFor('welcome email sent by the separate worker', async () =>
          mail.to('split@proc.example').length > 0 ? true : undefined,
        );
        assert.equal(await stop(worker), 0);
      } finally {
        if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
        assert.equal(await stop(api), 0);
      }
    });

    it('refuses to start with invalid configuration, naming the variable', async () => {
      const { env } = await environment();
      const bad = run('main', { ...env, PORT: 'eighty' });
      const code = await bad.exited;
      assert.equal(code, 1);
      assert.match(bad.output(), /PORT must be an integer/);
    });
  });
}
