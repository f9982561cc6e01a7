import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_WEB_DIST } from '../../src/http/web-app.js';
import {
  BOOKING_BUDGET_BYTES,
  firstLoadJs,
  loadJs,
  OFFICE_CALENDAR_BUDGET_BYTES,
  OFFICE_SHELL_BUDGET_BYTES,
  scriptsOfHtml,
} from '../build/bundle-size.js';

/*
 * The size budgets: what a shell's first load costs in JavaScript, gzipped — every script and
 * module preload its built HTML names, the chunks they import statically and the part of the
 * message catalogue it fetches as it starts (web/build/bundle-size.ts). Read from the build
 * (scripts/build-web.mjs builds before the tests).
 */

const manifest = JSON.parse(readFileSync(join(DEFAULT_WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; src?: string; isDynamicEntry?: boolean }
>;
const fileOf = (source: string) => Object.values(manifest).find((chunk) => chunk.src === source)?.file;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('web bundle budget', () => {
  it(`the booking page (public.html) loads at most ${kb(BOOKING_BUDGET_BYTES)} of JavaScript, gzipped, at first`, () => {
    const { files, gzipBytes } = firstLoadJs('public.html');
    console.log(`booking page first load: ${kb(gzipBytes)} gzipped (${files.join(', ')})`);
    assert.ok(gzipBytes <= BOOKING_BUDGET_BYTES, `${gzipBytes} bytes > ${BOOKING_BUDGET_BYTES}`);
  });

  it(`the back office's shell (index.html) loads at most ${kb(OFFICE_SHELL_BUDGET_BYTES)} before any area`, () => {
    const { files, gzipBytes } = firstLoadJs('index.html');
    console.log(`back office shell first load: ${kb(gzipBytes)} gzipped (${files.join(', ')})`);
    assert.ok(gzipBytes <= OFFICE_SHELL_BUDGET_BYTES, `${gzipBytes} bytes > ${OFFICE_SHELL_BUDGET_BYTES}`);
  });

  it(`the desk's first screen (the shell, the signed-in bar and the calendar) loads at most ${kb(OFFICE_CALENDAR_BUDGET_BYTES)}`, () => {
    const { files, gzipBytes } = loadJs(
      'index.html',
      ['src/app/SignedInBar.tsx', 'src/routes/desk/calendar/CalendarPage.tsx'],
      ['desk'],
    );
    console.log(`back office with the calendar: ${kb(gzipBytes)} gzipped (${files.length} files)`);
    assert.ok(gzipBytes <= OFFICE_CALENDAR_BUDGET_BYTES, `${gzipBytes} bytes > ${OFFICE_CALENDAR_BUDGET_BYTES}`);
  });

  it('the first loads carry no area loaded lazily: neither its code nor its messages', () => {
    const lazy = [
      'src/routes/account/AccountPages.tsx',
      'src/routes/payment/PaymentReturnPage.tsx',
      'src/routes/links/routes.tsx',
      'src/routes/office/LoginPage.tsx',
      'src/routes/office/HomePage.tsx',
      'src/routes/office/ResetPasswordPage.tsx',
      ...['en', 'nl'].flatMap((language) =>
        ['account', 'links', 'payment', 'office'].map((part) => `../virtual:messages/${language}/${part}`),
      ),
    ];
    for (const entry of ['public.html', 'index.html']) {
      const { files } = firstLoadJs(entry);
      for (const source of lazy) {
        const file = fileOf(source);
        assert.ok(file, `${source} is a chunk of its own`);
        assert.ok(!files.includes(file), `${entry}'s first load has ${source}`);
      }
    }
  });

  it('a page preloads no catalogue: it fetches only its active language’s, once it knows which', () => {
    for (const entry of ['public.html', 'index.html']) {
      const named = scriptsOfHtml(readFileSync(join(DEFAULT_WEB_DIST, entry), 'utf8'));
      assert.ok(named.length > 0, `${entry} names its scripts`);
      assert.deepEqual(
        named.filter((file) => file.includes('/messages-')),
        [],
      );
    }
  });

  it('the booking page’s first load runs no React Aria: its locale detection would make the first Intl call as the page starts', () => {
    const { files } = firstLoadJs('public.html');
    // The key React Aria's locale detection reads (react-aria's useDefaultLocale), which the
    // minifier keeps: a first-load chunk holding it runs the detection as it is evaluated.
    const withAria = files.filter((file) =>
      readFileSync(join(DEFAULT_WEB_DIST, file), 'utf8').includes('react-aria.i18n.locale'),
    );
    assert.deepEqual(withAria, []);
    // It is in the build, with the later steps: the test would see it where it was.
    assert.ok(
      Object.values(manifest).some((chunk) =>
        readFileSync(join(DEFAULT_WEB_DIST, chunk.file), 'utf8').includes('react-aria.i18n.locale'),
      ),
    );
  });
});
