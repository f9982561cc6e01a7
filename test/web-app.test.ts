import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
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
