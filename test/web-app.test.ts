import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';
import { parseEmbedOrigins } from '../src/http/embedding.js';
import { DEFAULT_WEB_DIST } from '../src/http/web-app.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/*
 * The service serves the web front end (web/dist, built by scripts/build-web.mjs before the
 * tests run): the pages' shells at the front end's addresses, hashed assets with a long
 * cache, and nothing changed under /api.
 */
describe('the web front end served by the service', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { smtp: false });
  });
  after(() => t.close());

  it('every address an email links to answers the public shell, never cached, with the pages CSP', async () => {
    for (const url of [
      '/book',
      '/booking/confirm?token=x',
      '/booking/cancel?token=y',
      '/review?token=z',
      '/client/magic?token=m',
      '/unsubscribe?token=u',
      '/payment/return?payment_id=1',
    ]) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
      assert.match(String(response.headers['content-security-policy']), /script-src 'self';/, url);
      assert.match(response.body, /<div id="root">/, url);
      assert.match(response.body, /src="\/assets\/public-[\w-]+\.js"/, url);
    }
  });

  it('only the booking page may be framed by other sites (any, by default); every other page by the service itself only', async () => {
    for (const url of ['/book', '/book?embed=1', '/book/']) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors \*(;|$)/, url);
      // No X-Frame-Options to contradict frame-ancestors in a browser that reads only that header.
      assert.equal(response.headers['x-frame-options'], undefined, url);
    }
    for (const url of [
      '/booking/confirm?token=x',
      '/client/magic?token=m',
      '/client/bookings',
      '/review?token=z',
      '/unsubscribe?token=u',
      '/payment/return?payment_id=1',
      '/booking',
      '/',
      '/login',
      '/reset-password?token=t',
      '/api/health',
    ]) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /frame-ancestors 'self'(;|$)/, url);
      assert.doesNotMatch(csp, /frame-ancestors [^;]*\*/, url);
      assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', url);
    }
  });

  it('/embed.js is served to other sites: readable cross-origin, revalidated on each use (304 when unchanged)', async () => {
    const response = await t.app.inject({ url: '/embed.js' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/javascript/);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.match(response.body, /data-salon-booking/);
    const etag = String(response.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/embed.js', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const changed = await t.app.inject({ url: '/embed.js', headers: { 'if-none-match': '"other"' } });
    assert.equal(changed.statusCode, 200);
  });

  it('a public page names the API answers it reads first as preloads; the booking page its own too', async () => {
    const linked = async (url: string) =>
      [
        ...String((await t.app.inject({ url })).headers.link ?? '').matchAll(
          /<([^>]+)>; rel=preload; as=fetch; crossorigin/g,
        ),
      ].map((match) => match[1]);
    assert.deepEqual(await linked('/book?embed=1'), [
      '/api/public/salon-page',
      '/api/public/salon-info',
      '/api/public/services',
      '/api/public/reviews/summary',
    ]);
    assert.deepEqual(await linked('/review?token=z'), ['/api/public/salon-page']);
    assert.deepEqual(await linked('/login'), []);
  });

  it('the booking page preloads the messages of the language the request says (?lang=, else Accept-Language), in that language; otherwise the plain shell', async () => {
    const page = async (url: string, acceptLanguage?: string) => {
      const response = await t.app.inject({
        url,
        headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
      });
      assert.equal(response.statusCode, 200, url);
      // The policy of every booking page answer.
      assert.match(String(response.headers['content-security-policy']), /script-src 'self'; style-src 'self';/, url);
      assert.equal(response.headers.vary, 'accept-language', url);
      const body = response.body;
      assert.match(body, /<script type="module" crossorigin src="\/assets\/public-[\w-]+\.js"><\/script>/, url);
      return {
        body,
        lang: /<html lang="(\w+)">/.exec(body)?.[1],
        title: /<title>([^<]*)<\/title>/.exec(body)?.[1],
        description: /<meta name="description" content="([^"]*)" \/>/.exec(body)?.[1],
        messages:
          /<link rel="modulepreload" crossorigin href="(\/assets\/messages-(\w+)-shell-public-[\w-]+\.js)">/.exec(body),
      };
    };
    const dutch = await page('/book?lang=nl', 'en-GB,en;q=0.9');
    assert.deepEqual([dutch.lang, dutch.title, dutch.messages?.[2]], ['nl', 'Afspraak maken', 'nl']);
    assert.equal(
      dutch.description,
      'Maak online een afspraak bij de salon: kies een behandeling, een dag en een tijd.',
    );
    // The file preloaded is the build's own, served.
    assert.equal((await t.app.inject({ url: dutch.messages![1]! })).statusCode, 200);
    const english = await page('/book?lang=en', 'nl-NL');
    assert.deepEqual([english.lang, english.title, english.messages?.[2]], ['en', 'Book an appointment', 'en']);
    assert.equal(english.description, 'Book an appointment at the salon online: choose a service, a day and a time.');
    // No usable ?lang=: the first language of the browser's the page speaks, as the page's script chooses.
    for (const [url, header, language] of [
      ['/book', 'de-DE,de;q=0.9,nl;q=0.8,en;q=0.7', 'nl'],
      ['/book?lang=fr', 'en-US', 'en'],
      ['/book/', 'nl-BE', 'nl'],
      ['/book', 'nl;q=0,en;q=0.5', 'en'],
    ] as const) {
      const answer = await page(url, header);
      assert.deepEqual([answer.lang, answer.messages?.[2]], [language, language], `${url} ${header}`);
    }
    // The request does not say (the script then chooses by what only it knows: the salon's
    // language, a choice kept in the tab), or the page is embedded: the plain shell, no messages preloaded.
    for (const [url, header] of [
      ['/book', undefined],
      ['/book', 'de-DE,fr'],
      ['/book?embed=1&lang=nl', 'nl'],
      ['/book?embed=1&embed=0', 'nl'],
    ] as const) {
      const answer = await page(url, header);
      assert.equal(answer.messages, null, `${url} ${header}`);
      assert.equal(answer.lang, 'en', `${url} ${header}`);
    }
    // Nothing of the request is written into the page.
    const hostile = await page(
      '/book?lang=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '"><img src=x onerror=alert(1)>,nl',
    );
    assert.equal(hostile.lang, 'nl');
    assert.doesNotMatch(hostile.body, /alert\(1\)/);
    // Only the booking page: another public page is the plain shell.
    assert.doesNotMatch((await t.app.inject({ url: '/review?lang=nl&token=z' })).body, /messages-nl/);
  });

  it('the back office addresses answer its own shell', async () => {
    for (const url of ['/', '/login', '/reset-password?token=t', '/bookings/12', '/clients/3']) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /src="\/assets\/office-[\w-]+\.js"/, url);
    }
  });

  it('hashed assets are cached for a year as immutable, and sent compressed to a browser that accepts it', async () => {
    const script = readdirSync(join(DEFAULT_WEB_DIST, 'assets')).find((file) => /^public-.*\.js$/.test(file));
    assert.ok(script);
    const plain = await t.app.inject({ url: `/assets/${script}` });
    assert.equal(plain.statusCode, 200);
    assert.match(String(plain.headers['cache-control']), /max-age=31536000.*immutable|immutable.*max-age=31536000/);
    assert.match(String(plain.headers['content-type']), /javascript/);
    if (existsSync(join(DEFAULT_WEB_DIST, 'assets', `${script}.br`))) {
      const compressed = await t.app.inject({ url: `/assets/${script}`, headers: { 'accept-encoding': 'br' } });
      assert.equal(compressed.headers['content-encoding'], 'br');
    }
  });

  it('the API is untouched: an unknown /api route, or an unknown asset, is the JSON 404', async () => {
    for (const url of ['/api/nothing', '/api/book', '/assets/nothing.js', '/nothing']) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json<{ code: string }>().code, 'not_found', url);
    }
  });
});

