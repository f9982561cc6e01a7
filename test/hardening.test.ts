import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_BODY_DEPTH } from '../src/http/json-body.js';
import { MAX_PAGE_PARAMETER } from '../src/http/pagination.js';
import { VISIBLE_TEXT_PATTERN } from '../src/http/schemas.js';
import { createTestApp, uniqueEmail, type TestApp } from './helpers/app.js';
import { assertError, assertInvalid } from './helpers/assertions.js';
import { createClient } from './helpers/bookings.js';
import { DIALECTS } from './helpers/database.js';
import { TINY_PNG, multipartFile } from './helpers/multipart.js';
import { offeredStarts, salonDate, setupBookingSalon } from './helpers/public.js';
import { routesOf } from './helpers/routes.js';

/*
 * Input an attacker or a careless client sends, and what a page on another origin needs:
 * every answer is the service's own (error body, request id, headers), never a 500.
 */

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a real socket, with exactly the headers given (as a browser sends them). */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, base), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The app's address on a real socket (listening from the first call on). */
async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function headerList(value: unknown): string[] {
  return (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** A document's schema, following `$ref`s into its components. */
function resolve(doc: any, schema: any): any {
  let current = schema;
  while (current?.$ref)
    current = current.$ref
      .split('/')
      .slice(1)
      .reduce((node: any, key: string) => node?.[key], doc);
  return current;
}

const OPERATIONS = ['get', 'post', 'put', 'patch', 'delete'] as const;

for (const dialect of DIALECTS) {
  describe(`Hardening against hostile input and other origins (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let clientToken: string;
    let booking: { service: { id: number }; staff: { id: number } };

    before(async () => {
      t = await createTestApp(dialect);
      const salon = await setupBookingSalon(t);
      admin = salon.admin;
      booking = salon;
      const client = await createClient(t, admin.token, { name: 'Carla Client', email: uniqueEmail('carla') });
      clientToken = await t.ctx.signer.signClient(client.id);
    });
    after(async () => {
      if (t) await t.close();
    });

    // ------------------------------------------------------------ 1. nesting

    it('a JSON body nested 10,000 levels deep is a 400 validation_failed on every route that takes a body, never a 500', async () => {
      const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
      const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
      const routes = routesOf(t.app).filter(
        (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.url.startsWith('/api/'),
      );
      assert.ok(routes.length > 100, `found only ${routes.length} routes that take a body`);
      for (const { method, url } of routes) {
        const path = url.replace(/:\w+/g, '1');
        for (const payload of [deepArray, deepObject]) {
          let response = await t.request({
            method: method,
            url: path,
            token: admin.token,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          // Booking-page routes that want a client token refuse the staff one first.
          if (response.status === 401) {
            response = await t.request({
              method: method,
              url: path,
              token: clientToken,
              headers: { 'content-type': 'application/json' },
              payload,
            });
          }
          assert.ok(response.status < 500, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
          // The checkout provider's webhook keeps its body as the signed text, unparsed.
          if (url === '/api/payments/webhooks/checkout') continue;
          // The booking page's routes take 16 KiB: refused unread, which is as good.
          if (response.status === 413) {
            assertError(response, 413, 'payload_too_large');
            continue;
          }
          assertInvalid(response, 'body');
          assert.match(response.body.details[0].message, new RegExp(`${MAX_BODY_DEPTH} levels`), `${method} ${url}`);
        }
      }
    });

    it(`a JSON body up to ${MAX_BODY_DEPTH} levels deep is read; one level more is a 400`, async () => {
      // The body object is level 0; its field holds arrays nested down to level `levels`.
      const bodyOfDepth = (levels: number) =>
        `{"name":"Deep Enough","unknown":${'['.repeat(levels) + ']'.repeat(levels)}}`;
      const read = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        payload: bodyOfDepth(MAX_BODY_DEPTH),
      });
      assert.equal(read.status, 201, JSON.stringify(read.body));
      const refused = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        payload: bodyOfDepth(MAX_BODY_DEPTH + 1),
      });
      assertInvalid(refused, 'body');
    });

    // ------------------------------------------------------------ 2. pagination

    it('page and limit beyond the integer range are a 400 on every paginated list, and the largest allowed page is an empty page', async () => {
      const doc = (await t.request({ url: '/api/openapi.json' })).body;
      const lists = Object.entries<any>(doc.paths)
        .filter(([, item]) => item.get?.parameters?.some((p: any) => p.in === 'query' && p.name === 'page'))
        .map(([path]) => path);
      assert.ok(lists.length >= 17, `found only ${lists.length} paginated lists`);
      // A list under a record (a client's history) is asked of a record that exists.
      const owner = await createClient(t, admin.token, { name: 'Paula Pages', email: uniqueEmail('paula') });
      // The webhook delivery log lives under an endpoint: a disabled one with the client's id.
      const now = new Date().toISOString();
      await t.ctx.db
        .insertInto('webhook_endpoints')
        .values({
          id: owner.id,
          url: 'https://hooks.example.com/',
          event_types: '["client.created"]',
          enabled: 0,
          secret: t.ctx.secrets.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1cFgVOKYQMk='),
          disabled_reason: 'manual',
          disabled_at: now,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const path of lists.map((template) => template.replace(/\{\w+\}/g, String(owner.id)))) {
        for (const query of ['page=1000000000000000000', 'page=1e308&limit=1e308', 'page=1&limit=1e308']) {
          const response = await t.request({ url: `${path}?${query}`, token: admin.token });
          assertError(response, 400, 'validation_failed');
          assert.ok(
            response.body.details.some((d: { field: string }) => d.field === 'page' || d.field === 'limit'),
            `${path}?${query}: ${JSON.stringify(response.body)}`,
          );
        }
        const last = await t.request({
          url: `${path}?page=${MAX_PAGE_PARAMETER}&limit=${MAX_PAGE_PARAMETER}`,
          token: admin.token,
        });
        assert.equal(last.status, 200, `${path}: ${JSON.stringify(last.body)}`);
        assert.deepEqual(last.body.data, [], path);
        assert.equal(last.body.page, MAX_PAGE_PARAMETER, path);
        assert.equal(last.body.limit, 200, `${path}: a larger limit is capped`);
      }
    });

    it('every integer or number in a query string or path has a documented maximum', async () => {
      const doc = (await t.request({ url: '/api/openapi.json' })).body;
      let checked = 0;
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const method of OPERATIONS) {
          for (const parameter of item[method]?.parameters ?? []) {
            const schema = resolve(doc, parameter.schema);
            const branches = [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])];
            for (const branch of branches) {
              if (branch?.type !== 'integer' && branch?.type !== 'number') continue;
              checked += 1;
              assert.equal(
                typeof branch.maximum,
                'number',
                `${method.toUpperCase()} ${path}: ${parameter.in} ${parameter.name} is unbounded`,
              );
            }
          }
        }
      }
      assert.ok(checked > 50, `only ${checked} numeric parameters found`);
    });

    // ------------------------------------------------------------ 3. URLs the router refuses

    it("a path value over 100 characters (414) and a bad percent-encoding (400) answer with the error body, X-Request-Id, security headers, and CORS on the booking page's API", async () => {
      const cases = [
        {
          methods: ['GET', 'PUT', 'DELETE'],
          url: `/api/clients/${'9'.repeat(101)}`,
          status: 414,
          code: 'uri_too_long',
        },
        { methods: ['GET'], url: `/api/giftcards/code/${'A'.repeat(101)}`, status: 414, code: 'uri_too_long' },
        { methods: ['GET', 'DELETE'], url: '/api/clients/%zz', status: 400, code: 'invalid_url' },
        { methods: ['GET'], url: '/api/clients/%E2%82', status: 400, code: 'invalid_url' },
        { methods: ['GET', 'POST'], url: '/api/cli%zzents?page=1', status: 400, code: 'invalid_url' },
        { methods: ['GET', 'POST'], url: '/api/public/bookings/%zz', status: 400, code: 'invalid_url' },
        {
          methods: ['GET'],
          url: `/api/public/me/bookings/${'9'.repeat(101)}/availability`,
          status: 414,
          code: 'uri_too_long',
        },
      ];
      for (const { methods, url, status, code } of cases) {
        for (const method of methods as Array<'GET'>) {
          const response = await t.request({
            method,
            url,
            headers: { origin: 'https://booking.example', 'x-request-id': 'refused-url-1' },
          });
          assertError(response, status, code);
          assert.deepEqual(Object.keys(response.body).sort(), ['code', 'error'], url);
          assert.match(String(response.headers['content-type']), /^application\/json/, url);
          assert.equal(response.headers['x-request-id'], 'refused-url-1', url);
          assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
          assert.ok(response.headers['content-security-policy'], `${url}: content-security-policy`);
          if (url.startsWith('/api/public/')) {
            assert.equal(response.headers['access-control-allow-origin'], '*', url);
            assert.ok(headerList(response.headers['access-control-expose-headers']).includes('x-request-id'), url);
          } else {
            assert.equal(response.headers['access-control-allow-origin'], undefined, url);
          }
        }
      }
      // A request id is generated for these too.
      const generated = await t.request({ url: '/api/clients/%zz' });
      assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
      // A path value of exactly 100 characters reaches its route, which validates it as usual.
      const longest = await t.request({ url: `/api/clients/${'9'.repeat(100)}`, token: admin.token });
      assertInvalid(longest, 'id');
    });

    it('every operation with a path parameter documents the 414 and the 404 it can answer', async () => {
      const doc = (await t.request({ url: '/api/openapi.json' })).body;
      let checked = 0;
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        if (!path.includes('{')) continue;
        for (const method of OPERATIONS) {
          if (!item[method]) continue;
          checked += 1;
          for (const status of ['404', '414']) {
            assert.ok(item[method].responses?.[status], `${method.toUpperCase()} ${path} documents ${status}`);
          }
        }
      }
      assert.ok(checked > 50, `only ${checked} operations with a path parameter`);
    });

    // ------------------------------------------------------------ 4. fixed segments

    it('a fixed path segment is never read as an id: the unknown routes next to an /:id route answer 404 not_found', async () => {
      const cases: Array<[string, string]> = [
        ['PUT', '/api/clients/labels'],
        ['DELETE', '/api/clients/labels'],
        ['DELETE', '/api/notifications/read-all'],
        ['DELETE', '/api/notifications/preferences'],
        ['DELETE', '/api/notifications/unread-count'],
        ['DELETE', '/api/staff/default-shifts/apply'],
        ['DELETE', '/api/staff/default-shifts/save-week'],
        ['PUT', '/api/packages/credits'],
        ['DELETE', '/api/packages/credits'],
        ['DELETE', '/api/campaigns/segments/preview'],
        ['GET', '/api/giftcards/code'],
        ['DELETE', '/api/giftcards/code'],
        ['PUT', '/api/services/categories'],
        ['DELETE', '/api/services/categories'],
        ['PUT', '/api/suppliers/orders'],
        ['GET', '/api/suppliers/packing-slips'],
        ['PUT', '/api/campaigns/followup-steps'],
        ['GET', '/api/campaigns/render-mjml'],
        ['GET', '/api/campaigns/unsubscribe'],
        ['DELETE', '/api/campaigns/unsubscribe'],
      ];
      for (const [method, url] of cases) {
        for (const token of [undefined, admin.token]) {
          const response = await t.request({
            method: method,
            url,
            ...(token ? { token } : {}),
            ...(method === 'PUT' ? { payload: {} } : {}),
          });
          assertError(response, 404, 'not_found');
          assert.equal(response.body.error, `Route ${method} ${url} not found`);
        }
      }
    });

    it('a fixed path segment is never read as an id, for every parametric route and every fixed segment beside it', async () => {
      const routes = routesOf(t.app)
        // HEAD is the twin of each GET and answers without a body.
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'OPTIONS' && route.method !== 'HEAD')
        .map((route) => ({ ...route, segments: route.url.split('/') }));
      const isParam = (segment: string) => segment.startsWith(':');
      const sameBefore = (a: string[], b: string[], i: number) =>
        a.slice(0, i).every((segment, j) => segment === b[j] || (isParam(segment) && isParam(b[j] ?? '')));
      let checked = 0;
      for (const route of routes) {
        for (let i = 0; i < route.segments.length; i++) {
          if (!isParam(route.segments[i]!)) continue;
          const fixedBeside = new Set(
            routes
              .filter((other) => sameBefore(other.segments, route.segments, i))
              .map((other) => other.segments[i])
              .filter((segment): segment is string => !!segment && !isParam(segment) && !segment.includes('*')),
          );
          for (const fixed of fixedBeside) {
            const concrete = route.segments.map((segment, j) => (j === i ? fixed : isParam(segment) ? '1' : segment));
            // Where a route of this method has the fixed segment itself, the router takes it.
            const served = routes.some(
              (other) =>
                other.method === route.method &&
                other.segments.length === concrete.length &&
                other.segments[i] === fixed &&
                other.segments.every((segment, j) => isParam(segment) || segment === concrete[j]),
            );
            if (served) continue;
            const url = concrete.join('/');
            const response = await t.request({
              method: route.method,
              url,
              ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
            });
            assert.equal(response.status, 404, `${route.method} ${url} (route ${route.url}): ${response.status}`);
            assert.equal(response.body.code, 'not_found', `${route.method} ${url}`);
            checked += 1;
          }
        }
      }
      assert.ok(checked >= 20, `only ${checked} fixed segments checked`);
    });

    // ------------------------------------------------------------ 5. another origin

    it('a booking page on another origin: the preflight allows Idempotency-Key and every header the API reads; Idempotent-Replayed and X-Request-Id are readable', async () => {
      const base = await listen(t);
      const origin = 'https://www.salon-website.example';
      const preflight = await send(base, 'OPTIONS', '/api/public/bookings', {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key,authorization,x-request-id',
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.ok(headerList(preflight.headers['access-control-allow-methods']).includes('post'));
      const allowed = headerList(preflight.headers['access-control-allow-headers']);
      for (const header of ['content-type', 'idempotency-key', 'authorization', 'x-request-id']) {
        assert.ok(allowed.includes(header), `${header} allowed: ${allowed.join(', ')}`);
      }

      // The booking itself, sent twice with one key, as a retrying page would.
      const date = salonDate(3);
      const [start] = await offeredStarts(t, { service_id: booking.service.id, date });
      assert.ok(start, 'a slot is offered');
      const body = JSON.stringify({
        service_id: booking.service.id,
        staff_id: booking.staff.id,
        start_at: `${date} ${start}:00`,
        client_name: 'Paula Public',
        client_email: uniqueEmail('paula'),
      });
      const headers = { origin, 'content-type': 'application/json', 'idempotency-key': 'booking-page-retry-1' };
      const first = await send(base, 'POST', '/api/public/bookings', headers, body);
      assert.equal(first.status, 201, first.body);
      const replay = await send(base, 'POST', '/api/public/bookings', headers, body);
      assert.equal(replay.status, 201, replay.body);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.headers['access-control-allow-origin'], '*');
      const exposed = headerList(replay.headers['access-control-expose-headers']);
      for (const header of ['idempotent-replayed', 'x-request-id', 'retry-after']) {
        assert.ok(exposed.includes(header), `${header} exposed: ${exposed.join(', ')}`);
      }
    });

    it('CORS_ORIGIN with a list allows exactly those origins, in the preflight and in the answer', async () => {
      const listed = await createTestApp(dialect, {
        config: { corsOrigin: 'https://www.salon-website.example, https://book.salon.example' },
      });
      try {
        const base = await listen(listed);
        for (const origin of ['https://www.salon-website.example', 'https://book.salon.example']) {
          const preflight = await send(base, 'OPTIONS', '/api/public/bookings', {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,idempotency-key',
          });
          assert.equal(preflight.status, 204);
          assert.equal(preflight.headers['access-control-allow-origin'], origin);
          assert.ok(headerList(preflight.headers['access-control-allow-headers']).includes('idempotency-key'));
          assert.ok(headerList(preflight.headers.vary).includes('origin'), 'Vary: Origin');
          const answer = await send(base, 'GET', '/api/public/salon-info', { origin });
          assert.equal(answer.status, 200, answer.body);
          assert.equal(answer.headers['access-control-allow-origin'], origin);
        }
        const stranger = await send(base, 'OPTIONS', '/api/public/bookings', {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
        });
        assert.equal(stranger.headers['access-control-allow-origin'], undefined);
        const strangerAnswer = await send(base, 'GET', '/api/public/salon-info', {
          origin: 'https://elsewhere.example',
        });
        assert.equal(strangerAnswer.headers['access-control-allow-origin'], undefined);
      } finally {
        await listed.close();
      }
    });

    it('the logo may be shown by an <img> on another origin (Cross-Origin-Resource-Policy: cross-origin)', async () => {
      const upload = multipartFile('logo', 'logo.png', 'image/png', TINY_PNG);
      const uploaded = await t.request({
        method: 'POST',
        url: '/api/settings/upload-logo',
        token: admin.token,
        headers: upload.headers,
        payload: upload.payload,
      });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      const logo = await t.request({
        url: '/api/settings/logo',
        headers: { origin: 'https://www.salon-website.example' },
      });
      assert.equal(logo.status, 200);
      assert.equal(logo.headers['cross-origin-resource-policy'], 'cross-origin');
      // Everything else stays same-origin.
      const other = await t.request({ url: '/api/public/salon-info' });
      assert.equal(other.headers['cross-origin-resource-policy'], 'same-origin');
    });

    it('no Content-Security-Policy carries upgrade-insecure-requests, so /api/docs works over plain http on the local network', async () => {
      const base = await listen(t);
      // As opened from another machine: a plain-http address that is not localhost.
      const host = { host: '192.168.1.20:3000' };
      const page = await send(base, 'GET', '/api/docs/', host);
      assert.equal(page.status, 200);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      const assets = [...page.body.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      assert.ok(assets.length > 0, 'the page loads scripts and styles');
      for (const path of ['/api/docs/', ...assets.map((asset) => `/api/docs/${asset.replace(/^\/api\/docs\//, '')}`)]) {
        const answer = await send(base, 'GET', path, host);
        assert.equal(answer.status, 200, path);
        const policy = String(answer.headers['content-security-policy'] ?? '');
        assert.ok(policy.length > 0, `${path} has a Content-Security-Policy`);
        assert.doesNotMatch(policy, /upgrade-insecure-requests/, path);
      }
      for (const path of ['/api/health', '/api/openapi.json', '/api/nowhere']) {
        const answer = await send(base, 'GET', path, host);
        assert.doesNotMatch(String(answer.headers['content-security-policy']), /upgrade-insecure-requests/, path);
      }
    });

    // ------------------------------------------------------------ 6. smaller rules

    it('a DELETE with Content-Type: application/json and an empty body is accepted', async () => {
      const base = await listen(t);
      const client = await createClient(t, admin.token, { name: 'Delete Me' });
      const response = await send(base, 'DELETE', `/api/clients/${client.id}`, {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
        'content-length': '0',
      });
      assert.equal(response.status, 200, response.body);
      assert.deepEqual(JSON.parse(response.body), { ok: true });
      // A POST still needs its body.
      const post = await send(base, 'POST', '/api/clients', {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
        'content-length': '0',
      });
      assert.equal(post.status, 400);
      assert.equal(JSON.parse(post.body).code, 'invalid_json');
    });

    it('a __proto__ or constructor.prototype key is refused with a 400 that names it, not as invalid JSON', async () => {
      const bodies: Array<[string, string]> = [
        ['{"name":"Polly","__proto__":{"admin":true}}', '__proto__'],
        ['{"name":"Polly","notes":"x","labels":[{"__proto__":{"a":1}}]}', 'labels.0.__proto__'],
        ['{"name":"Polly","constructor":{"prototype":{"admin":true}}}', 'constructor.prototype'],
      ];
      for (const [payload, field] of bodies) {
        const response = await t.request({
          method: 'POST',
          url: '/api/clients',
          token: admin.token,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        assertInvalid(response, field);
        assert.match(response.body.error, /prototype/, payload);
      }
      // A "constructor" that is plain data is fine.
      const plain = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        payload: { name: 'Polly', constructor: 'a word' },
      });
      assert.equal(plain.status, 201, JSON.stringify(plain.body));
    });

    it('a name made only of control or invisible characters is refused for clients, staff, services, products and every other named record', async () => {
      const creations: Array<[string, (name: string) => object]> = [
        ['/api/clients', (name) => ({ name })],
        ['/api/staff/staff', (name) => ({ name, email: uniqueEmail('named'), password: 'long enough' })],
        ['/api/auth/register', (name) => ({ name, email: uniqueEmail('named') })],
        ['/api/services', (name) => ({ name, duration_min: 30, price: 10 })],
        ['/api/services/categories', (name) => ({ name })],
        [
          '/api/inventory/products',
          (name) => ({ name, sku: `SKU-${uniqueEmail('sku')}`, price: 5, purchase_price: 2, quantity_on_hand: 1 }),
        ],
        ['/api/inventory/categories', (name) => ({ name })],
        ['/api/suppliers', (name) => ({ name })],
        ['/api/locations', (name) => ({ name })],
        ['/api/clients/labels', (name) => ({ name: name.slice(0, 50) })],
        ['/api/settings/holidays', (name) => ({ name, date: '2031-12-25' })],
        ['/api/settings/vat-rates', (name) => ({ name, percentage: 9 })],
      ];
      const invisible = ['\u0001', '\u200b', ' \u200b\t', '\u3164', '\ufeff\u2060', '\u00ad', '\u2028'];
      for (const [url, body] of creations) {
        for (const name of invisible) {
          const response = await t.request({ method: 'POST', url, token: admin.token, payload: body(name) });
          assertInvalid(response, 'name');
          const detail = response.body.details.find((d: { field: string }) => d.field === 'name');
          assert.match(detail.message, /visible character/, `${url} ${JSON.stringify(name)}`);
        }
        const named = await t.request({
          method: 'POST',
          url,
          token: admin.token,
          payload: body(`Zoë ${url.length} 🙂`),
        });
        assert.ok(named.status === 200 || named.status === 201, `${url}: ${JSON.stringify(named.body)}`);
      }
      // The same rule on update.
      const client = await createClient(t, admin.token, { name: 'Renamed Later' });
      const renamed = await t.request({
        method: 'PUT',
        url: `/api/clients/${client.id}`,
        token: admin.token,
        payload: { name: '\u200b' },
      });
      assertInvalid(renamed, 'name');
    });

    it('every required name in a request body takes the one visible-text rule', async () => {
      const doc = (await t.request({ url: '/api/openapi.json' })).body;
      let checked = 0;
      const visit = (schema: any, where: string, seen: Set<any>) => {
        const node = resolve(doc, schema);
        if (!node || typeof node !== 'object' || seen.has(node)) return;
        seen.add(node);
        for (const [key, property] of Object.entries<any>(node.properties ?? {})) {
          const value = resolve(doc, property);
          if (/(^|_)name$/.test(key) && value?.type === 'string' && (value.minLength ?? 0) >= 1) {
            checked += 1;
            assert.equal(value.pattern, VISIBLE_TEXT_PATTERN, `${where}: ${key}`);
          }
          visit(value, `${where}.${key}`, seen);
        }
        for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
          visit(branch, where, seen);
        }
        if (node.items) visit(node.items, `${where}[]`, seen);
      };
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const method of OPERATIONS) {
          const body = item[method]?.requestBody?.content?.['application/json']?.schema;
          if (body) visit(body, `${method.toUpperCase()} ${path}`, new Set());
        }
      }
      assert.ok(checked >= 20, `only ${checked} names found`);
    });
  });
}
