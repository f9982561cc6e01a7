import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { TokenSigner } from '../src/lib/jwt.js';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';
import { routesOf } from './helpers/routes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `{ error, code }` error body, with `code` as given. */
function assertError(response: { status: number; body: any }, status: number, code: string): void {
  assert.equal(response.status, status, `status (body: ${JSON.stringify(response.body)})`);
  assert.equal(typeof response.body, 'object', 'a JSON body');
  assert.equal(typeof response.body.error, 'string');
  assert.ok(response.body.error.length > 0, 'a human message');
  assert.equal(response.body.code, code);
  assert.match(response.body.code, /^[a-z][a-z0-9_]*$/, 'a stable snake_case code');
}

for (const dialect of DIALECTS) {
  describe(`HTTP conventions (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number; email: string };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(async () => {
      if (!t) return;
      await t.close();
    });

    // ------------------------------------------------------------ routing and bodies

    it('an unknown route answers 404 { error, code: not_found } in JSON', async () => {
      for (const [method, url] of [
        ['GET', '/api/does-not-exist'],
        ['POST', '/api/auth/no-such-thing'],
        ['GET', '/not-an-api-path'],
      ] as const) {
        const response = await t.request({ method, url, ...(method === 'POST' ? { payload: { a: 1 } } : {}) });
        assertError(response, 404, 'not_found');
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assert.deepEqual(Object.keys(response.body).sort(), ['code', 'error']);
      }
    });

    it('malformed JSON is a 400 with { error, code }, never a 500', async () => {
      for (const payload of ['{"email":', '{email: "x"}', 'not json at all', '{"a":1}}']) {
        const response = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        assertError(response, 400, 'invalid_json');
      }
      const empty = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      assert.equal(empty.status, 400);
      assert.equal(typeof empty.body.code, 'string');
      // Valid JSON of the wrong shape is a validation error, also not a 500.
      for (const payload of ['"a string"', '[1, 2]', 'null', '42']) {
        const response = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        assert.equal(response.status, 400, `${payload} → ${JSON.stringify(response.body)}`);
        assert.equal(typeof response.body.code, 'string');
      }
    });

    it('a body over 1 MiB is a 413; a big body under the limit is read', async () => {
      assert.equal(BODY_LIMIT_BYTES, 1024 * 1024);
      const email = uniqueEmail('big');
      const tooBig = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'x', padding: 'a'.repeat(BODY_LIMIT_BYTES) }),
      });
      assertError(tooBig, 413, 'payload_too_large');

      // Just under the limit: parsed, the unknown field dropped, and the login refused on its merits.
      const body = JSON.stringify({ email, password: 'wrong-password', padding: '' });
      const underLimit = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: body.replace('"padding":""', `"padding":"${'a'.repeat(BODY_LIMIT_BYTES - body.length - 10)}"`),
      });
      assertError(underLimit, 401, 'invalid_credentials');
    });

    it('a body of another content type than JSON is a 415', async () => {
      for (const [contentType, payload] of [
        ['text/plain', 'email=a@b.c'],
        ['application/xml', '<login><email>a@b.c</email></login>'],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
      ]) {
        const response = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': contentType! },
          payload,
        });
        assertError(response, 415, 'unsupported_media_type');
      }
    });

    it('a validation failure is a 400 with details: [{ field, message }]', async () => {
      const missing = await t.request({ method: 'POST', url: '/api/auth/login', payload: {} });
      assertError(missing, 400, 'validation_failed');
      assert.deepEqual((missing.body.details as Array<{ field: string; message: string }>).map((d) => d.field).sort(), [
        'email',
        'password',
      ]);
      for (const detail of missing.body.details) {
        assert.deepEqual(Object.keys(detail).sort(), ['field', 'message']);
        assert.equal(typeof detail.message, 'string');
        assert.ok(detail.message.length > 0);
      }

      // Wrong types are not coerced in a JSON body, and a bad format names its field.
      const wrong = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'not-an-email', password: 12345678 },
      });
      assertError(wrong, 400, 'validation_failed');
      const fields = (wrong.body.details as Array<{ field: string }>).map((d) => d.field).sort();
      assert.deepEqual(fields, ['email', 'password']);

      // Query strings too.
      const badPage = await t.request({ url: '/api/auth/users?page=0', token: admin.token });
      assertError(badPage, 400, 'validation_failed');
      assert.deepEqual(
        (badPage.body.details as Array<{ field: string }>).map((d) => d.field),
        ['page'],
      );
    });

    it('a value outside a fixed set names the allowed values, in the body and in the query', async () => {
      const role = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        token: admin.token,
        payload: { email: uniqueEmail(), name: 'X', role: 'owner' },
      });
      assert.equal(role.status, 400);
      assert.deepEqual(role.body.details, [{ field: 'role', message: 'must be one of: admin, staff' }]);
      const status = await t.request({ method: 'GET', url: '/api/system/jobs?status=exploded', token: admin.token });
      assert.equal(status.status, 400);
      assert.deepEqual(status.body.details, [
        { field: 'status', message: 'must be one of: queued, running, done, failed, dead' },
      ]);
    });

    it('an id beyond the integer range is a 400 on every engine, never a database error', async () => {
      for (const url of [
        '/api/locations/99999999999',
        '/api/settings/vat-rates/99999999999',
        '/api/staff/shifts/99999999999',
      ]) {
        const response = await t.request({ method: 'DELETE', url, token: admin.token });
        assert.equal(response.status, 400, url);
        assert.equal(response.body.details[0].field, 'id');
      }
    });

    it('a NUL character in any text is a 400 naming the field, on every engine', async () => {
      const body = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        token: admin.token,
        payload: { email: uniqueEmail(), name: 'nul\u0000name' },
      });
      assert.equal(body.status, 400);
      assert.deepEqual(body.body.details, [{ field: 'name', message: 'must not contain NUL characters' }]);
      const nested = await t.request({
        method: 'PUT',
        url: '/api/loyalty/settings',
        token: admin.token,
        payload: { reward_thresholds: [{ points: 10, discount: 1, description: 'a\u0000b' }] },
      });
      assert.equal(nested.status, 400);
      assert.equal(nested.body.details[0].field, 'reward_thresholds.0.description');
      const query = await t.request({ method: 'GET', url: '/api/system/jobs?name=a%00b', token: admin.token });
      assert.equal(query.status, 400);
    });

    it('unknown body fields are ignored and never stored (no mass assignment)', async () => {
      const email = uniqueEmail('massassign');
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        token: admin.token,
        payload: {
          email,
          name: 'Mass Assignment',
          role: 'staff',
          id: 987654,
          created_at: '2000-01-01 00:00:00',
          password_hash: 'chosen-by-the-client',
          require_password_change: 0,
          active: 0,
          is_admin: true,
        },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(Object.keys(response.body).sort(), ['email', 'id', 'name', 'role']);
      assert.notEqual(response.body.id, 987654);
      const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      assert.equal(row.id, response.body.id);
      assert.equal(row.role, 'staff');
      assert.notEqual(row.password_hash, 'chosen-by-the-client');
      assert.equal(row.require_password_change, 1);
      assert.ok(!row.created_at.startsWith('2000'), row.created_at);
      assert.equal((await t.ctx.db.selectFrom('users').select('id').where('id', '=', 987654).execute()).length, 0);
    });

    // ------------------------------------------------------------ headers

    it('x-request-id is echoed when given and generated when absent', async () => {
      const given = await t.request({ url: '/api/health', headers: { 'x-request-id': 'front-end.trace:42' } });
      assert.equal(given.headers['x-request-id'], 'front-end.trace:42');

      const first = await t.request({ url: '/api/health' });
      const second = await t.request({ url: '/api/health' });
      assert.match(String(first.headers['x-request-id']), UUID);
      assert.match(String(second.headers['x-request-id']), UUID);
      assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id']);

      // A value that is not a sane id is replaced, not reflected.
      const odd = await t.request({ url: '/api/health', headers: { 'x-request-id': 'two words<script>' } });
      assert.match(String(odd.headers['x-request-id']), UUID);

      // On errors too.
      const notFound = await t.request({ url: '/api/nowhere', headers: { 'x-request-id': 'err-1' } });
      assert.equal(notFound.status, 404);
      assert.equal(notFound.headers['x-request-id'], 'err-1');
      const unauthorized = await t.request({ url: '/api/auth/users', headers: { 'x-request-id': 'err-2' } });
      assert.equal(unauthorized.status, 401);
      assert.equal(unauthorized.headers['x-request-id'], 'err-2');
    });

    it("a CORS preflight on the booking page's API is answered with Access-Control-Allow-Origin", async () => {
      const preflight = await t.request({
        method: 'OPTIONS',
        url: '/api/public/bookings',
        headers: {
          origin: 'http://front-end.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      assert.ok(preflight.status === 204 || preflight.status === 200, `status ${preflight.status}`);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.match(String(preflight.headers['access-control-allow-methods']), /\bPOST\b/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /authorization/i);
      assert.match(String(preflight.headers['access-control-allow-headers']), /content-type/i);

      const actual = await t.request({ url: '/api/public/salon-info', headers: { origin: 'http://front-end.test' } });
      assert.equal(actual.headers['access-control-allow-origin'], '*');
      assert.match(String(actual.headers['access-control-expose-headers']), /x-request-id/i);
    });

    it('security headers are present', async () => {
      for (const url of ['/api/health', '/api/nowhere']) {
        const response = await t.request({ url });
        assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
        assert.ok(response.headers['x-frame-options'], `${url}: x-frame-options`);
        assert.ok(response.headers['content-security-policy'], `${url}: content-security-policy`);
        assert.ok(response.headers['strict-transport-security'], `${url}: strict-transport-security`);
        assert.equal(response.headers['referrer-policy'], 'no-referrer', url);
        assert.equal(response.headers['x-powered-by'], undefined, url);
      }
    });

    // ------------------------------------------------------------ health and docs

    it('GET /api/health answers { status: ok, database } without a token', async () => {
      const response = await t.request({ url: '/api/health' });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { status: 'ok', database: dialect });
    });

    it('GET /api/openapi.json is an OpenAPI 3 document listing every /api/auth route, with bearerAuth on the authenticated ones', async () => {
      const response = await t.request({ url: '/api/openapi.json' });
      assert.equal(response.status, 200);
      const doc = response.body as {
        openapi: string;
        info: { title: string; version: string };
        paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
        components?: { securitySchemes?: Record<string, { type: string; scheme: string }> };
      };
      assert.match(doc.openapi, /^3\.\d+\.\d+$/);
      assert.equal(typeof doc.info.title, 'string');
      assert.equal(typeof doc.info.version, 'string');
      assert.equal(doc.components?.securitySchemes?.bearerAuth?.type, 'http');
      assert.equal(doc.components?.securitySchemes?.bearerAuth?.scheme, 'bearer');
      // Logout takes no body at all as well, so its body is not required.
      const logout = doc.paths['/api/auth/logout']?.post as { requestBody?: { required?: boolean } } | undefined;
      assert.equal(logout?.requestBody?.required, false);

      const authRoutes = routesOf(t.app).filter(
        (route) => route.url.startsWith('/api/auth/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
      );
      assert.ok(authRoutes.length >= 10, `found only ${authRoutes.length} /api/auth routes`);
      let guarded = 0;
      for (const { method, url } of authRoutes) {
        const documented = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
        assert.ok(documented, `${method} ${url} is missing from the OpenAPI document`);
        // Whether the route wants a token, from how it behaves without one.
        const anonymous = await t.request({
          method,
          url: url.replace(/:\w+/g, '1'),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const needsToken = anonymous.status === 401 && anonymous.body.code === 'unauthenticated';
        if (needsToken) {
          guarded += 1;
          assert.deepEqual(documented.security, [{ bearerAuth: [] }], `${method} ${url} declares bearerAuth`);
          assert.ok(documented.responses?.['401'], `${method} ${url} documents its 401`);
        } else {
          assert.ok(!documented.security?.length, `${method} ${url} needs no token but declares security`);
        }
      }
      assert.ok(guarded > 0 && guarded < authRoutes.length, 'both public and authenticated auth routes were checked');
    });

    it('GET /api/docs serves the HTML documentation', async () => {
      let url = '/api/docs';
      let response = await t.request({ url });
      for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 5; hops += 1) {
        url = new URL(String(response.headers.location), `http://localhost${url}`).pathname;
        response = await t.request({ url });
      }
      assert.equal(response.status, 200);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.match(String(response.body), /<html/i);
    });

    // ------------------------------------------------------------ authentication

    it('401 with a code for a missing, malformed, forged or expired token, and for a client token on a staff endpoint', async () => {
      const staffEndpoint = { method: 'POST' as const, url: '/api/auth/logout' };
      const key = new TextEncoder().encode(t.ctx.config.jwtSecret);
      const now = Math.floor(Date.now() / 1000);
      const accessToken = (exp: number) =>
        new SignJWT({ typ: 'access', role: 'staff' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(staff.id))
          .setIssuedAt(exp - 8 * 3600)
          .setExpirationTime(exp)
          .sign(key);

      // The staff token itself works here, and so does one signed the same way by hand.
      assert.equal((await t.request({ ...staffEndpoint, token: staff.token })).status, 200);
      assert.equal((await t.request({ ...staffEndpoint, token: await accessToken(now + 3600) })).status, 200);

      assertError(await t.request(staffEndpoint), 401, 'unauthenticated');
      const cases: Array<[string, string]> = [
        ['not Bearer', 'Token x'],
        ['Basic', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
        ['empty Bearer', 'Bearer '],
        ['not a JWT', 'Bearer not.a.jwt'],
        ['forged', `Bearer ${await new TokenSigner(randomBytes(32).toString('hex')).signAccess(staff.id, 'staff')}`],
        ['expired', `Bearer ${await accessToken(now - 60)}`],
        [
          'unsigned (alg none)',
          `Bearer ${new UnsecuredJWT({ typ: 'access', role: 'admin' }).setSubject(String(admin.id)).setIssuedAt().setExpirationTime('1h').encode()}`,
        ],
        ['client token', `Bearer ${await t.ctx.signer.signClient(staff.id)}`],
      ];
      for (const [what, authorization] of cases) {
        const response = await t.request({ ...staffEndpoint, headers: { authorization } });
        assert.equal(response.status, 401, `${what}: ${JSON.stringify(response.body)}`);
        assert.match(response.body.code, /^(unauthenticated|invalid_token)$/, what);
        assert.equal(typeof response.body.error, 'string', what);
      }
      // A client token is refused on an admin endpoint as unauthenticated, not as forbidden.
      const clientOnAdmin = await t.request({ url: '/api/auth/users', token: await t.ctx.signer.signClient(admin.id) });
      assertError(clientOnAdmin, 401, 'invalid_token');
    });

    it('403 for a staff token on an admin endpoint; the role is the account’s, not the token’s', async () => {
      for (const url of ['/api/auth/users', '/api/system/jobs', '/api/system/emails']) {
        assertError(await t.request({ url, token: staff.token }), 403, 'forbidden');
        assert.equal((await t.request({ url, token: admin.token })).status, 200, url);
      }
      const claimsAdmin = await t.ctx.signer.signAccess(staff.id, 'admin');
      assertError(await t.request({ url: '/api/auth/users', token: claimsAdmin }), 403, 'forbidden');
    });

    it('a deleted user’s token is refused with 401', async () => {
      const doomed = await createStaff(t);
      assert.equal((await t.request({ method: 'POST', url: '/api/auth/logout', token: doomed.token })).status, 200);
      await t.ctx.db.deleteFrom('users').where('id', '=', doomed.id).execute();
      assertError(
        await t.request({ method: 'POST', url: '/api/auth/logout', token: doomed.token }),
        401,
        'invalid_token',
      );
    });
  });
}
