import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { templateNames } from '../../src/mail/templates/index.js';
import { PUBLIC_BASE_URL } from '../../test/helpers/app.js';
import { salonDate } from '../../test/helpers/public.js';
import { FakeCheckoutProvider } from '../../test/helpers/fake-checkout.js';
import { choose, dayButton, DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { sendEveryEmail, SALON_PHONE, type SentEverything } from './every-email.js';
import {
  collectLinks,
  linkIn,
  onTestServer,
  openAsVisitor,
  recordFailures,
  SIGNED_OUT_CHECK,
  unexpectedProblems,
  visitorAddress,
  type MailLink,
} from './mail-links.js';

/*
 * Every link in the service's emails, followed in chromium. The service is driven until it has
 * sent every email it knows (every-email.ts); the links are collected from what the real SMTP
 * server received, whatever they are, and each link to the salon's own site is opened: a page
 * must answer (not "Page not found"), pass axe, and log no console error; opening a link must
 * change nothing (mail scanners open links). Then each page of a client's link, and the staff's
 * password reset, does its job with one press, and the service's state shows it.
 */

/** The kinds of page the emails link to today: a collector that finds fewer is broken. */
const KNOWN_PAGES = [
  '/booking/attend',
  '/booking/cancel',
  '/booking/move',
  '/booking/confirm',
  '/booking/decline',
  '/review',
  '/unsubscribe',
  '/reset-password',
  '/client/magic',
  '/login',
  '/book',
  // A booking request: opened signed out, the sign-in page, which then opens the booking.
  '/bookings/:id',
  // The admins' notices: a product low on stock, a failed payment, the day's SMS budget spent.
  '/inventory/products/:id',
  '/payments/:id',
  '/system/sms',
];

const OWN_ORIGIN = new URL(PUBLIC_BASE_URL).origin;

for (const dialect of BROWSER_DIALECTS) {
  describe(`every link in the service's emails, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let sent: SentEverything;
    let links: MailLink[];
    const checkout = new FakeCheckoutProvider();

    before(async () => {
      await checkout.start();
      h = await startBrowserHarness(dialect, {
        config: {
          // Each browser context is its own visitor (X-Forwarded-For): see openAsVisitor.
          trustProxy: true,
          paymentApiUrls: { cardpay: checkout.url, onlinepay: checkout.url, checkout: checkout.url },
        },
      });
      sent = await sendEveryEmail(h.t, checkout);
      const { page } = await h.open();
      links = await collectLinks(h.t, page);
    });
    after(async () => {
      await h.close();
      await checkout.stop();
    });

    const db = () => h.t.ctx.db;
    const booking = (id: number) =>
      db()
        .selectFrom('bookings')
        .select(['status', 'start_at', 'client_confirmed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const ownLinks = () => links.filter((link) => link.url.origin === OWN_ORIGIN);

    it('the service sent every email it has (a new email must be sent here, so its links are followed)', async () => {
      const rows = await db().selectFrom('emails').select(['template', 'status']).execute();
      const failed = rows.filter((row) => row.status !== 'sent');
      assert.deepEqual(failed, [], 'every email reached the SMTP server');
      const sentTemplates = new Set(rows.map((row) => row.template));
      assert.deepEqual(
        templateNames().filter((name) => !sentTemplates.has(name)),
        [],
      );
    });

    it('the links found cover every kind of page the emails link to today; others go to the payment provider only', () => {
      const found = new Set(ownLinks().map((link) => link.pathKey));
      assert.deepEqual(
        KNOWN_PAGES.filter((path) => !found.has(path)),
        [],
        `links found: ${[...found].sort().join(', ')}`,
      );
      // The no-show fee's email links to the provider's checkout page, where the client pays.
      const elsewhere = links.filter((link) => link.url.origin !== OWN_ORIGIN);
      const checkoutPages = new Set([...checkout.sessions.values()].map((session) => session.url));
      assert.deepEqual(
        elsewhere.filter((link) => !checkoutPages.has(link.url.href)).map((link) => link.url.href),
        [],
      );
      assert.deepEqual([...new Set(elsewhere.map((link) => link.template))], ['payments.noshow_fee']);
    });

    it('every link to the salon\'s site opens a page: not "Page not found", no console error, axe clean (each kind); opening changes nothing', async () => {
      const state = async () => ({
        bookings: await db()
          .selectFrom('bookings')
          .select(['id', 'status', 'start_at', 'client_confirmed_at'])
          .orderBy('id')
          .execute(),
        reviews: await db().selectFrom('reviews').select('id').execute(),
        unsubscribed: await db().selectFrom('client_unsubscribes').select('client_id').execute(),
        passwords: await db().selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute(),
      });
      const before = await state();
      const unique = [...new Map(ownLinks().map((link) => [link.url.href, link])).values()];
      // axe once per kind of link (a page, in one email): the same page with another token
      // draws the same thing; every link is still opened and checked.
      const audited = new Set<string>();
      // One tab for them all (the assets load once), each link a fresh page load by a visitor of
      // its own address; nothing is signed in, nothing is kept between the loads but the language.
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      const failures = recordFailures(page);
      for (const link of unique) {
        const where = `${link.url.pathname} (${link.template})`;
        watch.problems.length = 0;
        failures.length = 0;
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() });
        await page.goto(onTestServer(h, link.url));
        const heading = page.getByRole('heading', { level: 1 });
        await heading.waitFor();
        // A locator, not waitForFunction: its polling evaluates a string in the page, which the
        // pages' Content-Security-Policy (no 'unsafe-eval') refuses whenever it must poll.
        await page.getByText('Loading…').first().waitFor({ state: 'hidden' });
        const title = (await heading.textContent())?.trim();
        assert.notEqual(title, 'Page not found', `${where}: the front end has no page for this email's link`);
        const kind = `${link.template} ${link.pathKey}`;
        if (!audited.has(kind)) {
          audited.add(kind);
          await assertAccessible(page, where);
        }
        assert.deepEqual(
          failures.filter((failure) => failure !== SIGNED_OUT_CHECK),
          [],
          where,
        );
        const problems = unexpectedProblems(watch, ...(failures.length > 0 ? [401] : []));
        assert.deepEqual(problems, [], `${where}: ${problems.join('\n')}`);
      }
      await close();
      assert.deepEqual(await state(), before, 'opening the links changed nothing');
    });

    it('confirm link (Dutch, phone): the appointment named, one press confirms the request; the decline link then says at once it was answered', async () => {
      const { confirmer } = sent.clients;
      const { page, watch, close } = await openAsVisitor(h, { ...PHONE, locale: 'nl-NL' });
      await page.goto(onTestServer(h, linkIn(links, 'booking.provisional', confirmer.email, '/booking/confirm')));
      await page.getByRole('heading', { level: 1, name: 'Bevestig je afspraak bij Studio Test' }).waitFor();
      // The appointment is named before the button, in salon time.
      const asked = await booking(confirmer.bookingId);
      const summary = page.getByRole('region', { name: 'Je afspraak', exact: true });
      await summary.getByText(new RegExp(`${asked.start_at.slice(11, 16)} tot `)).waitFor();
      await assertAccessible(page, 'confirm link');
      assert.equal((await booking(confirmer.bookingId)).status, 'provisional');

      await page.getByRole('button', { name: 'Bevestig mijn afspraak' }).click();
      const done = page.getByRole('heading', { name: 'Je afspraak is bevestigd' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS), 'the result heading has the focus');
      await page.getByRole('status').getByText('Tot dan!').waitFor();
      await page.getByText('Keizersgracht 1, 1015 AA Amsterdam').waitFor();
      await assertAccessible(page, 'confirmed');
      watch.assertClean();
      await close();
      assert.equal((await booking(confirmer.bookingId)).status, 'scheduled');

      const declined = await openAsVisitor(h, { ...PHONE, locale: 'nl-NL' });
      await declined.page.goto(
        onTestServer(h, linkIn(links, 'booking.provisional', confirmer.email, '/booking/decline')),
      );
      // Answered already: said on opening, with the appointment, and nothing to press.
      await declined.page.getByRole('heading', { name: 'Deze afspraak is al beantwoord' }).waitFor();
      await declined.page.getByRole('region', { name: 'Je afspraak', exact: true }).waitFor();
      await declined.page.getByRole('link', { name: SALON_PHONE }).waitFor();
      assert.equal(await declined.page.getByRole('button', { name: 'Afwijzen' }).count(), 0, 'nothing left to press');
      await assertAccessible(declined.page, 'answered already');
      declined.watch.assertClean();
      await declined.close();
      assert.equal((await booking(confirmer.bookingId)).status, 'scheduled');
    });

    it('decline link (English, keyboard only): one press declines; the booking is cancelled', async () => {
      const { decliner } = sent.clients;
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      await page.goto(onTestServer(h, linkIn(links, 'booking.provisional', decliner.email, '/booking/decline')));
      await page.getByRole('heading', { level: 1, name: 'Decline the appointment at Studio Test' }).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Decline' }));
      await page.keyboard.press('Enter');
      const done = page.getByRole('heading', { name: 'Appointment declined' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await assertAccessible(page, 'declined');
      watch.assertClean();
      await close();
      assert.equal((await booking(decliner.bookingId)).status, 'cancelled');
    });

    it('attend link (English, phone): the appointment in salon time with the address; one press records it', async () => {
      const { attendee } = sent.clients;
      const { page, watch, close } = await openAsVisitor(h, { ...PHONE, locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
      await page.goto(onTestServer(h, linkIn(links, 'booking.confirmed', attendee.email, '/booking/attend')));
      await page.getByRole('heading', { level: 1, name: 'Confirm your visit to Studio Test' }).waitFor();
      const { start_at: startAt } = await booking(attendee.bookingId);
      const summary = page.getByRole('region', { name: 'Your appointment', exact: true });
      // Salon time (Europe/Amsterdam, 24-hour clock), whatever the browser's zone.
      await summary.getByText(new RegExp(`${startAt.slice(11, 16)} to `)).waitFor();
      await summary.getByText('Keizersgracht 1, 1015 AA Amsterdam').waitFor();
      await assertAccessible(page, 'attend link');

      await page.getByRole('button', { name: "Confirm I'll be there" }).click();
      const done = page.getByRole('heading', { name: 'Thanks, see you then' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await assertAccessible(page, 'attendance confirmed');
      watch.assertClean();
      await close();
      assert.notEqual((await booking(attendee.bookingId)).client_confirmed_at, null);
    });

    it('cancel link (Dutch): one press cancels; the link then says it was used', async () => {
      const { canceller } = sent.clients;
      const url = linkIn(links, 'booking.confirmed', canceller.email, '/booking/cancel');
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'nl-NL' });
      await page.goto(onTestServer(h, url));
      await page.getByRole('heading', { level: 1, name: 'Je afspraak bij Studio Test annuleren' }).waitFor();
      await page.getByText(/Je kunt online annuleren tot /).waitFor();
      await page.getByRole('button', { name: 'Annuleer mijn afspraak' }).click();
      const done = page.getByRole('heading', { name: 'Je afspraak is geannuleerd' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await assertAccessible(page, 'cancelled');
      watch.assertClean();
      await close();
      assert.equal((await booking(canceller.bookingId)).status, 'cancelled');

      const again = await openAsVisitor(h, { ...DESKTOP, locale: 'nl-NL' });
      await again.page.goto(onTestServer(h, url));
      await again.page.getByRole('heading', { name: 'Deze link is al gebruikt' }).waitFor();
      await assertAccessible(again.page, 'a used link');
      assert.deepEqual(unexpectedProblems(again.watch, 410), []);
      await again.close();
    });

    it('move link (English, phone): a new day and time, one press; the booking moves and the change email comes at once', async () => {
      const { mover } = sent.clients;
      const url = linkIn(links, 'booking.confirmed', mover.email, '/booking/move');
      const { page, watch, close } = await openAsVisitor(h, {
        ...PHONE,
        locale: 'en-GB',
        timezoneId: 'Europe/Amsterdam',
      });
      await page.goto(onTestServer(h, url));
      await page.getByRole('heading', { level: 1, name: 'Move your appointment at Studio Test' }).waitFor();
      await page.getByText(/You can move it online until /).waitFor();
      await page.getByRole('heading', { name: 'Choose a new day' }).waitFor();
      await assertAccessible(page, 'move link');

      const date = salonDate(10);
      await (await dayButton(page, date, 'en-GB', 'Next month')).click();
      await page
        .getByRole('status')
        .filter({ hasText: /free times? on/ })
        .waitFor();
      await assertAccessible(page, 'the times of a day to move to');
      await choose(page.getByRole('radio', { name: /11:00 to 12:00/ }));
      await page.getByText(/New time: .*11:00 to 12:00/).waitFor();
      await page.getByRole('button', { name: 'Move my appointment' }).click();
      const done = page.getByRole('heading', { name: 'Your appointment is moved' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await page
        .getByRole('region', { name: 'Your appointment', exact: true })
        .getByText(/11:00 to 12:00/)
        .waitFor();
      await assertAccessible(page, 'moved');
      watch.assertClean();
      await close();

      assert.equal((await booking(mover.bookingId)).start_at, `${date} 11:00:00`);
      await h.t.drain();
      const updates = await db()
        .selectFrom('emails')
        .select('status')
        .where('recipient', '=', mover.email)
        .where('template', '=', 'booking.updated')
        .execute();
      assert.deepEqual(updates, [{ status: 'sent' }], 'the change email, with fresh links');
    });

    it('review link (English, keyboard only): the visit named; four stars by arrow keys and a comment; the review is stored', async () => {
      const { reviewer } = sent.clients;
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      await page.goto(onTestServer(h, linkIn(links, 'booking.review_request', reviewer.email, '/review')));
      await page.getByRole('heading', { level: 1, name: 'How was your visit to Studio Test?' }).waitFor();
      // The visit rated is named first.
      const { start_at: visited } = await booking(reviewer.bookingId);
      const visit = page.getByRole('region', { name: 'Your visit', exact: true });
      await visit.getByText(new RegExp(`${visited.slice(11, 16)} to `)).waitFor();
      const stars = page.getByRole('radiogroup', { name: 'Your rating' });
      for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
        await stars.getByRole('radio', { name, exact: true }).waitFor();
      }
      await assertAccessible(page, 'review link');
      await tabTo(page, stars.getByRole('radio', { name: '1 star' }));
      await page.keyboard.press('Space');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await stars.getByRole('radio', { name: '4 stars' }).isChecked(), true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Lovely cut, thank you.');
      await tabTo(page, page.getByRole('button', { name: 'Send my review' }));
      await page.keyboard.press('Enter');
      const done = page.getByRole('heading', { name: 'Thank you for your review' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await page.getByText('You gave 4 stars.').waitFor();
      await assertAccessible(page, 'review sent');
      watch.assertClean();
      await close();
      const stored = await db()
        .selectFrom('reviews')
        .select(['rating', 'comment'])
        .where('booking_id', '=', reviewer.bookingId)
        .execute();
      assert.deepEqual(stored, [{ rating: 4, comment: 'Lovely cut, thank you.' }]);
    });

    it('unsubscribe link (Dutch, phone): one press, then the confirmation; the client gets no more campaigns', async () => {
      const { subscriber } = sent.clients;
      const { page, watch, close } = await openAsVisitor(h, { ...PHONE, locale: 'nl-NL' });
      await page.goto(onTestServer(h, linkIn(links, 'campaign.email', subscriber.email, '/unsubscribe')));
      await page.getByRole('heading', { level: 1, name: 'Afmelden voor de e-mails van Studio Test' }).waitFor();
      await assertAccessible(page, 'unsubscribe link');
      await page.getByRole('button', { name: 'Afmelden' }).click();
      const done = page.getByRole('heading', { name: 'Je bent afgemeld' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await page.getByText(/Je krijgt geen nieuws en aanbiedingen meer per e-mail van Studio Test/).waitFor();
      await assertAccessible(page, 'unsubscribed');
      watch.assertClean();
      await close();
      const unsubscribed = await db()
        .selectFrom('client_unsubscribes')
        .select('client_id')
        .where('client_id', '=', subscriber.clientId)
        .execute();
      assert.equal(unsubscribed.length, 1);
      const client = await db()
        .selectFrom('clients')
        .select('marketing_consent')
        .where('id', '=', subscriber.clientId)
        .executeTakeFirstOrThrow();
      assert.equal(client.marketing_consent, 0);
    });

    it('password reset link (English): a new password typed twice, then "Sign in" leads to signing in with it', async () => {
      const { resetter } = sent;
      const { page, watch, close } = await openAsVisitor(h, { ...DESKTOP, locale: 'en-GB' });
      const failures = recordFailures(page);
      await page.goto(onTestServer(h, linkIn(links, 'auth.password_reset', resetter.email, '/reset-password')));
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByText(`For your account at Studio Test, ${resetter.email}.`).waitFor();
      await assertAccessible(page, 'reset link');
      const password = 'a brand new password';
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Repeat the new password').fill(password);
      await page.getByRole('button', { name: 'Save the new password' }).click();
      const done = page.getByRole('heading', { name: 'Your password is changed' });
      await done.waitFor();
      assert.ok(await done.evaluate(HAS_FOCUS));
      await assertAccessible(page, 'password changed');

      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByLabel('Email').fill(resetter.email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      assert.deepEqual(
        failures.filter((failure) => failure !== SIGNED_OUT_CHECK),
        [],
      );
      assert.deepEqual(unexpectedProblems(watch, 401), []);
      await close();

      const login = (value: string) =>
        h.t.request({ method: 'POST', url: '/api/auth/login', payload: { email: resetter.email, password: value } });
      assert.equal((await login(password)).status, 200);
      assert.equal((await login(resetter.password)).status, 401);
    });
  });
}
