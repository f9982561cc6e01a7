import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { DESKTOP } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * A deep link into the office opened cold (a fresh browser, nothing cached) starts its page's
 * chunks at once, beside the session's refresh, instead of after it: the manage area's and the
 * reports' chunks, their messages, the signed-in bar's chunk and the salon's page are requested
 * before the refresh has answered. Signed out, the link still goes to the sign-in page and back;
 * no other area's code is fetched. Signed in, a report's own request leaves without waiting for
 * the reports' chunk or the messages: it is asked for once, with the screen's very key.
 */

/**
 * Holds the answers of the requests `held` matches until the page has asked for every one of
 * `awaited` (paths, with the query when they name one), or 10 s have passed, so that a page that
 * waits for a held answer first fails the test instead of waiting for ever. `heldWhile()` is
 * what the page had asked for when the first held answer was let through.
 */
async function holdUntilAsked(page: Page, held: RegExp, awaited: (path: string) => boolean, count: number) {
  const seen: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const timer = setTimeout(release, 10_000);
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.push(`${url.pathname}${url.search}`);
    if (seen.filter(awaited).length >= count) release();
  });
  let heldWhile: string[] | null = null;
  await page.route(held, async (route) => {
    await released;
    heldWhile ??= [...seen];
    await route.continue();
  });
  return {
    seen,
    heldWhile: () => {
      clearTimeout(timer);
      assert.ok(heldWhile, `nothing matching ${String(held)} was asked for`);
      return heldWhile;
    },
  };
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`a deep link into the office in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string };
    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    it("a deep link's chunks start before the session's refresh answers, and signed out it goes to sign-in and back", async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      // Each of these was once a wave of its own after the refresh, the messages or the first
      // render: the refresh's answer is held until all have been asked for.
      const early = [
        '/assets/ManageArea-',
        '/assets/ReportsScreens-',
        '/assets/SignedInBar-',
        '/assets/messages-en-shell-office-',
        '/assets/messages-en-manage-',
        '/api/public/salon-page',
      ];
      const isEarly = (path: string) => early.some((start) => path.startsWith(start) && !path.endsWith('.css'));
      const requests = await holdUntilAsked(page, /\/api\/auth\/web-session\/refresh$/, isEarly, early.length);
      await page.goto('/manage/reports');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email').waitFor();
      const heldWhile = requests.heldWhile();
      for (const start of early) {
        assert.ok(
          heldWhile.some((path) => path.startsWith(start)),
          `${start} waited for the refresh's answer (asked for before it: ${heldWhile.join(', ')})`,
        );
      }
      // Only this address's chunks: no other area's, no other section's.
      const others = requests.seen.filter((path) =>
        /\/assets\/(ClientsArea|CalendarPage|TillArea|HomePage|SettingsScreens|StaffScreens)-/.test(path),
      );
      assert.deepEqual(others, []);
      await assertAccessible(page, 'the sign-in page of a deep link');

      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL((url) => url.pathname === '/manage/reports');
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      await page.getByRole('table').first().waitFor();
      await assertAccessible(page, 'the reports after signing in');
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('status of 401')),
        [],
      );
    });

    /** Report addresses opened cold, and the one request each shows its figures from (the screen's key). */
    const REPORTS = [
      {
        address: '/manage/reports/items?from=2026-01-01&to=2026-01-31',
        heading: 'Best sellers',
        request: '/api/reporting/item-breakdown?from=2026-01-01&to=2026-01-31',
      },
      {
        address: '/manage/reports/revenue?from=2024-12-01&to=2026-11-29',
        heading: 'Revenue over time',
        request: '/api/reporting/sales-series?from=2024-12-01&to=2026-11-29&interval=month',
      },
      { address: '/manage/reports', heading: 'Reports', request: '/api/reporting/dashboard' },
    ];

    it("signed in, a report's request leaves before its chunk and the messages have come, once, with the screen's key", async () => {
      // Signed in once in a browser of its own: its cookies only, nothing cached, in the next ones.
      const first = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await first.page.goto('/login');
      await first.page.getByLabel('Email').fill(admin.email);
      await first.page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await first.page.getByLabel('Password').press('Enter');
      await first.page.waitForURL((url) => url.pathname === '/');
      const signedIn = await first.context.storageState();

      for (const report of REPORTS) {
        const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', storageState: signedIn });
        // The reports' chunk and the messages held until the report's request and the salon's
        // pages have been asked for.
        const awaited = [report.request, '/api/public/salon-info', '/api/public/salon-page'];
        const requests = await holdUntilAsked(
          page,
          /\/assets\/(ReportsScreens-[^/]*\.js|messages-[^/]*)$/,
          (path) => awaited.includes(path),
          awaited.length,
        );
        await page.goto(report.address);
        await page.getByRole('heading', { level: 1, name: report.heading }).waitFor();
        await page
          .locator('main table.report-table tbody tr, main p:text-is("Nothing in this period.")')
          .first()
          .waitFor();
        const heldWhile = requests.heldWhile();
        for (const path of awaited) {
          assert.ok(
            heldWhile.includes(path),
            `${report.address}: ${path} waited for the reports' chunk or the messages (asked for: ${heldWhile.join(', ')})`,
          );
        }
        // The screen found the start's request in the cache: one request, the address's own.
        assert.deepEqual(
          requests.seen.filter((path) => path.startsWith('/api/reporting/')),
          [report.request],
        );
        assert.deepEqual(watch.problems, [], report.address);
        await page.context().close();
      }
    });
  });
}
