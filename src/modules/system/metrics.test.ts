import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of the sample `name{labels}` in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('METRICS_TOKEN', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('METRICS_TOKEN is optional; one shorter than 16 characters stops the start with a configuration error', () => {
    assert.equal(load({}).metricsToken, undefined);
    assert.equal(load({ METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
    assert.throws(() => load({ METRICS_TOKEN: 'short' }), ConfigError);
  });
});

for (const dialect of DIALECTS) {
  describe(`metrics [${dialect}]`, () => {
    let t: TestApp;
    let off: TestApp;
    let admin: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false, config: { metricsToken: TOKEN } });
      off = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
    });
    after(async () => {
      await t.close();
      await off.close();
    });

    const scrape = async (app: TestApp = t, token = TOKEN) =>
      app.request({
        method: 'GET',
        url: '/api/metrics',
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });

    it('without METRICS_TOKEN the metrics are off: 403 metrics_disabled', async () => {
      const response = await scrape(off);
      assert.equal(response.status, 403);
      assert.equal(response.body.code, 'metrics_disabled');
    });

    it('without the token or with another one: 401, asking for a bearer token', async () => {
      const none = await scrape(t, '');
      assert.equal(none.status, 401);
      assert.equal(none.body.code, 'unauthenticated');
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      assert.equal((await scrape(t, `${TOKEN}x`)).status, 401);
      assert.equal((await scrape(t, admin.token)).status, 401, 'a user’s token is not the metrics token');
    });

    it('request latency is counted by route pattern and status, never by raw URL', async () => {
      await t.request({ method: 'GET', url: '/api/bookings/987654', token: admin.token });
      await t.request({ method: 'GET', url: '/api/no-such-route' });
      const response = await scrape();
      assert.equal(response.status, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const text = String(response.body);
      const count = (labels: Record<string, string>) =>
        sample(text, 'http_request_duration_seconds_count', { method: 'GET', ...labels });
      assert.equal(count({ route: '/api/bookings/:id', status_code: '404' }), 1);
      assert.ok((count({ route: 'unmatched', status_code: '404' }) ?? 0) >= 1);
      assert.ok(!text.includes('987654'), 'no raw URL in a label');
    });

    it('the job queue: jobs by name and status, the due backlog and its age; the worker’s runs by outcome', async () => {
      const now = Date.now();
      const row = (name: string, runAt: number) => ({
        name,
        payload: '{}',
        status: 'queued' as const,
        run_at: new Date(runAt).toISOString(),
        attempts: 0,
        max_attempts: 3,
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      });
      await t.ctx.db
        .insertInto('jobs')
        .values([
          row('metrics.test', now - 120_000),
          row('metrics.test', now - 5_000),
          row('metrics.test', now + 3_600_000),
        ])
        .execute();
      let text = String((await scrape()).body);
      assert.equal(sample(text, 'salon_jobs', { name: 'metrics.test', status: 'queued' }), 3);
      assert.equal(sample(text, 'salon_job_queue_depth', { name: 'metrics.test' }), 2, 'the one for later is not due');
      const age = sample(text, 'salon_job_queue_age_seconds', { name: 'metrics.test' }) ?? 0;
      assert.ok(age >= 119 && age < 600, `age ${age}`);

      // No handler for this name: each due run fails and is retried later.
      await t.drain();
      text = String((await scrape()).body);
      assert.equal(sample(text, 'salon_job_runs_total', { name: 'metrics.test', outcome: 'failed' }), 2);
      assert.equal(sample(text, 'salon_jobs', { name: 'metrics.test', status: 'failed' }), 2);
      assert.equal(sample(text, 'salon_job_duration_seconds_count', { name: 'metrics.test' }), 2);
      assert.equal(
        sample(text, 'salon_job_queue_depth', { name: 'metrics.test' }),
        undefined,
        'retries are not due yet',
      );
    });

    it('the outboxes: messages not sent, by channel and status', async () => {
      const before = String((await scrape()).body);
      const unsent = sample(before, 'salon_outbox_messages', { channel: 'email', status: 'unsent' }) ?? 0;
      // No mail server: a password reset email stays unsent.
      const forgot = await t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: (await t.ctx.db.selectFrom('users').select('email').executeTakeFirstOrThrow()).email },
      });
      assert.equal(forgot.status, 200);
      await t.drain();
      const text = String((await scrape()).body);
      assert.equal(sample(text, 'salon_outbox_messages', { channel: 'email', status: 'unsent' }), unsent + 1);
      assert.equal(sample(text, 'salon_outbox_messages', { channel: 'sms', status: 'queued' }), 0);
    });

    it('process metrics, and the database pool on PostgreSQL', async () => {
      const text = String((await scrape()).body);
      assert.ok((sample(text, 'process_cpu_user_seconds_total') ?? 0) > 0);
      assert.ok((sample(text, 'nodejs_heap_size_used_bytes') ?? 0) > 0);
      const total = sample(text, 'salon_db_pool_connections', { state: 'total' });
      if (dialect === 'postgres') assert.ok((total ?? 0) >= 1, `pool total ${total}`);
      else assert.equal(total, undefined, 'SQLite has no pool');
    });
  });
}
