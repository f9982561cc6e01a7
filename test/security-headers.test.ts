import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { DEFAULT_WEB_DIST } from '../src/http/web-app.js';
import { createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';
import { multipartFile, TINY_PNG } from './helpers/multipart.js';

/*
 * The security and CORS headers of the service's answers, name by name and value by value: the
 * contract that any change to how they are set (a plugin, a hook, a route's own header) must
 * keep. Each case lists every header of SECURITY_HEADER_NAMES the answer carries; one not
 * listed must be absent. The CORS headers are compared on the routes a page on another origin
 * calls (the booking page's /api/public), with CORS_ORIGIN both `*` and a list.
 */

/** The security headers: each is compared on every answer, present or absent. */
const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
];

/** The CORS headers, compared on the CORS routes' answers, present or absent. */
const CORS_HEADER_NAMES = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'vary',
];

/** What every answer carries unless its route says otherwise. */
const EVERY_ANSWER = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The documentation page and its files: Swagger UI's own policy, without upgrade-insecure-requests. */
const DOCS = {
  ...EVERY_ANSWER,
  'content-security-policy':
    "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'self'; " +
    "img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' https:",
};

const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/** A back-office page or a client's page: the pages' own policy. */
const PAGE = { ...EVERY_ANSWER, 'content-security-policy': PAGE_POLICY };
/**
 * A back-office page: the same, but a campaign's preview (an email in a sandboxed srcdoc frame,
 * which takes the page's policy) needs the email's inline styles and its pictures, and frames of
 * its own origin are allowed (a packing slip shown in the page).
 */
const OFFICE_PAGE = {
  ...EVERY_ANSWER,
  'content-security-policy': `${PAGE_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "img-src 'self' data:",
    "img-src 'self' data: https:",
  )}; frame-src 'self'`,
};

/** The booking page, which any site may frame: frame-ancestors *, and no X-Frame-Options to contradict it. */
const BOOKING_PAGE: Record<string, string> = {
  ...EVERY_ANSWER,
  'content-security-policy': PAGE_POLICY.replace("frame-ancestors 'self'", 'frame-ancestors *'),
};
delete BOOKING_PAGE['x-frame-options'];

/** The logo: shown by an <img> on other sites, and never a document that runs anything. */
const LOGO = {
  ...EVERY_ANSWER,
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
};

/** /embed.js, loaded by other sites' <script src>. */
const EMBED_SCRIPT = { ...EVERY_ANSWER, 'cross-origin-resource-policy': 'cross-origin' };

const EXPOSED = 'X-Request-Id, Retry-After, Idempotent-Replayed, Content-Disposition';
const PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Request-Id, Idempotency-Key',
  'access-control-max-age': '600',
};

const BOOKING_SITE = 'https://www.salon-website.example';
const OTHER_SITE = 'https://elsewhere.example';

function pick(headers: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

interface Case {
  what: string;
  request: InjectOptions & { token?: string };
  status: number;
  security: Record<string, string>;
}

async function check(t: TestApp, { what, request, status, security }: Case) {
  const response = await t.request(request);
  assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
  assert.deepEqual(pick(response.headers, SECURITY_HEADER_NAMES), security, what);
  return response;
}

async function checkCors(
  t: TestApp,
  what: string,
  request: InjectOptions,
  status: number,
  cors: Record<string, string>,
) {
  const response = await t.request(request);
  assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
  assert.deepEqual(pick(response.headers, CORS_HEADER_NAMES), cors, what);
  return response;
}

const preflight = (url: string, origin: string): InjectOptions => ({
  method: 'OPTIONS',
  url,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type,idempotency-key',
  },
});

