import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { insertProduct } from '../../test/helpers/factories.js';
import { todayIn } from '../../src/lib/time.js';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The back office's shell in chromium: the first start on a service with no user, sign-in by
 * role, the forced password change, signing out everywhere, and Today with a request confirmed
 * at the desk; by keyboard, in English and Dutch, on a desktop and a phone, axe on every state.
 */

/**
 * What the browser logs that these tests expect: a page opened signed out asks the service for
 * its session and is answered 401 (no session), which the browser logs as a failed resource.
 */
function unexpected(problems: readonly string[]): string[] {
  return problems.filter((problem) => !problem.includes('status of 401'));
}

/** Signs in on /login by keyboard alone and waits for Today. */
async function signIn(page: Page, email: string, password: string, today = 'Today'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-mail)$/).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: today }).waitFor();
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`the first start in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
    });
    after(() => h.close());

    it('a service with no user shows the set-up page at /, refuses on the fields, sets the salon up and signs the owner in', async () => {
      const { page, watch } = await h.open({ locale: 'en-GB', timezoneId: 'Europe/London' });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Set up your salon' }).waitFor();
      await assertAccessible(page, 'the set-up page');
      // The browser's zone is the first guess.
      assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/London');

      await page.getByLabel('Your name').fill('Olga Owner');
      await page.getByLabel('Your email').fill('olga@example.com');
      await page.getByLabel('Password', { exact: true }).fill('olga-secret-1');
      await page.getByLabel('Salon name').fill('Studio Olga');
      // Closed on Monday; Tuesday closes before it opens; a time zone that does not exist.
      await page.getByRole('checkbox', { name: 'Open on Monday' }).press('Space');
      await page.getByLabel('Tuesday closes at').fill('08:00');
      await page.getByLabel('Time zone').fill('Mars/Olympus');
      await page.getByLabel('Currency').fill('GBP');
      const salonLanguage = page.getByRole('radiogroup', { name: "Language of the salon's emails and booking page" });
      await salonLanguage.getByRole('radio', { name: 'English' }).focus();
      await page.keyboard.press('ArrowDown');
      assert.equal(await salonLanguage.getByRole('radio', { name: 'Nederlands' }).isChecked(), true);
      await page.getByRole('button', { name: 'Set up the salon' }).press('Enter');

      // The service's refusals, each on its field.
      await page.getByRole('alert').getByText('Please check the marked fields.').waitFor();
      await page.getByText('must be after open_time').waitFor();
      await assertAccessible(page, 'the set-up page with a refusal');
      await page.getByLabel('Tuesday closes at').fill('17:30');
      await page.getByRole('button', { name: 'Set up the salon' }).press('Enter');
      await page.getByText('must be an IANA time zone such as Europe/Amsterdam').waitFor();
      await page.getByLabel('Time zone').fill('Europe/London');
      await page.getByRole('button', { name: 'Set up the salon' }).press('Enter');

      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      await page.getByText('Good to see you, Olga Owner.').waitFor();
      await page.getByRole('button', { name: 'Account menu of Olga Owner, Admin' }).waitFor();
      await assertAccessible(page, 'Today after the set-up');

      const owner = await h.t.ctx.db.selectFrom('users').select(['id', 'role']).executeTakeFirstOrThrow();
      assert.equal(owner.role, 'admin');
      const token = await h.t.ctx.signer.signAccess(owner.id, 'admin');
      const settings = (await h.t.request({ method: 'GET', url: '/api/settings', token })).body;
      assert.deepEqual(
        [settings.salon_name, settings.timezone, settings.currency, settings.language],
        ['Studio Olga', 'Europe/London', 'GBP', 'nl'],
      );
      const hours = (await h.t.request({ method: 'GET', url: '/api/public/salon-page' })).body.opening_hours as {
        day_of_week: number;
        is_closed: boolean;
        close_time: string | null;
      }[];
      assert.equal(hours.find((day) => day.day_of_week === 1)?.is_closed, true);
      assert.equal(hours.find((day) => day.day_of_week === 2)?.close_time, '17:30');

      // Set up once: signed out, / is the sign-in page again.
      await page.getByRole('button', { name: 'Account menu of Olga Owner, Admin' }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      // The refusals' 400s are logged by the browser as failed resources: expected here.
      assert.deepEqual(
        unexpected(watch.problems).filter((problem) => !problem.includes('status of 400')),
        [],
      );
    });
  });

  describe(`the office shell in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { email: string; id: number; token: string };
    let today: string;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      today = todayIn('Europe/Amsterdam');
    });
    after(() => h.close());

    it('an admin sees the navigation, the menu with name and role, and the admin-only parts of Today (low stock)', async () => {
      const product = await insertProduct(h.t.ctx.db, {
        name: 'Argan oil',
        quantity_on_hand: 2,
        low_stock_threshold: 5,
      });
      const { page, watch } = await h.open({ locale: 'en-GB' });
      await signIn(page, admin.email, ADMIN_PASSWORD);
      const nav = page.getByRole('navigation', { name: 'Main' });
      assert.equal(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current'), 'page');
      assert.equal(await nav.getByRole('button', { name: 'Menu' }).isVisible(), false, 'no menu button on a desktop');
      await page.getByRole('heading', { level: 2, name: /^Low stock/ }).waitFor();
      await page.getByText(product.name).waitFor();
      await page.getByText('2 left (alert at 5)').waitFor();

      // The menu by keyboard: opened with Enter, its actions reached by Tab, closed by Escape.
      const menu = page.getByRole('button', { name: 'Account menu of Olivia Owner, Admin' });
      await menu.focus();
      await page.keyboard.press('Enter');
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
      await assertAccessible(page, 'Today with the menu open');
      await page.keyboard.press('Escape');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(
        await menu.evaluate((button) => button === button.ownerDocument.activeElement),
        true,
        'the focus is back on the button',
      );
      assert.deepEqual(unexpected(watch.problems), []);
    });

    it('staff see no admin areas: no low stock, no revenue, on Today', async () => {
      const member = await createStaff(h.t);
      await insertProduct(h.t.ctx.db, { name: 'Low for staff', quantity_on_hand: 0, low_stock_threshold: 5 });
      const { page, watch } = await h.open({ locale: 'en-GB' });
      await signIn(page, member.email, member.password);
      await page.getByRole('heading', { level: 2, name: /^Today's arrivals/ }).waitFor();
      await page.getByRole('heading', { level: 2, name: /^Requests to answer/ }).waitFor();
      assert.equal(await page.getByRole('heading', { name: /^Low stock/ }).count(), 0);
      assert.equal(await page.getByText('Low for staff').count(), 0);
      assert.equal(await page.getByRole('heading', { name: /revenue goal/ }).count(), 0);
      await page.getByRole('button', { name: /, Staff$/ }).waitFor();
      await assertAccessible(page, 'Today for staff');
      assert.deepEqual(unexpected(watch.problems), []);
    });

    it('the forced password change: nothing else opens until the temporary password is replaced', async () => {
      const member = await createStaff(h.t);
      await h.t.ctx.db.updateTable('users').set({ require_password_change: 1 }).where('id', '=', member.id).execute();
      const { page, watch } = await h.open({ locale: 'en-GB' });
      await page.goto('/login');
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByLabel('Password').press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Choose your own password' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no navigation');
      await assertAccessible(page, 'the forced password change');
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Choose your own password' }).waitFor();

      await page.getByLabel('Temporary password').focus();
      await page.keyboard.type('not it at all');
      await page.keyboard.press('Tab');
      await page.keyboard.type('my-own-password');
      await page.keyboard.press('Tab');
      await page.keyboard.type('my-own-password');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').getByText('The temporary password is not right.').waitFor();
      await assertAccessible(page, 'the forced password change refused');

      await page.getByLabel('Temporary password').fill(member.password);
      await page.getByLabel('Temporary password').press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const row = await h.t.ctx.db
        .selectFrom('users')
        .select('require_password_change')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.require_password_change, 0);
      // A reload keeps the new session.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      assert.deepEqual(unexpected(watch.problems), []);
    });

    it("sign out everywhere: this browser goes to the sign-in page and another browser's session is gone", async () => {
      const member = await createStaff(h.t);
      const here = await h.open({ locale: 'en-GB' });
      const there = await h.open({ locale: 'en-GB' });
      await signIn(here.page, member.email, member.password);
      await signIn(there.page, member.email, member.password);

      await here.page.getByRole('button', { name: /^Account menu of/ }).press('Enter');
      await here.page.getByRole('button', { name: 'Sign out everywhere' }).focus();
      await here.page.keyboard.press('Enter');
      await here.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

      await there.page.reload();
      await there.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      const sessions = await h.t.ctx.db
        .selectFrom('web_sessions')
        .select('id')
        .where('kind', '=', 'staff')
        .where('subject_id', '=', member.id)
        .execute();
      assert.deepEqual(sessions, []);
      assert.deepEqual(unexpected(here.watch.problems), []);
      // The other browser's refresh is answered 401 (its session ended): expected there.
      assert.deepEqual(unexpected(there.watch.problems), []);
    });

    it('Today lists a request, and confirming it by keyboard schedules it and tells the client', async () => {
      const service = await createService(h.t, admin.token, { name: 'Balayage' });
      const client = await createClient(h.t, admin.token, { name: 'Rosa Request' });
      const created = await h.t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          service_id: service.id,
          staff_id: admin.id,
          start_at: `${today} 10:00:00`,
          end_at: `${today} 11:00:00`,
          provisional: true,
          override: true,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));

      const { page, watch } = await h.open({ locale: 'en-GB' });
      await signIn(page, admin.email, ADMIN_PASSWORD);
      const requests = page.getByRole('region', { name: /^Requests to answer/ });
      await requests.getByText(/^Rosa Request, Balayage, /).waitFor();
      // Today's arrivals list it too, in words.
      await page
        .getByRole('region', { name: /^Today's arrivals/ })
        .getByText('Request, not confirmed yet')
        .waitFor();
      await assertAccessible(page, 'Today with a request');

      await requests.getByRole('button', { name: 'Confirm' }).focus();
      await page.keyboard.press('Enter');
      await requests
        .getByRole('status')
        .getByText(/^Confirmed: Rosa Request, .*The client gets an email\.$/)
        .waitFor();
      await requests.getByText('No requests are waiting.').waitFor();
      await assertAccessible(page, 'Today after confirming');

      const booking = await h.t.request({ method: 'GET', url: `/api/bookings/${created.body.id}`, token: admin.token });
      assert.equal(booking.body.status, 'scheduled');
      const jobs = await h.t.request({
        method: 'GET',
        url: '/api/system/jobs?name=booking.created',
        token: admin.token,
      });
      assert.ok(
        (jobs.body as { payload: { bookingId?: number; booking_id?: number } }[]).some(
          (job) => (job.payload.bookingId ?? job.payload.booking_id) === created.body.id,
        ),
        'the confirmation to the client is queued',
      );
      assert.deepEqual(unexpected(watch.problems), []);
    });

    it('on a phone, in Dutch: the navigation folds into a menu button, opened by keyboard', async () => {
      const { page, watch } = await h.open({
        locale: 'nl-NL',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signIn(page, admin.email, ADMIN_PASSWORD, 'Vandaag');
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
      const toggle = nav.getByRole('button', { name: 'Menu' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.getByRole('link', { name: 'Vandaag' }).isVisible(), false, 'folded away');
      await toggle.focus();
      await page.keyboard.press('Enter');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await nav.getByRole('link', { name: 'Vandaag' }).waitFor();
      await assertAccessible(page, 'Today on a phone in Dutch, the menu open');
      await page.getByRole('button', { name: 'Accountmenu van Olivia Owner, Beheerder' }).waitFor();
      assert.deepEqual(unexpected(watch.problems), []);
    });
  });
}
