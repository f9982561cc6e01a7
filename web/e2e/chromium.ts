import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DIALECTS } from '../../test/helpers/database.js';

/*
 * Debian's chromium (never a browser download) for the browser tests (browser.ts, against the
 * whole service) and the component tests (web/component, one component on a page of its own),
 * and axe on what a page shows. Without a chromium both are skipped with a message saying so;
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

/**
 * The `skip` option of a component test: as browserSkip(), and skipped in a run without SQLite
 * (`DIALECTS=postgres`, CI's second run). A component test starts no service and no database, so
 * the run with SQLite has already run it; a second run would repeat it to the letter.
 */
export function componentSkip(): false | string {
  if (!DIALECTS.includes('sqlite')) return 'component tests run with DIALECTS including sqlite (they use no database)';
  return browserSkip();
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** What a page did that a test must see: errors in its console, uncaught exceptions, requests to other hosts. */
export interface PageWatch {
  problems: string[];
  assertClean(): void;
}

/** Watches `page` for console errors (CSP violations included), uncaught exceptions and requests leaving `origin`. */
export function watchPage(page: Page, origin: string): PageWatch {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== origin) problems.push(`third-party request: ${request.url()}`);
  });
  return { problems, assertClean: () => assert.deepEqual(problems, [], problems.join('\n')) };
}

/** The WCAG 2.x A and AA rules, 2.2 included. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Frames whose document axe does not enter: a frame with a `sandbox` attribute shows a
 * document the office did not write (an email as sent, a campaign's preview) with scripting
 * off, and axe, injected there through the DevTools protocol, waits for timers such a document
 * never runs: the analysis never ended (a whole test run hung on it). The frame element itself,
 * its title included, is still checked in the page around it.
 */
const FOREIGN_FRAMES = 'iframe[sandbox]';

/** How long one axe analysis may take before it fails instead of waiting for ever (a loaded machine takes seconds). */
const AXE_TIMEOUT_MS = 120_000;

/**
 * Runs axe on the page as it is now and fails with a readable list of what it found.
 * `exclude`: selectors of further parts left out.
 */
export async function assertAccessible(page: Page, state: string, exclude: readonly string[] = []): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`axe did not finish within ${AXE_TIMEOUT_MS / 1000} s on ${state}`)),
      AXE_TIMEOUT_MS,
    );
  });
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude(FOREIGN_FRAMES);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await Promise.race([builder.analyze(), timeout]).finally(() => clearTimeout(timer));
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  assert.deepEqual(found, [], `axe found violations on ${state}:\n${found.join('\n')}`);
}
