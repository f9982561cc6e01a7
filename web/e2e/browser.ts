import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/helpers/app.js';
import type { Dialect } from '../../src/db/connection.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { launchChromium, watchPage, type PageWatch } from './chromium.js';

// The browser and axe helpers live in chromium.ts (shared with the component tests, which start
// no service); re-exported so that every browser test keeps importing them from here.
export { assertAccessible, browserSkip, CHROMIUM, type PageWatch } from './chromium.js';

/**
 * The engines a browser test runs on: SQLite, when DIALECTS names it. The pages are a client of
 * the HTTP API, whose every rule the API tests check on both engines; the same pages over the
 * same answers on PostgreSQL would double the suite's longest part and test nothing new. What
 * a browser does see differ between the engines, live updates between desks (carried between
 * processes by PostgreSQL's LISTEN/NOTIFY) and the stale-write conflicts, is tested on every
 * engine of DIALECTS (live-desks.test.ts loops over DIALECTS itself).
 */
export const BROWSER_DIALECTS: readonly Dialect[] = DIALECTS.filter((dialect) => dialect === 'sqlite');

/*
 * The browser tests' harness: Debian's chromium (never a browser download) driven by
 * playwright-core, against the whole service listening on a free port of 127.0.0.1 with the
 * web build it serves. Without a chromium the tests are skipped with a message saying so;
 * REQUIRE_BROWSER_TESTS=1 (set by .ci/run) makes that a failure instead (chromium.ts).
 */

/**
 * E2E_TRACE_DIR=<dir> keeps a Playwright trace (screenshots, DOM snapshots, every action with
 * its retries) of each context, written when the context closes, for a test that fails only
 * now and then: `npx playwright-core show-trace <file>` (or trace.playwright.dev) replays it.
 */
const TRACE_DIR = process.env.E2E_TRACE_DIR?.trim() ? resolve(process.env.E2E_TRACE_DIR.trim()) : null;
let tracesWritten = 0;

/** Traces `context` from now, the trace written to `dir` when it closes (by the test or the harness). */
async function traced(context: BrowserContext, dir: string): Promise<void> {
  await context.tracing.start({ screenshots: true, snapshots: true });
  const close = context.close.bind(context);
  let written = false;
  context.close = async (options) => {
    if (!written) {
      written = true;
      mkdirSync(dir, { recursive: true });
      tracesWritten += 1;
      await context.tracing
        .stop({ path: join(dir, `trace-${process.pid}-${tracesWritten}.zip`) })
        .catch(() => undefined);
    }
    return close(options);
  };
}

export interface BrowserHarness {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  base: string;
  browser: Browser;
  /** A fresh context (cookies, storage, viewport, locale, time zone of its own) and its page, watched. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }>;
  close(): Promise<void>;
}

export async function startBrowserHarness(dialect: Dialect, options: TestAppOptions = {}): Promise<BrowserHarness> {
  const t = await createTestApp(dialect, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    t,
    base,
    browser,
    async open(contextOptions = {}) {
      const context = await browser.newContext({ baseURL: base, ...contextOptions });
      contexts.push(context);
      if (TRACE_DIR) await traced(context, TRACE_DIR);
      const page = await context.newPage();
      return { context, page, watch: watchPage(page, base) };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await t.close();
    },
  };
}
