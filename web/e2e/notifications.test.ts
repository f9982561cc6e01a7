import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { officeHref } from '../../src/lib/office-paths.js';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, nextSlot, setSettings } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * The back office's notifications in chromium: a booking made for a desk member rings their
 * bell within 2 s without a reload; the list opens from the bell, a notification is marked
 * read, the rest read all at once, one deleted after its question, one opened on its booking;
 * the channels per type are saved and kept. Every link a notification carries opens a screen
 * (a waitlist entry, a product, a payment, a campaign, the SMS outbox), and an admin's screen
 * tells a staff member it is not theirs. Axe in every state; the flow on a desktop in English, on
 * a phone in Dutch a short check (the bell rings live and opens the list).
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    today: 'Today',
    bell: (n: number) => (n === 0 ? 'Notifications, none unread' : `Notifications, ${n} unread`),
    title: 'Notifications',
    count: (n: number) => `${n} ${n === 1 ? 'notification' : 'notifications'}`,
    unreadOnly: 'Unread only',
    markRead: 'Mark read',
    markedRead: 'marked read',
    readAll: 'Mark all read',
    readAllDone: (n: number) => `${n} ${n === 1 ? 'notification' : 'notifications'} marked read.`,
    delete: 'Delete',
    deleteTitle: 'Delete this notification?',
    deleteConfirm: 'Delete notification',
    deleted: 'Notification deleted.',
    settingsLink: 'Choose how you are notified',
    settings: 'Notification settings',
    newBooking: 'A new appointment',
    byEmail: 'By email',
    save: 'Save settings',
    saved: 'Your settings are saved.',
  },
  // The phone's short check in Dutch, and the staff member's phone in the links' test.
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    today: 'Vandaag',
    bell: (n: number) => (n === 0 ? 'Meldingen, geen ongelezen' : `Meldingen, ${n} ongelezen`),
    title: 'Meldingen',
    count: (n: number) => `${n} ${n === 1 ? 'melding' : 'meldingen'}`,
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

