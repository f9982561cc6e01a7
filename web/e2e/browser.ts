import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/helpers/app.js';
import type { Dialect } from '../../src/db/connection.js';

/*
 * The browser tests' harness: Debian's chromium (never a browser download) driven by
 * playwright-core, against the whole service listening on a free port of 127.0.0.1 with the
 * web build it serves. Without a chromium the tests are skipped with a message saying so;
 * REQUIRE_BROWSER_TESTS=1 (set by .ci/run) makes that a failure instead.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const required = process.env.REQUIRE_BROWSER_TESTS === '1';

/** The `skip` option of a browser test: false when it can run, else the reason printed in the report. */
export function browserSkip(): false | string {
  if (available) return false;
  if (required)
    assert.fail(`REQUIRE_BROWSER_TESTS=1 but there is no chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  const reason = `browser tests skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  console.warn(`\n*** ${reason} ***\n`);
  return reason;
}

/** The launch flags for this machine: no sandbox as root, and no calls home (the network is closed). */
const FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

export interface BrowserHarness {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  base: string;
  browser: Browser;
  /** A fresh context (cookies, storage, viewport, locale, time zone of its own) and its page, watched. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }>;
  close(): Promise<void>;
}

/** What a page did that a test must see: errors in its console, uncaught exceptions, requests to other hosts. */
export interface PageWatch {
  problems: string[];
  assertClean(): void;
}

export async function startBrowserHarness(dialect: Dialect, options: TestAppOptions = {}): Promise<BrowserHarness> {
  const t = await createTestApp(dialect, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const contexts: BrowserContext[] = [];
  return {
    t,
    base,
    browser,
    async open(contextOptions = {}) {
      const context = await browser.newContext({ baseURL: base, ...contextOptions });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['http:', 'https:'].includes(url.protocol)) return;
        if (url.origin !== base) problems.push(`third-party request: ${request.url()}`);
      });
      return {
        context,
        page,
        watch: {
          problems,
          assertClean: () => assert.deepEqual(problems, [], problems.join('\n')),
        },
      };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await t.close();
    },
  };
}

/** The WCAG 2.x A and AA rules, 2.2 included. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function assertAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  assert.deepEqual(found, [], `axe found violations on ${state}:\n${found.join('\n')}`);
}
