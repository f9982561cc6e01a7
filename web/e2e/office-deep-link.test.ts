import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
 * reports' chunks are requested before the refresh has answered. Signed out, the link still goes
 * to the sign-in page and back; no other area's code is fetched.
 */

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
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
      await page.goto('/manage/reports');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email').waitFor();
      // The browser's own timing of each request (Resource Timing), read in the page.
      const timings = await page.evaluate<Timing[]>(
        `performance.getEntriesByType('resource').map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime, responseEnd: e.responseEnd }))`,
      );
      const refresh = timings.find(({ name }) => name === '/api/auth/web-session/refresh');
      assert.ok(refresh, 'the page asked for its session');
      for (const chunk of ['/assets/ManageArea-', '/assets/ReportsScreens-']) {
        const request = timings.find(({ name }) => name.startsWith(chunk));
        assert.ok(request, `${chunk} was fetched`);
        assert.ok(
          request.startTime < refresh.responseEnd,
          `${chunk} started at ${request.startTime} ms, after the refresh answered at ${refresh.responseEnd} ms`,
        );
      }
      // Only this address's chunks: no other area's, no other section's.
      const others = timings.filter(({ name }) =>
        /\/assets\/(ClientsArea|CalendarPage|TillArea|HomePage|SettingsScreens|StaffScreens)-/.test(name),
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
  });
}