for (const dialect of BROWSER_DIALECTS) {
  describe(`notifications in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string; id: number };
    let client: { id: number };
    let service: { id: number; name: string };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      client = await createClient(h.t, admin.token, { name: 'Noor Vermeulen' });
      service = await createService(h.t, admin.token, { name: 'Cut and colour' });
    });
    after(() => h.close());

    /** The desk books `staffId` a visit through the API, as another desk would: their inbox gets `booking.new`. */
    async function bookFor(staffId: number): Promise<number> {
      const made = await h.t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: { client_id: client.id, staff_id: staffId, service_id: service.id, ...nextSlot() },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      return (made.body as { id: number }).id;
    }

    async function signIn(page: Page, watch: PageWatch, words: Words, who: { email: string; password: string }) {
      await page.goto('/login');
      await page.getByLabel(words.email).focus();
      await page.keyboard.type(who.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(who.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.today }).waitFor();
      // The office asks for a session as it loads; without one yet, the browser logs the 401.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
    }

    // The flow in English on a desktop; Dutch on a phone is the short check below.
    {
      const [language, locale, viewport, label] = ['en', 'en-GB', DESKTOP, 'desktop'] as const;
      const words = WORDS[language];

      it(`a booking rings the bell live; read, read all, delete, open, and the channels saved (${language}, ${label})`, async () => {
        const desk = await createStaff(h.t, 'staff');
        const { page, watch } = await h.open({ ...viewport, locale });
        await signIn(page, watch, words, desk);
        const bell = page.getByRole('link', { name: words.bell(0) });
        await bell.waitFor();
        await assertAccessible(page, `the bell, nothing unread (${language}, ${label})`);

        // Another desk books this member: the bell says so within 2 s, without a reload.
        const first = await bookFor(desk.id);
        const booked = Date.now();
        await page.getByRole('link', { name: words.bell(1) }).waitFor({ timeout: 2000 });
        assert.ok(Date.now() - booked <= 2000, 'the unread count changed within 2 s');
        await page.locator('.bell-badge').getByText('1').waitFor();
        await assertAccessible(page, `the bell, one unread (${language}, ${label})`);
        const second = await bookFor(desk.id);
        const third = await bookFor(desk.id);
        await page.getByRole('link', { name: words.bell(3) }).waitFor({ timeout: 2000 });

        // The bell opens the list, by keyboard.
        await tabTo(page, page.getByRole('link', { name: words.bell(3) }));
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
        await page.getByRole('status').getByText(words.count(3)).waitFor();
        const items = page.locator('.notification');
        assert.equal(await items.count(), 3);
        assert.equal(await page.locator('.notification[data-unread]').count(), 3);
        await assertAccessible(page, `the list, three unread (${language}, ${label})`);

        // One marked read: the bell follows.
        const newest = items.first();
        await tabTo(page, newest.getByRole('button', { name: words.markRead }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.markedRead).waitFor();
        await page.getByRole('link', { name: words.bell(2) }).waitFor();
        assert.equal(await page.locator('.notification[data-unread]').count(), 2);

        // Unread only: the two left, in the address.
        await tabTo(page, page.getByRole('checkbox', { name: words.unreadOnly }));
        await page.keyboard.press('Space');
        await page.waitForURL(/[?&]unread=1(&|$)/);
        await page.getByRole('status').getByText(words.count(2)).waitFor();
        assert.equal(await items.count(), 2);
        await assertAccessible(page, `unread only (${language}, ${label})`);

        // Read all: nothing left unread, the bell quiet.
        await tabTo(page, page.getByRole('button', { name: words.readAll }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.readAllDone(2)).waitFor();
        await page.getByRole('link', { name: words.bell(0) }).waitFor();
        await page.getByText('No notifications match these filters.').waitFor();
        await assertAccessible(page, `read all, unread only (${language}, ${label})`);
        await tabTo(page, page.getByRole('checkbox', { name: words.unreadOnly }));
        await page.keyboard.press('Space');
        await page.getByRole('status').getByText(words.count(3)).waitFor();

        // Delete one, after its question.
        await tabTo(page, items.first().getByRole('button', { name: words.delete }));
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('alertdialog', { name: words.deleteTitle });
        await dialog.waitFor();
        await assertAccessible(page, `the question before deleting (${language}, ${label})`);
        await tabTo(page, dialog.getByRole('button', { name: words.deleteConfirm }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.deleted).waitFor();
        await page.getByRole('status').getByText(words.count(2)).waitFor();
        const left = await h.t.request({ method: 'GET', url: '/api/notifications', token: desk.token });
        const links = (left.body as { link: string }[]).map((notification) => notification.link);
        assert.deepEqual(links, [officeHref.booking(second), officeHref.booking(first)], 'the newest is gone');
        assert.equal(links.includes(officeHref.booking(third)), false);

        // A notification opens its booking.
        const open = items.first().getByRole('link');
        await tabTo(page, open);
        await page.keyboard.press('Enter');
        await page.waitForURL(new RegExp(`${officeHref.booking(second)}$`));
        await page.getByRole('dialog').waitFor();
        await assertAccessible(page, `a notification's booking (${language}, ${label})`);

        // The channels: "a new appointment" by email too, saved and kept after a reload.
        await page.goto('/notifications');
        await tabTo(page, page.getByRole('link', { name: words.settingsLink }));
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
        const byEmail = page
          .getByRole('group', { name: words.newBooking })
          .getByRole('checkbox', { name: words.byEmail });
        assert.equal(await byEmail.isChecked(), false);
        await assertAccessible(page, `the channels per type (${language}, ${label})`);
        await tabTo(page, byEmail);
        await page.keyboard.press('Space');
        await tabTo(page, page.getByRole('button', { name: words.save }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.saved).waitFor();
        await assertAccessible(page, `the channels saved (${language}, ${label})`);
        const stored = await h.t.request({ method: 'GET', url: '/api/notifications/preferences', token: desk.token });
        assert.deepEqual(stored.body['booking.new'], { email: true, push: true, in_app: true });
        await page.reload();
        await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
        assert.equal(
          await page
            .getByRole('group', { name: words.newBooking })
            .getByRole('checkbox', { name: words.byEmail })
            .isChecked(),
          true,
        );
        watch.assertClean();
      });
    }

    it('a booking rings the bell live on a phone in Dutch; the bell opens the list', async () => {
      const words = WORDS.nl;
      const desk = await createStaff(h.t, 'staff');
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signIn(page, watch, words, desk);
      await page.getByRole('link', { name: words.bell(0) }).waitFor();
      await assertAccessible(page, 'the bell, nothing unread (nl, phone)');
      await bookFor(desk.id);
      const booked = Date.now();
      await page.getByRole('link', { name: words.bell(1) }).waitFor({ timeout: 2000 });
      assert.ok(Date.now() - booked <= 2000, 'the unread count changed within 2 s');
      await page.getByRole('link', { name: words.bell(1) }).click();
      await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
      await page.getByRole('status').getByText(words.count(1)).waitFor();
      await assertAccessible(page, 'the list, one unread (nl, phone)');
      watch.assertClean();
    });

    it('every link a notification carries opens its screen; an admin-only one tells staff so', async () => {
      // The admin's inbox, from the modules that tell admins: a client joined the waitlist and a
      // product ran low, for real; a payment failed, a campaign was sent and the day's text
      // limit was reached, written as those modules write them (each needs a provider to happen).
      await setSettings(h.t, admin.token, { notify_salon_waitlist_join: 1 });
      const entry = await h.t.request({
        method: 'POST',
        url: '/api/waitlist',
        token: admin.token,
        payload: { client_id: client.id, service_id: service.id, date: nextSlot().date, notes: 'Mornings' },
      });
      assert.equal(entry.status, 201, JSON.stringify(entry.body));
      const product = await h.t.request({
        method: 'POST',
        url: '/api/inventory/products',
        token: admin.token,
        payload: {
          name: 'Argan oil',
          sku: 'ARGAN-1',
          price: 24.5,
          purchase_price: 11,
          quantity_on_hand: 3,
          low_stock_threshold: 2,
        },
      });
      assert.equal(product.status, 201, JSON.stringify(product.body));
      const productId = (product.body as { id: number }).id;
      const used = await h.t.request({
        method: 'POST',
        url: `/api/inventory/products/${productId}/consume`,
        token: admin.token,
        payload: { quantity: 2 },
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const campaign = await h.t.request({
        method: 'POST',
        url: '/api/campaigns',
        token: admin.token,
        payload: { name: 'Autumn', subject: 'Autumn news', blocks: [{ type: 'text', text: 'Hello' }] },
      });
      assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
      const campaignId = (campaign.body as { id: number }).id;
      const now = new Date().toISOString();
      const payment = await h.t.ctx.db
        .insertInto('payments')
        .values({
          purpose: 'noshow_fee',
          reference_id: await bookFor(admin.id),
          method: 'online',
          provider: 'onlinepay',
          status: 'failed',
          amount: 2500,
          currency: 'EUR',
          description: 'No-show fee',
          client_email: null,
          provider_ref: null,
          checkout_url: null,
          error: 'card_declined',
          settled_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const written = [
        { type: 'pos.payment_failed', title: 'Payment failed', link: officeHref.payment(payment.id) },
        { type: 'campaign.sent', title: 'Campaign sent: Autumn', link: officeHref.campaign(campaignId) },
        { type: 'sms.daily_limit_reached', title: 'Daily SMS limit reached', link: officeHref.smsOutbox() },
      ];
      for (const notification of written) {
        await h.t.ctx.db
          .insertInto('notifications')
          .values({ user_id: admin.id, message: '', is_read: 0, created_at: now, ...notification })
          .execute();
      }

      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signIn(page, watch, words, { email: admin.email, password: 'admin-password-1' });
      const screens: [RegExp, string, RegExp][] = [
        [/joined the waitlist/, 'Noor Vermeulen on the waitlist', /Mornings/],
        [/Low stock: Argan oil/, 'Argan oil', /1 \(alert at 2\)/],
        [/Payment failed/, `Payment ${payment.id}`, /card_declined/],
        [/Campaign sent/, 'Autumn', /Autumn news/],
        [/Daily SMS limit/, 'Text messages', /No text messages yet|Queued|Sent|Kept back/],
      ];
      for (const [title, heading, shows] of screens) {
        await page.goto('/notifications');
        const link = page.locator('.notification').getByRole('link', { name: title });
        await link.waitFor();
        await tabTo(page, link);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByText(shows).first().waitFor();
        await assertAccessible(page, `the screen of "${heading}"`);
      }
      // Opened, each was read: only the booking of the payment's set-up is left unread.
      await page.getByRole('link', { name: words.bell(1) }).waitFor();
      watch.assertClean();

      // A staff member who opens an admin's link is told it is not theirs, without a 403 in the console.
      const desk = await createStaff(h.t, 'staff');
      const staffPage = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signIn(staffPage.page, staffPage.watch, WORDS.nl, desk);
      for (const href of [officeHref.payment(payment.id), officeHref.campaign(campaignId), officeHref.smsOutbox()]) {
        await staffPage.page.goto(href);
        await staffPage.page.getByText('Alleen een beheerder kan deze pagina zien').waitFor();
        await assertAccessible(staffPage.page, `an admin's screen opened by staff (${href})`);
      }
      // The product and the waitlist entry are anyone's, as the API has them.
      await staffPage.page.goto(officeHref.product(productId));
      await staffPage.page.getByRole('heading', { level: 1, name: 'Argan oil' }).waitFor();
      await assertAccessible(staffPage.page, 'a product, staff, phone, Dutch');
      staffPage.watch.assertClean();
    });
  });
}