describe('BOOKING_EMBED_ORIGINS: the sites that may frame the booking page', () => {
  it('a list frames it for those origins and the service itself; none for the service only', async () => {
    for (const [origins, expected] of [
      [
        ['https://salon.example', 'http://localhost:8080'],
        "frame-ancestors 'self' https://salon.example http://localhost:8080",
      ],
      [[], "frame-ancestors 'self'"],
    ] as const) {
      const t = await createTestApp('sqlite', { smtp: false, config: { bookingEmbedOrigins: origins } });
      try {
        const response = await t.app.inject({ url: '/book?embed=1' });
        const csp = String(response.headers['content-security-policy']);
        assert.ok(csp.endsWith(expected), csp);
        assert.equal(response.headers['x-frame-options'], undefined);
        const other = await t.app.inject({ url: '/client/bookings' });
        assert.match(String(other.headers['content-security-policy']), /frame-ancestors 'self'$/);
      } finally {
        await t.close();
      }
    }
  });

  it('reads *, none, or a list of origins (a trailing slash dropped); anything else stops the start', () => {
    assert.equal(parseEmbedOrigins(undefined), '*');
    assert.equal(parseEmbedOrigins(' * '), '*');
    assert.deepEqual(parseEmbedOrigins('none'), []);
    assert.deepEqual(parseEmbedOrigins('https://salon.example/, https://*.salon.example,http://localhost:8080'), [
      'https://salon.example',
      'https://*.salon.example',
      'http://localhost:8080',
    ]);
    const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'));
    try {
      assert.deepEqual(
        loadConfig({ DATA_DIR: dataDir, BOOKING_EMBED_ORIGINS: 'https://a.example' }).bookingEmbedOrigins,
        ['https://a.example'],
      );
      for (const wrong of [
        'salon.example',
        'https://salon.example/book',
        "'self'",
        'https://a.example; script-src *',
      ]) {
        assert.throws(() => loadConfig({ DATA_DIR: dataDir, BOOKING_EMBED_ORIGINS: wrong }), ConfigError, wrong);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
