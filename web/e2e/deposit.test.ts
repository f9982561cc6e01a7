import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../../test/helpers/app.js';
import { createService, setSettings } from '../../test/helpers/bookings.js';
import { FakeCheckoutProvider } from '../../test/helpers/fake-checkout.js';
import { offeredStarts, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, HAS_FOCUS, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * A service with a deposit booked on the booking page, in chromium: the page holds the time
 * and sends the client to the checkout provider (the fake's hosted page, speaking Stripe's
 * protocol and sending its signed webhook), which sends the browser back to /payment/return.
 * Paid: booked. Left without paying: the time is held until it is released. Axe on every
 * state reached; the API then lists the booking as the page said.
 */

const WEBHOOK_SECRET = 'whsec_browser_deposit';

for (const dialect of BROWSER_DIALECTS) {
  describe(
    `deposits from the booking page to the checkout and back, in chromium (${dialect})`,
    { skip: browserSkip() },
    () => {
      const checkout = new FakeCheckoutProvider();
      let h: BrowserHarness;
      let admin: { token: string };
      let service: { id: number; name: string };

      before(async () => {
        await checkout.start();
        h = await startBrowserHarness(dialect, {
          smtp: false,
          config: { paymentApiUrls: { cardpay: checkout.url, onlinepay: checkout.url, checkout: checkout.url } },
        });
        // The provider sends the browser back to the service's public address: here, where it listens.
        h.t.ctx.config.publicBaseUrl = h.base;
        ({ admin } = await setupBookingSalon(h.t));
        service = await createService(h.t, admin.token, {
          name: 'Balayage',
          duration_min: 60,
          price: 45,
          deposit_type: 'fixed',
          deposit_value: 10,
        });
        await setSettings(h.t, admin.token, {
          calendar_slot_min: 60,
          booking_min_lead_hours: 0,
          currency: 'EUR',
          checkout_secret_key: checkout.secretKey,
          checkout_webhook_secret: WEBHOOK_SECRET,
        });
        checkout.webhookEndpoint = { url: `${h.base}/api/payments/webhooks/checkout`, secret: WEBHOOK_SECRET };
      });
      after(async () => {
        await h.close();
        await checkout.stop();
      });

      /** The page's problems, but for its visit to the provider's page: the one other origin allowed here. */
      const problemsBesidesProvider = (watch: PageWatch) =>
        watch.problems.filter((problem) => !problem.startsWith(`third-party request: ${checkout.url}/`));

      /** The client's booking as the API lists it. */
      async function listed(email: string) {
        const client = await h.t.ctx.db
          .selectFrom('clients')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        assert.ok(client, `no client ${email}`);
        const response = await h.t.request({ method: 'GET', url: '/api/bookings', token: admin.token });
        assert.equal(response.status, 200);
        return (
          response.body as Array<{ id: number; client_id: number; status: string; deposit_status: string | null }>
        ).filter((booking) => booking.client_id === client.id);
      }

      /** Books the deposit service on `date` through the page, up to the "pay the deposit" step. */
      async function bookUpToDeposit(page: Page, date: string, email: string, words: Words) {
        await page.goto('/book');
        const box = page.getByRole('checkbox', { name: new RegExp(service.name) });
        await box.waitFor();
        assert.match((await box.locator('xpath=ancestor::label[1]').textContent()) ?? '', words.depositShown);
        await choose(box);
        await (await dayButton(page, date, words.locale, words.nextMonth)).click();
        const [start] = await offeredStarts(h.t, { date, service_id: service.id });
        await choose(page.getByRole('radio', { name: new RegExp(`${start} ${words.to}`) }));
        await page.getByLabel(words.name, { exact: true }).fill('Dora Deposit');
        await page.getByLabel(words.email, { exact: true }).fill(email);
        await page.getByRole('button', { name: words.book, exact: true }).click();
        const heading = page.getByRole('heading', { name: words.depositTitle });
        await heading.waitFor();
        assert.ok(await heading.evaluate(HAS_FOCUS), 'the focus moves to the deposit step');
        await page.getByText(words.held).waitFor();
      }

      it('on a phone, in English: the deposit is shown, the time held, paid at the provider; back on /payment/return "paid, booked"; the API lists it scheduled, deposit paid', async () => {
        const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
        const email = uniqueEmail('deposit-paid');
        await bookUpToDeposit(page, salonDate(2), email, ENGLISH);
        await assertAccessible(page, 'the time held for its deposit');
        const [held] = await listed(email);
        assert.deepEqual([held?.status, held?.deposit_status], ['provisional', 'pending']);

        await page.getByRole('link', { name: 'Pay the deposit' }).click();
        await page.getByRole('heading', { name: 'Fake checkout' }).waitFor();
        await page.getByRole('button', { name: 'Pay 10.00 EUR' }).click();

        const paid = page.getByRole('heading', { level: 1, name: "Deposit paid, you're booked" });
        await paid.waitFor();
        assert.ok(new URL(page.url()).pathname === '/payment/return', page.url());
        assert.ok(await paid.evaluate(HAS_FOCUS), 'the focus is on the outcome');
        await page.getByRole('status').filter({ hasText: 'received your deposit of €10.00' }).waitFor();
        await page.getByText(new RegExp(`${service.name}: `)).waitFor();
        await assertAccessible(page, 'the deposit paid, booked');
        assert.deepEqual(problemsBesidesProvider(watch), []);
        assert.deepEqual(checkout.deliveries, [200], 'the provider’s signed webhook was taken');

        const [booking] = await listed(email);
        assert.deepEqual([booking?.status, booking?.deposit_status], ['scheduled', 'paid']);
      });

      it('on a desktop, in Dutch: back from the checkout without paying, the time is held until it is released; then released', async () => {
        const { page, watch } = await h.open({ ...DESKTOP, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
        const email = uniqueEmail('deposit-unpaid');
        await bookUpToDeposit(page, salonDate(3), email, DUTCH);

        await page.getByRole('link', { name: 'Aanbetaling betalen' }).click();
        await page.getByRole('heading', { name: 'Fake checkout' }).waitFor();
        await page.getByRole('button', { name: 'Cancel' }).click();

        const unpaid = page.getByRole('heading', { level: 1, name: 'Aanbetaling nog niet betaald' });
        await unpaid.waitFor();
        assert.equal(new URL(page.url()).searchParams.get('cancelled'), '1');
        assert.ok(await unpaid.evaluate(HAS_FOCUS));
        await page
          .getByRole('status')
          .filter({ hasText: /We houden je tijd vast tot \d\d:\d\d/ })
          .waitFor();
        const payAgain = page.getByRole('link', { name: 'Aanbetaling betalen' });
        assert.equal(
          await payAgain.getAttribute('href'),
          await sessionUrlOf(email),
          'the same checkout, to pay after all',
        );
        await page.getByRole('link', { name: 'Andere tijd kiezen' }).waitFor();
        await assertAccessible(page, 'back without paying, the time held');
        const [held] = await listed(email);
        assert.deepEqual([held?.status, held?.deposit_status], ['provisional', 'pending']);

        // The hold runs out (the release job made due): the page, still asking, says so.
        await h.t.ctx.db
          .updateTable('jobs')
          .set({ run_at: new Date(Date.now() - 1000).toISOString() })
          .where('name', '=', 'payments.deposit_release')
          .where('status', '=', 'queued')
          .execute();
        await h.t.drain();
        const released = page.getByRole('heading', { level: 1, name: 'Je tijd is vrijgegeven' });
        await released.waitFor({ timeout: 15_000 });
        assert.ok(await released.evaluate(HAS_FOCUS), 'the focus follows the outcome');
        await page.getByRole('link', { name: 'Afspraak maken' }).waitFor();
        await assertAccessible(page, 'the time released');
        assert.deepEqual(problemsBesidesProvider(watch), []);

        // Cancelled bookings leave the default list: the booking itself.
        const booking = await h.t.request({ method: 'GET', url: `/api/bookings/${held!.id}`, token: admin.token });
        assert.deepEqual([booking.body.status, booking.body.deposit_status], ['cancelled', 'expired']);
      });

      /** The checkout page of the client's deposit, as the service recorded it. */
      async function sessionUrlOf(email: string) {
        const row = await h.t.ctx.db
          .selectFrom('payments')
          .select('checkout_url')
          .where('purpose', '=', 'deposit')
          .where('client_email', '=', email)
          .executeTakeFirstOrThrow();
        return row.checkout_url;
      }
    },
  );
}

interface Words {
  locale: string;
  nextMonth: string;
  to: string;
  name: string;
  email: string;
  book: string;
  depositShown: RegExp;
  depositTitle: string;
  held: RegExp;
}

const ENGLISH: Words = {
  locale: 'en-GB',
  nextMonth: 'Next month',
  to: 'to',
  name: 'Name',
  email: 'Email',
  book: 'Book',
  depositShown: /deposit €10\.00/,
  depositTitle: 'One more step: the deposit',
  held: /for you for 30 minutes\. Pay the deposit of €10\.00/,
};

const DUTCH: Words = {
  locale: 'nl-NL',
  nextMonth: 'Volgende maand',
  to: 'tot',
  name: 'Naam',
  email: 'E-mail',
  book: 'Boeken',
  depositShown: /aanbetaling €\s10,00/,
  depositTitle: 'Nog één stap: de aanbetaling',
  held: /30 minuten voor je vast\. Betaal binnen die tijd de aanbetaling van €\s10,00/,
};
