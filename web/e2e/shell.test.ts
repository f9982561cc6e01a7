import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/* The front end's foundation in a real browser: its shells, language, sign-in and not-found page. */

for (const dialect of BROWSER_DIALECTS) {
  describe(`web shells in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    it('the booking page loads with nothing from another host, no console error, no axe violation', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB' });
      const response = await page.goto('/book');
      assert.equal(response?.status(), 200);
      assert.match(response?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      await page.getByRole('heading', { level: 2, name: 'Studio Test' }).waitFor();
      await assertAccessible(page, '/book');
      watch.assertClean();
    });

    it("the browser's language (Dutch) is the default; the switch overrides it and sets <html lang>", async () => {
      const { page, watch } = await h.open({ locale: 'nl-NL' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'nl');
      await page.getByRole('radio', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      await assertAccessible(page, '/book after switching to English');
      watch.assertClean();
    });

    it("a browser speaking neither language gets the salon's language", async () => {
      const token = await h.t.ctx.signer.signAccess(admin.id, 'admin');
      const before = (await h.t.request({ method: 'GET', url: '/api/settings', token })).body.language as string;
      for (const [language, heading] of [
        ['nl', 'Afspraak maken'],
        ['en', 'Book an appointment'],
      ] as const) {
        await setSettings(h.t, token, { language });
        const { page, watch } = await h.open({ locale: 'fr-FR' });
        await page.goto('/book');
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        watch.assertClean();
      }
      await setSettings(h.t, token, { language: before });
    });

    it('staff sign in on /login by keyboard alone and reach the back office; a wrong password says so', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB' });
      await page.goto('/');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await assertAccessible(page, '/login');

      await page.getByLabel('Email').focus();
      await page.keyboard.type(admin.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('not the password');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').getByText('The email or password is not right.').waitFor();
      await assertAccessible(page, '/login with an error');

      await page.getByLabel('Password').fill('');
      await page.getByLabel('Password').focus();
      await page.keyboard.type(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      await page.getByText('Good to see you, Olivia Owner.').waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      await assertAccessible(page, 'the back office home');

      // The session is the service's httpOnly cookie, the token in memory only: a reload asks
      // for a new token and stays signed in; no script can read the cookie.
      assert.equal(await page.evaluate('document.cookie'), '');
      await page.reload();
      await page.getByText('Good to see you, Olivia Owner.').waitFor();
      await page.getByRole('button', { name: 'Account menu of Olivia Owner, Admin' }).press('Enter');
      await page.getByRole('button', { name: 'Sign out', exact: true }).press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      // The failed sign-in's 401 is logged by the browser as a failed resource: expected here.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
    });

    it('an address the front end has no page for says "Page not found"', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB' });
      await page.goto('/booking/nothing-here');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await assertAccessible(page, 'the not-found page');
      watch.assertClean();
    });
  });
}
