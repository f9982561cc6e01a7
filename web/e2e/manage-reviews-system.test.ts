import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { insertBooking, insertClient, insertService } from '../../test/helpers/factories.js';
import { DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The manager's reviews and the system's views in chromium. Reviews: filtered by rating, one
 * hidden and published again, replied to; approval turned on, after which a client's new review
 * stays off the booking page until it is published here. The system: a mail job that gave up
 * (the mail server was down) retried from the queue, run, and its email opened as sent; the old
 * SMS outbox address leads to its new place. Axe on every state, in English on a desktop and in
 * Dutch on a phone.
 */

const WORDS = {
  en: {
    manage: 'Manage the salon',
    reviews: 'Reviews',
    rating: 'Rating',
    stars2: '2 stars',
    shown: 'Shown',
    hiddenOnly: 'Hidden or awaiting approval',
    hide: 'Hide',
    publish: 'Publish',
    hidden: 'Hidden: the booking page no longer shows it.',
    published: 'Published: the booking page shows it.',
    reply: 'Your reply',
    saveReply: 'Save reply',
    replied: 'Reply saved.',
    approval: 'New reviews wait for my approval',
    approvalOn: 'Saved: new reviews now wait for your approval.',
    system: 'The system',
    jobs: 'Job queue',
    status: 'Status',
    gaveUp: 'Failed, gave up',
    waiting: 'Waiting',
    done: 'Done',
    retried: /will run again within moments/,
    emails: 'Emails',
    sent: 'Sent',
    sms: 'Text messages',
    redacted: 'Its content is not shown: it held a sign-in link, a code or a password.',
  },
  nl: {
    manage: 'De salon beheren',
    reviews: 'Beoordelingen',
    rating: 'Waardering',
    stars2: '2 sterren',
    shown: 'Zichtbaar',
    hiddenOnly: 'Verborgen of wacht op goedkeuring',
    hide: 'Verbergen',
    publish: 'Publiceren',
    hidden: 'Verborgen: de boekingspagina toont haar niet meer.',
    published: 'Gepubliceerd: de boekingspagina toont haar.',
    reply: 'Uw reactie',
    saveReply: 'Reactie opslaan',
    replied: 'Reactie opgeslagen.',
    approval: 'Nieuwe beoordelingen wachten op mijn goedkeuring',
    approvalOn: 'Opgeslagen: nieuwe beoordelingen wachten nu op uw goedkeuring.',
    system: 'Het systeem',
    jobs: 'Wachtrij',
    status: 'Status',
    gaveUp: 'Mislukt, opgegeven',
    waiting: 'Wacht',
    done: 'Klaar',
    retried: /draait zo meteen opnieuw/,
    emails: 'E-mails',
    sent: 'Verstuurd',
    sms: 'Sms-berichten',
    redacted: 'De inhoud wordt niet getoond: ze bevatte een inloglink, een code of een wachtwoord.',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`the manager's reviews and the system's views in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let staffId: number;
    let serviceId: number;
    let visits = 0;

    /** A completed visit reviewed through the booking page's endpoint, as a client does. */
    async function clientReviews(name: string, rating: number, comment: string): Promise<number> {
      visits += 1;
      const client = await insertClient(h.t.ctx.db, { name });
      const token = `e2e-feedback-${visits}`;
      const day = String(visits).padStart(2, '0');
      await insertBooking(h.t.ctx.db, {
        client_id: client.id,
        staff_id: staffId,
        service_id: serviceId,
        start_at: `2030-03-${day} 10:00:00`,
        end_at: `2030-03-${day} 11:00:00`,
        status: 'completed',
        price: 5000,
        feedback_token: token,
      });
      const review = await h.t.request({
        method: 'POST',
        url: '/api/public/reviews',
        payload: { token, rating, comment },
      });
      assert.equal(review.status, 201, JSON.stringify(review.body));
      return review.body.id as number;
    }
    const summary = async () => (await h.t.request({ method: 'GET', url: '/api/public/reviews/summary' })).body;

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
      staffId = (await createStaff(h.t, 'staff')).id;
      serviceId = (await insertService(h.t.ctx.db, { name: 'Highlights' })).id;
    });
    after(() => h.close());

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];
      const where = `(${language}, ${label})`;

      it(`filters reviews, hides and publishes one, replies, and holds new ones for approval ${where}`, async () => {
        await api(h.t, admin.token, 'PUT', '/api/settings', { reviews_need_approval: 0 });
        const poor = `Ellen ${language} Poor`;
        await clientReviews(`Anna ${language} Good`, 5, `Lovely highlights ${language}`);
        await clientReviews(poor, 2, `Waited half an hour ${language}`);
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage');
        await page.getByRole('link', { name: words.reviews, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.reviews }).waitFor();
        assert.equal(new URL(page.url()).pathname, '/manage/reviews');
        await assertAccessible(page, `the reviews ${where}`);

        // Two stars only: the poor one is the one card; the filter is in the address.
        await page.getByLabel(words.rating).selectOption({ label: words.stars2 });
        await page.waitForURL((url) => url.searchParams.get('rating') === '2');
        const card = page.getByRole('article', { name: new RegExp(poor) });
        await card.waitFor();
        await page.getByRole('article', { name: new RegExp(`Anna ${language} Good`) }).waitFor({ state: 'detached' });
        assert.equal(await page.getByRole('article').count(), await page.getByRole('article', { name: /^2 / }).count());
        await assertAccessible(page, `two-star reviews ${where}`);

        await card.getByRole('button', { name: words.hide }).click();
        await card.getByRole('status').getByText(words.hidden).waitFor();
        assert.ok(
          !(await summary()).latest.some((r: { comment: string }) => r.comment === `Waited half an hour ${language}`),
        );
        await assertAccessible(page, `a review hidden ${where}`);
        await card.getByRole('button', { name: words.publish }).click();
        await card.getByRole('status').getByText(words.published).waitFor();

        await card.getByLabel(words.reply).fill('Sorry for the wait, we have changed our planning.');
        await card.getByRole('button', { name: words.saveReply }).click();
        await card.getByRole('status').getByText(words.replied).waitFor();
        const latest = (await summary()).latest.find(
          (r: { comment: string }) => r.comment === `Waited half an hour ${language}`,
        );
        assert.equal(latest?.reply, 'Sorry for the wait, we have changed our planning.');
        await assertAccessible(page, `a reply saved ${where}`);

        // Approval on: the next review stays off the booking page until published here.
        await page.getByText(words.approval).click();
        await page.getByText(words.approvalOn).waitFor();
        await assertAccessible(page, `approval turned on ${where}`);
        const held = `Held ${language} review`;
        await clientReviews(`Bram ${language} Held`, 1, held);
        assert.ok(!(await summary()).latest.some((r: { comment: string }) => r.comment === held));
        await page.goto('/manage/reviews?state=hidden');
        const pending = page.getByRole('article', { name: new RegExp(`Bram ${language} Held`) });
        await pending.waitFor();
        assert.equal(await page.getByLabel(words.shown).inputValue(), 'hidden');
        await assertAccessible(page, `a review awaiting approval ${where}`);
        // Published, it leaves the list of hidden ones and shows on the booking page.
        await pending.getByRole('button', { name: words.publish }).click();
        await pending.waitFor({ state: 'detached' });
        assert.ok((await summary()).latest.some((r: { comment: string }) => r.comment === held));
        assertClean(watch);
      });

      it(`retries a mail job that gave up, then reads the email as sent ${where}`, async () => {
        // A gift card's email: queued with its mail.send job, which then "gave up" (mail server down).
        await api(h.t, admin.token, 'POST', '/api/giftcards', {
          amount: 25,
          recipient_name: `Gift ${language}`,
          recipient_email: `gift.${language}@example.com`,
        });
        const job = await h.t.ctx.db
          .selectFrom('jobs')
          .select(['id', 'attempts', 'max_attempts'])
          .where('name', '=', 'mail.send')
          .where('status', '=', 'queued')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        await h.t.ctx.db
          .updateTable('jobs')
          .set({
            status: 'dead',
            attempts: job.max_attempts,
            last_error: 'connect ECONNREFUSED 127.0.0.1:25',
            finished_at: new Date().toISOString(),
          })
          .where('id', '=', job.id)
          .execute();

        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAtDesk(page, admin.email);
        await page.goto('/manage');
        await page.getByRole('link', { name: words.system, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.jobs }).waitFor();
        await page.getByLabel(words.status).selectOption({ label: words.gaveUp });
        const row = page.getByRole('row', { name: new RegExp(`mail\\.send #${job.id}`) });
        await row.getByText('ECONNREFUSED').waitFor();
        await assertAccessible(page, `the jobs that gave up ${where}`);

        await row.getByRole('button', { name: new RegExp(`#${job.id}`) }).click();
        await page.getByRole('status').getByText(words.retried).waitFor();
        // Gone from "gave up" (it is waiting again); the worker runs it and it is done.
        await row.waitFor({ state: 'detached' });
        await assertAccessible(page, `a job retried ${where}`);
        await page.getByLabel(words.status).selectOption({ label: words.waiting });
        await page.getByRole('row', { name: new RegExp(`mail\\.send #${job.id}`) }).waitFor();
        await h.t.drain();
        await page.getByLabel(words.status).selectOption({ label: words.done });
        await page.getByRole('row', { name: new RegExp(`mail\\.send #${job.id}`) }).waitFor();

        // The email outbox: the gift card's email sent; opened, it shows as the mail server got it.
        await page.getByRole('link', { name: words.emails, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: words.emails }).waitFor();
        // A row is named by its subject; the address is in its cells.
        const email = page.getByRole('row').filter({ hasText: `gift.${language}@example.com` });
        await email.getByText(words.sent).waitFor();
        await assertAccessible(page, `the email outbox ${where}`);
        await email.click();
        await page.waitForURL((url) => /^\/manage\/system\/emails\/\d+$/.test(url.pathname));
        // A gift card's email holds its code: once sent, its content is erased and the page says so.
        await page.getByRole('heading', { level: 1, name: /gift card for/ }).waitFor();
        await page.getByText(words.redacted).waitFor();
        await assertAccessible(page, `an email as sent ${where}`);

        // The old address of the SMS outbox (in notifications already sent) leads to its new place.
        await page.goto('/system/sms');
        await page.waitForURL((url) => url.pathname === '/manage/system/sms');
        await page.getByRole('heading', { level: 1, name: words.sms }).waitFor();
        await assertAccessible(page, `the SMS outbox ${where}`);
        assertClean(watch);
      });
    }
  });
}
