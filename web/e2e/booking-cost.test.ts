import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createService, setSettings } from '../../test/helpers/bookings.js';
import { FakeCheckoutProvider } from '../../test/helpers/fake-checkout.js';
import { offeredStarts, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * What the booking page says before the client books, on a phone: a visit's total price and
 * duration, the deposit it asks and the cancellation policy in words; the form's own messages
 * in the page's language (never the browser's); a salon with nothing to book says so.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`the booking page before booking, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    const checkout = new FakeCheckoutProvider();
    let h: BrowserHarness;
    let admin: { token: string };
    const names: string[] = [];
    let firstId = 0;

    before(async () => {
      await checkout.start();
      h = await startBrowserHarness(dialect, {
        smtp: false,
        config: { paymentApiUrls: { cardpay: checkout.url, onlinepay: checkout.url, checkout: checkout.url } },
      });
      const salon = await setupBookingSalon(h.t);
      admin = salon.admin;
      firstId = salon.service.id;
      names.push(
        (await h.t.ctx.db.selectFrom('services').select('name').where('id', '=', firstId).executeTakeFirstOrThrow())
          .name,
      );
      // 60 min €45 (no deposit) + 45 min €50 (20 %: €10) + 30 min €15 (fixed €5): 2 h 15 min, €110, deposit €15.
      names.push(
        (
          await createService(h.t, admin.token, {
            name: 'Colour',
            duration_min: 45,
            price: 50,
            deposit_type: 'percentage',
            deposit_value: 20,
          })
        ).name,
        (
          await createService(h.t, admin.token, {
            name: 'Brows',
            duration_min: 30,
            price: 15,
            deposit_type: 'fixed',
            deposit_value: 5,
          })
        ).name,
      );
      await setSettings(h.t, admin.token, {
        calendar_slot_min: 60,
        booking_min_lead_hours: 0,
        currency: 'EUR',
        cancellation_window_hours: 24,
        checkout_secret_key: checkout.secretKey,
        checkout_webhook_secret: 'whsec_browser_cost',
      });
    });
    after(async () => {
      await h.close();
      await checkout.stop();
    });

    it('a three-service visit shows its total price and duration, its deposit and the cancellation policy before booking', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      for (const name of names) await choose(page.getByRole('checkbox', { name: new RegExp(`^${name}`) }));
      const visit = page.getByRole('region', { name: 'Your visit' });
      await visit.waitFor();
      await visit.getByText('2 hours 15 minutes').waitFor();
      await visit.getByText('€110.00').waitFor();
      await visit.getByText('€15.00').waitFor();
      await visit
        .getByText('You can cancel or move your appointment online until 24 hours before it starts.')
        .waitFor();
      // Before the button that books.
      const [costBox, buttonBox] = [
        await visit.boundingBox(),
        await page.getByRole('button', { name: 'Book' }).boundingBox(),
      ];
      assert.ok(costBox && buttonBox && costBox.y < buttonBox.y);
      await assertAccessible(page, 'a three-service visit, its cost shown');
      watch.assertClean();
    });

    it('a hidden price stays hidden in the total; the deposit is still said', async () => {
      await setSettings(h.t, admin.token, { booking_show_prices: 0, cancellation_window_hours: 0 });
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      for (const name of names) await choose(page.getByRole('checkbox', { name: new RegExp(`^${name}`) }));
      const visit = page.getByRole('region', { name: 'Your visit' });
      await visit.getByText('Deposit, paid online').waitFor();
      assert.equal(await visit.getByText('Total price').count(), 0);
      await visit.getByText('You can cancel or move your appointment online until it starts.').waitFor();
      watch.assertClean();
      await setSettings(h.t, admin.token, { booking_show_prices: 1, cancellation_window_hours: 24 });
    });

    it('a Dutch page shows Dutch validation messages, not the browser’s', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
      await choose(page.getByRole('checkbox', { name: new RegExp(`^${names[0]}`) }));
      const date = salonDate(2);
      await (await dayButton(page, date, 'nl-NL', 'Volgende maand')).click();
      const [start] = await offeredStarts(h.t, { date, service_id: firstId });
      await choose(page.getByRole('radio', { name: new RegExp(`${start} tot`) }));
      await page.getByRole('button', { name: 'Boeken' }).click();
      await page.getByText('Vul dit veld in.').first().waitFor();
      assert.equal(await page.getByText('Vul dit veld in.').count(), 2);
      await assertAccessible(page, 'Dutch, required fields left empty');
      await page.getByLabel('Naam', { exact: true }).fill('Noor');
      await page.getByLabel('E-mail', { exact: true }).fill('geen-adres');
      await page.getByRole('button', { name: 'Boeken' }).click();
      await page.getByText('Vul een e-mailadres in, zoals naam@voorbeeld.nl.').waitFor();
      await assertAccessible(page, 'Dutch, an email that is not one');
      watch.assertClean();
    });

    it('a salon with nothing to book says it takes no online bookings yet', async () => {
      await h.t.ctx.db.updateTable('services').set({ active: 0 }).execute();
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 2, name: 'Not taking online bookings yet' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: /Choose one or more services/ }).count(), 0);
      await assertAccessible(page, 'no services to book');
      watch.assertClean();
    });
  });
}
