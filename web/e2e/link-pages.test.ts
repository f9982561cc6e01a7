import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createStaff, uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import {
  latestLinks,
  onTestServer,
  openAsVisitor,
  recordFailures,
  SIGNED_OUT_CHECK,
  unexpectedProblems,
} from './mail-links.js';

/*
 * The pages an email links to when the link cannot do its job, in chromium: unknown, cut-off,
 * used and expired links, an action the salon's cancellation window closed, an appointment
 * cancelled meanwhile, a time taken while choosing, a review without stars or sent twice, and
 * the staff's password reset going wrong; each says so in plain words, in a live region with
 * the focus on its heading, offers the salon's phone where only the salon can help, and passes
 * axe. Phones get no sideways scrolling.
 */

const PHONE_NUMBER = '020 765 4321';

for (const dialect of BROWSER_DIALECTS) {
  describe(`pages of email links when something is wrong, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let service: { id: number; name: string };
    let parser: Page;

    before(async () => {
      h = await startBrowserHarness(dialect, { config: { trustProxy: true } });
      ({ admin, service } = await setupBookingSalon(h.t));
      await setSettings(h.t, admin.token, {
        salon_phone: PHONE_NUMBER,
        calendar_slot_min: 60,
        booking_min_lead_hours: 0,
        cancellation_window_hours: 24,
      });
      ({ page: parser } = await h.open());
    });
    after(() => h.close());

    const db = () => h.t.ctx.db;

    /** A booking made online `days` ahead and the links of its confirmation, by page. */
    async function bookedWithLinks(days: number, hour = 10) {
      const email = uniqueEmail('linked');
      const response = await publicBooking(h.t, {
        service_id: service.id,
        start_at: `${salonDate(days)} ${String(hour).padStart(2, '0')}:00:00`,
        client_email: email,
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      await h.t.drain();
      const links = await latestLinks(h.t, parser, 'booking.confirmed', email);
      const url = (path: string) => {
        const found = links.find((link) => link.url.pathname === path);
        assert.ok(found, `no ${path} link`);
        return onTestServer(h, found.url);
      };
      return {
        id: response.body.id as number,
        email,
        attend: url('/booking/attend'),
        cancel: url('/booking/cancel'),
        move: url('/booking/move'),
      };
    }

    /** The problem the page shows: its heading in the alert region, with the focus on it. */
    async function problemShown(page: Page, title: string) {
      const heading = page.getByRole('alert').getByRole('heading', { name: title });
      await heading.waitFor();
      assert.ok(await heading.evaluate(HAS_FOCUS), `the focus is on "${title}"`);
    }

    /** No sideways scrolling on a phone: the page fits its width. */
    async function fitsThePhone(page: Page) {
      const [scrollWidth, width] = await page.evaluate<[number, number]>(
        '[document.documentElement.scrollWidth, window.innerWidth]',
      );
      assert.ok(scrollWidth <= width, `${scrollWidth}px wide on a ${width}px phone`);
    }

    it('a link whose token is unknown says it is not valid and how to reach the salon; no button acts', async () => {
      const { page, watch, close } = await openAsVisitor(h, { ...PHONE, locale: 'en-GB' });
      // Pages that read what their token acts on say so on opening.
      for (const path of [
        '/booking/attend',
        '/booking/cancel',
        '/booking/move',
        '/booking/confirm',
        '/booking/decline',
      ]) {
        await page.goto(`${path}?token=not-a-token`);
        await problemShown(page, 'This link is not valid');
        await page.getByRole('link', { name: PHONE_NUMBER }).waitFor();
        assert.equal(await page.getByRole('button', { name: /appointment|I'll be there|Decline/ }).count(), 0);
        await fitsThePhone(page);
        await assertAccessible(page, `${path} with an unknown token`);
      }
      for (const [path, press] of [['/unsubscribe', 'Unsubscribe']] as const) {
        await page.goto(`${path}?token=not-a-token`);
        await page.getByRole('button', { name: press }).click();
        await problemShown(page, 'This link is not valid');
        assert.equal(await page.getByRole('button', { name: press }).count(), 0, 'nothing left to press');
        await assertAccessible(page, `${path} with an unknown token, pressed`);
      }
      await page.getByText('This unsubscribe link is not valid.').waitFor();
      // The answers of an unknown token (404, 400) are logged by the browser as failed resources.
      assert.deepEqual(unexpectedProblems(watch, 404, 400), []);
      await close();
    });

    it('a link cut off before its token (Dutch) says it is incomplete', async () => {
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'nl-NL' });
      for (const path of ['/booking/confirm', '/booking/attend', '/review', '/unsubscribe']) {
        await page.goto(path);
        await problemShown(page, 'Deze link is niet compleet');
        await assertAccessible(page, `${path} without a token`);
      }
      watch.assertClean();
      await close();
    });

    it('an expired link says so; a used one says it was used', async () => {
      const made = await bookedWithLinks(3);
      await db()
        .updateTable('booking_action_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('booking_id', '=', made.id)
        .where('purpose', '=', 'attend')
        .execute();
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      await page.goto(made.attend);
      await problemShown(page, 'This link has expired');
      await assertAccessible(page, 'an expired link');

      await page.goto(made.cancel);
      await page.getByRole('button', { name: 'Cancel my appointment' }).click();
      await page.getByRole('heading', { name: 'Your appointment is cancelled' }).waitFor();
      await page.goto(made.cancel);
      await problemShown(page, 'This link has been used already');
      await assertAccessible(page, 'a used link');
      assert.deepEqual(unexpectedProblems(watch, 410), []);
      await close();
    });

    it('outside the cancellation window (Dutch, phone): cancel and move say until when, and give the phone; no button', async () => {
      const made = await bookedWithLinks(2);
      await setSettings(h.t, admin.token, { cancellation_window_hours: 72 });
      try {
        const { page, watch, close } = await openAsVisitor(h, { ...PHONE, locale: 'nl-NL' });
        for (const [url, closed] of [
          [made.cancel, 'Online annuleren kon tot '],
          [made.move, 'Online verzetten kon tot '],
        ] as const) {
          await page.goto(url);
          await problemShown(page, 'Dit kan niet online');
          await page.getByText(closed).waitFor();
          await page.getByRole('link', { name: PHONE_NUMBER }).waitFor();
          assert.equal(await page.getByRole('button', { name: /Annuleer|Verzet/ }).count(), 0);
          assert.equal(await page.getByRole('grid').count(), 0, 'no calendar to choose from');
          await fitsThePhone(page);
          await assertAccessible(page, `${closed}…`);
        }
        watch.assertClean();
        await close();
        const row = await db()
          .selectFrom('bookings')
          .select('status')
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.status, 'scheduled');
      } finally {
        await setSettings(h.t, admin.token, { cancellation_window_hours: 24 });
      }
    });

    it('an appointment the salon cancelled meanwhile: the attend link says it is cancelled already', async () => {
      const made = await bookedWithLinks(4);
      const cancelled = await h.t.request({
        method: 'PUT',
        url: `/api/bookings/${made.id}`,
        token: admin.token,
        payload: { status: 'cancelled' },
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      await page.goto(made.attend);
      await problemShown(page, "This can't be done online");
      await page.getByText('This appointment is cancelled already.').waitFor();
      await assertAccessible(page, 'cancelled meanwhile');
      watch.assertClean();
      await close();
    });

    it("the appointment shows in the salon's 12-hour clock when it keeps one, whatever the browser's zone", async () => {
      const made = await bookedWithLinks(7, 14);
      await setSettings(h.t, admin.token, { time_format: '12h' });
      try {
        const { page, watch, close } = await openAsVisitor(h, {
          ...DESKTOP,
          locale: 'en-GB',
          timezoneId: 'America/Denver',
        });
        await page.goto(made.attend);
        const when = page
          .getByRole('region', { name: 'Your appointment', exact: true })
          .getByText(/2:00\spm to 3:00\spm/);
        await when.waitFor();
        watch.assertClean();
        await close();
      } finally {
        await setSettings(h.t, admin.token, { time_format: '24h' });
      }
    });

    it('a time taken while choosing (phone): the move says so, fresh times without it, another time moves', async () => {
      const made = await bookedWithLinks(5);
      const date = salonDate(6);
      const { page, watch, close } = await openAsVisitor(h, {
        ...PHONE,
        locale: 'en-GB',
        timezoneId: 'Europe/Amsterdam',
      });
      await page.goto(made.move);
      await (await dayButton(page, date, 'en-GB', 'Next month')).click();
      await choose(page.getByRole('radio', { name: /13:00 to 14:00/ }));
      await fitsThePhone(page);

      const other = await publicBooking(h.t, { service_id: service.id, start_at: `${date} 13:00:00` });
      assert.equal(other.status, 201, JSON.stringify(other.body));
      await page.getByRole('button', { name: 'Move my appointment' }).click();
      await page.getByRole('alert').filter({ hasText: 'that time was just taken' }).waitFor();
      // The fresh times arrive after the alert: the taken one leaves the list (waited for, not
      // counted at once, which raced the refetch), the others stay.
      await page.getByRole('radio', { name: /13:00 to 14:00/ }).waitFor({ state: 'detached' });
      await page.getByRole('radio', { name: /14:00 to 15:00/ }).waitFor();
      await assertAccessible(page, 'a time taken meanwhile');
      assert.deepEqual(unexpectedProblems(watch, 409), []);

      await choose(page.getByRole('radio', { name: /14:00 to 15:00/ }));
      await page.getByRole('button', { name: 'Move my appointment' }).click();
      await page.getByRole('heading', { name: 'Your appointment is moved' }).waitFor();
      await close();
      const row = await db()
        .selectFrom('bookings')
        .select('start_at')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.start_at, `${date} 14:00:00`);
    });

    it('a move link opens its calendar on the month of the booking, not today’s (phone)', async () => {
      const made = await bookedWithLinks(45);
      const { page, watch, close } = await openAsVisitor(h, {
        ...PHONE,
        locale: 'en-GB',
        timezoneId: 'Europe/Amsterdam',
      });
      await page.goto(made.move);
      const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${salonDate(45)}T12:00:00Z`),
      );
      await page.locator('.calendar .month').filter({ hasText: month }).waitFor();
      await assertAccessible(page, 'a move link, on the booking’s month');
      assert.deepEqual(unexpectedProblems(watch), []);
      await close();
    });

    it('a review without stars asks for them; a second review of the visit (Dutch) says it was reviewed already, on sending or on opening', async () => {
      const client = await h.t.request({
        method: 'POST',
        url: '/api/clients',
        token: admin.token,
        payload: { name: 'Vera Visit', email: uniqueEmail('visit') },
      });
      const staff = await db().selectFrom('users').select('id').where('role', '=', 'staff').executeTakeFirstOrThrow();
      const visit = await h.t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.body.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: '2021-03-01 10:00:00',
          end_at: '2021-03-01 11:00:00',
          override: true,
        },
      });
      assert.equal(visit.status, 200, JSON.stringify(visit.body));
      const done = await h.t.request({
        method: 'PUT',
        url: `/api/bookings/${visit.body.id}`,
        token: admin.token,
        payload: { status: 'completed' },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      await h.t.drain();
      const [review] = await latestLinks(h.t, parser, 'booking.review_request', client.body.email);
      const url = onTestServer(h, review!.url);

      const first = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      await first.page.goto(url);
      // Opened in a second tab before the first review is sent.
      const second = await openAsVisitor(h, { ...DESKTOP, locale: 'nl-NL' });
      await second.page.goto(url);
      await second.page.getByRole('radio', { name: '2 sterren' }).waitFor();
      await first.page.getByRole('button', { name: 'Send my review' }).click();
      await first.page.getByText('Choose from 1 to 5 stars.').waitFor();
      await assertAccessible(first.page, 'a review without stars');
      await choose(first.page.getByRole('radio', { name: '5 stars' }));
      await first.page.getByRole('button', { name: 'Send my review' }).click();
      await first.page.getByRole('heading', { name: 'Thank you for your review' }).waitFor();
      first.watch.assertClean();
      await first.close();

      await choose(second.page.getByRole('radio', { name: '2 sterren' }));
      await second.page.getByRole('button', { name: 'Verstuur mijn beoordeling' }).click();
      await problemShown(second.page, 'Dit bezoek is al beoordeeld');
      await assertAccessible(second.page, 'reviewed already');
      assert.deepEqual(unexpectedProblems(second.watch, 409), []);
      await second.close();

      // Opened after the review: said at once, the visit named, no stars to give.
      const third = await openAsVisitor(h, { ...PHONE, locale: 'nl-NL' });
      await third.page.goto(url);
      await third.page.getByRole('heading', { name: 'Dit bezoek is al beoordeeld' }).waitFor();
      await third.page.getByRole('region', { name: 'Je bezoek', exact: true }).getByText(service.name).waitFor();
      assert.equal(await third.page.getByRole('radiogroup', { name: 'Je beoordeling' }).count(), 0, 'no stars to give');
      await assertAccessible(third.page, 'reviewed already, on opening');
      third.watch.assertClean();
      await third.close();
      const stored = await db()
        .selectFrom('reviews')
        .select('rating')
        .where('booking_id', '=', visit.body.id)
        .execute();
      assert.deepEqual(stored, [{ rating: 5 }]);
    });

    it('"Forgot your password?" on the sign-in page, by keyboard: the same answer for any address; a real one gets the email', async () => {
      const member = await createStaff(h.t);
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      const failures = recordFailures(page);
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await tabTo(page, page.getByRole('link', { name: 'Forgot your password?' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      await assertAccessible(page, 'forgot password');
      for (const email of [member.email, uniqueEmail('nobody')]) {
        await tabTo(page, page.getByLabel('Email'));
        await page.keyboard.type(email);
        await page.keyboard.press('Enter');
        const sent = page.getByRole('heading', { name: 'Check your email' });
        await sent.waitFor();
        assert.ok(await sent.evaluate(HAS_FOCUS));
        await page.getByText(`If ${email} has an account, an email with a link is on its way.`).waitFor();
        await assertAccessible(page, 'a reset link asked for');
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      }
      assert.deepEqual(
        failures.filter((failure) => failure !== SIGNED_OUT_CHECK),
        [],
      );
      assert.deepEqual(unexpectedProblems(watch, 401), []);
      await close();
      await h.t.drain();
      const resets = await db()
        .selectFrom('emails')
        .select('recipient')
        .where('template', '=', 'auth.password_reset')
        .execute();
      assert.deepEqual(
        resets.map((row) => row.recipient),
        [member.email],
      );
    });

    it('a reset link: passwords that differ or are short are refused on the spot; a used link (Dutch) offers a new one', async () => {
      const member = await createStaff(h.t);
      const asked = await h.t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: member.email },
      });
      assert.equal(asked.status, 200);
      await h.t.drain();
      const [reset] = await latestLinks(h.t, parser, 'auth.password_reset', member.email);
      const url = onTestServer(h, reset!.url);

      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      const failures = recordFailures(page);
      await page.goto(url);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Repeat the new password').fill('different');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Use at least 8 characters.').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('long enough now');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('The two passwords differ.').waitFor();
      await assertAccessible(page, 'passwords refused');
      await page.getByLabel('Repeat the new password').fill('long enough now');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
      await close();
      assert.deepEqual(
        failures.filter((failure) => failure !== SIGNED_OUT_CHECK),
        [],
      );
      assert.deepEqual(unexpectedProblems(watch, 401), []);

      const again = await openAsVisitor(h, { ...DESKTOP, locale: 'nl-NL' });
      await again.page.goto(url);
      await again.page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('yet another one');
      await again.page.getByLabel('Herhaal het nieuwe wachtwoord').fill('yet another one');
      await again.page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
      await problemShown(again.page, 'Deze resetlink is verlopen');
      assert.equal(await again.page.getByLabel('E-mail').inputValue(), member.email, 'the address filled in');
      await again.page.getByRole('button', { name: 'Stuur de link' }).click();
      await again.page.getByRole('heading', { name: 'Kijk in je mail' }).waitFor();
      await assertAccessible(again.page, 'a used reset link, a new one asked for');
      assert.deepEqual(unexpectedProblems(again.watch, 400, 401), []);
      await again.close();
      const login = await h.t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'long enough now' },
      });
      assert.equal(login.status, 200, 'the first reset holds');
    });
  });
}
