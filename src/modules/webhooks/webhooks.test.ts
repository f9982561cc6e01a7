import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { createClient } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { WebhookReceiver } from '../../../test/helpers/webhook-receiver.js';
import type { WebhooksConfig } from '../../config.js';
import { FAILING_DAYS, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from './delivery.js';

type Endpoint = {
  id: number;
  url: string;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  failure_streak: number;
  event_types: string[];
};

type Delivery = {
  id: number;
  event_type: string;
  message_id: string;
  resource: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  last_status_code: number | null;
  last_error: string | null;
  payload: string;
  attempts: Array<{
    succeeded: boolean;
    status_code: number | null;
    duration_ms: number;
    response_body: string;
    error: string | null;
  }>;
};

/** The receiver runs on 127.0.0.1 over http on a random port: the tests are the operator that allows all three. */
const OPEN: WebhooksConfig = { allowHttp: true, allowPrivate: true, timeoutMs: 2000, extraPorts: 'any' };
/** The default rules, but http, so that the receiver's URL is refused for its address or port alone. */
const GUARDED: WebhooksConfig = { allowHttp: true, allowPrivate: false, timeoutMs: 2000, extraPorts: [] };

for (const dialect of DIALECTS) {
  describe(`webhooks: endpoints, signed deliveries, retries, order, disabling [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let receiver: WebhookReceiver;

    before(async () => {
      t = await createTestApp(dialect, { config: { webhooks: { ...OPEN } } });
      admin = await setupSalon(t);
      receiver = await new WebhookReceiver().start();
    });
    after(async () => {
      await t.close();
      await receiver.stop();
    });
    beforeEach(async () => {
      // One endpoint at a time: each test registers its own.
      await t.ctx.db.deleteFrom('webhook_endpoints').execute();
      receiver.received.length = 0;
      receiver.answer = () => 204;
      t.ctx.config.webhooks = { ...OPEN };
    });

    const register = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/webhooks/endpoints',
        token: admin.token,
        payload: { url: receiver.url, event_types: ['client.created', 'client.updated'], ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const endpoint = response.body as Endpoint;
      receiver.secret = endpoint.secret;
      return endpoint;
    };
    const deliveries = async (endpointId: number, query = '') => {
      const response = await t.request({
        method: 'GET',
        url: `/api/webhooks/endpoints/${endpointId}/deliveries${query}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data as Delivery[];
    };
    const endpoint = async (id: number) => {
      const response = await t.request({ method: 'GET', url: `/api/webhooks/endpoints/${id}`, token: admin.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Endpoint;
    };
    const updateClientName = async (id: number, name: string) => {
      const response = await t.request({
        method: 'PUT',
        url: `/api/clients/${id}`,
        token: admin.token,
        payload: { name },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    /** Skips the wait of every delivery awaiting a retry, as if its time had come. */
    const retryDueNow = async () => {
      const now = new Date().toISOString();
      await t.ctx.db
        .updateTable('jobs')
        .set({ run_at: now })
        .where('name', '=', 'webhook.deliver')
        .where('status', '=', 'queued')
        .execute();
      await t.ctx.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .execute();
    };

    describe('endpoints', () => {
      it('the secret is shown once, at creation, in the Standard Webhooks format, and masked in every read after', async () => {
        const created = await register({ description: 'CRM sync' });
        assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
        const read = await endpoint(created.id);
        assert.equal(read.secret, 'whsec_********');
        const listed = await t.request({ method: 'GET', url: '/api/webhooks/endpoints', token: admin.token });
        assert.deepEqual(
          (listed.body as Endpoint[]).map((row) => row.secret),
          ['whsec_********'],
        );
        const updated = await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { description: 'renamed' },
        });
        assert.equal(updated.body.secret, 'whsec_********');
      });

      it('the secret is stored encrypted (SECRETS_KEY), never as given', async () => {
        const created = await register();
        const row = await t.ctx.db
          .selectFrom('webhook_endpoints')
          .select('secret')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow();
        assert.ok(row.secret.startsWith('enc:v1:'));
        assert.ok(!row.secret.includes(created.secret.slice('whsec_'.length)));
      });

      it('rotating the secret shows the new one once; deliveries are signed with it from then on', async () => {
        const created = await register();
        const rotated = await t.request({
          method: 'POST',
          url: `/api/webhooks/endpoints/${created.id}/rotate-secret`,
          token: admin.token,
        });
        assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
        assert.match(rotated.body.secret, /^whsec_/);
        assert.notEqual(rotated.body.secret, created.secret);
        assert.equal((await endpoint(created.id)).secret, 'whsec_********');
        receiver.secret = rotated.body.secret;
        await createClient(t, admin.token);
        await t.drain();
        assert.equal(receiver.received.length, 1);
        assert.notEqual(receiver.received[0]!.verified, null, 'verifies with the new secret');
      });

      it('an unknown event type, no event type or a missing url is 400', async () => {
        for (const payload of [
          { url: receiver.url, event_types: ['booking.exploded'] },
          { url: receiver.url, event_types: [] },
          { event_types: ['client.created'] },
        ]) {
          const response = await t.request({
            method: 'POST',
            url: '/api/webhooks/endpoints',
            token: admin.token,
            payload,
          });
          assert.equal(response.status, 400, JSON.stringify(payload));
        }
      });

      it('an endpoint deleted goes with its deliveries; an unknown id is 404', async () => {
        const created = await register();
        await createClient(t, admin.token);
        const removed = await t.request({
          method: 'DELETE',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
        });
        assert.equal(removed.status, 200);
        assertError(
          await t.request({ method: 'GET', url: `/api/webhooks/endpoints/${created.id}`, token: admin.token }),
          404,
          'not_found',
        );
        const left = await t.ctx.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', created.id)
          .execute();
        assert.deepEqual(left, []);
        await t.drain();
        assert.equal(receiver.received.length, 0);
      });
    });

    describe('SSRF: private addresses are refused unless the operator allows them', () => {
      beforeEach(() => {
        t.ctx.config.webhooks = { ...GUARDED };
      });

      for (const url of [
        'https://127.0.0.1/hooks',
        'https://10.1.2.3/hooks',
        'https://[::1]/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://[::ffff:127.0.0.1]/hooks',
        'https://[fd00:ec2::254]/hooks',
        'https://localhost/hooks',
        'https://[::7f00:1]/hooks',
        'https://[::a9fe:a9fe]/latest/meta-data',
        'https://[::ffff:0:7f00:1]/hooks',
        'https://[64:ff9b::7f00:1]/hooks',
        'https://[2002:7f00:1::]/hooks',
      ]) {
        it(`registering ${url} is 400 webhook_url_refused`, async () => {
          const response = await t.request({
            method: 'POST',
            url: '/api/webhooks/endpoints',
            token: admin.token,
            payload: { url, event_types: ['client.created'] },
          });
          assertError(response, 400, 'webhook_url_refused');
        });
      }

      it('changing an endpoint to a private address is refused the same way', async () => {
        t.ctx.config.webhooks = { ...OPEN };
        const created = await register();
        t.ctx.config.webhooks = { ...GUARDED };
        const response = await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { url: 'https://192.168.1.1/hooks' },
        });
        assertError(response, 400, 'webhook_url_refused');
      });

      it('a delivery to an endpoint that now resolves to a private address is refused at connection time, never sent', async () => {
        // Registered while allowed (as a public name that later resolves to loopback would be).
        t.ctx.config.webhooks = { ...OPEN };
        const created = await register({ url: `http://localhost:${receiver.port}/hooks` });
        t.ctx.config.webhooks = { ...GUARDED, extraPorts: 'any' };
        await createClient(t, admin.token);
        await t.drain();
        assert.equal(receiver.received.length, 0);
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'pending');
        assert.equal(delivery!.attempts[0]!.status_code, null);
        assert.match(delivery!.attempts[0]!.error ?? '', /refused to connect to (127\.0\.0\.1|::1)/);
      });

      it('plain http is refused unless WEBHOOKS_ALLOW_HTTP', async () => {
        t.ctx.config.webhooks = { ...OPEN, allowHttp: false };
        const response = await t.request({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          token: admin.token,
          payload: { url: receiver.url, event_types: ['client.created'] },
        });
        assertError(response, 400, 'webhook_url_refused');
      });

      it('IPv4-compatible IPv6 loopback on any port ([::7f00:1]:6379) is refused for its address at registration', async () => {
        t.ctx.config.webhooks = { ...GUARDED, extraPorts: 'any' };
        const response = await t.request({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          token: admin.token,
          payload: { url: 'https://[::7f00:1]:6379/hooks', event_types: ['client.created'] },
        });
        assertError(response, 400, 'webhook_url_refused');
        assert.match(JSON.stringify(response.body), /127\.0\.0\.1|::7f00:1/);
      });

      for (const url of [
        'https://93.184.215.14:6379/hooks',
        'http://93.184.215.14:22/',
        'https://93.184.215.14:8080/',
      ]) {
        it(`a public host on a port other than 80, 443 or 8443 (${url}) is 400 webhook_url_refused`, async () => {
          const response = await t.request({
            method: 'POST',
            url: '/api/webhooks/endpoints',
            token: admin.token,
            payload: { url, event_types: ['client.created'] },
          });
          assertError(response, 400, 'webhook_url_refused');
          assert.match(JSON.stringify(response.body), /port/);
        });
      }

      it('ports 80, 443 and 8443 are accepted, and others once WEBHOOKS_ALLOW_PORTS names them', async () => {
        for (const url of ['https://93.184.215.14/a', 'http://93.184.215.14:80/b', 'https://93.184.215.14:8443/c']) {
          const response = await t.request({
            method: 'POST',
            url: '/api/webhooks/endpoints',
            token: admin.token,
            payload: { url, event_types: ['client.created'] },
          });
          assert.equal(response.status, 201, `${url}: ${JSON.stringify(response.body)}`);
        }
        t.ctx.config.webhooks = { ...GUARDED, extraPorts: [9000] };
        const allowed = await t.request({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          token: admin.token,
          payload: { url: 'https://93.184.215.14:9000/hooks', event_types: ['client.created'] },
        });
        assert.equal(allowed.status, 201, JSON.stringify(allowed.body));
      });

      it('a delivery to an endpoint whose port is no longer allowed is refused before connecting, never sent', async () => {
        t.ctx.config.webhooks = { ...OPEN };
        const created = await register();
        t.ctx.config.webhooks = { ...OPEN, extraPorts: [] };
        await createClient(t, admin.token);
        await t.drain();
        assert.equal(receiver.received.length, 0);
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'pending');
        assert.equal(delivery!.attempts[0]!.status_code, null);
        assert.match(delivery!.attempts[0]!.error ?? '', new RegExp(`refused to connect to port ${receiver.port}`));
      });

      it('a URL with a user name or password is refused', async () => {
        t.ctx.config.webhooks = { ...OPEN };
        const response = await t.request({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          token: admin.token,
          payload: { url: `http://user:pass@127.0.0.1:${receiver.port}/hooks`, event_types: ['client.created'] },
        });
        assertError(response, 400, 'webhook_url_refused');
      });
    });

    describe('delivery', () => {
      it('a delivery is signed per Standard Webhooks and verifies with the endpoint secret; the body is { type, timestamp, data }', async () => {
        await register();
        const client = await createClient(t, admin.token, { name: 'Vera Verified' });
        await t.drain();
        assert.equal(receiver.received.length, 1);
        const [webhook] = receiver.received;
        assert.match(webhook!.id, /^msg_/);
        assert.match(webhook!.signature, /^v1,/);
        assert.ok(Math.abs(Number(webhook!.timestamp) - Date.now() / 1000) < 60);
        assert.equal(webhook!.verified!.type, 'client.created');
        assert.match(webhook!.verified!.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.equal(webhook!.verified!.data.id, client.id);
        assert.equal(webhook!.verified!.data.name, 'Vera Verified');
        assert.equal('notes' in webhook!.verified!.data, false, 'internal fields stay in the salon');
      });

      it('only subscribed event types are delivered, and nothing to a disabled endpoint', async () => {
        const created = await register({ event_types: ['client.updated'] });
        const client = await createClient(t, admin.token);
        await updateClientName(client.id, 'Changed');
        await t.drain();
        assert.deepEqual(
          receiver.events.map((event) => event.type),
          ['client.updated'],
        );
        await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { enabled: false },
        });
        await updateClientName(client.id, 'Changed again');
        await t.drain();
        assert.equal(receiver.received.length, 1);
      });

      it('retry then success keeps the webhook-id and the body; each attempt is logged with its status, duration and answer', async () => {
        const created = await register();
        let calls = 0;
        receiver.answer = () => (++calls <= 2 ? 503 : 200);
        await createClient(t, admin.token);
        await t.drain();
        let [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'pending');
        assert.equal(delivery!.attempt_count, 1);
        assert.equal(delivery!.last_status_code, 503);
        const job = await t.ctx.db
          .selectFrom('jobs')
          .select('run_at')
          .where('name', '=', 'webhook.deliver')
          .where('status', '=', 'queued')
          .executeTakeFirstOrThrow();
        const wait = Date.parse(job.run_at) - Date.now();
        assert.ok(wait > 0 && wait <= RETRY_DELAYS_MS[0], `first retry after 5 s, got ${wait} ms`);
        await retryDueNow();
        await t.drain();
        await retryDueNow();
        await t.drain();
        [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'succeeded');
        assert.deepEqual(
          delivery!.attempts.map((attempt) => [attempt.succeeded, attempt.status_code]),
          [
            [false, 503],
            [false, 503],
            [true, 200],
          ],
        );
        assert.equal(delivery!.attempts[0]!.response_body, 'refused: 503');
        assert.ok(delivery!.attempts.every((attempt) => attempt.duration_ms >= 0));
        assert.equal(receiver.received.length, 3);
        assert.equal(
          new Set(receiver.received.map((webhook) => webhook.id)).size,
          1,
          'one webhook-id for every attempt',
        );
        assert.equal(new Set(receiver.received.map((webhook) => webhook.body)).size, 1, 'the same body every time');
        assert.ok(receiver.received.every((webhook) => webhook.verified !== null));
        assert.equal((await endpoint(created.id)).failure_streak, 0, 'a success ends the failure streak');
      });

      it('a redirect is a failure and is not followed', async () => {
        const created = await register();
        receiver.answer = () => 302;
        await createClient(t, admin.token);
        await t.drain();
        assert.equal(receiver.received.length, 1);
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'pending');
        assert.equal(delivery!.last_status_code, 302);
      });

      it('an attempt that gets no answer within the timeout fails with the reason logged', async () => {
        t.ctx.config.webhooks = { ...OPEN, timeoutMs: 200 };
        const created = await register();
        // A server that accepts the request and never answers.
        const { createServer } = await import('node:http');
        const silent = createServer(() => undefined);
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const port = (silent.address() as { port: number }).port;
        await t.ctx.db
          .updateTable('webhook_endpoints')
          .set({ url: `http://127.0.0.1:${port}/` })
          .where('id', '=', created.id)
          .execute();
        await createClient(t, admin.token);
        await t.drain();
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.attempts[0]!.status_code, null);
        assert.match(delivery!.attempts[0]!.error ?? '', /no answer within 200 ms/);
        silent.closeAllConnections();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      });

      it('a delivery whose attempts run out is given up (failed) after the last of the schedule', async () => {
        const created = await register();
        receiver.answer = () => 500;
        await createClient(t, admin.token);
        for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i += 1) {
          await retryDueNow();
          await t.drain();
        }
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'failed');
        assert.equal(delivery!.attempts.length, MAX_DELIVERY_ATTEMPTS);
        assert.equal(receiver.received.length, MAX_DELIVERY_ATTEMPTS);
        const queued = await t.ctx.db
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', 'webhook.deliver')
          .where('status', '=', 'queued')
          .execute();
        assert.deepEqual(queued, [], 'no retry left');
      });
    });

    describe('order per resource', () => {
      it('a delivery waits until the previous one for the same resource on the same endpoint succeeded; other resources go meanwhile', async () => {
        const created = await register();
        const first = await createClient(t, admin.token, { name: 'First' });
        let failFirst = 2;
        receiver.answer = (webhook) => (webhook.verified!.data.id === first.id && failFirst-- > 0 ? 500 : 204);
        await t.drain(); // first.created fails
        await updateClientName(first.id, 'First, renamed');
        await updateClientName(first.id, 'First, renamed twice');
        const second = await createClient(t, admin.token, { name: 'Second' });
        await t.drain();
        // The second client went out; the first client's updates wait behind its failing creation.
        assert.deepEqual(
          receiver.received.map((webhook) => [webhook.verified!.data.id, webhook.verified!.type, webhook.answered]),
          [
            [first.id, 'client.created', 500],
            [second.id, 'client.created', 204],
          ],
        );
        await retryDueNow();
        await t.drain(); // fails a second time
        await retryDueNow();
        await t.drain(); // succeeds, then the two updates follow in order
        const ofFirst = receiver.received
          .filter((webhook) => webhook.verified!.data.id === first.id)
          .map((webhook) => [webhook.verified!.type, webhook.verified!.data.name, webhook.answered]);
        assert.deepEqual(ofFirst, [
          ['client.created', 'First', 500],
          ['client.created', 'First', 500],
          ['client.created', 'First', 204],
          ['client.updated', 'First, renamed', 204],
          ['client.updated', 'First, renamed twice', 204],
        ]);
        const statuses = (await deliveries(created.id)).map((delivery) => delivery.status);
        assert.deepEqual(statuses, ['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      });

      it('a delivery given up lets the next one of its resource go', async () => {
        const created = await register();
        const client = await createClient(t, admin.token);
        receiver.answer = (webhook) => (webhook.verified!.type === 'client.created' ? 500 : 204);
        await t.drain();
        await updateClientName(client.id, 'Next');
        // The creation is on its last attempt.
        await t.ctx.db
          .updateTable('webhook_deliveries')
          .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1 })
          .where('endpoint_id', '=', created.id)
          .where('status', '=', 'pending')
          .where('attempts', '=', 1)
          .execute();
        await retryDueNow();
        await t.drain();
        assert.deepEqual(
          receiver.received.map((webhook) => [webhook.verified!.type, webhook.answered]),
          [
            ['client.created', 500],
            ['client.created', 500],
            ['client.updated', 204],
          ],
        );
        assert.deepEqual(
          (await deliveries(created.id)).map((delivery) => [delivery.event_type, delivery.status]),
          [
            ['client.updated', 'succeeded'],
            ['client.created', 'failed'],
          ],
        );
      });
    });

    describe('redelivery', () => {
      it('a delivered webhook can be sent again by hand, with the same webhook-id and body', async () => {
        const created = await register();
        await createClient(t, admin.token);
        await t.drain();
        const [delivery] = await deliveries(created.id);
        assert.equal(delivery!.status, 'succeeded');
        const response = await t.request({
          method: 'POST',
          url: `/api/webhooks/deliveries/${delivery!.id}/redeliver`,
          token: admin.token,
        });
        assert.equal(response.status, 202, JSON.stringify(response.body));
        await t.drain();
        assert.equal(receiver.received.length, 2);
        assert.equal(receiver.received[1]!.id, receiver.received[0]!.id);
        assert.equal(receiver.received[1]!.body, receiver.received[0]!.body);
        const [again] = await deliveries(created.id);
        assert.equal(again!.status, 'succeeded');
        assert.equal(again!.attempts.length, 2);
      });

      it('a given-up delivery is redelivered once the receiver works; a disabled endpoint is 409; an unknown delivery 404', async () => {
        const created = await register();
        receiver.answer = () => 500;
        await createClient(t, admin.token);
        await t.drain();
        await t.ctx.db
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', finished_at: new Date().toISOString() })
          .execute();
        receiver.answer = () => 204;
        const [delivery] = await deliveries(created.id);
        await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { enabled: false },
        });
        assertError(
          await t.request({
            method: 'POST',
            url: `/api/webhooks/deliveries/${delivery!.id}/redeliver`,
            token: admin.token,
          }),
          409,
          'endpoint_disabled',
        );
        await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { enabled: true },
        });
        const response = await t.request({
          method: 'POST',
          url: `/api/webhooks/deliveries/${delivery!.id}/redeliver`,
          token: admin.token,
        });
        assert.equal(response.status, 202);
        await t.drain();
        const [after] = await deliveries(created.id);
        assert.equal(after!.status, 'succeeded');
        assert.equal(after!.attempt_count, 1, 'a new round of attempts');
        assertError(
          await t.request({ method: 'POST', url: '/api/webhooks/deliveries/999999/redeliver', token: admin.token }),
          404,
          'not_found',
        );
      });
    });

    describe('disabling after a failure streak', () => {
      it(`an endpoint whose every attempt failed for ${FAILING_DAYS} days is disabled, its pending deliveries given up, and the admins notified`, async () => {
        const created = await register();
        receiver.answer = () => 500;
        await createClient(t, admin.token);
        await t.drain();
        assert.equal((await endpoint(created.id)).failure_streak, 1);
        assert.equal((await endpoint(created.id)).enabled, 1);
        // The streak began just over five days ago.
        const since = new Date(Date.now() - FAILING_DAYS * 86_400_000 - 60_000).toISOString();
        await t.ctx.db
          .updateTable('webhook_endpoints')
          .set({ failing_since: since })
          .where('id', '=', created.id)
          .execute();
        await createClient(t, admin.token);
        await retryDueNow();
        await t.drain();
        const disabled = await endpoint(created.id);
        assert.equal(disabled.enabled, 0);
        assert.equal(disabled.disabled_reason, 'failing');
        const statuses = (await deliveries(created.id)).map((delivery) => [delivery.status, delivery.last_error]);
        assert.ok(
          statuses.every(([status]) => status === 'failed'),
          JSON.stringify(statuses),
        );
        assert.ok(statuses.some(([, error]) => /disabled/.test(error ?? '')));
        const notifications = await t.ctx.db
          .selectFrom('notifications')
          .select(['user_id', 'message'])
          .where('type', '=', 'webhook.endpoint_disabled')
          .execute();
        assert.deepEqual(
          notifications.map((row) => row.user_id),
          [admin.id],
        );
        assert.match(notifications[0]!.message, new RegExp(receiver.url.replace(/[.]/g, '\\.')));
        // Nothing more goes out; enabled again, it starts with a clean streak.
        const before = receiver.received.length;
        await createClient(t, admin.token);
        await t.drain();
        assert.equal(receiver.received.length, before);
        const enabled = await t.request({
          method: 'PUT',
          url: `/api/webhooks/endpoints/${created.id}`,
          token: admin.token,
          payload: { enabled: true },
        });
        assert.equal(enabled.body.enabled, 1);
        assert.equal(enabled.body.failure_streak, 0);
        assert.equal(enabled.body.disabled_reason, null);
      });

      it('failures younger than the streak limit leave the endpoint enabled', async () => {
        const created = await register();
        receiver.answer = () => 500;
        await createClient(t, admin.token);
        await createClient(t, admin.token);
        await t.drain();
        const read = await endpoint(created.id);
        assert.equal(read.enabled, 1);
        assert.equal(read.failure_streak, 2);
      });
    });

    describe('access', () => {
      it('staff may not see or change endpoints (admin only)', async () => {
        const staff = await createStaff(t);
        const response = await t.request({ method: 'GET', url: '/api/webhooks/endpoints', token: staff.token });
        assertError(response, 403, 'forbidden');
      });
    });
  });
}
