import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { TestApp } from '../../test/helpers/app.js';
import type { BrowserHarness, PageWatch } from './browser.js';

/*
 * The links of the emails the service sent, as the tests that follow them need them: read from
 * what the real SMTP server received, parsed by chromium's own HTML parser (DOMParser: no
 * script runs, nothing loads), each with the template of the email it came in.
 */

export interface MailLink {
  /** The outbox's name of the email (`booking.confirmed`, …). */
  template: string;
  to: string;
  /** The address as written in the email. */
  url: URL;
  /** The path with numbers as `:id` (`/bookings/:id`): what kind of page it is. */
  pathKey: string;
}

/** What the parsing needs of the browser's globals (the tests are typed without the DOM's). */
interface BrowserGlobals {
  DOMParser: new () => {
    parseFromString(
      html: string,
      type: 'text/html',
    ): { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> };
  };
}

export function pathKeyOf(url: URL): string {
  return url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** Every http(s) link of every email received so far; `parser` is any page of the browser. */
export async function collectLinks(t: TestApp, parser: Page): Promise<MailLink[]> {
  const rows = await t.ctx.db.selectFrom('emails').select(['recipient', 'subject', 'template']).execute();
  const templateOf = new Map(rows.map((row) => [`${row.recipient}\n${row.subject}`, row.template]));
  const links: MailLink[] = [];
  for (const mail of t.mail.messages) {
    const hrefs = await parser.evaluate((html) => {
      const { DOMParser } = globalThis as unknown as BrowserGlobals;
      const anchors = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('a[href]');
      return Array.from(anchors, (anchor) => anchor.getAttribute('href') ?? '');
    }, mail.html);
    for (const to of mail.to) {
      const template = templateOf.get(`${to}\n${mail.subject}`);
      assert.ok(template, `no outbox row for the email "${mail.subject}" to ${to}`);
      for (const href of hrefs) {
        if (!/^https?:/i.test(href)) continue;
        const url = new URL(href);
        links.push({ template, to, url, pathKey: pathKeyOf(url) });
      }
    }
  }
  return links;
}

/** The one link of `template` to `to` whose path is `path`. */
export function linkIn(links: readonly MailLink[], template: string, to: string, path: string): URL {
  const found = links.filter((link) => link.template === template && link.to === to && link.url.pathname === path);
  assert.equal(found.length, 1, `${found.length} links to ${path} in ${template} to ${to}`);
  return found[0]!.url;
}

/** The newest email of `template` to `to`, as received, and its links. */
export async function latestLinks(t: TestApp, parser: Page, template: string, to: string): Promise<MailLink[]> {
  const links = (await collectLinks(t, parser)).filter((link) => link.template === template && link.to === to);
  assert.ok(links.length > 0, `no ${template} email with links to ${to}`);
  return links;
}

let visitor = 0;

/** Another visitor's address, for the X-Forwarded-For of their requests. */
export function visitorAddress(): string {
  visitor += 1;
  return `10.20.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
}

/**
 * A browser context of its own visitor: its own address (X-Forwarded-For, which the service
 * trusts in these tests), so the per-address limits on token links see many clients, as they
 * would, rather than one test machine.
 */
export async function openAsVisitor(
  h: BrowserHarness,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; watch: PageWatch; close: () => Promise<void> }> {
  const { context, page, watch } = await h.open({
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  });
  return { page, watch, close: () => context.close() };
}

/** The address the test opens for a link of the salon's own site: the same path and query on the test's server. */
export function onTestServer(h: BrowserHarness, url: URL): string {
  return `${h.base}${url.pathname}${url.search}`;
}

/** The console's errors but those of answers a test expects (the browser logs a 404 or 409 as a failed resource). */
export function unexpectedProblems(watch: PageWatch, ...statuses: number[]): string[] {
  return watch.problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status} `)));
}

/** The answers of 400 and more the page received, as `401 /api/auth/web-session/refresh`. */
export function recordFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failures;
}

/**
 * A back-office page opened signed out asks for a session (the cookie no script can see) and
 * hears 401: how the back office learns that nobody is signed in, not a fault.
 */
export const SIGNED_OUT_CHECK = '401 /api/auth/web-session/refresh';