for (const dialect of DIALECTS) {
  describe(`the security and CORS headers of every kind of answer (${dialect})`, () => {
    let t: TestApp;
    let admin: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
    });
    after(() => t?.close());

    it('the API: a signed-in answer, a public one, the errors (400, 401, 404, a refused URL), the docs and the document', async () => {
      const cases: Case[] = [
        {
          what: 'signed-in JSON',
          request: { url: '/api/clients', token: admin.token },
          status: 200,
          security: EVERY_ANSWER,
        },
        { what: 'public JSON', request: { url: '/api/public/salon-info' }, status: 200, security: EVERY_ANSWER },
        { what: 'health', request: { url: '/api/health' }, status: 200, security: EVERY_ANSWER },
        {
          what: '400 validation',
          request: { url: '/api/clients?page=abc', token: admin.token },
          status: 400,
          security: EVERY_ANSWER,
        },
        { what: '401 no token', request: { url: '/api/clients' }, status: 401, security: EVERY_ANSWER },
        { what: '404 unknown route', request: { url: '/api/nowhere' }, status: 404, security: EVERY_ANSWER },
        { what: '404 outside /api', request: { url: '/nowhere' }, status: 404, security: EVERY_ANSWER },
        { what: '400 refused URL', request: { url: '/api/clients/%zz' }, status: 400, security: EVERY_ANSWER },
        {
          what: 'a method no route serves',
          request: { method: 'PATCH', url: '/api/health' },
          status: 404,
          security: EVERY_ANSWER,
        },
        { what: 'OpenAPI document', request: { url: '/api/openapi.json' }, status: 200, security: EVERY_ANSWER },
        { what: 'docs page', request: { url: '/api/docs/' }, status: 200, security: DOCS },
        { what: 'docs stylesheet', request: { url: '/api/docs/static/index.css' }, status: 200, security: DOCS },
        { what: 'logo, none uploaded', request: { url: '/api/settings/logo' }, status: 404, security: EVERY_ANSWER },
      ];
      for (const one of cases) await check(t, one);
    });

    it('the logo: shown on other sites, and never a document that runs anything', async () => {
      const upload = multipartFile('logo', 'logo.png', 'image/png', TINY_PNG);
      const uploaded = await t.request({
        method: 'POST',
        url: '/api/settings/upload-logo',
        token: admin.token,
        headers: upload.headers,
        payload: upload.payload,
      });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      await check(t, {
        what: 'logo',
        request: { url: '/api/settings/logo', headers: { origin: BOOKING_SITE } },
        status: 200,
        security: LOGO,
      });
    });

    it('the web front end: the booking page, a client page, the back office, an asset, /embed.js', async (context) => {
      const assets = join(DEFAULT_WEB_DIST, 'assets');
      let asset: string | undefined;
      try {
        asset = readdirSync(assets).find((name) => name.endsWith('.js'));
      } catch {
        asset = undefined;
      }
      if (asset === undefined) {
        context.skip('the web front end is not built (npm run web:build)');
        return;
      }
      const cases: Case[] = [
        { what: 'booking page', request: { url: '/book' }, status: 200, security: BOOKING_PAGE },
        { what: 'embedded booking page', request: { url: '/book?embed=1' }, status: 200, security: BOOKING_PAGE },
        { what: 'client page', request: { url: '/booking/cancel?token=x' }, status: 200, security: PAGE },
        { what: 'back office', request: { url: '/' }, status: 200, security: OFFICE_PAGE },
        { what: 'back office area', request: { url: '/clients/3' }, status: 200, security: OFFICE_PAGE },
        { what: 'hashed asset', request: { url: `/assets/${asset}` }, status: 200, security: EVERY_ANSWER },
        { what: 'missing asset', request: { url: '/assets/nothing-here.js' }, status: 404, security: EVERY_ANSWER },
        { what: 'embed script', request: { url: '/embed.js' }, status: 200, security: EMBED_SCRIPT },
      ];
      for (const one of cases) await check(t, one);
    });

    it('CORS_ORIGIN=*: the booking page’s routes answer any origin, errors included, and the preflight allows every header the API reads', async () => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED };
      await checkCors(t, 'public GET, no Origin', { url: '/api/public/salon-info' }, 200, cors);
      await checkCors(
        t,
        'public GET from another site',
        { url: '/api/public/salon-info', headers: { origin: BOOKING_SITE } },
        200,
        cors,
      );
      await checkCors(
        t,
        'public 401 from another site',
        { url: '/api/public/me', headers: { origin: BOOKING_SITE } },
        401,
        cors,
      );
      await checkCors(
        t,
        'public 404 from another site',
        { url: '/api/public/nowhere', headers: { origin: BOOKING_SITE } },
        404,
        cors,
      );
      await checkCors(
        t,
        'public refused URL from another site',
        { url: '/api/public/%zz', headers: { origin: BOOKING_SITE } },
        400,
        cors,
      );
      const answer = await checkCors(t, 'preflight', preflight('/api/public/bookings', BOOKING_SITE), 204, {
        ...cors,
        ...PREFLIGHT,
      });
      assert.deepEqual(pick(answer.headers, SECURITY_HEADER_NAMES), EVERY_ANSWER, 'preflight');
      assert.equal(answer.headers['content-length'], '0');
    });

    it('no CORS outside the booking page’s API: another site’s script reads nothing there, and its preflight finds no route', async () => {
      for (const corsOrigin of ['*', BOOKING_SITE]) {
        const app = corsOrigin === '*' ? t : await createTestApp(dialect, { smtp: false, config: { corsOrigin } });
        try {
          const token = app === t ? admin.token : (await setupSalon(app)).token;
          const requests: Array<[string, InjectOptions & { token?: string }, number]> = [
            ['signed-in GET', { url: '/api/clients', token, headers: { origin: BOOKING_SITE } }, 200],
            ['health', { url: '/api/health', headers: { origin: BOOKING_SITE } }, 200],
            ['login', { method: 'POST', url: '/api/auth/login', headers: { origin: BOOKING_SITE }, payload: {} }, 400],
            ['404', { url: '/api/nowhere', headers: { origin: BOOKING_SITE } }, 404],
            ['refused URL', { url: '/api/clients/%zz', headers: { origin: BOOKING_SITE } }, 400],
            ['logo', { url: '/api/settings/logo', headers: { origin: BOOKING_SITE } }, corsOrigin === '*' ? 200 : 404],
            ['a path that only starts alike', { url: '/api/publicity', headers: { origin: BOOKING_SITE } }, 404],
            ['preflight', preflight('/api/auth/login', BOOKING_SITE), 404],
            ['preflight of the staff API', preflight('/api/bookings', BOOKING_SITE), 404],
          ];
          for (const [what, request, status] of requests) {
            await checkCors(app, `${what} (CORS_ORIGIN=${corsOrigin})`, request, status, {});
          }
        } finally {
          if (app !== t) await app.close();
        }
      }
    });

    it('an OPTIONS on the booking page’s API that is no preflight (no Origin or no requested method) is an unknown route', async () => {
      for (const headers of [{}, { origin: BOOKING_SITE }, { 'access-control-request-method': 'POST' }]) {
        const response = await t.request({ method: 'OPTIONS', url: '/api/public/bookings', headers });
        assert.equal(response.status, 404, JSON.stringify(headers));
        assert.equal(response.body.code, 'not_found');
        assert.deepEqual(pick(response.headers, SECURITY_HEADER_NAMES), EVERY_ANSWER);
        assert.equal(response.headers['access-control-allow-origin'], '*');
      }
    });

    it('CORS_ORIGIN with a list: the listed origins are named back, others get no Access-Control-Allow-Origin; answers vary by Origin', async () => {
      const listed = await createTestApp(dialect, {
        smtp: false,
        config: { corsOrigin: `${BOOKING_SITE}, https://book.salon.example` },
      });
      try {
        const cors = { 'access-control-expose-headers': EXPOSED, vary: 'Origin' };
        for (const origin of [BOOKING_SITE, 'https://book.salon.example']) {
          const named = { ...cors, 'access-control-allow-origin': origin };
          await checkCors(
            listed,
            `GET from ${origin}`,
            { url: '/api/public/salon-info', headers: { origin } },
            200,
            named,
          );
          await checkCors(listed, `preflight from ${origin}`, preflight('/api/public/bookings', origin), 204, {
            ...named,
            ...PREFLIGHT,
          });
        }
        await checkCors(
          listed,
          'GET from another origin',
          { url: '/api/public/salon-info', headers: { origin: OTHER_SITE } },
          200,
          cors,
        );
        await checkCors(listed, 'GET without Origin', { url: '/api/public/salon-info' }, 200, cors);
        await checkCors(listed, 'preflight from another origin', preflight('/api/public/bookings', OTHER_SITE), 204, {
          ...cors,
          ...PREFLIGHT,
        });
        const answer = await listed.request({ url: '/api/public/salon-info', headers: { origin: OTHER_SITE } });
        assert.deepEqual(pick(answer.headers, SECURITY_HEADER_NAMES), EVERY_ANSWER, 'security headers unchanged');
      } finally {
        await listed.close();
      }
    });
  });
}
