import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OFFICE_ROUTES, officeHref } from '../src/lib/office-paths.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/*
 * The back office's addresses (src/lib/office-paths.ts) are the ones the service answers with
 * the back office's page: every link an in-app notification carries is built there (its type,
 * OfficeHref, admits nothing else), so each must open a page, never the API's JSON 404.
 */

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

describe('the back office’s addresses', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { smtp: false });
  });
  after(() => t.close());

  it('every notification link resolves to a page the service serves (the back office’s HTML)', async () => {
    const builders = Object.entries(officeHref);
    assert.equal(builders.length, Object.keys(OFFICE_ROUTES).length);
    for (const [name, build] of builders) {
      const url = build(5, 6);
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, `${name}: ${url}`);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.match(response.body, /src="\/assets\/office-[\w-]+\.js"/, url);
    }
  });

  it('a sent campaign’s notification link, /campaigns/5, opens the back office', async () => {
    const response = await t.app.inject({ url: officeHref.campaign(5) });
    assert.equal(officeHref.campaign(5), '/campaigns/5');
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /src="\/assets\/office-[\w-]+\.js"/);
  });

  it('an address in no area of the back office still answers the JSON 404', async () => {
    const response = await t.app.inject({ url: '/no-such-area/5' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<{ code: string }>().code, 'not_found');
  });

  it('the modules write no back-office path by hand: links come from officeHref', () => {
    const handWritten = sourceFiles(new URL('../src/modules', import.meta.url).pathname)
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line }))
          .filter(({ text }) =>
            /(link|url):\s*[`'](\$\{[^}]*\})?\/(bookings|clients|waitlist|inventory|payments|campaigns)\b/.test(text),
          ),
      );
    assert.deepEqual(handWritten, []);
  });
});
